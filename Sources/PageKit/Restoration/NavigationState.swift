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

    /// Creates a state.
    /// - Parameters:
    ///   - path: The path on screen.
    ///   - history: The history, oldest first.
    public init(path: PagePath, history: [PagePath]) {
        self.path = path
        self.history = history
    }
}
