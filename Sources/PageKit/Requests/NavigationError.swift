/// Why a navigation request did not happen, or did not finish.
///
/// The message names the path and the component:
///
/// ```swift
/// do {
///     try await navigator.open("app://tab/contact/person_detail/handler?id=9")
/// } catch {
///     error.code   // .notRegistered
///     print(error) // cannot open `app://tab/contact/person_detail/handler?id=9` at
///                  // `handler`: no live page answers it and no page is registered …
/// }
/// ```
public struct NavigationError: Error, Sendable {
    /// What kind of failure it is. New codes may be added in later versions: a
    /// `switch` handles the codes it expects and leaves the rest to `default`.
    public enum Code: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// A short name for the code: the case's name.
        public var description: String { rawValue }

        /// The text is not a valid page path; ``NavigationError/underlying`` is the
        /// ``PagePathError``.
        case invalidPath
        /// No live page answers a component, and where the walk stands no new page can be
        /// shown (a fixed tab container, a page outside any stack).
        case cannotShow
        /// A page must be made for a component, and no page is registered under its name.
        case notRegistered
        /// A name was registered twice with ``PageRegistry/register(_:externallyOpenable:options:factory:)``.
        case duplicateRegistration
        /// A page factory threw; ``NavigationError/underlying`` is its error.
        case factoryFailed
        /// An ``EventHandler`` is named somewhere other than at the end of the path.
        case handlerNotLast
        /// The page that owns an ``EventHandler`` has been freed.
        case handlerOwnerGone
        /// A page a step needs is no longer where the plan found it.
        case staleHierarchy
        /// A container reported that a transition failed; ``NavigationError/underlying``
        /// is its error.
        case transitionFailed
        /// A container never reported the end of a transition within its time-out.
        case timedOut
        /// The request was cancelled before it ran, or between two of its steps.
        case cancelled
        /// A transition holds the queue, so an interactive one cannot begin now.
        case busy
        /// A guard, or a page asked whether it can leave, refused.
        case refused
        /// Guards redirected more times than allowed, or back to a path already tried.
        case redirectLoop
        /// An open from outside the app reaches a page not registered as externally
        /// openable.
        case notExternallyOpenable
        /// The navigator has no root page yet.
        case noRoot
        /// No live page has the identifier.
        case unknownIdentifier
        /// The page asked about is not in the live hierarchy.
        case notLive
        /// A page that is already in the hierarchy was pushed or presented again: nothing
        /// changed (UIKit would raise an exception).
        case alreadyInHierarchy
        /// An action is named somewhere other than at the end of the path.
        case actionNotLast
        /// An action threw; ``NavigationError/underlying`` is its error.
        case actionFailed
        /// Event handlers with the component's name live, but none admits the event.
        case eventRefused
        /// A page asked to change its parameters in place does not adopt
        /// ``ParametersUpdating``.
        case cannotUpdate
        /// A typed route could not be written as a component; ``NavigationError/underlying``
        /// is its `PageRouteError` (`PageKitRoutes`).
        case invalidRoute
        /// A link from outside the app matches no pattern of the navigator's link map
        /// (`PageKitLinks`), or is not a link; ``NavigationError/path`` is the link and
        /// ``NavigationError/underlying`` the map's `LinkMapError`.
        case invalidLink
        /// A page's saved state (`StateSaving`, `PageKitRestoration`) could not be handed back on restore.
        case stateNotRestored
        /// A ``PageRegistry`` scope holds characters a path reads as syntax, or is empty.
        case invalidScope
        /// A move was given an option it cannot honour (a transition for `update`, a
        /// presentation for `pop`); moves never ignore an option.
        case unsupportedOption
        /// A move (`back`, `up`, a relative path) reaches above the root.
        case outOfRange
        /// A response's payload is not of the type the opener expects.
        case responseTypeMismatch
        /// An app URL whose scheme is not one of
        /// ``Navigator/Configuration/acceptedSchemes``.
        case foreignScheme
        /// An alert's content cannot be shown as it is (two cancel buttons, say), or a
        /// button that is not one of the alert's was chosen.
        case invalidAlert
        /// A page's loader (``PageLoader``) threw, or its value is not the type the page
        /// takes; ``NavigationError/underlying`` is the loader's error. A load stopped
        /// because the request was cancelled or superseded is ``cancelled``, never this.
        case loadFailed
        /// The loads a request needed took longer than
        /// ``TransitionQueue/Timeouts-swift.struct/load``: the request let go of the queue.
        case loadTimedOut
        /// A guard, or a page asked whether it may leave, did not answer within
        /// ``TransitionQueue/Timeouts-swift.struct/answer``: the request, or the person's
        /// gesture, let go of the queue. ``NavigationError/component`` names the page.
        case answerTimedOut
    }

    /// The fields, shared by copies: an error travels through results, outcomes and
    /// the queue's state, and a copy is one reference.
    private struct Fields: Sendable {
        var code: Code
        var path: String?
        var move: NavigationMove?
        var component: String?
        var reason: String
        var underlying: (any Error)?
    }

    private var fields: CopyOnWrite<Fields>

    /// What kind of failure it is.
    public internal(set) var code: Code {
        get { fields.code }
        set { fields.code = newValue }
    }
    /// The path that was being opened, when there is one.
    public internal(set) var path: String? {
        get { fields.path }
        set { fields.path = newValue }
    }
    /// The move that was being made, when the request was a move.
    public internal(set) var move: NavigationMove? {
        get { fields.move }
        set { fields.move = newValue }
    }
    /// The component the failure concerns, when there is one.
    public internal(set) var component: String? {
        get { fields.component }
        set { fields.component = newValue }
    }
    /// A sentence fragment that says what went wrong.
    public internal(set) var reason: String {
        get { fields.reason }
        set { fields.reason = newValue }
    }
    /// The error underneath: a ``PagePathError``, a factory's or a container's error.
    public internal(set) var underlying: (any Error)? {
        get { fields.underlying }
        set { fields.underlying = newValue }
    }

    /// Creates an error.
    /// - Parameters:
    ///   - code: What kind of failure it is.
    ///   - path: The path being opened.
    ///   - component: The component concerned.
    ///   - reason: What went wrong.
    ///   - underlying: The error underneath.
    public init(
        _ code: Code,
        path: String? = nil,
        component: String? = nil,
        reason: String,
        underlying: (any Error)? = nil
    ) {
        fields = CopyOnWrite(Fields(code: code, path: path, component: component, reason: reason,
                                    underlying: underlying))
    }

    init(_ error: PagePathError) {
        self.init(.invalidPath, path: error.input, reason: error.description, underlying: error)
    }

    /// `error` as a navigation error: itself, a path error as ``Code/invalidPath`` (or
    /// ``Code/outOfRange`` when a relative path climbs above the root or fewer than 0
    /// levels), and anything else as ``Code/transitionFailed`` with the error underneath.
    package init(wrapping error: any Error) {
        switch error {
        case let error as NavigationError: self = error
        case let error as PagePathError where error.code == .aboveRoot || error.code == .negativeClimb:
            self.init(.outOfRange, path: error.input, reason: error.reason, underlying: error)
        case let error as PagePathError: self.init(error)
        case let error as any NavigationErrorConvertible: self = error.navigationError
        default: self.init(.transitionFailed, reason: "\(error)", underlying: error)
        }
    }

    /// What a container reported when the transition `step` failed: its own
    /// ``NavigationError`` as it is, anything else as ``Code/transitionFailed``.
    /// - Parameters:
    ///   - step: What the container was asked to do.
    ///   - error: What it reported.
    init(transition step: String, failedWith error: any Error) {
        if let error = error as? NavigationError {
            self = error
        } else {
            self.init(.transitionFailed, reason: "\(step) failed", underlying: error)
        }
    }

    /// The same error, naming `path` if it named no request.
    func naming(_ path: @autoclosure () -> PagePath) -> NavigationError {
        var copy = self
        if copy.path == nil, copy.move == nil { copy.path = path().description }
        return copy
    }

    /// The same error, naming `move` if it named no request.
    func naming(_ move: NavigationMove) -> NavigationError {
        var copy = self
        if copy.path == nil, copy.move == nil { copy.move = move }
        return copy
    }

    /// The same error, naming `target` if it named no request.
    func naming(_ target: NavigationTarget?) -> NavigationError {
        switch target {
        case .path(let path): naming(path)
        case .move(let move): naming(move)
        case nil: self
        }
    }

    /// Whether the failure is the queue's (a transition timed out, failed, was cancelled
    /// or could not begin) rather than the request's own.
    var isQueueFailure: Bool {
        code == .timedOut || code == .cancelled || code == .transitionFailed || code == .busy
    }
}

extension NavigationError: CustomStringConvertible {
    /// The message: what was asked (the path or the move), the component, what went
    /// wrong. A request that could not be carried out reads "cannot open" and its path; a
    /// transition that timed out, failed or was cancelled says so; a failure that names
    /// neither a path nor a move (a container refusing a person's gesture, say) reads
    /// "failed at" and the component.
    public var description: String {
        if code == .invalidPath || code == .invalidRoute { return reason }
        let subject = move.map { "`\($0)`" } ?? path.map { "`\($0)`" }
        var text: String
        if isQueueFailure {
            let what = switch code {
            case .timedOut: "timed out"
            case .cancelled: "was cancelled"
            case .busy: "could not begin"
            default: "failed"
            }
            text = "\(subject ?? "the transition") \(what)"
        } else if code == .duplicateRegistration {
            text = "cannot register"
        } else if let move {
            text = "cannot \(move)"
        } else if let subject {
            text = "cannot open \(subject)"
        } else {
            text = "failed"  // Nothing was being opened: a gesture, a question, a response.
        }
        if let component { text += " at `\(component)`" }
        text += ": \(reason)"
        if let underlying { text += " (\(underlying))" }
        return text
    }
}

/// An error of a module built on the core that stands for a navigation error of its own
/// code when a request fails with it: a typed route that cannot be written fails the
/// request with ``NavigationError/Code/invalidRoute``, a link the map refuses with
/// ``NavigationError/Code/invalidLink``, not as a failed transition.
package protocol NavigationErrorConvertible: Error {
    /// The navigation error a request that met this error fails with.
    var navigationError: NavigationError { get }
}
