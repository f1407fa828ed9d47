/// A page a plan names: a live page, held weakly, or a page the plan will make.
public struct PageReference: Sendable {
    /// Which kind of page it is.
    public enum Kind: Hashable, Sendable {
        /// A page in the live hierarchy when the plan was made.
        case live
        /// The `index`-th page the plan makes, from ``NavigationPlan/newComponents``.
        case new(index: Int)
        /// A page the app made and handed to the request, not in the hierarchy yet.
        case provided
    }

    /// Which kind of page it is.
    public let kind: Kind
    /// The page's name.
    public let name: String
    /// The page's own parameters (a live page's), or its component's (a new page's).
    public let parameters: PageParameters
    /// For a navigation stack the plan makes by name
    /// (``PageRegistry/registerStack(_:externallyOpenable:options:factory:)``), the new
    /// pages it holds, bottom first; empty otherwise.
    package let contents: [PageReference]
    private weak var livePage: (any Page)?
    /// How a plan step shows this split view or column, for the step's description.
    let split: SplitNote?

    /// How a plan step acts on a split view, which its description says.
    enum SplitNote: Sendable {
        /// A split view showing its columns side by side.
        case expanded
        /// A collapsed split view whose one stack gets the column pushed.
        case collapsedPush
        /// A collapsed split view whose one stack is popped back to the column.
        case collapsedPop
        /// A column of the collapsed split view `split`, whose stack is part of its one stack.
        case collapsedColumn(of: String)
    }

    @MainActor init(live page: borrowing any Page, split: SplitNote? = nil) {
        kind = .live
        name = page.pageName
        parameters = page.pageParameters
        contents = []
        livePage = copy page
        self.split = split
    }

    @MainActor init(provided page: any Page) {
        kind = .provided
        name = page.pageName
        parameters = page.pageParameters
        contents = []
        livePage = page
        split = nil
    }

    init(new component: PageComponent, index: Int, contents: [PageReference] = []) {
        kind = .new(index: index)
        name = component.name
        parameters = component.parameters
        self.contents = contents
        livePage = nil
        split = nil
    }

    /// The same reference in a plan that follows another whose plan made `offset` pages:
    /// a new page's index, and its contents', moved past them.
    func shifted(by offset: Int) -> PageReference {
        guard offset > 0, case .new(let index) = kind else { return self }
        return PageReference(kind: .new(index: index + offset), name: name, parameters: parameters,
                             contents: contents.map { $0.shifted(by: offset) })
    }

    private init(kind: Kind, name: String, parameters: PageParameters, contents: [PageReference]) {
        self.kind = kind
        self.name = name
        self.parameters = parameters
        self.contents = contents
        livePage = nil
        split = nil
    }

    /// The live or provided page, while it lives; `nil` for a page the plan will make.
    public var page: (any Page)? { livePage }

    /// The page it names, with `made` the pages its plan made.
    func page(madeAs made: [any Page]) -> (any Page)? {
        if case .new(let index) = kind { return made[index] }
        return livePage
    }

    /// Whether this names `page`.
    /// - Parameter page: A page.
    @MainActor package func refers(to page: any Page) -> Bool {
        livePage === page
    }
}

extension PageReference: CustomStringConvertible {
    /// The page's name and parameters, as in a path: `person_detail(id=5)`; a transparent
    /// navigation stack prints as `stack`, and a stack made by name with its pages:
    /// `inbox [list, message(id=5)]`.
    public var description: String {
        let text = Self.describe(name: name, parameters: parameters)
        guard !contents.isEmpty else { return text }
        return text + " [" + contents.map(\.description).joined(separator: ", ") + "]"
    }

    package static func describe(name: String, parameters: PageParameters) -> String {
        guard !name.isEmpty else { return "stack" }
        var text = ""
        PathPrinter.appendComponentBody(
            PageComponent(name: name, canonicalParameters: parameters.isCanonical ? parameters : .canonical(parameters),
                          presentation: .shown),
            to: &text, asURL: false)
        return text
    }
}
