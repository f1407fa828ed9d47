public import PageKit
public import PageKitContainers
import PageKitLinks
public import PageKitRestoration

/// The example's windows on an iPad or a Mac: one ``ExampleNavigation`` per window, each
/// with its own tree, queue and history, sharing one registry and one link map, and a
/// person opened in a new window where the device has them (in the window that asked on
/// an iPhone).
///
/// The SwiftUI half connects each window as it appears, with the request SwiftUI gave it
/// (`WindowGroup(for: WindowRequest.self)`) or the state the scene saved.
@MainActor
public final class ExampleWindows {
    /// The windows' navigators, which the platform's windows connect to.
    public let windows: WindowNavigators
    /// The windows' navigation, by window identifier.
    private let made: Made

    /// The navigation made for each window, kept until the window disconnects.
    private final class Made {
        var navigations: [String: ExampleNavigation] = [:]
    }

    /// Makes the windows; none is connected until a window appears.
    /// - Parameters:
    ///   - opener: The platform's windows, or `nil` for one window.
    ///   - clock: The clock the windows' time-outs and queues run on; a test passes a
    ///     manual one.
    ///   - people: Fetches a person, for their page's loader.
    /// - Throws: A ``/PageKit/NavigationError`` or ``/PageKit/LinkMapError`` if a
    ///   registration or a link pattern is refused.
    public init(opener: (any WindowOpening)?, clock: any TransitionClock = SystemTransitionClock(),
                people: @escaping @Sendable (Int) async throws -> Person = ExampleNavigation.sampleDirectory) throws {
        let made = Made()
        self.made = made
        windows = WindowNavigators(registry: try ExampleNavigation.makeRegistry(people: people),
                                   links: try ExampleNavigation.makeLinks(), opener: opener, clock: clock) { window in
            // WindowNavigators hands the navigator the shared registry and links as it connects.
            let navigation = ExampleNavigation(queue: TransitionQueue(clock: clock), registry: PageRegistry(),
                                               links: LinkMap())
            made.navigations[window] = navigation
            return navigation.navigator
        }
    }

    /// The navigation of `window`, if it is connected.
    /// - Parameter window: A window's identifier.
    public func navigation(of window: String) -> ExampleNavigation? {
        made.navigations[window]
    }

    /// A window appeared: its navigation is made, then it shows what it was opened for, or
    /// restores what it saved.
    /// - Parameters:
    ///   - window: The window's identifier.
    ///   - request: What it was opened for, if anything.
    ///   - state: What it saved, restored when it was not opened for a request.
    /// - Returns: The window's navigation.
    /// - Throws: A ``/PageKit/NavigationError`` when the request or the state cannot be
    ///   shown; the window is connected anyway, on its first screens.
    @discardableResult
    public func connect(_ window: String, request: WindowRequest? = nil,
                        restoring state: NavigationState? = nil) async throws -> ExampleNavigation {
        let navigator = try await windows.connect(window, request: request, restoring: state)
        return try navigation(showing: navigator)
    }

    /// A window closed: its navigation is let go.
    /// - Parameter window: The window's identifier.
    public func disconnect(_ window: String) {
        windows.disconnect(window)
        made.navigations[window] = nil
    }

    /// Opens person `id` in a window of their own where the device has them, in `window`
    /// on one that shows one window.
    /// - Parameters:
    ///   - id: The person.
    ///   - window: The window that asks.
    /// - Returns: The navigation of the window that shows them.
    /// - Throws: A ``/PageKit/NavigationError``: `timedOut` when the platform showed no
    ///   window, `cannotShow` when it refused, or the open's own error.
    @discardableResult
    public func openPerson(_ id: Int, inNewWindowFrom window: String) async throws -> ExampleNavigation {
        let navigator = try await windows.open("/tab#contact/list/person_detail(id=\(id))", from: window)
        return try navigation(showing: navigator)
    }

    private func navigation(showing navigator: Navigator) throws -> ExampleNavigation {
        guard let navigation = made.navigations.values.first(where: { $0.navigator === navigator }) else {
            throw NavigationError(.staleHierarchy, reason: "the window disconnected as it was shown")
        }
        return navigation
    }
}
