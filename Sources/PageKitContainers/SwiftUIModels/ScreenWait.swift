import PageKit

/// What a SwiftUI model's transition waits for from the screen before it ends.
///
/// iOS 16's `NavigationStack` and sheets report no completion, so a model ends a
/// transition when its view says the page on top has appeared (`onAppear`), or that a
/// presentation has gone (`onDismiss`); the transition queue's time-out is the safety
/// net. Tests stand in for the screen by answering each wait after a driver's delay.
package struct ScreenWait: Sendable, Equatable, CustomStringConvertible {
    /// What ends the wait.
    package enum Kind: String, Sendable {
        /// The page appears: ``page`` is the page on top (or presented) once it has moved.
        case appearance
        /// The presentation over ``page``, the level that presented it, has gone.
        case dismissal
    }

    /// Distinguishes this wait from earlier ones of the same model.
    package let id: UInt64
    /// What ends it.
    package let kind: Kind
    /// The kind of transition that waits, for logs and drivers.
    package let transition: HeadlessTransition.Kind
    /// The page that must appear, or the level whose presentation must go.
    package var page: PageEntry

    package static func == (lhs: ScreenWait, rhs: ScreenWait) -> Bool {
        lhs.id == rhs.id && lhs.kind == rhs.kind && lhs.page == rhs.page
    }

    /// `appearance #3 after push`.
    package var description: String {
        "\(kind.rawValue) #\(id) after \(transition.rawValue)"
    }
}

/// The one transition a model waits on, and the wait that ends it. A class: ending a wait
/// finishes its transition, which may start the next one on the same model at once.
@MainActor
final class PendingTransition {
    private(set) var wait: ScreenWait?
    private var completion: TransitionCompletion?
    private var lastID: UInt64 = 0

    /// Waits for `kind` of `page` before finishing `completion`; a wait still pending is
    /// over (its transition has already timed out, or been superseded by a direct call).
    func begin(_ kind: ScreenWait.Kind, of page: any Page, after transition: HeadlessTransition.Kind,
               completion: TransitionCompletion) {
        end()
        lastID += 1
        wait = ScreenWait(id: lastID, kind: kind, transition: transition, page: PageEntry(page))
        self.completion = completion
    }

    /// The awaited page is now `page` (the person moved the stack meanwhile).
    func retarget(to page: any Page) {
        wait?.page = PageEntry(page)
    }

    /// Ends the wait, finishing its transition.
    func end() {
        let completion = self.completion
        self.completion = nil
        wait = nil
        completion?.finish()
    }
}
