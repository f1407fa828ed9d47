/// How a request is carried out: one value instead of the same tail of parameters on
/// every verb.
///
/// ```swift
/// try await navigator.open("app://tab/contact/person_detail?id=5")                 // the defaults
/// try await navigator.open(restoredPath, .mode(.exact).animated(false))
/// try await navigator.open(link, .source(.external))
/// navigator.pop(to: list, .payload(Refresh()))
/// ```
///
/// Each option is said one way: its name, on the defaults or after another option.
///
/// Moves (``Navigator/pop(_:_:)``, ``Navigator/jump(to:_:)``, …) read `animated`,
/// `payload`, `source`, and the options their kind of move can honour (a pop its
/// transition, a push whether it hides the tab bar); another option fails the move with
/// ``NavigationError/Code/unsupportedOption`` rather than being ignored (see <doc:Moves>).
public struct NavigationOptions: Sendable {
    /// How the path is resolved against the live hierarchy. Default ``ResolutionMode/reuse``.
    package internal(set) var mode: ResolutionMode
    /// Whether transitions animate; `nil` (the default) takes
    /// ``Navigator/Configuration/animated``.
    package internal(set) var animated: Bool?
    /// A value for the page the request ends at: in its ``PageIntent`` when it is made,
    /// through ``IntentReceiving`` when it is revealed or was made by the app
    /// (``Navigator/push(page:_:)``).
    package internal(set) var payload: (any Sendable)?
    /// Where the request comes from. Default ``NavigationSource/app``.
    package internal(set) var source: NavigationSource
    /// Whether the pages the request pops off navigation stacks are kept, so that a
    /// later ``Navigator/jump(toIdentifier:_:)`` to one of them brings it back where it
    /// stood, as a jump in a tree of pages does. Default `false`: a popped page is freed.
    ///
    /// Kept pages are held by the navigator (up to
    /// ``Navigator/Configuration/keptPagesCapacity``) until a jump brings them back or
    /// ``Navigator/forgetKeptPages()`` lets them go. Only pages popped off stacks are kept;
    /// dismissed modals and replaced stacks are not.
    package internal(set) var keepsLeftPages = false
    /// How `!` presents the pages the request presents, instead of their registrations'
    /// ``ShowStyle/presentation``; `nil` (the default) keeps theirs.
    package internal(set) var presentation: PresentationStyle?
    /// How the request's transitions animate, instead of the pages' registrations'
    /// ``ShowStyle/transition``; `nil` keeps theirs.
    package internal(set) var transition: TransitionStyle?
    /// Whether the pages the request pushes hide the tab bar, instead of their
    /// registrations' ``ShowStyle/hidesBottomBar``; `nil` keeps theirs.
    package internal(set) var hidesBottomBar: Bool?
    /// Whether the page the request ends at, when it is revealed rather than made and its
    /// registration has a ``PageLoader``, loads again and takes the fresh value through
    /// ``LoadedPage/refresh(with:)`` before the request ends. Default `false`. Paths only:
    /// a move fails with ``NavigationError/Code/unsupportedOption``.
    package internal(set) var refreshesTarget = false
    /// How the pages of the path were shown before (a modal's presentation, a pushed page's
    /// transition and bottom bar), by component: what the history and a saved state
    /// remember, used where the request says nothing itself.
    package var shownBefore: PathStyles?

    /// The defaults: reuse, the navigator's animation, no payload, from the app, the
    /// registrations' styles.
    init() {
        mode = .reuse
        animated = nil
        payload = nil
        source = .app
    }

    /// The defaults: reuse, the navigator's animation, no payload, from the app.
    public static var `default`: NavigationOptions { NavigationOptions() }

    // Each option has one name, said the same way on the defaults (`.mode(.exact)`) and
    // after another option (`.mode(.exact).animated(false)`).

    /// The options, resolved in `mode`: how the path is resolved against the live
    /// hierarchy (``ResolutionMode/exact`` makes the hierarchy equal to the path). Default
    /// ``ResolutionMode/reuse``.
    /// - Parameter mode: The mode.
    /// - Returns: The options.
    public func mode(_ mode: ResolutionMode) -> NavigationOptions { with { $0.mode = mode } }

    /// The options, animated or not. Unsaid, ``Navigator/Configuration/animated`` decides.
    /// - Parameter animated: Whether transitions animate.
    /// - Returns: The options.
    public func animated(_ animated: Bool) -> NavigationOptions { with { $0.animated = animated } }

    /// The options with a payload for the page the request ends at: in its ``PageIntent``
    /// when it is made, through ``IntentReceiving`` when it is revealed or was made by the
    /// app (``Navigator/push(page:_:)``).
    /// - Parameter payload: The value.
    /// - Returns: The options.
    public func payload(_ payload: any Sendable) -> NavigationOptions { with { $0.payload = payload } }

    /// The options from another source (``NavigationSource/external`` for links from
    /// outside the app: only externally openable pages may be reached). Default
    /// ``NavigationSource/app``.
    /// - Parameter source: Where the request comes from.
    /// - Returns: The options.
    public func source(_ source: NavigationSource) -> NavigationOptions { with { $0.source = source } }

    /// The options, keeping the pages the request pops off navigation stacks, so that a
    /// later ``Navigator/jump(toIdentifier:_:)`` to one of them brings it back where it
    /// stood, as a jump in a tree of pages does. Unsaid, a popped page is freed.
    ///
    /// Kept pages are held by the navigator (up to
    /// ``Navigator/Configuration/keptPagesCapacity``) until a jump brings them back or
    /// ``Navigator/forgetKeptPages()`` lets them go. Only pages popped off stacks are kept;
    /// dismissed modals and replaced stacks are not.
    /// - Returns: The options.
    public func keepingLeftPages() -> NavigationOptions { with { $0.keepsLeftPages = true } }

    /// The options, presenting as `presentation` the pages the request presents, instead
    /// of their registrations' ``ShowStyle/presentation``.
    /// - Parameter presentation: How `!` presents.
    /// - Returns: The options.
    public func presentation(_ presentation: PresentationStyle) -> NavigationOptions {
        with { $0.presentation = presentation }
    }

    /// The options, animating as `transition`, instead of the pages' registrations'
    /// ``ShowStyle/transition``.
    /// - Parameter transition: How the transitions animate.
    /// - Returns: The options.
    public func transition(_ transition: TransitionStyle) -> NavigationOptions { with { $0.transition = transition } }

    /// The options, hiding the tab bar for the pages pushed, or not, instead of their
    /// registrations' ``ShowStyle/hidesBottomBar``.
    /// - Parameter hides: Whether pushed pages hide the tab bar.
    /// - Returns: The options.
    public func hidingBottomBar(_ hides: Bool = true) -> NavigationOptions { with { $0.hidesBottomBar = hides } }
    /// The options, refreshing the page the request ends at: when it is revealed rather
    /// than made and its registration has a ``PageLoader``, it loads again and takes the
    /// fresh value through ``LoadedPage/refresh(with:)`` before the request ends. Paths
    /// only: a move fails with ``NavigationError/Code/unsupportedOption``.
    /// - Returns: The options.
    public func refreshing() -> NavigationOptions { with { $0.refreshesTarget = true } }

    /// The defaults, resolved in `mode`.
    /// - Parameter mode: The mode.
    /// - Returns: The options.
    public static func mode(_ mode: ResolutionMode) -> NavigationOptions { defaults { $0.mode = mode } }

    /// The defaults, animated or not.
    /// - Parameter animated: Whether transitions animate.
    /// - Returns: The options.
    public static func animated(_ animated: Bool) -> NavigationOptions { defaults { $0.animated = animated } }

    /// The defaults with a payload.
    /// - Parameter payload: The value for the page the request ends at.
    /// - Returns: The options.
    public static func payload(_ payload: any Sendable) -> NavigationOptions { defaults { $0.payload = payload } }

    /// The defaults from another source.
    /// - Parameter source: Where the request comes from.
    /// - Returns: The options.
    public static func source(_ source: NavigationSource) -> NavigationOptions { defaults { $0.source = source } }

    /// The defaults, keeping the pages the request pops.
    /// - Returns: The options.
    public static func keepingLeftPages() -> NavigationOptions { defaults { $0.keepsLeftPages = true } }

    /// The defaults, presenting as `presentation`.
    /// - Parameter presentation: How `!` presents.
    /// - Returns: The options.
    public static func presentation(_ presentation: PresentationStyle) -> NavigationOptions {
        defaults { $0.presentation = presentation }
    }

    /// The defaults, animating as `transition`.
    /// - Parameter transition: How the transitions animate.
    /// - Returns: The options.
    public static func transition(_ transition: TransitionStyle) -> NavigationOptions {
        defaults { $0.transition = transition }
    }

    /// The defaults, hiding the tab bar for the pages pushed, or not.
    /// - Parameter hides: Whether pushed pages hide the tab bar.
    /// - Returns: The options.
    public static func hidingBottomBar(_ hides: Bool = true) -> NavigationOptions { defaults { $0.hidesBottomBar = hides } }
    /// The defaults, refreshing the page the request ends at when it is revealed.
    /// - Returns: The options.
    public static func refreshing() -> NavigationOptions { defaults { $0.refreshesTarget = true } }

    /// The defaults with `change` made to them: built in place, where `.default` and a
    /// change to it copied them once more.
    private static func defaults(_ change: (inout NavigationOptions) -> Void) -> NavigationOptions {
        var options = NavigationOptions()
        change(&options)
        return options
    }

    private func with(_ change: (inout NavigationOptions) -> Void) -> NavigationOptions {
        var copy = self
        change(&copy)
        return copy
    }
}
