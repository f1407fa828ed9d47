import PageKit
import PageKitContainers
import PageKitTesting
import PageKitTestSupport

/// The containers a model-based run builds its tree from. The reference model is the
/// same for all; it only learns which containers end a transition at once and which
/// stacks know nothing of a back swipe until it is over.
enum ModelTree: String, Sendable, CaseIterable, CustomStringConvertible {
    /// The container models timed by a driver throughout: every transition takes an
    /// animation's time, a tab's selection and a pop that leaves the same page on top too,
    /// as UIKit's containers' do.
    case driven
    /// SwiftUI's models throughout (a tab model, two stack models, a host model) on a
    /// model of SwiftUI (`SwiftUIScreen`).
    case swiftUI
    /// A tab bar timed by a driver, as UIKit's is, holding a SwiftUI stack (contact) and a
    /// stack timed by the driver (feed), with SwiftUI's sheets, all on one queue.
    case mixed

    var description: String { rawValue }

    /// Whether tab `index`'s stack is a SwiftUI stack model.
    func isSwiftUIStack(_ index: Int) -> Bool {
        switch self {
        case .driven: false
        case .swiftUI: index < 2
        case .mixed: index == 0
        }
    }

    /// Whether selecting a tab ends at once, as a `TabView`'s does.
    var selectsAtOnce: Bool { self == .swiftUI }

    /// Whether the sheets are SwiftUI's.
    var hasSwiftUISheets: Bool { self != .driven }
}

extension SystemUnderTest {
    /// The person swipes the top sheet down, if nothing moves: on the SwiftUI screen,
    /// which clears the sheet's binding, or through the same entry point without a screen.
    func swipeDown() {
        if !tree.hasSwiftUISheets {
            _ = try? host.userSwipesDownModal(finishing: true)
        } else if queue.isIdle {
            screen.personSwipesDown(in: host)
        }
    }

    /// The person taps tab `index`: on the SwiftUI screen's tab view, or on the tab bar.
    func tapTab(_ index: Int) {
        if tree.selectsAtOnce {
            try! screen.personTapsTab(index, of: tabs)
        } else {
            try! tabs.userSelectsTab(index)
        }
    }

    /// Whether the person's finger is down on a swipe back.
    var isSwiping: Bool { swipe != nil || swiftUISwipe != nil }

    /// The person's finger starts a swipe back on stack `index`: on the SwiftUI screen, or
    /// through the same entry points without a screen.
    func beginSwipe(on index: Int) {
        let stack = stacks[index]
        if !tree.isSwiftUIStack(index) {
            swipe = try? stack.beginSwipeBack()
        } else if screen.personBeginsSwipeBack(stack) {
            swiftUISwipe = stack
        }
    }

    /// The person's finger lifts.
    func endSwipe(finishing: Bool) {
        if let swipe {
            if finishing { swipe.finish() } else { swipe.cancel() }
        }
        if let stack = swiftUISwipe { screen.personEndsSwipeBack(stack, finishing: finishing) }
        swipe = nil
        swiftUISwipe = nil
    }
}
