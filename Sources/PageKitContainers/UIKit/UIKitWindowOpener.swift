#if canImport(UIKit)
public import Foundation
import PageKit
import UIKit

/// New windows through UIKit's scene sessions, for ``WindowNavigators``.
///
/// A request travels in an `NSUserActivity` of the type the app declares in its
/// `NSUserActivityTypes`; the scene that connects finds it in its connection options,
/// or, when UIKit gives it to a window already open, in `scene(_:continue:)`:
///
/// ```swift
/// func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
///     let request = options.userActivities.lazy.compactMap(UIKitWindowOpener.request(in:)).first
///     Task { try await windows.connect(session.persistentIdentifier, request: request, restoring: savedState) }
/// }
/// ```
public final class UIKitWindowOpener: WindowOpening {
    /// The user info keys of a request.
    static let idKey = "PageKit.WindowRequest.id"
    static let pathKey = "PageKit.WindowRequest.path"

    /// The activity type the requests travel in.
    public let activityType: String

    /// Creates the opener.
    /// - Parameter activityType: An activity type listed in the app's
    ///   `NSUserActivityTypes`.
    public init(activityType: String) {
        self.activityType = activityType
    }

    /// `UIApplication.supportsMultipleScenes`: the app declares several scenes and the
    /// device shows them (an iPad, a Mac; never an iPhone).
    public var supportsMultipleWindows: Bool { UIApplication.shared.supportsMultipleScenes }

    /// Asks UIKit to activate a scene for `request`, which it may show in a new window or
    /// in one already open, and says nothing on success.
    /// - Parameters:
    ///   - request: The request.
    ///   - failed: Called with UIKit's error if it refuses.
    public func requestWindow(_ request: WindowRequest, failed: @escaping @MainActor (any Error) -> Void) {
        let activity = NSUserActivity(activityType: activityType)
        activity.userInfo = [Self.idKey: request.id, Self.pathKey: request.path]
        activity.targetContentIdentifier = request.path
        UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil) { error in
            let refusal = WindowRefusal(error)
            Task { @MainActor in failed(refusal) }
        }
    }

    /// The request `activity` carries, if it is one.
    /// - Parameter activity: An activity a scene received.
    /// - Returns: The request, or `nil`.
    public static func request(in activity: NSUserActivity) -> WindowRequest? {
        guard let id = activity.userInfo?[idKey] as? String, let path = activity.userInfo?[pathKey] as? String else {
            return nil
        }
        return WindowRequest(id: id, path: path)
    }
}

#endif
