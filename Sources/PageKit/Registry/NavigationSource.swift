/// Where a navigation request comes from.
public enum NavigationSource: Hashable, Sendable {
    /// The app itself.
    case app
    /// Outside the app (a deep link, a notification, a web page): untrusted, so it may
    /// reach only pages registered as externally openable.
    case external
}
