import PageKit

internal import Foundation

/// One page's own state in a ``NavigationState``: the page's place on the saved path, its
/// name to check it is the same kind of page, and its ``StateSaving/SavedState`` as JSON.
public struct PageSavedState: Codable, Sendable, Hashable {
    /// Where the page stands on the saved path: the index of its component.
    public let index: Int
    /// The page's name, checked against the component restored at ``index``.
    public let name: String
    /// The state, encoded as JSON text.
    public let json: String

    /// Creates a saved state.
    /// - Parameters:
    ///   - index: The index of the page's component on the saved path.
    ///   - name: The page's name.
    ///   - json: The state as JSON text.
    public init(index: Int, name: String, json: String) {
        self.index = index
        self.name = name
        self.json = json
    }
}

extension StateSaving {
    /// Its state as JSON, or `nil` when it has none to save.
    func encodedState() throws -> String? {
        guard let state = savedState else { return nil }
        return String(decoding: try JSONEncoder().encode(state), as: UTF8.self)
    }

    /// Decodes `json` as its state and hands it over.
    func restoreState(fromJSON json: String) throws {
        restore(try JSONDecoder().decode(SavedState.self, from: Data(json.utf8)))
    }
}
