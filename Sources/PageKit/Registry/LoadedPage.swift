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

/// A page that takes a fresh value from its registration's ``PageLoader`` when a request
/// reveals it and asks for a refresh (``NavigationOptions/refreshing()-method``, or a loader that
/// ``PageLoader/refreshesWhenRevealed``).
///
/// ```swift
/// extension PersonDetailViewController: LoadedPage {
///     func refresh(with person: Person) { show(person) }
/// }
/// try await navigator.open("app://tab/contact/person_detail?id=5", .refreshing())
/// ```
@MainActor
public protocol LoadedPage: Page {
    /// The value its loader loads.
    associatedtype Loaded: Sendable
    /// Takes a freshly loaded value, once the request has revealed the page and before
    /// it ends.
    /// - Parameter value: The value.
    func refresh(with value: Loaded)
}
