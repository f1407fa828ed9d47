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

/// A transition a container of the family hands to its ``TransitionDriver``
/// (``TransitionEnd/driver(_:)``), whose end the driver reports.
///
/// It holds the pages it concerns and spells their names only when read, so a driver that
/// does not log costs nothing. A driver that keeps transitions should keep their
/// `description`, not the transitions, so as not to keep the pages alive.
public struct ContainerTransition: Sendable {
    /// What kind of transition it is.
    public enum Kind: String, Sendable, Hashable {
        /// Pages pushed on a stack.
        case push
        /// Pages popped off a stack.
        case pop
        /// A stack replaced.
        case setStack
        /// A tab selected.
        case select
        /// A tab added.
        case addTab
        /// A page presented.
        case present
        /// A presented page dismissed.
        case dismiss
    }

    /// What kind of transition it is.
    public let kind: Kind
    /// The container (or, for `present` and `dismiss`, the presenter) it happens in.
    public let containerPage: any Page
    /// The pages it shows or removes.
    public let pagesShown: [any Page]
    /// Whether it is animated.
    public let animated: Bool
    /// How it is shown: the plan's style for the step.
    public let style: ShowStyle

    /// Describes a transition.
    /// - Parameters:
    ///   - kind: What kind it is.
    ///   - container: The container, or the presenter.
    ///   - pages: The pages it shows or removes.
    ///   - animated: Whether it is animated.
    ///   - style: How it is shown.
    public init(kind: Kind, container: any Page, pages: [any Page], animated: Bool, style: ShowStyle = .default) {
        self.kind = kind
        containerPage = container
        pagesShown = pages
        self.animated = animated
        self.style = style
    }

    /// The container's name and parameters; a transparent stack is `stack`.
    @MainActor public var container: String { containerPage.pageDescription }

    /// The pages' names and parameters.
    @MainActor public var pages: [String] { pagesShown.map(\.pageDescription) }

    /// `push [a, b] in stack (animated)`-style text, for logs and assertions.
    @MainActor public var description: String {
        "\(kind.rawValue) [\(pages.joined(separator: ", "))] in \(container)\(style)\(animated ? " (animated)" : "")"
    }
}
