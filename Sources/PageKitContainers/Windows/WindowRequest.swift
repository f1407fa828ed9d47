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

/// A request for a window: what it is to show, and an identifier that ties the window
/// that connects to the request that asked for it. It travels through the platform (an
/// `NSUserActivity`'s user info, SwiftUI's `openWindow(value:)`), so it is `Codable`.
public struct WindowRequest: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The request's identifier, unique among the requests of one ``WindowNavigators``.
    public let id: String
    /// The absolute path the window is to show, as text.
    public let path: String

    /// Creates a request.
    /// - Parameters:
    ///   - id: Its identifier.
    ///   - path: The absolute path to show.
    public init(id: String, path: String) {
        self.id = id
        self.path = path
    }

    /// `window-1 → /tab#contact/list`.
    public var description: String { "\(id) → \(path)" }
}
