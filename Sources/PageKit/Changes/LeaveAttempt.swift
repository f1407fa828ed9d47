/// What became of the person's attempt to leave a page (a back button, a swipe, a
/// sheet swiped down), as a container that acts as the person does reports it.
@MainActor
public enum LeaveAttempt {
    /// The page left at once (a swipe that went through).
    case left
    /// The page is leaving through the transition queue: the ticket succeeds once it has
    /// left, and fails with ``NavigationError/Code/refused`` if, asked, it refused.
    case leaving(TransitionTicket)
    /// The gesture was abandoned midway: the page stays.
    case abandoned
    /// The page's ``LeavePolicy`` refused at once: nothing happened.
    case refused
}
