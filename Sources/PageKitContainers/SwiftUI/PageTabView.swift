#if canImport(SwiftUI) && os(iOS)
public import PageKit
public import SwiftUI

/// A SwiftUI `TabView` driven by a ``PageTabModel``.
///
/// Its selection binds to ``PageTabModel/selectedIndex``: the navigator's selections
/// change the model and the view follows; the person's taps set the binding, which the
/// model reports as the person's (``PageTabModel/userSelectsTab(_:)``). Each tab's view
/// comes from ``PageView``.
///
/// ```swift
/// PageTabView(tabs) { tab, index in
///     Label(tab.pageName, systemImage: index == 0 ? "person.2" : "newspaper")
/// }
/// ```
@MainActor
public struct PageTabView<TabLabel: View>: View {
    private let model: PageTabModel
    private let label: @MainActor (any Page, Int) -> TabLabel
    @ObservedObject private var publisher: ModelPublisher

    /// The tabs of `model`, each with the label `label` builds.
    /// - Parameters:
    ///   - model: The tabs' model.
    ///   - label: Builds a tab's label from the tab and its index.
    public init(_ model: PageTabModel, @ViewBuilder label: @escaping @MainActor (any Page, Int) -> TabLabel) {
        self.model = model
        self.label = label
        _publisher = ObservedObject(wrappedValue: .of(model))
    }

    /// The tab view.
    public var body: some View {
        TabView(selection: selection) {
            ForEach(model.tabs.indices, id: \.self) { index in
                PageView(model.tabs[index])
                    .tabItem { label(model.tabs[index], index) }
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

extension PageTabView where TabLabel == Text {
    /// The tabs of `model`, each labelled with its name (a transparent stack's first
    /// page's).
    /// - Parameter model: The tabs' model.
    public init(_ model: PageTabModel) {
        self.init(model) { tab, _ in Text(verbatim: PageTabModel.title(of: tab)) }
    }
}
#endif
