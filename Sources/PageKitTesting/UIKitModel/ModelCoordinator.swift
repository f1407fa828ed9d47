import PageKit
public import PageKitContainers

/// A transition coordinator of the model (`UIViewControllerTransitionCoordinator.h`): it
/// exists only while its transition runs; `animate(alongsideTransition:completion:)`
/// returns ``UIKitModel/Behaviour/alongsideQueued``, and its completion runs at the end,
/// after a `false` only when ``UIKitModel/Behaviour/completionAfterFalse``; the
/// interaction callbacks run when the finger lifts.
@MainActor
public final class ModelCoordinator: TransitionCoordination {
    private unowned let model: UIKitModel
    /// Whether a finger drives it now.
    public private(set) var isInteractive: Bool
    /// Whether a finger drove it when it began.
    public let isInitiallyInteractive: Bool
    /// Whether it was cancelled.
    public private(set) var isCancelled = false
    /// How long its animation takes.
    public var transitionDuration: Duration { model.duration }
    private var completions: [@MainActor (Bool) -> Void] = []
    private var interactionHandlers: [@MainActor (Bool) -> Void] = []
    private var isComplete = false

    init(model: UIKitModel, interactive: Bool) {
        self.model = model
        isInteractive = interactive
        isInitiallyInteractive = interactive
    }

    public func whenCompleted(_ handler: @escaping @MainActor (Bool) -> Void) -> Bool {
        let queued = model.behaviour.alongsideQueued
        if queued || model.behaviour.completionAfterFalse { completions.append(handler) }
        return queued
    }

    public func whenInteractionChanges(_ handler: @escaping @MainActor (Bool) -> Void) {
        interactionHandlers.append(handler)
    }

    func interactionEnded(cancelled: Bool) {
        isInteractive = false
        isCancelled = cancelled
        let handlers = interactionHandlers
        for handler in handlers { handler(cancelled) }
    }

    func complete() {
        guard !isComplete else { return }
        isComplete = true
        let handlers = completions
        completions = []
        for handler in handlers { handler(isCancelled) }
    }
}
