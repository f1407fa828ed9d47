/// How a registered page is shown, unless a request says otherwise
/// (``NavigationOptions/presentation-swift.property``, ``NavigationOptions/transition-swift.property``).
///
/// ```swift
/// try registry.register("photo", options: PageOptions(transition: .crossDissolve, hidesBottomBar: true)) { … }
/// try registry.register("compose", options: PageOptions(presentation: .fullScreen, stack: "branded")) { … }
/// ```
public struct PageOptions: Hashable, Sendable {
    /// How `!` presents the page.
    public var presentation: PresentationStyle
    /// How its transitions animate.
    public var transition: TransitionStyle
    /// Whether the tab bar hides while it is pushed.
    public var hidesBottomBar: Bool
    /// The kind of navigation stack made for it by `!/` and `#/`, by the name the host
    /// knows it by; `nil` for the host's default.
    public var stack: String?

    /// Creates options.
    /// - Parameters:
    ///   - presentation: How `!` presents the page.
    ///   - transition: How its transitions animate.
    ///   - hidesBottomBar: Whether the tab bar hides while it is pushed.
    ///   - stack: The kind of stack `!/` and `#/` make for it.
    public init(presentation: PresentationStyle = .automatic, transition: TransitionStyle = .platform,
                hidesBottomBar: Bool = false, stack: String? = nil) {
        self.presentation = presentation
        self.transition = transition
        self.hidesBottomBar = hidesBottomBar
        self.stack = stack
    }

    /// The platform's defaults.
    public static let `default` = PageOptions()
}
