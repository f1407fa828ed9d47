/// How pages are shown: a page's registration says it, and a plan step's, decided when
/// the plan is made from the request and from the pages' registrations, is printed with
/// the step and handed to the container or host that carries it out.
///
/// ```swift
/// try registry.register("compose", options: ShowStyle(presentation: .sheet(detents: [.medium, .large]))) { … }
/// print(try navigator.plan(for: "app://tab/contact!compose"))
/// // plan for app://tab/contact!compose (reuse)
/// //   1. present compose from contact as sheet (medium, large)
/// ```
public struct ShowStyle: Hashable, Sendable, Codable, CustomStringConvertible {
    /// How the transition animates.
    public var transition: TransitionStyle
    /// How a present shows its page; unused by pushes.
    public var presentation: PresentationStyle
    /// Whether the tab bar hides while pushed pages show (UIKit's
    /// `hidesBottomBarWhenPushed`).
    public var hidesBottomBar: Bool
    /// The kind of navigation stack `!/` and `#/` make, by the name the host knows it by;
    /// `nil` for the host's default.
    public var stack: String?

    /// Creates a style.
    /// - Parameters:
    ///   - transition: How the transition animates.
    ///   - presentation: How a present shows its page.
    ///   - hidesBottomBar: Whether pushed pages hide the tab bar.
    ///   - stack: The kind of stack `!/` and `#/` make.
    public init(transition: TransitionStyle = .platform, presentation: PresentationStyle = .automatic,
                hidesBottomBar: Bool = false, stack: String? = nil) {
        self.transition = transition
        self.presentation = presentation
        self.hidesBottomBar = hidesBottomBar
        self.stack = stack
    }

    /// The platform's defaults.
    public static let `default` = ShowStyle()

    /// Whether it is the platform's default in every respect.
    package var isDefault: Bool { self == .default }

    /// What differs from the default, as the end of a step's line:
    /// ` as sheet (medium, large) with flip`; empty for the default.
    public var description: String {
        var text = ""
        if presentation != .automatic { text += " as \(presentation)" }
        if transition != .platform { text += " with \(transition)" }
        if hidesBottomBar { text += " hiding the tab bar" }
        if let stack { text += " in a `\(stack)` stack" }
        return text
    }
}
