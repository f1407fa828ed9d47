/// A guard's answer.
public enum GuardDecision: Sendable {
    /// Let the request go on.
    case allow
    /// Refuse it; it fails with ``NavigationError/Code/refused`` and this reason.
    case refuse(reason: String)
    /// Go elsewhere instead (to a login page, say). Guards see the new path too;
    /// redirecting more than ``Navigator/Configuration/maxRedirects`` times, or back to a
    /// path already tried, fails with ``NavigationError/Code/redirectLoop``.
    case redirect(to: PagePath)
}
