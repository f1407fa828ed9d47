#if canImport(SwiftUI) && os(iOS)
public import PageKitContainers
public import PageKit
public import SwiftUI

/// A SwiftUI `TabView` driven by a ``/PageKitContainers/PageTabModel``.
///
/// Its selection binds to ``/PageKitContainers/PageTabModel/selectedIndex``: the navigator's selections
/// change the model and the view follows; the person's taps set the binding, which the
/// model reports as the person's (``/PageKitContainers/PageTabModel/userSelectsTab(_:)``). Each tab's view
/// comes from ``PageView``, and its label (title, image, badge) from
/// ``/PageKitContainers/PageTabModel/labels``, so a ``PageRootView`` shows them too:
///
/// ```swift
/// tabs.labels = { tab, index in
///     index == 0 ? TabLabel("Contacts", image: .system("person.2")) : TabLabel("Feed", image: .system("newspaper"))
/// }
/// PageTabView(tabs)
/// ```
///
/// A view of its own as a tab item can be given instead, for a `PageTabView` placed by
/// hand.
@MainActor
public struct PageTabView<ItemLabel: View>: View {
    private let model: PageTabModel
    private let label: @MainActor (any Page, Int) -> ItemLabel
    @ObservedObject private var publisher: ModelPublisher

    /// The tabs of `model`, each with the tab item `label` builds, instead of
    /// ``/PageKitContainers/PageTabModel/labels``.
    /// - Parameters:
    ///   - model: The tabs' model.
    ///   - label: Builds a tab's item from the tab and its index.
    public init(_ model: PageTabModel, @ViewBuilder label: @escaping @MainActor (any Page, Int) -> ItemLabel) {
        self.model = model
        self.label = label
        _publisher = ObservedObject(wrappedValue: .of(model))
    }

    /// The tab view.
    public var body: some View {
        TabView(selection: selection) {
            // Told apart by the tab, not its index: a tab the app takes away
            // (`PageTabModel.setTabs(_:)`) disappears, and its stacks' transitions end.
            ForEach(model.tabs.indices.map { TabSlot(index: $0, tab: model.tabs[$0]) }) { slot in
                let index = slot.index
                let tabLabel = model.label(ofTab: index)
                PageView(slot.tab)
                    .tabItem { label(slot.tab, index) }
                    .modifier(TabBadge(badge: tabLabel.badge, table: tabLabel.table))
                    .tag(index)
            }
        }
    }

    private var selection: Binding<Int> {
        Binding(get: { model.selectedIndex }, set: { index in
            // The tags are the tabs' indices, so the index is always a tab's.
            try? model.userSelectsTab(index)
        })
    }
}

extension PageTabView where ItemLabel == TabItem {
    /// The tabs of `model`, each labelled as ``/PageKitContainers/PageTabModel/labels`` says (by default,
    /// with its name).
    /// - Parameter model: The tabs' model.
    public init(_ model: PageTabModel) {
        self.init(model) { _, index in TabItem(label: model.label(ofTab: index)) }
    }
}

/// A tab and its index, identified by the tab.
private struct TabSlot: Identifiable {
    let index: Int
    let tab: any Page
    var id: ObjectIdentifier { ObjectIdentifier(tab) }
}

/// A tab's badge, which SwiftUI reads from the tab's content, not its item.
@MainActor
private struct TabBadge: ViewModifier {
    let badge: TabLabel.Badge?
    let table: String?

    func body(content: Content) -> some View {
        switch badge {
        case .count(let count)?:
            content.badge(count)
        case .text(let text)?:
            content.badge(Text(LocalizedStringKey(text), tableName: table))
        case nil:
            content
        }
    }
}
#endif
