//===----------------------------------------------------------------------===//
//
// This source file is part of the PageKit open source project
//
// Copyright (c) the PageKit project authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#if canImport(UIKit)
public import Foundation
import PageKit
public import PageKitLinks
import UIKit

extension PageActivity {
    /// The `NSUserActivity` for Handoff and Spotlight. Its `userInfo` holds the state
    /// under `Navigator.stateRestorationKey`, encoded as a restoration activity holds it
    /// and within `PageActivity.stateBudget`, so the device that continues it restores it
    /// with `Navigator.restore(from:_:)`.
    ///
    /// ```swift
    /// // Where the page comes on screen:
    /// viewController.userActivity = try navigator.currentActivity(type: "com.example.app.person",
    ///                                                             title: person.name).userActivity()
    /// // In the scene delegate of the device that continues it:
    /// func scene(_ scene: UIScene, continue activity: NSUserActivity) {
    ///     Task { try await navigator.restore(from: activity) }
    /// }
    /// ```
    /// - Returns: A new activity of the page's `type`; make it current (a view
    ///   controller's `userActivity`, or `becomeCurrent()`) to offer it.
    @MainActor
    public func userActivity() -> NSUserActivity {
        let activity = NSUserActivity(activityType: type)
        update(activity)
        return activity
    }

    /// Writes the page into an activity the system made: SwiftUI's `userActivity(_:_:)`
    /// modifier hands one to its closure. The activity keeps its own type.
    ///
    /// ```swift
    /// PersonView(person: person)
    ///     .userActivity("com.example.app.person") { activity in
    ///         do {
    ///             try navigator.currentActivity(type: activity.activityType, title: person.name).update(activity)
    ///         } catch {
    ///             activity.isEligibleForHandoff = false   // no web link: nothing to continue
    ///         }
    ///     }
    /// ```
    /// - Parameter activity: The activity to fill: its title, web link, state and
    ///   eligibility are replaced; other `userInfo` entries are kept.
    @MainActor
    public func update(_ activity: NSUserActivity) {
        activity.title = title
        // Only an http(s) link may stand here; the map gave an https one.
        activity.webpageURL = webpageURL
        activity.addUserInfoEntries(from: [Navigator.stateRestorationKey: encodedState])
        // Spotlight keeps only the keys it is told are needed to continue.
        activity.requiredUserInfoKeys = [Navigator.stateRestorationKey]
        activity.isEligibleForHandoff = isEligibleForHandoff
        activity.isEligibleForSearch = isEligibleForSearch
        activity.isEligibleForPublicIndexing = isEligibleForPublicIndexing
    }
}
#endif
