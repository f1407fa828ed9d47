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
    /// Go to `path` first (a login sheet, say), and resume this request once the page
    /// that path ends at responds ``PageResponse/Status/ok``
    /// (``Navigator/send(_:from:)``); any other answer, or none, cancels the request. The
    /// request lets go of the queue while it waits, so the page the detour opens can
    /// appear; when it resumes, the guards are asked again.
    ///
    /// ```swift
    /// navigator.addGuard { request in
    ///     needsAccount(request.to) && !session.isSignedIn ? .detour(to: try! PagePath(parsing: "/tab!/login")) : .allow
    /// }
    /// // In the login page, once signed in:
    /// navigator.send(PageResponse(.ok), from: self)     // the original request goes on
    /// ```
    case detour(to: PagePath)
}
