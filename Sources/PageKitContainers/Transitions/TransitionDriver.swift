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

/// Times the transitions of a container of the family given ``TransitionEnd/driver(_:)``:
/// it decides when each one is over and says so.
///
/// `PageKitTesting` has two: a clock-driven driver that can make an end late or lose it,
/// and a driver that records every transition it is handed.
///
/// ```swift
/// final class Immediate: TransitionDriver {
///     func run(_ transition: ContainerTransition, completion: @escaping @MainActor () -> Void) {
///         completion()
///     }
/// }
/// let stack = PageStackModel(pages: [list], queue: queue, ending: .driver(Immediate()))
/// ```
@MainActor
public protocol TransitionDriver: AnyObject, Sendable {
    /// Runs a transition whose change the container has already made, and calls
    /// `completion` when it is over.
    /// - Parameters:
    ///   - transition: What happens.
    ///   - completion: Reports the end; a driver may, on purpose, never call it (the
    ///     queue's time-out then releases the queue).
    func run(_ transition: ContainerTransition, completion: @escaping @MainActor () -> Void)
}
