#if canImport(UIKit)
public import Foundation
public import PageKit
public import PageKitRestoration
import UIKit

extension Navigator {
    /// The key of the encoded `NavigationState` in a restoration activity's
    /// `userInfo`.
    nonisolated public static let stateRestorationKey = "PageKit.NavigationState"

    /// The activity a scene hands UIKit to restore it later (its
    /// `stateRestorationActivity(for:)`): the navigator's state, encoded.
    ///
    /// ```swift
    /// func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
    ///     navigator.stateRestorationActivity(type: "com.example.app.navigation")
    /// }
    /// func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
    ///     // … install the root, then:
    ///     if let activity = session.stateRestorationActivity {
    ///         Task { try await navigator.restore(from: activity) }
    ///     }
    /// }
    /// ```
    /// - Parameter type: The activity type, declared in the app's `NSUserActivityTypes`.
    /// - Returns: The activity.
    public func stateRestorationActivity(type: String) -> NSUserActivity {
        let activity = NSUserActivity(activityType: type)
        if let data = try? JSONEncoder().encode(state) {
            activity.addUserInfoEntries(from: [Self.stateRestorationKey: data])
        }
        return activity
    }

    /// Restores the state a restoration activity holds (see `Navigator.restore(_:_:)`).
    /// - Parameters:
    ///   - activity: The activity UIKit handed back.
    ///   - options: Animation and payload.
    /// - Returns: What was restored and what was trimmed.
    /// - Throws: A `NavigationError`: `NavigationError.Code.invalidPath`
    ///   when the activity holds no readable state, and the errors of restoring otherwise.
    @discardableResult
    public func restore(from activity: NSUserActivity, _ options: NavigationOptions = .animated(false)) async throws
        -> RestorationReport {
        try await restore(NavigationState(restorationActivity: activity), options)
    }
}

extension NavigationState {
    /// The state a restoration activity holds (`Navigator.stateRestorationActivity(type:)`),
    /// for a window of ``WindowNavigators`` to restore as it connects.
    /// - Parameter activity: The activity UIKit handed back.
    /// - Throws: A `NavigationError` (`invalidPath`) when it holds no readable state.
    public init(restorationActivity activity: NSUserActivity) throws {
        guard let data = activity.userInfo?[Navigator.stateRestorationKey] as? Data else {
            throw NavigationError(.invalidPath, reason: "the activity `\(activity.activityType)` holds no navigation state")
        }
        do {
            self = try JSONDecoder().decode(NavigationState.self, from: data)
        } catch {
            throw NavigationError(.invalidPath, reason: "the navigation state in `\(activity.activityType)` cannot be read",
                                  underlying: error)
        }
    }
}
#endif
