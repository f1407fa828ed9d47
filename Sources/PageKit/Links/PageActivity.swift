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

#if canImport(Foundation)
public import Foundation

/// What a user activity for Handoff and Spotlight says about a page, on any platform: its
/// type, title, web link and the state that restores it. PageKitContainers turns it into
/// an `NSUserActivity` on iOS.
///
/// ```swift
/// let activity = try navigator.currentActivity(type: "com.example.app.viewing", title: "Ada Lovelace")
/// activity.webpageURL   // https://example.com/people/5
/// activity.state.path   // /tab#contact/person_detail(id=5)
/// ```
///
/// The web link is made by ``LinkMap/link(for:scheme:)`` with an `https` pattern, so the
/// page it opens on a device without the app, in Spotlight or in a browser, is the one
/// that ``Navigator/openLink(_:_:)-(String,_)`` opens in the app. The state is what a
/// restoration activity holds, so the device that continues the activity restores it as
/// it restores a scene.
public struct PageActivity: Sendable, Hashable {
    /// The activity type, declared in the app's `NSUserActivityTypes`.
    public var type: String
    /// What Handoff and Spotlight show for the page.
    public var title: String?
    /// The page's `https` link.
    public let webpageURL: URL
    /// The navigation state to restore: the page's path and the history that led to it.
    public let state: NavigationState
    /// Whether another of the person's devices may continue the activity. `true` by default.
    public var isEligibleForHandoff = true
    /// Whether the activity may be indexed on this device for Spotlight. `true` by default.
    public var isEligibleForSearch = true
    /// Whether the page is public, so that its link may be indexed for everyone. `false`
    /// by default: say so only for a page anyone may see.
    public var isEligibleForPublicIndexing = false

    init(type: String, title: String?, webpageURL: URL, state: NavigationState) {
        self.type = type
        self.title = title
        self.webpageURL = webpageURL
        self.state = state
    }
}
#endif
