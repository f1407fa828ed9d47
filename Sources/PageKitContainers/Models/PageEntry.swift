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

/// A page as SwiftUI's navigation path and presentation bindings hold it: identified by a
/// serial number given when the page was shown, never by the page object's address, and
/// holding the page weakly, so a value SwiftUI keeps for an animation never keeps a
/// removed page alive.
///
/// ``PageStackModel/path`` is a list of them for `NavigationStack(path:)`, and
/// ``PagePresentation`` carries one for `sheet(item:)`. SwiftUI tells elements apart by
/// their identity: a page freed and another made at the same address must never look like
/// the same element, or SwiftUI would keep the old page's `@State` for the new one, or
/// skip the push. Each entry made with ``init(_:)`` therefore has a serial of its own, and
/// a page shown again (popped, then pushed again) is a new element.
public struct PageEntry: Hashable, Identifiable, Sendable {
    /// The entry's identity: a serial number, unique for the life of the process.
    public let id: UInt64
    /// The page, while it lives.
    public private(set) weak var page: (any Page)?

    /// The last serial handed out.
    @MainActor private static var lastSerial: UInt64 = 0

    /// A new entry for `page`, with a serial no other entry has: what a
    /// `NavigationLink(value:)` pushes.
    /// - Parameter page: The page.
    @MainActor
    public init(_ page: any Page) {
        self.init(page, id: Self.nextSerial())
    }

    /// The entry for `page` under the serial a model gave it.
    @MainActor
    package init(_ page: any Page, id: UInt64) {
        self.id = id
        self.page = page
    }

    /// A serial no entry has had yet.
    @MainActor
    package static func nextSerial() -> UInt64 {
        lastSerial += 1
        return lastSerial
    }

    /// Whether the two entries are the same element: the same serial.
    /// - Parameters:
    ///   - lhs: An entry.
    ///   - rhs: Another entry.
    /// - Returns: Whether their serials are equal.
    public static func == (lhs: PageEntry, rhs: PageEntry) -> Bool {
        lhs.id == rhs.id
    }

    /// Hashes the serial.
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}
