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

/// What the navigation bar and tab bar show for a page of a ``PageStackModel``: decided
/// by the model, so that the view only draws it and tests read the same decision.
public struct PageChrome: Equatable, Sendable {
    /// PageKit's back button, for a page that does not allow the system's back button or
    /// swipe back; `nil` keeps the system's.
    public var backButton: PageBackButton?
    /// Whether the tab bar is hidden while the page is on top
    /// (``/PageKit/ShowStyle/hidesBottomBar``).
    public var hidesBottomBar: Bool

    /// The chrome of a page.
    /// - Parameters:
    ///   - backButton: PageKit's back button, or `nil` for the system's.
    ///   - hidesBottomBar: Whether the tab bar is hidden.
    public init(backButton: PageBackButton? = nil, hidesBottomBar: Bool = false) {
        self.backButton = backButton
        self.hidesBottomBar = hidesBottomBar
    }
}
