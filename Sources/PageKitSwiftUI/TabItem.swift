#if canImport(SwiftUI) && os(iOS)
public import PageKitContainers
public import SwiftUI

/// A tab's item, drawn from its ``/PageKitContainers/TabLabel``: its title, looked up in the app's strings
/// unless verbatim, and its image.
@MainActor
public struct TabItem: View {
    private let label: TabLabel

    /// The item of `label`.
    /// - Parameter label: The tab's label.
    public init(label: TabLabel) {
        self.label = label
    }

    /// The title and the image.
    public var body: some View {
        switch label.image {
        case .system(let name)?:
            SwiftUI.Label { title } icon: { Image(systemName: name) }
        case .asset(let name)?:
            SwiftUI.Label { title } icon: { Image(name) }
        case nil:
            title
        }
    }

    private var title: Text {
        label.isVerbatim ? Text(verbatim: label.title) : Text(LocalizedStringKey(label.title), tableName: label.table)
    }
}
#endif
