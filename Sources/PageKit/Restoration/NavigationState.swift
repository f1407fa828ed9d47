/// What a navigator saves to survive the app being killed: the current path, with each
/// page's own parameters, and the history. `Codable`, with paths written as their text.
///
/// ```swift
/// let data = try JSONEncoder().encode(navigator.state)          // when the app goes away
/// let state = try JSONDecoder().decode(NavigationState.self, from: data)
/// let report = try await navigator.restore(state)               // after a cold start
/// ```
public struct NavigationState: Codable, Sendable, Hashable {
    /// The path on screen.
    public var path: PagePath
    /// The history, oldest first; its last entry is ``path``.
    public var history: [PagePath]
    /// The own states of the pages on ``path`` that adopt ``StateSaving``, in path order.
    public var pageStates: [PageSavedState]

    /// Creates a state.
    /// - Parameters:
    ///   - path: The path on screen.
    ///   - history: The history, oldest first.
    ///   - pageStates: The own states of pages on `path`.
    public init(path: PagePath, history: [PagePath], pageStates: [PageSavedState] = []) {
        self.path = path
        self.history = history
        self.pageStates = pageStates
    }

    private enum CodingKeys: String, CodingKey {
        case path, history, pageStates
    }

    /// Decodes a state; one saved before pages had states of their own has none.
    /// - Parameter decoder: The decoder.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        path = try container.decode(PagePath.self, forKey: .path)
        history = try container.decode([PagePath].self, forKey: .history)
        pageStates = try container.decodeIfPresent([PageSavedState].self, forKey: .pageStates) ?? []
    }
}
