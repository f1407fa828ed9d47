#if canImport(SwiftUI) && os(iOS)
import PageKit
import PageKitContainers
import PageKitRestoration
import PageKitSwiftUI
import SwiftUI

// The example's SwiftUI half: views that bind to ExampleNavigation's models and call its
// methods. Add `@main` to `ExampleApp` to run it as an app.

/// The app: in each window, a tab view with stacks and a split view, over which sheets
/// are presented; a window of its own for a person where the device has them.
@MainActor
public struct ExampleApp: App {
    @StateObject private var state = ExampleState()

    /// Makes the app.
    public init() {}

    /// Windows, each opened for a request (a person in a new window) or none (the first
    /// window, or one the person made).
    public var body: some Scene {
        WindowGroup(for: WindowRequest.self) { $request in
            ExampleWindowView(state: state, request: request)
        }
    }
}

/// Keeps the windows' navigation for the life of the app.
@MainActor
final class ExampleState: ObservableObject {
    let opener = SwiftUIWindowOpener()
    let windows: Result<ExampleWindows, any Error>

    init() {
        let opener = opener
        windows = Result { try ExampleWindows(opener: opener) }
    }
}

/// One window: it connects with the request it was opened for, or restores the state its
/// scene saved, and saves that state as the scene goes to the background.
@MainActor
struct ExampleWindowView: View {
    @ObservedObject var state: ExampleState
    let request: WindowRequest?
    /// The window's identifier, kept with the scene so that a restored window is the same.
    @SceneStorage("example.window") private var window = UUID().uuidString
    @SceneStorage("example.navigation") private var saved: Data?
    @Environment(\.scenePhase) private var scenePhase
    @State private var navigation: ExampleNavigation?
    @State private var failure: String?

    var body: some View {
        Group {
            switch state.windows {
            case .success(let windows):
                if let navigation {
                    ExampleRootView(navigation: navigation, windows: windows, window: window)
                } else {
                    ProgressView().task { await connect(windows) }
                }
            case .failure(let error):
                Text(verbatim: "\(error)")
            }
        }
        .windowOpener(state.opener)
        .onChange(of: scenePhase) { phase in
            guard phase == .background, let navigation else { return }
            saved = try? JSONEncoder().encode(navigation.navigator.state)
        }
        .onDisappear {
            // The window closed (SwiftUI tears its views down): its navigation goes.
            if case .success(let windows) = state.windows { windows.disconnect(window) }
        }
        .alert("Cannot show this window's screens", isPresented: Binding(get: { failure != nil },
                                                                       set: { if !$0 { failure = nil } })) {
            Button("OK") { failure = nil }
        } message: {
            Text(verbatim: failure ?? "")
        }
    }

    private func connect(_ windows: ExampleWindows) async {
        let state = saved.flatMap { try? JSONDecoder().decode(NavigationState.self, from: $0) }
        do {
            navigation = try await windows.connect(window, request: request, restoring: state)
        } catch {
            // Connected all the same, on its first screens.
            navigation = windows.navigation(of: window)
            failure = "\(error)"
        }
    }
}

/// A window's root view: PageKit's root, its screens, and deep links from `onOpenURL`.
@MainActor
public struct ExampleRootView: View {
    let navigation: ExampleNavigation
    let windows: ExampleWindows?
    let window: String
    @State private var linkError: String?

    /// The root view of a window.
    /// - Parameters:
    ///   - navigation: The window's navigation.
    ///   - windows: The app's windows, to open a person in a window of their own; `nil`
    ///     for an app with one window.
    ///   - window: The window's identifier.
    public init(navigation: ExampleNavigation, windows: ExampleWindows? = nil, window: String = "main") {
        self.navigation = navigation
        self.windows = windows
        self.window = window
    }

    /// The tabs.
    public var body: some View {
        PageRootView(root: navigation.tabs, host: navigation.host, screens: navigation.screens(windows, window: window))
            .onOpenURL { url in
                Task {
                    do {
                        try await navigation.open(url)
                    } catch {
                        linkError = "\(error)"
                    }
                }
            }
            .alert("Cannot open the link", isPresented: Binding(get: { linkError != nil },
                                                                set: { if !$0 { linkError = nil } })) {
                Button("OK") { linkError = nil }
            } message: {
                Text(verbatim: linkError ?? "")
            }
    }
}

extension ExampleNavigation {
    /// Each page's view, by name; `windows` opens a person in a window of their own from
    /// `window`.
    func screens(_ windows: ExampleWindows?, window: String) -> ScreenViews {
        var screens = ScreenViews()
        screens.register("list") { _ in ContactListView(navigation: self, windows: windows, window: window) }
        screens.register("person_detail", for: PersonPage.self) { page in PersonDetailView(page: page, navigation: self) }
        screens.register("feed") { _ in FeedView(navigation: self) }
        screens.register("post") { page in Text(verbatim: "Post \(page.parameter("id") ?? "?")").navigationTitle("Post") }
        screens.register("compose", for: ComposePage.self) { page in ComposeView(page: page, navigation: self) }
        screens.register("attach") { _ in Text("Pick a photo").navigationTitle("Attach") }
        screens.register("mailboxes") { _ in MailboxesView(navigation: self) }
        screens.register("folder") { page in MailboxesView(navigation: self, folder: page.parameter("name")) }
        screens.register("welcome") { _ in Text("Pick a message").navigationTitle("Mail") }
        screens.register("message") { page in Text(verbatim: "Message \(page.parameter("id") ?? "?")").navigationTitle("Message") }
        return screens
    }
}

/// The mail tab's sidebar: folders, and messages that open in the detail column.
@MainActor
struct MailboxesView: View {
    let navigation: ExampleNavigation
    var folder: String?

    var body: some View {
        List {
            if folder == nil {
                Button("Work") { navigation.showFolder("work") }
            }
            ForEach(1...3, id: \.self) { id in
                Button("Message \(id)") { navigation.showMessage(id) }
            }
        }
        .navigationTitle(folder ?? "Mailboxes")
    }
}

/// The contacts: a person opens their detail once they have loaded, with a spinner
/// meanwhile; the toolbar composes a message and awaits it.
@MainActor
struct ContactListView: View {
    let navigation: ExampleNavigation
    let windows: ExampleWindows?
    let window: String
    @State private var lastSent: String?
    @State private var isLoading = false

    var body: some View {
        List {
            ForEach(1...3, id: \.self) { id in
                Button("Person \(id)") { navigation.showPerson(id) }
                    .contextMenu {
                        if let windows {
                            // A window of their own on an iPad or a Mac; this one on an iPhone.
                            Button("Open in New Window") {
                                Task { try? await windows.openPerson(id, inNewWindowFrom: window) }
                            }
                        }
                    }
            }
            if let lastSent {
                Section("Sent") { Text(verbatim: lastSent) }
            }
        }
        .navigationTitle("Contacts")
        .overlay { if isLoading { ProgressView() } }
        .task {
            // The navigator says when a page's data starts and stops loading.
            for await event in navigation.navigator.events() {
                switch event.kind {
                case .loadStarted: isLoading = true
                case .loadEnded: isLoading = false
                default: break
                }
            }
        }
        .toolbar {
            Button("Compose") {
                Task {
                    // Waits for the sheet's answer: a draft, or nil when it was dismissed.
                    if let draft = try? await navigation.compose() { lastSent = draft.text }
                }
            }
        }
    }
}

/// A person, loaded before the page was made: `follow` events mark them followed, and
/// Refresh fetches them again; their view follows. Unfollow asks first, in a
/// confirmation dialog.
@MainActor
struct PersonDetailView: View {
    let page: PersonPage
    let navigation: ExampleNavigation
    @State private var failure: String?

    var body: some View {
        VStack(spacing: 12) {
            Text(verbatim: page.person.name).font(.title)
            if page.parameter("following") == "yes" {
                Text("Following")
                Button("Unfollow", role: .destructive) {
                    Task {
                        do {
                            _ = try await navigation.unfollow(page)
                        } catch {
                            failure = "\(error)"
                        }
                    }
                }
            }
            if let failure { Text(verbatim: failure).foregroundStyle(.red) }
            Button("Their latest post") { navigation.showPost(page.person.id) }
            Button("Refresh") { navigation.refreshPerson(page.person.id) }
        }
        .navigationTitle("Person")
    }
}

/// The feed.
@MainActor
struct FeedView: View {
    let navigation: ExampleNavigation

    var body: some View {
        List(1...3, id: \.self) { id in
            Button("Post \(id)") { navigation.showPost(id) }
        }
        .navigationTitle("Feed")
    }
}

/// The compose sheet's first page, a form that confirms leaving once edited: Send answers
/// the opener, Cancel asks before discarding, Attach pushes in the sheet's own stack. The
/// swipe down is off while the message is edited; the view is drawn again whenever the
/// page changes.
@MainActor
struct ComposeView: View {
    let page: ComposePage
    let navigation: ExampleNavigation

    var body: some View {
        Form {
            TextField("Message", text: Binding(get: { page.text }, set: { page.text = $0 }))
            Button("Attach a photo") { navigation.navigator.request("attach") }
        }
        .navigationTitle(page.title ?? "")
        .toolbar {
            ToolbarItem(placement: .cancellationAction) {
                // The page is in a sheet while this button shows.
                Button("Cancel") { _ = try? navigation.cancel(from: page) }
            }
            ToolbarItem(placement: .confirmationAction) {
                Button("Send") { navigation.send(from: page) }.disabled(page.text.isEmpty)
            }
        }
    }
}
#endif
