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

/// The version of the operating system SwiftUI runs on, where its behaviour depends on it.
///
/// The views set it on their models from the running system; tests set it to run the
/// models as each release behaves.
///
/// ```swift
/// stack.systemVersion = SystemVersion(16, 1)   // pops one level per transition
/// ```
public struct SystemVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The major version: 16 for iOS 16.4.
    public let major: Int
    /// The minor version: 4 for iOS 16.4.
    public let minor: Int

    /// A version.
    /// - Parameters:
    ///   - major: The major version.
    ///   - minor: The minor version.
    public init(_ major: Int, _ minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    /// Whether `lhs` is older than `rhs`.
    /// - Parameters:
    ///   - lhs: A version.
    ///   - rhs: Another version.
    /// - Returns: Whether `lhs` comes first.
    public static func < (lhs: SystemVersion, rhs: SystemVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    /// `16.1`.
    public var description: String { "\(major).\(minor)" }

    /// Whether `NavigationStack` animates a pop of several levels at once: from iOS 16.2.
    /// iOS 16.0 and 16.1 popped them without animation (Apple fixed 96852321 in 16.2, as
    /// davdroman/swiftui-navigation-transitions#45 records in its back-deployed fix).
    var animatesMultiLevelPops: Bool { self >= SystemVersion(16, 2) }
}
