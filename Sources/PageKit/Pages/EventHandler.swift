/// A pseudo-page that receives an event when a path ends with its name, and changes
/// nothing on screen.
///
/// A live page lists its handlers in ``ParentPage/containedPages``. Opening
/// `app://contact/person_detail/handler?event=unfriended` then runs the handler's block
/// on the live `person_detail` page, wherever it is, without pushing, popping or
/// selecting anything.
///
/// The handler holds its owner weakly and hands it to the block, so the block must use
/// that argument and never capture `self`; otherwise owner → handler → block → owner is a
/// cycle and the page is never freed:
///
/// ```swift
/// final class PersonDetailPage: ParentPage {
///     private(set) lazy var handler = EventHandler("handler", owner: self) { owner, event in
///         owner.apply(event.query["event"])      // `owner`, not `self`
///     }
///     var containedPages: [any Page] { [handler] }
///     // …
/// }
/// ```
public final class EventHandler: Page {
    /// The component name the handler answers to.
    public let pageName: String
    private let handle: (PageEvent) -> Bool
    private let admits: (@MainActor (PageEvent) -> Bool)?

    /// Creates a handler for `owner`.
    ///
    /// With a `filter`, the handler receives only the events the filter admits; the
    /// others fall through to the next handler of the same name that the page lists, and
    /// fail with ``NavigationError/Code/eventRefused`` when none admits them:
    ///
    /// ```swift
    /// lazy var follows = EventHandler("handler", owner: self, filter: { $0.parameter("event") == "followed" }) { … }
    /// lazy var others = EventHandler("handler", owner: self) { owner, event in … }
    /// var containedPages: [any Page] { [follows, others] }
    /// ```
    /// - Parameters:
    ///   - name: The component name it answers to.
    ///   - owner: The page that lists it; held weakly.
    ///   - filter: Which events it accepts, read from the handler's component and the
    ///     query (the event's ``PageEvent/path`` holds only those while the filter
    ///     decides); `nil` (the default) accepts every event.
    ///   - handle: Runs for each event, with the owner.
    public init<Owner: AnyObject>(
        _ name: String,
        owner: Owner,
        filter: (@MainActor (PageEvent) -> Bool)? = nil,
        handle: @escaping @MainActor (Owner, PageEvent) -> Void
    ) {
        pageName = name
        admits = filter
        self.handle = { [weak owner] event in
            guard let owner else { return false }
            handle(owner, event)
            return true
        }
    }

    /// An event handler.
    public var pageKind: PageKind { .handler(self) }

    /// Whether the handler takes the event: it answers to its name whatever parameters
    /// its component carries (they are the event's: `handler(event=unfriended)` reads them
    /// with ``PageEvent/parameter(_:)``), as its filter admits.
    /// - Parameters:
    ///   - component: The component, whose name is the handler's.
    ///   - query: The path's query.
    /// - Returns: `true` without a filter, else the filter's answer.
    public func canRespond(to component: PageComponent, query: PageParameters) -> Bool {
        guard let admits else { return true }
        return admits(PageEvent(path: PagePath([component], query: query), component: component))
    }

    /// Whether it has a filter that may refuse events.
    var filters: Bool { admits != nil }

    /// Runs the block with the owner.
    /// - Parameter event: The event.
    /// - Returns: `false` when the owner has been freed and the block did not run.
    func deliver(_ event: PageEvent) -> Bool {
        handle(event)
    }
}
