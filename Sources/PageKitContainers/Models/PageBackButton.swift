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

/// The back button PageKit gives a page that confirms leaving, in place of the system's:
/// a chevron and the previous page's title, whose tap asks the page first
/// (``PageStackModel/userTapsBack()``), and whose long press lists the pages below, as
/// the system's history menu does, each reached through the same question
/// (``PageStackModel/userGoesBack(to:)``).
public struct PageBackButton: Equatable, Sendable {
    /// A page below, as the history lists it.
    public struct Item: Equatable, Identifiable, Sendable {
        /// The page, under the serial the stack gave it.
        public let entry: PageEntry
        /// Its title, or its name when it has none.
        public let title: String

        /// The item's identity: its entry's serial.
        public var id: PageEntry.ID { entry.id }
    }

    /// The previous page's title, or `nil` when it has none (the button then says
    /// "Back").
    public let title: String?
    /// The pages below, the nearest first.
    public let history: [Item]
}
