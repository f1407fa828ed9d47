/// One level of a page path: a page's name, its own parameters, and how it is shown
/// relative to the component before it.
///
/// ```swift
/// let component = PageComponent("news", parameters: ["category": "10"], presentation: .modal)
/// component.description   // "!news(category=10)"
/// ```
///
/// Components compare by name, presentation and parameters.
public struct PageComponent: Hashable, Sendable {
    /// How a component is shown relative to the one before it: the separator written
    /// before it.
    public enum Presentation: Hashable, Sendable, CaseIterable {
        /// `/`: shown by its parent: pushed on a navigation stack, or selected among tabs.
        case shown
        /// `!`: presented modally.
        case modal
        /// `#`: an internal child of its parent, such as a tab.
        case child
        /// `!/`: presented modally inside a navigation stack of its own.
        case modalStack
        /// `#/`: an internal child holding a navigation stack of its own.
        case childStack

        /// The separator as written in a path string.
        package var separator: String {
            switch self {
            case .shown: "/"
            case .modal: "!"
            case .child: "#"
            case .modalStack: "!/"
            case .childStack: "#/"
            }
        }

        /// Whether the page is presented modally (`!` or `!/`).
        package var isModal: Bool { self == .modal || self == .modalStack }

        /// Whether the page sits at the bottom of a navigation stack made for it
        /// (`!/` or `#/`).
        package var isWrappedInStack: Bool { self == .modalStack || self == .childStack }
    }

    /// The page's name: the text a page answers to, percent-decoded.
    public var name: String
    /// The component's own parameters, sorted by key, each key once.
    public var parameters: PageParameters
    /// How the page is shown relative to the component before it.
    public var presentation: Presentation

    /// Creates a component.
    /// - Parameters:
    ///   - name: The page's name.
    ///   - parameters: The component's own parameters, in any order; a repeated key keeps
    ///     its last value.
    ///   - presentation: How the page is shown relative to the component before it.
    public init(_ name: String, parameters: PageParameters = [:], presentation: Presentation = .shown) {
        self.name = name
        self.parameters = parameters.isCanonical ? parameters : .canonical(parameters)
        self.presentation = presentation
    }

    @inlinable package init(name: String, canonicalParameters: PageParameters, presentation: Presentation) {
        self.name = name
        self.parameters = canonicalParameters
        self.presentation = presentation
    }
}

extension PageComponent {
    /// Whether this component is what a page named `name` with the parameters
    /// `parameters`, shown as `presentation`, spells: what
    /// `PageComponent(name, parameters: parameters, presentation: presentation)` would
    /// equal, found without making it when the parameters are in order already.
    func isSpelled(byName name: String, parameters: PageParameters, presentation: Presentation) -> Bool {
        guard self.presentation == presentation, self.name == name else { return false }
        return parameters.isCanonical ? self.parameters == parameters : self.parameters == .canonical(parameters)
    }
}

extension PageComponent: CustomStringConvertible {
    /// The component as written in a path string, separator first: `!news(id=10)`.
    public var description: String {
        var text = presentation.separator
        PathPrinter.appendComponentBody(self, to: &text, asURL: false)
        return text
    }
}
