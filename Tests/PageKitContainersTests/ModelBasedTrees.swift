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
    /// simulated screen.
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
    /// host's gesture, or as SwiftUI reports a sheet it dismissed.
    func swipeDown() {
        if let host = host as? HeadlessPageHost {
            _ = try? host.userSwipesDownModal(finishing: true)
        } else if let host = host as? PageHostModel, queue.isIdle {
            var level: any Page = tabs
            while let next = host.presentedPage(of: level), host.presentedPage(of: next) != nil { level = next }
            if let top = host.presentedPage(of: level) { host.personDismissed(top) }
        }
    }

    /// The person's back swipe on a SwiftUI stack, which SwiftUI reports only once it is
    /// over, by shrinking the path: only while nothing moves and no sheet covers it.
    func swipeBackOnSwiftUIStack() {
        guard swipe == nil, queue.isIdle, host.presentedPage(of: tabs) == nil, tabs.selectedIndex < 2,
              let stack = stacks[tabs.selectedIndex] as? PageStackModel, stack.pages.count > 1 else { return }
        stack.pathChanged(to: Array(stack.path.dropLast()))
    }
}
