/// Where a navigation request, or a change to the hierarchy, comes from.
public enum NavigationSource: Hashable, Sendable, CustomStringConvertible {
    /// The app itself: a request it made, or a container it called directly.
    case app
    /// Outside the app (a deep link, a notification, a web page): untrusted, so it may
    /// reach only pages registered as externally openable.
    case external
    /// The person: a back button, a swipe, a tab tap, a sheet swiped down.
    case user

    /// `the app`, `outside the app`, `the user`.
    public var description: String {
        switch self {
        case .app: "the app"
        case .external: "outside the app"
        case .user: "the user"
        }
    }
}
