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

public import PageKit
public import PageKitContainers

// The person's swipe down, acted out through what the SwiftUI view calls: SwiftUI clears
// the sheet's binding once the sheet is gone (`personDismissed(_:)`). A Cancel button is
// the host's own `userDismisses(_:)`.
extension PageHostModel {
    /// The person swipes down the sheet on top. A sheet whose pages all allow it
    /// (`allowsSwipeDown(of:)`) goes, and SwiftUI clears its binding: the dismissal is
    /// reported as the person's. A sheet any of whose pages does not allow it has
    /// `interactiveDismissDisabled`, and a full-screen cover has no swipe down: nothing
    /// happens and nobody is asked (iOS 16 says nothing of the attempt); such a sheet
    /// closes through `userDismisses(_:)`.
    ///
    /// ```swift
    /// try await navigator.open("app://tab/contact!compose")
    /// try host.userSwipesDownModal()        // reported: dismissed [compose] by the user
    /// ```
    /// - Parameter finishing: Whether the sheet is swiped past the point of no return;
    ///   otherwise it springs back, and nothing is said.
    /// - Returns: `LeaveAttempt.left`, `LeaveAttempt.abandoned`, or
    ///   `LeaveAttempt.refused` when the sheet cannot be swiped down.
    /// - Throws: `NavigationError.Code.staleHierarchy` when nothing is presented,
    ///   `NavigationError.Code.busy` while a transition runs (the sheet still moves).
    @discardableResult
    public func userSwipesDownModal(finishing: Bool = true) throws -> LeaveAttempt {
        guard let sheet = presentedPages.last else {
            throw NavigationError(.staleHierarchy, reason: "nothing is presented to swipe down")
        }
        guard queue.isIdle else {
            throw NavigationError(.busy, component: sheet.pageName,
                                  reason: "a transition is running, so the sheet cannot be swiped")
        }
        guard presentationStyle(of: sheet)?.presentation != .fullScreen, allowsSwipeDown(of: sheet) else {
            return .refused
        }
        guard finishing else { return .abandoned }
        personDismissed(sheet)
        return .left
    }
}
