#if canImport(SwiftUI) && os(iOS)
import PageKitContainers
import PageKit
import SwiftUI

/// A level of presentation: the view of its root page, and the sheet or full-screen cover
/// the host presents over it, which is a level of its own.
///
/// The view only translates: `sheet(item:)` and `fullScreenCover(item:)` bind to
/// ``/PageKitContainers/PageHostModel/presentation(over:fullScreen:)`` and report SwiftUI's writes to
/// ``/PageKitContainers/PageHostModel/presentationChanged(to:over:fullScreen:)``; the presented level's
/// hosting controller reports `viewDidAppear`, which ends its presentation
/// (``/PageKitContainers/PageHostModel/presentationDidAppear(_:)``), and `viewDidDisappear`, which ends its
/// dismissal (``/PageKitContainers/PageHostModel/presentationDidDisappear(_:)``); the
/// leave policies of the pages a swipe down would remove set `interactiveDismissDisabled`
/// (``/PageKitContainers/PageHostModel/allowsSwipeDown(of:)``). An alert over the level
/// is shown by `alert` or `confirmationDialog` instead
/// (``/PageKitContainers/PageHostModel/alert(over:)``), whose buttons answer for it.
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
        let alert = host.alert(over: level)
        PageView(level)
            .sheet(item: presentation(fullScreen: false)) { presented($0) }
            .fullScreenCover(item: presentation(fullScreen: true)) { presented($0) }
            .alert(Text(alert?.content.title ?? ""), isPresented: isShowing(alert, as: .alert), presenting: alert,
                   actions: buttons, message: message)
            .confirmationDialog(Text(alert?.content.title ?? ""), isPresented: isShowing(alert, as: .confirmationDialog),
                                titleVisibility: .visible, presenting: alert, actions: buttons, message: message)
    }

    /// Whether `alert`, drawn over this level, is shown in `style`. SwiftUI writes `false`
    /// when a button was tapped, before it runs the button's action, or when the person
    /// tapped outside a dialog's popover; the write names the alert it was drawn for.
    private func isShowing(_ alert: AlertPage?, as style: AlertContent.Style) -> Binding<Bool> {
        Binding(
            get: { host.alert(over: level)?.content.style == style },
            set: { isPresented in
                if let alert { host.alertPresentationChanged(isPresented: isPresented, of: alert) }
            }
        )
    }

    /// The alert's buttons; each answers for it (after SwiftUI has taken it away).
    private func buttons(_ alert: AlertPage) -> some View {
        ForEach(alert.content.buttons, id: \.id) { button in
            Button(button.title, role: Self.role(button.role)) { host.alertButtonTapped(button.id, in: alert) }
        }
    }

    @ViewBuilder
    private func message(_ alert: AlertPage) -> some View {
        if let message = alert.content.message { Text(message) }
    }

    private static func role(_ role: AlertButton.Role?) -> ButtonRole? {
        switch role {
        case .cancel: .cancel
        case .destructive: .destructive
        case nil: nil
        }
    }

    /// The sheet's binding, or the full-screen cover's.
    private func presentation(fullScreen: Bool) -> Binding<PagePresentation?> {
        Binding(
            get: { host.presentation(over: level, fullScreen: fullScreen) },
            set: { host.presentationChanged(to: $0, over: level, fullScreen: fullScreen) }
        )
    }

    /// The presented page's level, reporting its appearance.
    private func presented(_ presentation: PagePresentation) -> AnyView {
        guard let page = presentation.page else { return AnyView(EmptyView()) }
        let detents = Set(presentation.detents.map(Self.detent))
        let level = PresentationLevel(level: page, host: host)
            .hostingEvents(didAppear: { host.presentationDidAppear(page) },
                           didDisappear: { host.presentationDidDisappear(page) },
                           swipeDown: { cancelled in
                               if let cancelled {
                                   host.personSwipeDownEnded(page, cancelled: cancelled)
                               } else {
                                   host.personSwipeDownBegan(page)
                               }
                           })
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
