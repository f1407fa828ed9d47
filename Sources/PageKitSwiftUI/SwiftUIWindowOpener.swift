#if canImport(SwiftUI) && os(iOS)
import PageKit
public import PageKitContainers
public import SwiftUI

/// New windows through SwiftUI's `openWindow(value:)`, for
/// ``/PageKitContainers/WindowNavigators``: the app declares a `WindowGroup(for: WindowRequest.self)`
/// whose window connects with the request it is given.
///
/// `openWindow` lives in the environment, so a view hands it over with
/// `windowOpener(_:)`:
///
/// ```swift
/// WindowGroup(for: WindowRequest.self) { $request in
///     WindowRoot(windows: windows, request: request).windowOpener(opener)
/// }
/// ```
@MainActor
public final class SwiftUIWindowOpener: WindowOpening {
    /// The environment's `openWindow`, once a view has handed it over.
    fileprivate var openWindow: OpenWindowAction?
    /// The environment's `supportsMultipleWindows`, once a view has handed it over:
    /// `false` until then.
    public fileprivate(set) var supportsMultipleWindows = false

    /// Creates the opener; a view hands it SwiftUI's action with `windowOpener(_:)`.
    public init() {}

    /// Opens a window for `request` with `openWindow(value:)`: SwiftUI brings forward the
    /// window that already shows it, or makes one, and says nothing either way.
    /// - Parameters:
    ///   - request: The request.
    ///   - failed: Called when no view has handed the action over yet.
    public func requestWindow(_ request: WindowRequest, failed: @escaping @MainActor (any Error) -> Void) {
        guard let openWindow else {
            return failed(NavigationError(.cannotShow, path: request.path,
                                          reason: "no view has handed `openWindow` over: apply windowOpener(_:) to one"))
        }
        openWindow(value: request)
    }
}

extension View {
    /// Hands this view's `openWindow` and `supportsMultipleWindows` to `opener`.
    /// - Parameter opener: The opener of the app's ``/PageKitContainers/WindowNavigators``.
    /// - Returns: The view.
    public func windowOpener(_ opener: SwiftUIWindowOpener) -> some View {
        modifier(WindowOpenerReader(opener: opener))
    }
}

private struct WindowOpenerReader: ViewModifier {
    let opener: SwiftUIWindowOpener
    @Environment(\.openWindow) private var openWindow
    @Environment(\.supportsMultipleWindows) private var supportsMultipleWindows

    func body(content: Content) -> some View {
        content.onAppear {
            opener.openWindow = openWindow
            opener.supportsMultipleWindows = supportsMultipleWindows
        }
    }
}
#endif
