//===----------------------------------------------------------------------===//
//
// This source file is part of the PageKit open source project
//
// Copyright (c) the PageKit project authors
// Licensed under Apache License v2.0
//
// See LICENSE.txt for license information
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

// What `PageKitRestoration` reads of the screen and the history to save a state, and
// writes back into the history once a state is restored: the core keeps no type of the
// saved state itself.
extension Navigator {
    /// The pages on screen, root first, each with the component it stands for; the path
    /// they make; and how they were shown where not by default. `nil` before a root is
    /// installed.
    package func shownPages() -> (path: PagePath, pages: [(component: PageComponent, page: any Page)],
                                  styles: PathStyles?)? {
        guard let route = visibleRoute() else { return nil }
        let pages = (0..<route.count).map { (component: route[$0].component, page: route[$0].page) }
        return (route.path.path, pages, shownStyles.styles(on: route))
    }

    /// The history's paths, oldest first, and how each one's pages were shown where not by
    /// default, by the path's index.
    package var historyWithStyles: (paths: [PagePath], styles: [Int: PathStyles]) {
        let entries = history.shared
        var styles: [Int: PathStyles] = [:]
        for (index, entry) in entries.enumerated() {
            if let shown = entry.styles { styles[index] = shown }
        }
        return (entries.map(\.path.path), styles)
    }

    /// Replaces the history with `paths` (and how their pages were shown, by index),
    /// followed by the path now on screen.
    package func replaceHistory(with paths: [PagePath], styles: [Int: PathStyles]) {
        history.replace(with: paths + [currentPath], styles: styles.filter { $0.key < paths.count })
        recordInHistory(hierarchy?.visiblePath() ?? SharedPath())
    }
}
