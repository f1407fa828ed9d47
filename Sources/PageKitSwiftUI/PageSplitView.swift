#if canImport(SwiftUI) && os(iOS)
public import PageKitContainers
import PageKit
public import SwiftUI

/// A SwiftUI `NavigationSplitView` driven by a ``/PageKitContainers/PageSplitModel``:
/// each column a ``PageNavigationStack`` of the model's column stacks.
///
/// The view only translates. The column visibility binds to
/// ``/PageKitContainers/PageSplitModel/display``, and the person's display-mode button
/// is reported through ``/PageKitContainers/PageSplitModel/userChangesDisplay(_:)``. The
/// horizontal size class collapses and expands the model
/// (``/PageKitContainers/PageSplitModel/collapse()``), which changes no path. Collapsed,
/// SwiftUI shows "the last column that displays useful information" and ignores the
/// column visibility (SwiftUI's documentation of `NavigationSplitView`); iOS 16 has no
/// way to name that column, so the columns after the model's current column show no
/// content while collapsed, and a current column that leaves the screen there (SwiftUI's
/// back button at its root) is reported through
/// ``/PageKitContainers/PageSplitModel/userLeftColumn(_:)``; the view's own
/// `onDisappear` (its tab switched away) through
/// ``/PageKitContainers/PageSplitModel/viewDisappeared()``, so that the columns that
/// disappear with it are not taken for the person's back.
///
/// ```swift
/// let mail = try PageSplitModel(name: "mail", columns: [mailboxes, messages], queue: queue)
/// PageSplitView(mail)
/// ```
@MainActor
public struct PageSplitView: View {
    private let model: PageSplitModel
    @ObservedObject private var publisher: ModelPublisher
    @Environment(\.horizontalSizeClass) private var sizeClass

    /// The columns of `model`.
    /// - Parameter model: The split view's model.
    public init(_ model: PageSplitModel) {
        self.model = model
        _publisher = ObservedObject(wrappedValue: .of(model))
    }

    /// The split view.
    public var body: some View {
        split
            .onAppear { follow(sizeClass) }
            .onDisappear { model.viewDisappeared() }
            .onChange(of: sizeClass) { follow($0) }
    }

    @ViewBuilder private var split: some View {
        if model.columns.count == 3 {
            NavigationSplitView(columnVisibility: visibility) {
                column(0)
            } content: {
                column(1)
            } detail: {
                column(2)
            }
        } else {
            NavigationSplitView(columnVisibility: visibility) {
                column(0)
            } detail: {
                column(1)
            }
        }
    }

    @ViewBuilder private func column(_ index: Int) -> some View {
        if model.isCollapsed, index > model.currentColumn {
            Color.clear
        } else {
            PageNavigationStack(model.columns[index])
                .onDisappear { model.userLeftColumn(index) }
        }
    }

    private func follow(_ sizeClass: UserInterfaceSizeClass?) {
        if sizeClass == .compact { model.collapse() } else { model.expand() }
    }

    private var visibility: Binding<NavigationSplitViewVisibility> {
        Binding(get: { Self.visibility(of: model.display) }, set: { visibility in
            model.userChangesDisplay(Self.display(of: visibility))
        })
    }

    private static func visibility(of display: SplitDisplay) -> NavigationSplitViewVisibility {
        switch display {
        case .automatic: .automatic
        case .all: .all
        case .doubleColumn: .doubleColumn
        case .detailOnly: .detailOnly
        }
    }

    private static func display(of visibility: NavigationSplitViewVisibility) -> SplitDisplay {
        switch visibility {
        case .all: .all
        case .doubleColumn: .doubleColumn
        case .detailOnly: .detailOnly
        default: .automatic
        }
    }
}
#endif
