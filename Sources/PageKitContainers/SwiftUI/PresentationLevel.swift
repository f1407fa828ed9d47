#if canImport(SwiftUI) && os(iOS)
import PageKit
import SwiftUI

/// A level of presentation: the view of its root page, and the sheet or full-screen cover
/// the host presents over it, which is a level of its own.
///
/// The view only translates: `sheet(item:)` and `fullScreenCover(item:)` bind to
/// ``PageHostModel/presentation(over:)``; SwiftUI setting the binding to `nil` is the
/// person's swipe down (``PageHostModel/personDismissed(_:)``); the presented page's
/// `onAppear` ends its presentation and `onDismiss` ends a dismissal; the page's leave
/// policy for the swipe down sets `interactiveDismissDisabled`.
@MainActor
struct PresentationLevel: View {
    let level: any Page
    let host: PageHostModel
    @ObservedObject private var publisher: ModelPublisher
    @Environment(\.screenViews) private var screens

    init(level: any Page, host: PageHostModel) {
        self.level = level
        self.host = host
        _publisher = ObservedObject(wrappedValue: .of(host))
    }

    var body: some View {
        PageView(level)
            .sheet(item: presentation(fullScreen: false), onDismiss: { host.presentationEnded(over: level) }) {
                presented($0)
            }
            .fullScreenCover(item: presentation(fullScreen: true), onDismiss: { host.presentationEnded(over: level) }) {
                presented($0)
            }
    }

    /// The sheet's binding, or the full-screen cover's.
    private func presentation(fullScreen: Bool) -> Binding<PagePresentation?> {
        Binding(
            get: {
                guard let presentation = host.presentation(over: level), presentation.isFullScreen == fullScreen else {
                    return nil
                }
                return presentation
            },
            set: { presentation in
                // SwiftUI clears the binding only when it dismissed the page itself.
                guard presentation == nil, let page = host.presentedPage(of: level),
                      host.presentation(over: level)?.isFullScreen == fullScreen else { return }
                host.personDismissed(page)
            }
        )
    }

    /// The presented page's level, reporting its appearance.
    private func presented(_ presentation: PagePresentation) -> AnyView {
        guard let page = presentation.page else { return AnyView(EmptyView()) }
        let detents = Set(presentation.detents.map(Self.detent))
        let level = PresentationLevel(level: page, host: host)
            .onAppear { host.presentationAppeared(page) }
            .interactiveDismissDisabled(!host.allowsSwipeDown(of: page))
            .environment(\.screenViews, screens)
        if detents.isEmpty { return AnyView(level) }
        return AnyView(level.presentationDetents(detents))
    }

    private static func detent(_ detent: SheetDetent) -> PresentationDetent {
        switch detent {
        case .medium: .medium
        case .large: .large
        case .fraction(let value): .fraction(value)
        }
    }
}
#endif
