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

/// The loads a request is waiting for (``Navigator/pendingLoad``): what it opens, and the
/// components whose loaders run, in path order.
public struct PendingLoad: Sendable, CustomStringConvertible {
    /// What the loading request asked for.
    package let requested: NavigationTarget?
    /// The components being loaded, in path order.
    public let components: [PageComponent]

    /// `loading person_detail(id=5) for /tab#contact/person_detail(id=5)`.
    public var description: String {
        let names = components.map { PageReference.describe(name: $0.name, parameters: $0.parameters) }
        return "loading \(names.joined(separator: ", ")) for \(requested.map(\.description) ?? "?")"
    }
}
