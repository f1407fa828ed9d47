import PageKit
import PageKitContainers
import PageKitTestSupport

/// The containers a model-based run builds its tree from. The reference model is the
/// same for all; it only learns which containers end a transition at once and which
/// stacks know nothing of a back swipe until it is over.
enum ModelTree: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Headless containers throughout: UIKit's semantics.
    case headless
    /// SwiftUI's models throughout (a tab model, two stack models, a host model) on a
    /// model of SwiftUI (`SwiftUIScreen`).
    case swiftUI
    /// A UIKit tab bar (the headless one) holding a SwiftUI stack (contact) and a UIKit
    /// stack (feed), with SwiftUI's sheets, all on one queue.
    case mixed

    var description: String { rawValue }

    /// Whether tab `index`'s stack is a SwiftUI stack model.
    func isSwiftUIStack(_ index: Int) -> Bool {
        switch self {
        case .headless: false
        case .swiftUI: index < 2
        case .mixed: index == 0
        }
    }

    /// Whether selecting a tab ends at once, as a `TabView`'s does.
    var selectsAtOnce: Bool { self == .swiftUI }

    /// Whether the sheets are SwiftUI's.
    var hasSwiftUISheets: Bool { self != .headless }
}

/// What the run needs of a stack, headless or SwiftUI.
@MainActor
protocol ModelStack: StackContainer {
    var pages: [any Page] { get }
    var queued: NavigationStackQueue { get }
    func userTapsBack() throws -> LeaveAttempt
}

extension HeadlessNavigationStack: ModelStack {}
extension PageStackModel: ModelStack {}

/// What the run needs of a tab container, headless or SwiftUI.
@MainActor
protocol ModelTabs: TabContainer {
    var selectedIndex: Int { get }
    func userSelectsTab(_ index: Int) throws
}

extension HeadlessTabContainer: ModelTabs {}
extension PageTabModel: ModelTabs {}

extension SystemUnderTest {
    /// The person swipes the top sheet down, if nothing moves: through the headless
    /// host's gesture, or on the SwiftUI screen, which clears the sheet's binding.
    func swipeDown() {
        if let host = host as? HeadlessPageHost {
            _ = try? host.userSwipesDownModal(finishing: true)
        } else if let host = host as? PageHostModel, queue.isIdle {
            screen.personSwipesDown(in: host)
        }
    }

    /// Whether the person's finger is down on a swipe back.
    var isSwiping: Bool { swipe != nil || swiftUISwipe != nil }

    /// The person's finger starts a swipe back on stack `index`: the headless stack's
    /// interactive pop, or the SwiftUI screen's gesture.
    func beginSwipe(on index: Int) {
        if let stack = stacks[index] as? HeadlessNavigationStack {
            swipe = try? stack.beginInteractivePop()
        } else if let stack = stacks[index] as? PageStackModel, screen.personBeginsSwipeBack(stack) {
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
