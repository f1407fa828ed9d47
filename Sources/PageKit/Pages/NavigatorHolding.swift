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

/// A page that keeps the navigator that shows it, so that it can push, pop, answer or
/// close itself without the app passing the navigator through every initialiser.
///
/// The navigator sets ``navigator`` on every such page it learns of: the pages of the
/// hierarchy when its root is installed, each page it makes from the registry (before
/// it is shown), a page handed to ``Navigator/push(page:_:)``, and the pages a container
/// reports the person or the app added. Declare the property `weak`: the navigator holds
/// its root, which holds the pages, so a strong reference back would keep them all alive
/// for ever.
///
/// ```swift
/// final class PersonDetailViewController: UIViewController, Page, NavigatorHolding {
///     weak var navigator: Navigator?            // weak: no retain cycle
///     var pageName: String { "person_detail" }
///
///     @objc func showPosts() { navigator?.push(PageComponent("posts")) }
///     @objc func done() {
///         navigator?.send(PageResponse(.ok), from: self)
///         navigator?.close(self)
///     }
/// }
/// ```
///
/// In SwiftUI, a view reads the navigator from its environment instead
/// (`@Environment(\.navigator)` in `PageKitContainers`).
@MainActor
public protocol NavigatorHolding: Page {
    /// The navigator that shows the page. Declare it `weak var`; the navigator sets it.
    var navigator: Navigator? { get set }
}
