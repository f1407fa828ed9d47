public import PageKit

/// A SwiftUI screen as a page: a name and parameters, whose view `ScreenViews` builds
/// by name. In a SwiftUI app every pushed or presented screen is one of these (or a page
/// class of your own), made by a ``/PageKit/PageRegistry`` factory.
///
/// ```swift
/// try registry.registerScreen("person_detail", keeping: ["id"], externallyOpenable: true)
/// // app://tab/contact/person_detail?id=5 makes ScreenPage("person_detail", parameters: ["id": "5"])
///
/// screens.register("person_detail") { page in
///     PersonDetailView(personID: page.parameter("id") ?? "")
/// }
/// ```
///
/// It keeps the intent it was made with (its payload, its query) and the intent of the
/// latest open that revealed it; it lists the ``/PageKit/EventHandler``s and embedded pages
/// you give it in ``containedPages``. Its parameters can change in place
/// (``/PageKit/ParametersUpdating``), and its view follows.
///
/// Subclass it for a screen with state of its own, such as a form that confirms leaving
/// once it was edited; call ``contentChanged()`` when that state changes, so its view is
/// drawn again:
///
/// ```swift
/// final class ComposePage: ScreenPage, LeaveConfirming {
///     var text = "" { didSet { contentChanged() } }
///     func leavePolicy(for gesture: LeaveGesture) -> LeavePolicy { text.isEmpty ? .allow : .confirm }
///     func canLeave(_ request: LeaveRequest) async -> Bool { … }
/// }
/// ```
@MainActor
open class ScreenPage: ParentPage, ParametersUpdating, IntentReceiving, TitledPage, ObservableModel {
    /// The component name it answers to.
    public let pageName: String
    /// Its own parameters.
    public private(set) var pageParameters: PageParameters
    /// The identifier it asks for, or `nil` to have the navigator assign one.
    public var pageIdentifier: PageIdentifier?
    /// The event handlers and embedded pages it holds.
    public var containedPages: [any Page] = []
    /// The intent it was made with, or that the latest open revealing it carried.
    public private(set) var intent: PageIntent?
    /// Its title: what PageKit's back button shows on the page above it. Give its view the
    /// same `navigationTitle`.
    public var title: String? {
        didSet { if title != oldValue { contentChanged() } }
    }
    package let observers = ModelObservers()

    /// A screen named `name` with `parameters`.
    /// - Parameters:
    ///   - name: The component name.
    ///   - parameters: Its own parameters.
    ///   - identifier: The identifier it asks for, if any.
    public init(_ name: String, parameters: PageParameters = [:], identifier: PageIdentifier? = nil) {
        pageName = name
        pageParameters = parameters
        pageIdentifier = identifier
    }

    /// A screen made for `intent`: the component's name and own parameters, and the
    /// query items named by `keys` that the component does not give (so
    /// `person_detail?id=5` keeps `id=5` when `keys` holds `"id"`).
    /// - Parameters:
    ///   - intent: The intent a factory received.
    ///   - keys: The query keys that are the screen's own parameters too.
    public convenience init(intent: PageIntent, keeping keys: [String] = []) {
        var parameters = Array(intent.component.parameters)
        for key in keys where intent.component.parameters[key] == nil {
            if let value = intent.query[key] { parameters.append(PageParameter(key: key, value: value)) }
        }
        self.init(intent.component.name, parameters: PageParameters.canonical(parameters))
        self.intent = intent
    }

    /// Its ``title``.
    public var pageTitle: String? { title }

    /// Tells its view to draw it again, after state of its own changed (a subclass's
    /// form, say).
    public func contentChanged() {
        observers.send(animated: true)
    }

    /// A parameter: its own, else the latest intent's (the component's, then the query).
    /// - Parameter key: The parameter's key.
    /// - Returns: Its value, or `nil`.
    public func parameter(_ key: String) -> String? {
        pageParameters[key] ?? intent?.parameter(key)
    }

    /// The latest intent's payload, if it is a `T`.
    /// - Parameter type: The payload's type.
    /// - Returns: The payload, or `nil`.
    public func payload<T: Sendable>(as type: T.Type = T.self) -> T? {
        intent?.payload(as: type)
    }

    /// Takes new parameters in place; its view follows.
    /// - Parameter parameters: The new parameters.
    open func updateParameters(_ parameters: PageParameters) {
        pageParameters = parameters
        observers.send(animated: true)
    }

    /// Keeps the intent of an open that revealed it; its view follows.
    /// - Parameter intent: The intent.
    open func receive(_ intent: PageIntent) {
        self.intent = intent
        observers.send(animated: true)
    }
}
