import PageKit
public import PageKitContainers

/// The platform's windows as ``/PageKitContainers/WindowNavigators`` meets them, as a device answers:
/// more than one window only where the device has them (`UIApplication.supportsMultipleScenes`
/// needs the Info.plist key and an iPad or a Mac: `UIApplication.h`); an answer that comes
/// later or never, since `requestSceneSessionActivation` has no success callback
/// (`UIApplication.h`); the request shown in a window already open, which the system may
/// pick (`UIApplication.h`: "the system will select one (possibly creating a new
/// session…)"); or nothing at all (iPadOS 16.5's `openWindow`, reported:
/// kkebo/DevToys.swiftpm#37).
@MainActor
public final class ModelWindowOpener: WindowOpening {
    /// What the system does with the next request.
    public enum Answer: Sendable, Equatable {
        /// A new window connects with it.
        case newWindow
        /// It reaches the window already open with this identifier.
        case existingWindow(String)
        /// Nothing happens.
        case nothing
        /// The system refuses (`UISceneErrorCodeRequestDenied`).
        case refusal
    }

    /// Refused by the model's system.
    public struct Refusal: Error, Equatable {}

    /// Whether the device shows more than one window.
    public var supportsMultipleWindows: Bool
    /// What the system does with the next request.
    public var answer = Answer.newWindow
    /// The windows' navigators the system connects windows to.
    public weak var windows: WindowNavigators?
    /// Every request asked of it, in order.
    public private(set) var requests: [WindowRequest] = []
    /// What failed as the system connected a window or handed a request over.
    public private(set) var errors: [any Error] = []
    private var made = 0

    /// A system.
    /// - Parameter supportsMultipleWindows: Whether the device shows more than one window.
    public init(supportsMultipleWindows: Bool) {
        self.supportsMultipleWindows = supportsMultipleWindows
    }

    public func requestWindow(_ request: WindowRequest, failed: @escaping @MainActor (any Error) -> Void) {
        requests.append(request)
        let answer = self.answer
        // The system answers on a later turn, never inside the call.
        Task { @MainActor in
            do {
                switch answer {
                case .newWindow:
                    made += 1
                    try await windows?.connect("window \(made)", request: request)
                case .existingWindow(let id):
                    try await windows?.continueRequest(request, in: id)
                case .nothing:
                    break
                case .refusal:
                    failed(Refusal())
                }
            } catch {
                errors.append(error)
            }
        }
    }
}
