public import PageKit

extension Navigator {
    /// The state to save: the current path, each page with its own parameters, the
    /// history, and the own state of each page on the path that adopts ``StateSaving``
    /// (a page whose state fails to encode saves none). Each page shown otherwise than by
    /// default (a full-screen cover a request asked for, a registration's sheet detents, a
    /// push that hid the tab bar) is saved with its style, so that ``restore(_:_:)`` shows
    /// it the same way.
    public var state: NavigationState {
        let history = historyWithStyles
        guard let shown = shownPages() else { return NavigationState(path: PagePath([]), history: history.paths) }
        var states: [PageSavedState] = []
        for (index, (_, page)) in shown.pages.enumerated() {
            guard let saving = page as? any StateSaving, let json = try? saving.encodedState() else { continue }
            states.append(PageSavedState(index: index, name: page.pageName, json: json))
        }
        var path = shown.path
        if shown.pages.last?.page is AlertPage {
            // An alert is a question of the moment: a restored app does not ask it again.
            path.components.removeLast()
        }
        var state = NavigationState(path: path, history: history.paths, pageStates: states)
        state.pathStyles = shown.styles?.prefix(path.components.count)
        state.historyStyles = history.styles
        return state
    }

    /// Restores a saved state, in exact mode: the hierarchy is made equal to its path,
    /// and the history is its history.
    ///
    /// The path is planned first without moving anything; a component that is no longer
    /// registered, or that nothing can show, is trimmed with everything after it. Then it
    /// is opened; a component whose factory refuses, or whose loader throws, is trimmed in
    /// the same way, before anything moves, and the rest is opened again. What was
    /// trimmed is in the report.
    /// - Parameters:
    ///   - state: The saved state.
    ///   - options: Animation (none by default) and payload; the mode is exact.
    /// - Returns: What was restored and what was trimmed.
    /// - Throws: A ``/PageKit/NavigationError`` when even the trimmed path cannot be opened (no
    ///   root, a first component that is neither the root nor one of its children, a
    ///   refusal, a time-out).
    @discardableResult
    public func restore(_ state: NavigationState, _ options: NavigationOptions = .animated(false)) async throws
        -> RestorationReport {
        var options = options.mode(.exact)
        // The saved pages pushed and presented as they were (none saved: by default),
        // where the request says nothing itself.
        options.shownBefore = state.pathStyles ?? PathStyles()
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
            } catch let error as NavigationError where error.code == .factoryFailed || error.code == .loadFailed {
                guard let cut = trim(path, at: error, options: options, into: &trims) else { throw error }
                path = cut
            }
        }
        // The saved history ends with the saved path; the restored one stands for it.
        var entries = state.history
        if entries.last == state.path { entries.removeLast() }
        replaceHistory(with: entries, styles: state.historyStyles)
        return RestorationReport(saved: state.path, restored: path, trims: trims,
                                 unrestoredStates: restorePageStates(state.pageStates))
    }

    /// Hands each saved page state to the page now at its place, when the restore kept
    /// that place; the states it could not hand over, and why.
    private func restorePageStates(_ states: [PageSavedState]) -> [RestorationReport.Trim] {
        guard !states.isEmpty, let shown = shownPages() else { return [] }
        var unrestored: [RestorationReport.Trim] = []
        for state in states where state.index < shown.pages.count {
            let anchor = shown.pages[state.index]
            func fail(_ reason: String, _ error: (any Error)? = nil) {
                unrestored.append(RestorationReport.Trim(
                    component: anchor.component, index: state.index,
                    error: NavigationError(.stateNotRestored, component: state.name, reason: reason, underlying: error)))
            }
            guard anchor.page.pageName == state.name, let saving = anchor.page as? any StateSaving else {
                fail("the page at \(state.index) is `\(anchor.page.pageName)`, which does not save a state")
                continue
            }
            do {
                try saving.restoreState(fromJSON: state.json)
            } catch {
                fail("its saved state no longer decodes: \(error)", error)
            }
        }
        return unrestored
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
            // It fails to plan, or (a factory that refused, a loader that threw) it is made
            // rather than found.
            let madeFailed = error.code == .factoryFailed || error.code == .loadFailed
            guard let planned = try? plan(for: upTo, options),
                  !madeFailed || !planned.newComponents.contains(where: { $0.name == name }) else {
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
