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

/// A page with a title: what PageKit's back button shows on the page above it, and in its
/// long-press history, as the system's back button shows the previous page's title.
///
/// ``ScreenPage`` adopts it (``ScreenPage/title``). Give the page's view the same title:
///
/// ```swift
/// let person = ScreenPage("person_detail", parameters: ["id": "5"])
/// person.title = "Person 5"
/// screens.register("person_detail") { page in
///     PersonDetailView(page: page).navigationTitle(page.title ?? "")
/// }
/// ```
@MainActor
public protocol TitledPage: Page {
    /// The title, or `nil` when the page has none; the back button then says "Back".
    var pageTitle: String? { get }
}
