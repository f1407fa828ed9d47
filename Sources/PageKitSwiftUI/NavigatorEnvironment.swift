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

#if canImport(SwiftUI) && os(iOS)
import PageKitContainers
public import PageKit
public import SwiftUI

/// The environment key that holds the navigator; `nil` where none was put in.
private struct NavigatorKey: EnvironmentKey {
    static let defaultValue: Navigator? = nil
}

extension EnvironmentValues {
    /// The navigator that shows the views below, so that a screen can push, pop, answer
    /// or close itself without each view's initialiser taking it.
    ///
    /// Put it in once, on the root view; it reaches every screen, in navigation stacks,
    /// tabs and sheets alike:
    ///
    /// ```swift
    /// PageRootView(root: tabs, host: host, screens: screens)
    ///     .navigator(navigator)
    ///
    /// struct PersonDetailView: View {
    ///     @Environment(\.navigator) private var navigator
    ///     let page: ScreenPage
    ///     var body: some View {
    ///         Button("Posts") { navigator?.push(PageComponent("posts")) }
    ///         Button("Done") {
    ///             navigator?.send(PageResponse(.ok), from: page)
    ///             navigator?.close(page)
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// SwiftUI holds the value for the views that read it; the navigator holds no view, so
    /// this makes no retain cycle. UIKit pages adopt ``/PageKit/NavigatorHolding`` instead.
    public var navigator: Navigator? {
        get { self[NavigatorKey.self] }
        set { self[NavigatorKey.self] = newValue }
    }
}

extension View {
    /// Puts `navigator` in the environment of this view and every view below it, as
    /// `@Environment(\.navigator)`.
    /// - Parameter navigator: The navigator that shows the views.
    /// - Returns: The view, with the navigator in its environment.
    public func navigator(_ navigator: Navigator) -> some View {
        environment(\.navigator, navigator)
    }
}
#endif
