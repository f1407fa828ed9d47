public import PageKit

// The screens of the demo app in the worked example, written as an app would
// write its own.

/// The contact list: the root of the `contact` tab's stack.
public final class ListPage: Page {
    public init() {}
    public var pageName: String { "list" }
}

/// A person's details. It answers `person_detail` for its own `id` (the default
/// `canRespond`), and lists an event handler that receives `app://…/person_detail/handler`.
public final class PersonDetailPage: ParentPage {
    public let personID: String
    /// The events its handler received, newest last.
    public private(set) var receivedEvents: [String] = []

    public private(set) lazy var handler = EventHandler("handler", owner: self) { owner, event in
        owner.receivedEvents.append(event.parameter("event") ?? "(none)")
    }

    public init(personID: String) {
        self.personID = personID
    }

    public var pageName: String { "person_detail" }
    public var pageParameters: PageParameters { ["id": personID] }
    public var containedPages: [any Page] { [handler] }
}

/// A person's home page.
public final class HomePage: Page {
    public let personID: String
    public init(personID: String) { self.personID = personID }
    public var pageName: String { "home_page" }
    public var pageParameters: PageParameters { ["id": personID] }
}

/// A message being written, presented modally.
public final class ComposePage: Page {
    public init() {}
    public var pageName: String { "compose" }
}

/// The settings tab.
public final class SettingsPage: Page {
    public init() {}
    public var pageName: String { "settings" }
}

/// A page factory failure: a required parameter is missing.
public struct MissingParameter: Error, CustomStringConvertible {
    public let name: String
    public var description: String { "the parameter `\(name)` is required" }
}
