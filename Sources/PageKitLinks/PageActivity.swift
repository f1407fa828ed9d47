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

import PageKit
public import PageKitRestoration

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
/// that ``PageKit/Navigator/openLink(_:_:)-(String,_)`` opens in the app. The state is what a
/// restoration activity holds, so the device that continues the activity restores it as
/// it restores a scene.
///
/// Handoff carries an activity's `userInfo` between devices and asks it to be small:
/// 3 KB or less ("Adopting Handoff", Apple's *Handoff Programming Guide*). So the state
/// is kept within ``stateBudget`` bytes of JSON: when the whole of it is larger, the
/// history before the path goes first, then the pages' own states from the root down,
/// the page on screen last; the path is always kept, and with the web link it still
/// rebuilds the screen. ``isStateTrimmed`` says that something went.
public struct PageActivity: Sendable, Hashable {
    /// The largest state an activity carries, in bytes of JSON: 3,000, as Handoff asks.
    public static let stateBudget = 3_000

    /// The activity type, declared in the app's `NSUserActivityTypes`.
    public var type: String
    /// What Handoff and Spotlight show for the page.
    public var title: String?
    /// The page's `https` link.
    public let webpageURL: URL
    /// The navigation state to restore: the page's path and, within ``stateBudget``, the
    /// history that led to it and the pages' own states.
    public let state: NavigationState
    /// ``state`` encoded as JSON, as a restoration activity holds it: what the activity's
    /// `userInfo` carries.
    package let encodedState: Data
    /// Whether history or page states were left out of ``state`` to keep it within
    /// ``stateBudget``.
    public let isStateTrimmed: Bool
    /// Whether another of the person's devices may continue the activity. `true` by default.
    public var isEligibleForHandoff = true
    /// Whether the activity may be indexed on this device for Spotlight. `true` by default.
    public var isEligibleForSearch = true
    /// Whether the page is public, so that its link may be indexed for everyone. `false`
    /// by default: say so only for a page anyone may see.
    public var isEligibleForPublicIndexing = false

    /// - Throws: `EncodingError` when the state cannot be encoded.
    init(type: String, title: String?, webpageURL: URL, state: NavigationState) throws {
        self.type = type
        self.title = title
        self.webpageURL = webpageURL
        (self.state, encodedState, isStateTrimmed) = try Self.fitting(state, within: Self.stateBudget)
    }

    /// `state` and its JSON, trimmed until the JSON fits `budget` bytes or nothing but the
    /// path is left: first the history but its last entry (the path), then page states from
    /// the root down.
    static func fitting(_ state: NavigationState, within budget: Int) throws
        -> (state: NavigationState, json: Data, trimmed: Bool) {
        let encoder = JSONEncoder()
        var state = state
        var json = try encoder.encode(state)
        var trimmed = false
        while json.count > budget {
            if state.history.count > 1 {
                state.history = Array(state.history.suffix(1))
            } else if !state.pageStates.isEmpty {
                state.pageStates.removeFirst()
            } else {
                break
            }
            trimmed = true
            json = try encoder.encode(state)
        }
        return (state, json, trimmed)
    }
}
#endif
