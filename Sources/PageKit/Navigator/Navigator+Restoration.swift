extension Navigator {
    /// The state to save: the current path, each page with its own parameters, and the
    /// history.
    public var state: NavigationState {
        NavigationState(path: currentPath, history: history.entries)
    }

    /// Restores a saved state, in exact mode: the hierarchy is made equal to its path,
    /// and the history is its history.
    ///
    /// The path is planned first without moving anything; a component that is no longer
    /// registered, or that nothing can show, is trimmed with everything after it. Then it
    /// is opened; a component whose factory refuses is trimmed in the same way, before
    /// anything moves, and the rest is opened again. What was trimmed is in the report.
    /// - Parameters:
    ///   - state: The saved state.
    ///   - options: Animation (none by default) and payload; the mode is exact.
    /// - Returns: What was restored and what was trimmed.
    /// - Throws: A ``NavigationError`` when even the trimmed path cannot be opened (no
    ///   root, a first component that is neither the root nor one of its children, a
    ///   refusal, a time-out).
    @discardableResult
    public func restore(_ state: NavigationState, _ options: NavigationOptions = .animated(false)) async throws
        -> RestorationReport {
        var options = options
        options.mode = .exact
        var path = state.path
        var trims: [RestorationReport.Trim] = []
        while true {
            // A dry run: nothing moves while the path is planned.
            do {
                _ = try plan(for: path, options)
            } catch let error as NavigationError {
                guard let cut = trim(path, at: error, options: options, into: &trims) else { throw error }
                path = cut
                continue
            }
            do {
                try await open(path, options)
                break
            } catch let error as NavigationError where error.code == .factoryFailed {
                guard let cut = trim(path, at: error, options: options, into: &trims) else { throw error }
                path = cut
            }
        }
        // The saved history ends with the saved path; the restored one stands for it.
        var entries = state.history
        if entries.last == state.path { entries.removeLast() }
        history.replace(with: entries + [currentPath])
        return RestorationReport(saved: state.path, restored: path, trims: trims)
    }

    /// `path` cut before the component `error` names, recording the cut; `nil` when
    /// the error names no component of it, or is not about one (a refusal).
    private func trim(_ path: PagePath, at error: NavigationError, options: NavigationOptions,
                      into trims: inout [RestorationReport.Trim]) -> PagePath? {
        guard let name = error.component, error.code != .refused, error.code != .cancelled else { return nil }
        // The first component of that name whose path, up to it, cannot be planned: one
        // of the same name further up may be a live page.
        var culprit: Int?
        for index in path.components.indices where path.components[index].name == name {
            var upTo = path
            upTo.components.removeSubrange((index + 1)...)
            // It fails to plan, or (a factory that refused) it is made rather than found.
            guard let planned = try? plan(for: upTo, options),
                  error.code != .factoryFailed || !planned.newComponents.contains(where: { $0.name == name }) else {
                culprit = index
                break
            }
        }
        // The root itself cannot be cut: nothing of the state would be left to restore.
        guard let index = culprit, index > 0 else { return nil }
        trims.append(RestorationReport.Trim(component: path.components[index], index: index, error: error))
        var cut = path
        cut.components.removeSubrange(index...)
        return cut
    }
}
