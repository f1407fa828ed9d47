#if canImport(SwiftUI) && os(iOS)
import PageKit
public import SwiftUI

/// A SwiftUI `NavigationStack` driven by a ``PageStackModel``.
///
/// The view only translates. Its path binds to ``PageStackModel/path``: PageKit's pushes
/// and pops change the model and the stack follows; the person's back button or swipe
/// shrinks the path, which the model reports as the person's pop
/// (``PageStackModel/pathChanged(to:)``). Each page's view comes from ``PageView``.
///
/// iOS 16's `NavigationStack` says nothing when a transition ends, so the model ends one
/// when the page then on top appears: each page's `onAppear` calls
/// ``PageStackModel/pageAppeared(_:)``, and the queue's time-out is the safety net. The
/// stack's own `onAppear` and `onDisappear` tell the model whether anything will appear
/// at all (a stack in a tab that is not selected ends its transitions at once).
///
/// A page whose ``/PageKit/LeaveConfirming/leavePolicy(for:)`` does not allow the back
/// button or the swipe gets a back button of PageKit's, which asks it first
/// (``PageStackModel/userTapsBack()``); a page pushed with
/// ``/PageKit/ShowStyle/hidesBottomBar`` hides the tab bar.
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
    }

    /// The navigation stack.
    public var body: some View {
        NavigationStack(path: path) {
            Group {
                if let root = model.pages.first {
                    StackPageView(page: root, stack: model)
                }
            }
            .navigationDestination(for: PageEntry.self) { entry in
                if let page = entry.page {
                    StackPageView(page: page, stack: model)
                }
            }
        }
        .onAppear { model.stackAppeared() }
        .onDisappear { model.stackDisappeared() }
    }

    private var path: Binding<[PageEntry]> {
        Binding(get: { model.path }, set: { model.pathChanged(to: $0) })
    }
}

/// A page in a stack: its view, its appearance reported, and its back button and tab bar
/// as its leave policy and style say.
@MainActor
private struct StackPageView: View {
    let page: any Page
    let stack: PageStackModel
    @ObservedObject private var publisher: ModelPublisher

    init(page: any Page, stack: PageStackModel) {
        self.page = page
        self.stack = stack
        _publisher = ObservedObject(wrappedValue: .of(stack))
    }

    var body: some View {
        let replacesBack = stack.replacesBackButton(of: page)
        PageView(page)
            .onAppear { stack.pageAppeared(page) }
            .navigationBarBackButtonHidden(replacesBack)
            .toolbar {
                if replacesBack {
                    ToolbarItem(placement: .navigationBarLeading) {
                        Button {
                            // Only pages above the root get this button, so there is a page to go back to.
                            _ = try? stack.userTapsBack()
                        } label: {
                            Label("Back", systemImage: "chevron.backward")
                        }
                    }
                }
            }
            .toolbar(stack.style(of: page).hidesBottomBar ? .hidden : .automatic, for: .tabBar)
    }
}
#endif
