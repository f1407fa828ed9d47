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

#if canImport(SwiftUI) && os(iOS)
public import PageKitContainers
import Foundation
import PageKit
public import SwiftUI

/// A SwiftUI `NavigationStack` driven by a ``/PageKitContainers/PageStackModel``.
///
/// The view only translates. Its path binds to ``/PageKitContainers/PageStackModel/path``: PageKit's pushes
/// and pops change the model and the stack follows; the person's back button or swipe
/// shrinks the path, which the model reports as the person's pop
/// (``/PageKitContainers/PageStackModel/pathChanged(to:)``). Each page's view comes from ``PageView``.
///
/// iOS 16's `NavigationStack` says nothing when a transition ends, and `onAppear` runs as
/// its animation starts, so each page reports its hosting controller's `viewDidAppear`
/// and the transition coordinator's completion (``/PageKitContainers/PageStackModel/pageDidAppear(_:)``),
/// which end the transition; the queue's time-out is the safety net. The page on screen
/// also reports the person's swipe back, which holds the queue until it has ended
/// (``/PageKitContainers/PageStackModel/swipeBackBegan()``). The stack's own `onAppear` and `onDisappear`
/// tell the model whether anything will appear at all (a stack in a tab that is not
/// selected ends its transitions at once).
///
/// Each page observes only what it shows (``/PageKitContainers/PageStackModel/chrome(of:)``): a page whose
/// leave policy does not allow the back button or the swipe gets PageKit's back button,
/// with the previous page's title and a long-press history, which asks it first
/// (``/PageKitContainers/PageStackModel/userTapsBack()``, ``/PageKitContainers/PageStackModel/userGoesBack(to:)``); a page
/// pushed with ``/PageKit/ShowStyle/hidesBottomBar`` hides the tab bar.
///
/// ```swift
/// let contacts = PageStackModel(name: "contact", pages: [ScreenPage("list")], queue: queue)
/// PageNavigationStack(contacts)
/// ```
@MainActor
public struct PageNavigationStack: View {
    private let model: PageStackModel
    @ObservedObject private var publisher: ModelPublisher

    /// The stack of `model`.
    /// - Parameter model: The stack's model.
    public init(_ model: PageStackModel) {
        self.model = model
        _publisher = ObservedObject(wrappedValue: .of(model))
        if model.systemVersion == nil {
            let running = ProcessInfo.processInfo.operatingSystemVersion
            model.systemVersion = SystemVersion(running.majorVersion, running.minorVersion)
        }
    }

    /// The navigation stack.
    public var body: some View {
        NavigationStack(path: path) {
            Group {
                if let root = model.rootEntry {
                    StackPageView(entry: root, stack: model).equatable()
                }
            }
            .navigationDestination(for: PageEntry.self) { entry in
                StackPageView(entry: entry, stack: model).equatable()
            }
        }
        .onAppear { model.stackAppeared() }
        .onDisappear { model.stackDisappeared() }
    }

    private var path: Binding<[PageEntry]> {
        Binding(get: { model.path }, set: { model.pathChanged(to: $0) })
    }
}

/// A page in a stack: its view, what UIKit says of its hosting controller, and its back
/// button and tab bar as its chrome says. It is drawn again only when its own chrome
/// changes, not when the stack does.
@MainActor
private struct StackPageView: View, Equatable {
    let entry: PageEntry
    let stack: PageStackModel
    @ObservedObject private var publisher: ModelPublisher
    private let slot: PageSlot

    init(entry: PageEntry, stack: PageStackModel) {
        self.entry = entry
        self.stack = stack
        let slot = stack.slot(for: entry.id)
        self.slot = slot
        _publisher = ObservedObject(wrappedValue: .of(slot))
    }

    nonisolated static func == (lhs: StackPageView, rhs: StackPageView) -> Bool {
        lhs.entry == rhs.entry && lhs.stack === rhs.stack
    }

    var body: some View {
        if let page = entry.page {
            let chrome = slot.chrome
            PageView(page)
                .hostingEvents(didAppear: { stack.pageDidAppear(page) }, swipeBack: { cancelled in
                    if let cancelled {
                        stack.swipeBackEnded(cancelled: cancelled)
                    } else {
                        stack.swipeBackBegan()
                    }
                })
                .onAppear { stack.pageAppeared(page) }
                .navigationBarBackButtonHidden(chrome.backButton != nil)
                .toolbar {
                    if let back = chrome.backButton {
                        ToolbarItem(placement: .navigationBarLeading) {
                            StackBackButton(back: back, stack: stack)
                        }
                    }
                }
                .toolbar(chrome.hidesBottomBar ? .hidden : .automatic, for: .tabBar)
        }
    }
}

/// PageKit's back button: a chevron and the previous page's title; a tap leaves through
/// the page's leave policy, a long press lists the pages below, as the system's history
/// menu does.
@MainActor
private struct StackBackButton: View {
    let back: PageBackButton
    let stack: PageStackModel

    var body: some View {
        Menu {
            ForEach(back.history) { item in
                Button {
                    // The history lists pages below the top, so there is one to go back to.
                    _ = try? stack.userGoesBack(to: item.entry)
                } label: {
                    Text(verbatim: item.title)
                }
            }
        } label: {
            HStack(spacing: 4) {
                Image(systemName: "chevron.backward").fontWeight(.semibold)
                if let title = back.title { Text(verbatim: title) } else { Text("Back") }
            }
        } primaryAction: {
            // Only pages above the root get this button, so there is a page to go back to.
            _ = try? stack.userTapsBack()
        }
    }
}
#endif
