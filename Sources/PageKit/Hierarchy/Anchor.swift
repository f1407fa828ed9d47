/// One component of a route from the root, and the live page it names.
@MainActor
struct Anchor {
    /// The page.
    let page: any Page
    /// The component it spells: its name and own parameters, and how it is shown.
    let component: PageComponent
    /// The stack the page sits in, when it was reached through one, and where.
    let stack: (any StackContainer)?
    let index: Int
    /// Whether it is the top of that stack (or in no stack).
    let isTop: Bool
    /// The modal level this anchor begins, when it begins one.
    let modal: ModalCrossing?
}

/// Where a route crosses into a modal level: the modal (the page itself, or the
/// transparent stack holding it) and the page that presents it.
@MainActor
struct ModalCrossing {
    let presenter: any Page
    let page: any Page
}
