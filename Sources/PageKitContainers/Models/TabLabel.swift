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

/// What a tab of a ``PageTabModel`` shows in the tab bar: a title, an image and a badge.
///
/// The title is a key looked up in the app's strings, as SwiftUI's `Text` looks up a
/// `LocalizedStringKey` (in `table`, or `Localizable`), unless it is made
/// ``init(verbatim:image:badge:)``.
///
/// ```swift
/// tabs.labels = { tab, index in
///     switch index {
///     case 0: TabLabel("Contacts", image: .system("person.2"), badge: unread > 0 ? .count(unread) : nil)
///     default: TabLabel("Feed", image: .system("newspaper"))
///     }
/// }
/// ```
public struct TabLabel: Hashable, Sendable {
    /// A tab's image.
    public enum Image: Hashable, Sendable {
        /// An SF Symbol, by name.
        case system(String)
        /// An image of the app's asset catalog, by name.
        case asset(String)
    }

    /// A tab's badge.
    public enum Badge: Hashable, Sendable {
        /// A number; zero shows no badge.
        case count(Int)
        /// A short text, looked up like the title when the title is.
        case text(String)
    }

    /// The title: a localization key, or the text itself when ``isVerbatim``.
    public var title: String
    /// Whether ``title`` is shown as it is, not looked up.
    public var isVerbatim: Bool
    /// The strings table the title and a text badge are looked up in; `nil` for
    /// `Localizable`.
    public var table: String?
    /// The image, if any.
    public var image: Image?
    /// The badge, if any.
    public var badge: Badge?

    /// A label whose title is looked up in the app's strings.
    /// - Parameters:
    ///   - key: The title's localization key (its text in the development language).
    ///   - table: The strings table; `nil` for `Localizable`.
    ///   - image: The image, if any.
    ///   - badge: The badge, if any.
    public init(_ key: String, table: String? = nil, image: Image? = nil, badge: Badge? = nil) {
        title = key
        isVerbatim = false
        self.table = table
        self.image = image
        self.badge = badge
    }

    /// A label whose title is shown as it is: a name, or a string already localized.
    /// - Parameters:
    ///   - title: The title.
    ///   - image: The image, if any.
    ///   - badge: The badge, if any.
    public init(verbatim title: String, image: Image? = nil, badge: Badge? = nil) {
        self.title = title
        isVerbatim = true
        table = nil
        self.image = image
        self.badge = badge
    }
}
