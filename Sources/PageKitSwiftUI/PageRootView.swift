#if canImport(SwiftUI) && os(iOS)
public import PageKitContainers
public import PageKit
public import SwiftUI

/// The root of a SwiftUI app driven by PageKit: the root page's view, the sheets and
/// full-screen covers a ``/PageKitContainers/PageHostModel`` presents over it and over each other, and the
/// ``ScreenViews`` every page below builds its view from.
///
/// ```swift
/// PageRootView(root: tabs, host: host, screens: screens)
///     .onOpenURL { url in Task { try? await navigator.open(PagePath(url: url), .source(.external)) } }
/// ```
///
/// Each presented page is the root of a level of its own, with its own sheet above it.
/// See ``/PageKitContainers/PageHostModel`` for what each presentation binds to and how its transitions end.
@MainActor
public struct PageRootView: View {
    private let root: any Page
    private let host: PageHostModel
    private let screens: ScreenViews

    /// The root page's view, with what the host presents over it.
    /// - Parameters:
    ///   - root: The navigator's root page.
    ///   - host: The navigator's host.
    ///   - screens: The views of the pages, by name.
    public init(root: any Page, host: PageHostModel, screens: ScreenViews) {
        self.root = root
        self.host = host
        self.screens = screens
    }

    /// The root level.
    public var body: some View {
        PresentationLevel(level: root, host: host)
            .environment(\.screenViews, screens)
    }
}
#endif
