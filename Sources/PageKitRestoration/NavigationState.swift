public import PageKit

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
    /// How the pages of ``path`` were pushed and presented, where not by default, so that
    /// the restore shows them the same way even when a request chose the style; `nil` in a
    /// state saved before styles were, whose pages are restored as registered.
    var pathStyles: PathStyles?
    /// The same for the history's paths, by index.
    var historyStyles: [Int: PathStyles] = [:]

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
        case path, history, pageStates, pathStyles, historyStyles
    }

    /// Decodes a state; one saved before pages had states of their own has none, and one
    /// saved before pages' styles were saved shows them as registered.
    /// - Parameter decoder: The decoder.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        path = try container.decode(PagePath.self, forKey: .path)
        history = try container.decode([PagePath].self, forKey: .history)
        pageStates = try container.decodeIfPresent([PageSavedState].self, forKey: .pageStates) ?? []
        pathStyles = try container.decodeIfPresent(PathStyles.self, forKey: .pathStyles)
        historyStyles = try container.decodeIfPresent([Int: PathStyles].self, forKey: .historyStyles) ?? [:]
    }

    /// Encodes the state; the styles only when a page has one.
    /// - Parameter encoder: The encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(history, forKey: .history)
        try container.encode(pageStates, forKey: .pageStates)
        try container.encodeIfPresent(pathStyles, forKey: .pathStyles)
        if !historyStyles.isEmpty { try container.encode(historyStyles, forKey: .historyStyles) }
    }
}
