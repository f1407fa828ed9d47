import PageKit
public import PageKitContainers

/// Stands in for SwiftUI's screen in tests: answers each wait of the SwiftUI models it
/// shows (a page appearing, a presentation going away) when a transition driver says the
/// transition is over, so their transitions take the driver's time on its clock, obey its
/// fates (late, dropped) and are seen by an overlap-checking driver like any headless
/// container's.
///
/// ```swift
/// let screen = ScreenSimulator(driver: ClockTransitionDriver(clock: clock))
/// screen.show(stack)          // its view is on screen: pushes wait for their page to appear
/// screen.show(host)           // sheets appear, dismissals end; presented stacks are shown
/// ```
@MainActor
public final class ScreenSimulator {
    /// Times each appearance.
    public let driver: any TransitionDriver
    private var observations: [ModelObservation] = []
    private var shown: Set<ObjectIdentifier> = []
    private var answered: [ObjectIdentifier: UInt64] = [:]
    /// How many waits it has answered.
    public private(set) var appearances = 0

    public init(driver: any TransitionDriver) {
        self.driver = driver
    }

    /// Puts `stack`'s view on screen: from now on each of its transitions ends when the
    /// driver says its page has appeared.
    public func show(_ stack: PageStackModel) {
        guard shown.insert(ObjectIdentifier(stack)).inserted else { return }
        stack.stackAppeared()
        observations.append(stack.observe { [weak self, weak stack] _ in
            guard let self, let stack else { return }
            self.answer(stack)
        })
        answer(stack)
    }

    /// Takes `stack`'s view off screen, as leaving its tab does.
    public func hide(_ stack: PageStackModel) {
        stack.stackDisappeared()
    }

    /// Puts the presentations of `host` on screen: each presented page appears, and each
    /// dismissal ends, when the driver says so. A presented ``PageStackModel`` is shown
    /// with its presentation.
    public func show(_ host: PageHostModel) {
        guard shown.insert(ObjectIdentifier(host)).inserted else { return }
        observations.append(host.observe { [weak self, weak host] _ in
            guard let self, let host else { return }
            self.answer(host)
        })
        answer(host)
    }

    private func answer(_ stack: PageStackModel) {
        guard let wait = stack.screenWait, answered[ObjectIdentifier(stack)] != wait.id else { return }
        answered[ObjectIdentifier(stack)] = wait.id
        let transition = HeadlessTransition(kind: wait.transition, container: stack,
                                            pages: wait.page.page.map { [$0] } ?? [], animated: true)
        driver.run(transition) { [weak self, weak stack] in
            // Only this wait's end: a late end of an earlier, timed-out one must not end a newer one.
            guard let self, let stack, let current = stack.screenWait, current.id == wait.id,
                  let page = current.page.page else { return }
            self.appearances += 1
            stack.pageAppeared(page)
        }
    }

    private func answer(_ host: PageHostModel) {
        // A presentation that does not wait (not animated) shows its stack at once.
        for page in host.presentedPages {
            if let stack = page as? PageStackModel, host.screenWait?.page.page !== page { show(stack) }
        }
        guard let wait = host.screenWait, answered[ObjectIdentifier(host)] != wait.id,
              let page = wait.page.page else { return }
        answered[ObjectIdentifier(host)] = wait.id
        let transition = HeadlessTransition(kind: wait.transition, container: page, pages: [page], animated: true)
        driver.run(transition) { [weak self, weak host] in
            guard let self, let host, let current = host.screenWait, current.id == wait.id,
                  let page = current.page.page else { return }
            self.appearances += 1
            switch current.kind {
            case .appearance:
                if let stack = page as? PageStackModel { self.show(stack) }
                host.presentationAppeared(page)
            case .dismissal:
                host.presentationEnded(over: page)
            }
        }
    }
}
