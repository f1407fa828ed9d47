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
import PageKit

/// The queue held for something the person does that SwiftUI animates itself (a swipe
/// back, a link's push, a sheet dragged down): held until the view reports its end, with
/// a timer that lets go if that report never comes.
@MainActor
struct PersonHold {
    let interaction: TransitionInteraction
    private var timer: (any TransitionTimer)?

    init(_ interaction: TransitionInteraction) {
        self.interaction = interaction
    }

    /// Lets go after `delay` (`.zero`: on the next turn, outside the callback that says
    /// so) through `release`, in place of any earlier time.
    mutating func release(after delay: Duration, on clock: any TransitionClock,
                          _ release: @escaping @MainActor () -> Void) {
        timer?.cancel()
        timer = clock.schedule(after: delay, release)
    }

    /// Keeps the hold for something else, without its time.
    mutating func keep() {
        timer?.cancel()
        timer = nil
    }

    /// Lets go now.
    func end() {
        timer?.cancel()
        interaction.end()
    }
}
