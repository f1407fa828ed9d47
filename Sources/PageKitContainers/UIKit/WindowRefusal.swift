#if canImport(UIKit)
import Foundation

/// UIKit's refusal of a new window (`UISceneErrorDomain`), as a value that crosses to the
/// main actor.
public struct WindowRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The error's domain.
    public let domain: String
    /// The error's code.
    public let code: Int
    /// The error's description.
    public let description: String

    init(_ error: any Error) {
        let error = error as NSError
        domain = error.domain
        code = error.code
        description = error.localizedDescription
    }
}
#endif
