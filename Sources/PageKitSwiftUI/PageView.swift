#if canImport(SwiftUI) && os(iOS)
import PageKitContainers
public import PageKit
public import SwiftUI

/// The view of any page: a ``/PageKitContainers/PageStackModel``'s ``PageNavigationStack``, a
/// ``/PageKitContainers/PageTabModel``'s ``PageTabView``, a ``/PageKitContainers/PageSplitModel``'s
/// ``PageSplitView``, and for every other page the view the environment's
/// ``ScreenViews`` builds for its name.
///
/// The stacks, tabs and sheets use it for the pages they hold; use it too in a container
/// of your own.
@MainActor
public struct PageView: View {
    private let page: any Page

    /// The view of `page`.
    /// - Parameter page: A page.
    public init(_ page: any Page) {
        self.page = page
    }

    /// The stack, the tabs, the split view or the screen.
    public var body: some View {
        switch page {
        case let stack as PageStackModel:
            PageNavigationStack(stack)
        case let tabs as PageTabModel:
            PageTabView(tabs)
        case let split as PageSplitModel:
            PageSplitView(split)
        case let screen as ScreenPage:
            ScreenPageView(page: screen)
        default:
            RegisteredView(page: page)
        }
    }
}

/// A screen page's registered view, built again when its parameters or intent change.
@MainActor
private struct ScreenPageView: View {
    let page: ScreenPage
    @ObservedObject private var publisher: ModelPublisher
    @Environment(\.screenViews) private var screens

    init(page: ScreenPage) {
        self.page = page
        _publisher = ObservedObject(wrappedValue: .of(page))
    }

    var body: some View {
        screens.view(for: page)
    }
}

/// The registered view of a page of the app's own class.
@MainActor
private struct RegisteredView: View {
    let page: any Page
    @Environment(\.screenViews) private var screens

    var body: some View {
        screens.view(for: page)
    }
}
#endif
