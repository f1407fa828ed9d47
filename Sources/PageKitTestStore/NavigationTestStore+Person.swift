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
public import PageKit
import PageKitContainers
import PageKitTesting

// The person's gestures, on what is on screen: the stack and the tabs on top of the
// visible chain, and the sheet on top.
extension NavigationTestStore {
    /// The person taps the back button of the stack on screen
    /// (`PageStackModel.userTapsBack()`).
    /// - Parameters:
    ///   - fileID: Where the gesture is, for a failure.
    ///   - filePath: Where the gesture is.
    ///   - line: Where the gesture is.
    ///   - column: Where the gesture is.
    /// - Returns: Whether the page was left, or the attempt refused or abandoned.
    /// - Throws: ``/PageKit/NavigationError/Code/staleHierarchy`` when no stack is on screen; what
    ///   the stack throws.
    @discardableResult
    public func userTapsBack(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async throws -> LeaveAttempt {
        try await perform("tap back", at: Location(fileID: fileID, filePath: filePath, line: line, column: column)) {
            try visibleStack().userTapsBack()
        }
    }

    /// The person swipes back on the stack on screen
    /// (`PageStackModel.userSwipesBack(finishing:)`).
    /// - Parameters:
    ///   - finishing: Whether the finger lifts past the point of no return.
    ///   - fileID: Where the gesture is, for a failure.
    ///   - filePath: Where the gesture is.
    ///   - line: Where the gesture is.
    ///   - column: Where the gesture is.
    /// - Returns: Whether the page was left, or the attempt refused or abandoned.
    /// - Throws: ``/PageKit/NavigationError/Code/staleHierarchy`` when no stack is on screen; what
    ///   the stack throws.
    @discardableResult
    public func userSwipesBack(
        finishing: Bool = true,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async throws -> LeaveAttempt {
        try await perform("swipe back", at: Location(fileID: fileID, filePath: filePath, line: line, column: column)) {
            try visibleStack().userSwipesBack(finishing: finishing)
        }
    }

    /// The person swipes down the sheet on top (`PageHostModel.userSwipesDownModal(finishing:)`).
    /// - Parameters:
    ///   - finishing: Whether the sheet is swiped past the point of no return.
    ///   - fileID: Where the gesture is, for a failure.
    ///   - filePath: Where the gesture is.
    ///   - line: Where the gesture is.
    ///   - column: Where the gesture is.
    /// - Returns: Whether the sheet was left, or the attempt refused or abandoned.
    /// - Throws: What the host throws: ``/PageKit/NavigationError/Code/staleHierarchy`` when nothing
    ///   is presented.
    @discardableResult
    public func userSwipesDownModal(
        finishing: Bool = true,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async throws -> LeaveAttempt {
        try await perform("swipe down", at: Location(fileID: fileID, filePath: filePath, line: line, column: column)) {
            guard let host else {
                throw NavigationError(.staleHierarchy, reason: "the navigator's host is not a `PageHostModel`")
            }
            return try host.userSwipesDownModal(finishing: finishing)
        }
    }

    /// The person taps the tab named `name` in the innermost tab container on screen that
    /// has one (`PageTabModel.userSelectsTab(_:)`).
    /// - Parameters:
    ///   - name: The tab's page name; a transparent stack's is its first page's.
    ///   - fileID: Where the gesture is, for a failure.
    ///   - filePath: Where the gesture is.
    ///   - line: Where the gesture is.
    ///   - column: Where the gesture is.
    /// - Throws: ``/PageKit/NavigationError/Code/notLive`` when no tab container on screen has such
    ///   a tab.
    public func userSelectsTab(
        _ name: String,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async throws {
        try await perform("tap tab \(name)", at: Location(fileID: fileID, filePath: filePath, line: line, column: column)) {
            for tabs in visibleChain().compactMap({ $0 as? PageTabModel }).reversed() {
                if let index = tabs.tabs.firstIndex(where: { Self.tabName(of: $0) == name }) {
                    try tabs.userSelectsTab(index)
                    return
                }
            }
            throw NavigationError(.notLive, component: name, reason: "no tab container on screen has a tab `\(name)`")
        }
    }

    /// The pages on screen, from the root of the top level (the root, or the sheet on top)
    /// through each tab container's selected tab and each stack's top page.
    /// - Complexity: O(*d*) in the depth of the visible chain.
    func visibleChain() -> [any Page] {
        guard let root = host?.presentedPages.last ?? navigator.root else { return [] }
        var chain: [any Page] = [root]
        while let page = chain.last {
            let next: (any Page)? = switch page {
            case let stack as PageStackModel: stack.pages.last
            case let tabs as PageTabModel: tabs.visiblePage
            default: nil
            }
            guard let next else { break }
            chain.append(next)
        }
        return chain
    }

    private func visibleStack() throws -> PageStackModel {
        guard let stack = visibleChain().last(where: { $0 is PageStackModel }) as? PageStackModel else {
            throw NavigationError(.staleHierarchy, reason: "no stack is on screen")
        }
        return stack
    }

    private static func tabName(of page: any Page) -> String {
        if let stack = page as? PageStackModel, stack.pageName.isEmpty {
            return stack.pages.first?.pageName ?? ""
        }
        return page.pageName
    }
}
