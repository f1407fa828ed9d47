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

/// What the platform does for ``WindowNavigators``: whether it shows more than one window,
/// and asking it for a new one.
///
/// PageKit's UIKit layer implements it with `UIApplication`'s scene sessions, its SwiftUI
/// layer with `openWindow`; a test gives one that acts as a device would, including the
/// answers the platform leaves out (it may show the request in a window that is already
/// open, or show nothing at all).
@MainActor
public protocol WindowOpening: AnyObject {
    /// Whether the platform can show another window now: an iPad or a Mac with several
    /// scenes enabled; never an iPhone.
    var supportsMultipleWindows: Bool { get }

    /// Asks the platform for a window that shows `request`. Nothing comes back on
    /// success: the window that shows it connects with the request
    /// (``WindowNavigators/connect(_:request:restoring:)``), or the request reaches a
    /// window already open (``WindowNavigators/continueRequest(_:in:)``).
    /// - Parameters:
    ///   - request: What the window is to show.
    ///   - failed: Called if the platform refuses, with its error.
    func requestWindow(_ request: WindowRequest, failed: @escaping @MainActor (any Error) -> Void)
}
