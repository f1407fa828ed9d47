/// How a request is carried out: one value instead of the same tail of parameters on
/// every verb.
///
/// ```swift
/// try await navigator.open("app://tab/contact/person_detail?id=5")                 // the defaults
/// try await navigator.open(restoredPath, .exact.animated(false))
/// try await navigator.open(link, .external)
/// navigator.pop(to: list, .payload(Refresh()))
/// ```
///
/// Moves (``Navigator/pop(_:_:)``, ``Navigator/jump(to:_:)``, …) read `animated` and
/// `payload`; their mode and source are their own.
public struct NavigationOptions: Sendable {
    /// How the path is resolved against the live hierarchy. Default ``ResolutionMode/reuse``.
    public var mode: ResolutionMode
    /// Whether transitions animate; `nil` (the default) takes
    /// ``Navigator/Configuration/animated``.
    public var animated: Bool?
    /// A value for the page the request ends at: in its ``PageIntent`` when it is made,
    /// through ``IntentReceiving`` when it is revealed or was made by the app
    /// (``Navigator/push(page:_:)``).
    public var payload: (any Sendable)?
    /// Where the request comes from. Default ``NavigationSource/app``.
    public var source: NavigationSource
    /// Whether the pages the request pops off navigation stacks are kept, so that a
    /// later ``Navigator/jump(toIdentifier:_:)`` to one of them brings it back where it
    /// stood, as a jump in a tree of pages does. Default `false`: a popped page is freed.
    ///
    /// Kept pages are held by the navigator (up to
    /// ``Navigator/Configuration/keptPagesCapacity``) until a jump brings them back or
    /// ``Navigator/forgetKeptPages()`` lets them go. Only pages popped off stacks are kept;
    /// dismissed modals and replaced stacks are not.
    public var keepsLeftPages = false
    /// How `!` presents the pages the request presents, instead of their registrations'
    /// ``PageOptions/presentation``; `nil` (the default) keeps theirs.
    public var presentation: PresentationStyle?
    /// How the request's transitions animate, instead of the pages' registrations'
    /// ``PageOptions/transition``; `nil` keeps theirs.
    public var transition: TransitionStyle?
    /// Whether the pages the request pushes hide the tab bar, instead of their
    /// registrations' ``PageOptions/hidesBottomBar``; `nil` keeps theirs.
    public var hidesBottomBar: Bool?

    /// Creates options.
    /// - Parameters:
    ///   - mode: How the path is resolved.
    ///   - animated: Whether transitions animate; `nil` for the navigator's default.
    ///   - payload: A value for the page the request ends at.
    ///   - source: Where the request comes from.
    public init(
        mode: ResolutionMode = .reuse,
        animated: Bool? = nil,
        payload: (any Sendable)? = nil,
        source: NavigationSource = .app
    ) {
        self.mode = mode
        self.animated = animated
        self.payload = payload
        self.source = source
    }

    /// The defaults: reuse, the navigator's animation, no payload, from the app.
    public static var `default`: NavigationOptions { NavigationOptions() }
    /// Exact mode: make the hierarchy equal to the path.
    public static var exact: NavigationOptions { NavigationOptions(mode: .exact) }
    /// From outside the app: only externally openable pages may be reached.
    public static var external: NavigationOptions { NavigationOptions(source: .external) }
    /// Without animation.
    public static var notAnimated: NavigationOptions { NavigationOptions(animated: false) }
    /// Keeping the pages it pops, for a jump back (see ``keepsLeftPages``).
    public static var keepingLeftPages: NavigationOptions { NavigationOptions().keepingLeftPages() }

    /// The defaults with a payload.
    /// - Parameter payload: The value for the page the request ends at.
    /// - Returns: The options.
    public static func payload(_ payload: any Sendable) -> NavigationOptions {
        NavigationOptions(payload: payload)
    }

    /// The same options in another mode.
    /// - Parameter mode: The mode.
    /// - Returns: The options.
    public func mode(_ mode: ResolutionMode) -> NavigationOptions {
        var copy = self
        copy.mode = mode
        return copy
    }

    /// The same options, animated or not.
    /// - Parameter animated: Whether transitions animate.
    /// - Returns: The options.
    public func animated(_ animated: Bool) -> NavigationOptions {
        var copy = self
        copy.animated = animated
        return copy
    }

    /// The same options with a payload.
    /// - Parameter payload: The value for the page the request ends at.
    /// - Returns: The options.
    public func payload(_ payload: any Sendable) -> NavigationOptions {
        var copy = self
        copy.payload = payload
        return copy
    }

    /// The same options, keeping the pages the request pops (see ``keepsLeftPages``).
    /// - Returns: The options.
    public func keepingLeftPages() -> NavigationOptions {
        var copy = self
        copy.keepsLeftPages = true
        return copy
    }

    /// The same options, presenting as `presentation`.
    /// - Parameter presentation: How `!` presents.
    /// - Returns: The options.
    public func presentation(_ presentation: PresentationStyle) -> NavigationOptions {
        var copy = self
        copy.presentation = presentation
        return copy
    }

    /// The same options, animating as `transition`.
    /// - Parameter transition: How the transitions animate.
    /// - Returns: The options.
    public func transition(_ transition: TransitionStyle) -> NavigationOptions {
        var copy = self
        copy.transition = transition
        return copy
    }

    /// The defaults, presenting as `presentation`.
    /// - Parameter presentation: How `!` presents.
    /// - Returns: The options.
    public static func presentation(_ presentation: PresentationStyle) -> NavigationOptions {
        NavigationOptions().presentation(presentation)
    }

    /// The defaults, animating as `transition`.
    /// - Parameter transition: How the transitions animate.
    /// - Returns: The options.
    public static func transition(_ transition: TransitionStyle) -> NavigationOptions {
        NavigationOptions().transition(transition)
    }

    /// The same options from another source.
    /// - Parameter source: Where the request comes from.
    /// - Returns: The options.
    public func source(_ source: NavigationSource) -> NavigationOptions {
        var copy = self
        copy.source = source
        return copy
    }
}
