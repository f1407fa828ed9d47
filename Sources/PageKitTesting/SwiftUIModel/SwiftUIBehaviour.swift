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

public import PageKitContainers

/// How the SwiftUI that ``SwiftUIScreen`` stands in for behaves, where that depends on the
/// iOS release or is not settled.
///
/// Each setting names its source. A rule the sources document or report is fixed in the
/// screen, or follows ``system`` where the report names releases; a rule that is only
/// inferred, or reported once and unconfirmed, is a switch here, and the code under test
/// must be right under every setting: seeded runs go through them all (``variant(_:)``).
public struct SwiftUIBehaviour: Sendable, Hashable, CustomStringConvertible {
    /// When a pushed or presented view's `onAppear` runs. SwiftUI's documentation of
    /// `onAppear(perform:)` says its action "completes before the first rendered frame
    /// appears": at the start of the animation. That a pushed destination's first frame
    /// is the animation's first is inferred, so the end is modelled too.
    public enum OnAppearTiming: String, Sendable, Hashable, CaseIterable {
        case animationStart, animationEnd
    }

    /// When SwiftUI writes the path binding after a finished swipe back, against the
    /// interactive pop's coordinator completion. A pop through `dismiss` removes the
    /// element "only after the pop animation has finished" (boscojwho/NavigateDismissBug-SwiftUI,
    /// FB13189889); for the swipe the order is inferred, so both are modelled.
    public enum SwipeWrite: String, Sendable, Hashable, CaseIterable {
        case beforeCompletion, afterCompletion
    }

    /// What happens to an update a model publishes while SwiftUI runs one of its own
    /// binding's setters. SwiftUI logs "Update NavigationAuthority bound path tried to
    /// update multiple times per frame." and reports pair it with ignored updates
    /// (schwa/MastodonAgain#77, onmyway133/notes#611); which write wins is inferred, so
    /// both are modelled: the update is dropped, or applied once the setter returns.
    public enum UpdateInsideSetter: String, Sendable, Hashable, CaseIterable {
        case dropped, appliedAfterSetter
    }

    /// The iOS release: iOS 16.0 and 16.1 pop several levels at once without animation,
    /// fixed in 16.2 (davdroman/swiftui-navigation-transitions#44, #45).
    public var system: SystemVersion
    /// When `onAppear` runs.
    public var onAppear: OnAppearTiming
    /// When a finished swipe back writes the path.
    public var swipeWrite: SwipeWrite
    /// What happens to an update published inside a binding's setter.
    public var updateInsideSetter: UpdateInsideSetter
    /// One unconfirmed report, with no public thread to cite: with an app built against
    /// the iOS 18.4 SDK or later, a path binding of the app's own can skip `onAppear` of
    /// the page revealed going back. When true, the screen does so on iOS 18.4 and later.
    public var customBindingSkipsOnAppearGoingBack: Bool
    /// Not SwiftUI's but the app's choice: whether its sheets' content sets
    /// `presentationBackgroundInteraction(.enabled)` (iOS 16.4), so the person can still
    /// tap, swipe and follow links behind a sheet. SwiftUI "automatically disables the view
    /// behind a sheet that you present" otherwise (Apple's documentation of the
    /// modifier). A full-screen cover and an alert take every touch behind them either way.
    public var sheetsLetTouchesBehind: Bool

    /// A behaviour.
    public init(system: SystemVersion = SystemVersion(17, 0), onAppear: OnAppearTiming = .animationStart,
                swipeWrite: SwipeWrite = .afterCompletion, updateInsideSetter: UpdateInsideSetter = .dropped,
                customBindingSkipsOnAppearGoingBack: Bool = false, sheetsLetTouchesBehind: Bool = false) {
        self.system = system
        self.onAppear = onAppear
        self.swipeWrite = swipeWrite
        self.updateInsideSetter = updateInsideSetter
        self.customBindingSkipsOnAppearGoingBack = customBindingSkipsOnAppearGoingBack
        self.sheetsLetTouchesBehind = sheetsLetTouchesBehind
    }

    /// The releases the model distinguishes: before and after the 16.2 fix, 17, and
    /// before and after 18.4.
    public static let systems = [SystemVersion(16, 0), SystemVersion(16, 1), SystemVersion(16, 4),
                                 SystemVersion(17, 5), SystemVersion(18, 0), SystemVersion(18, 4)]

    /// The `index`-th of every combination of ``systems`` and the switches, cycling: what
    /// a seeded run uses, so a batch of runs goes through them all.
    public static func variant(_ index: Int) -> SwiftUIBehaviour {
        var rest = index
        func pick<T>(_ values: [T]) -> T {
            defer { rest /= values.count }
            return values[rest % values.count]
        }
        let system = pick(systems)
        var behaviour = SwiftUIBehaviour(system: system, onAppear: pick(OnAppearTiming.allCases),
                                         swipeWrite: pick(SwipeWrite.allCases),
                                         updateInsideSetter: pick(UpdateInsideSetter.allCases),
                                         customBindingSkipsOnAppearGoingBack: pick([false, true]))
        // The modifier came with iOS 16.4.
        behaviour.sheetsLetTouchesBehind = pick([false, true]) && system >= SystemVersion(16, 4)
        return behaviour
    }

    /// `iOS 16.1, onAppear at animationStart, …`.
    public var description: String {
        "iOS \(system), onAppear at \(onAppear.rawValue), swipe writes \(swipeWrite.rawValue), "
            + "updates inside a setter \(updateInsideSetter.rawValue)"
            + (customBindingSkipsOnAppearGoingBack ? ", 18.4 onAppear skip" : "")
            + (sheetsLetTouchesBehind ? ", touches behind sheets" : "")
    }
}
