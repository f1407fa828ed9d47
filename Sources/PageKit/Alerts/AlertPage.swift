/// An alert or a confirmation dialog on screen: the page that stands for it in the
/// hierarchy, made by a registration of ``PageRegistry/registerAlert(_:externallyOpenable:content:)``.
///
/// Hosts show it as the platform's alert (`UIAlertController`, SwiftUI's `alert` and
/// `confirmationDialog`) and call ``choose(_:)`` when the person taps a button. It is
/// presented like a page, always last on its path (nothing shows above an alert), and
/// reused while it shows when a path names it again with the same parameters; one with
/// other parameters is dismissed and the new one presented.
///
/// Its answer is a response from the alert: an opener awaiting it with
/// `open(_:expecting: AlertChoice.self)` receives it, otherwise it bubbles from the page
/// the alert was presented over. A platform dismisses an alert before it runs the
/// button's action, so an alert answers even when it is already gone: an opener still
/// waits one turn of the clock for the answer after its alert leaves, and only then ends
/// with `nil`.
@MainActor
public final class AlertPage: NavigatorHolding {
    /// The registered name.
    public let pageName: String
    /// The parameters of the component that opened it.
    public let pageParameters: PageParameters
    /// What it shows, checked when the navigator shows it.
    public let content: AlertContent
    /// The navigator that shows it; set when it is made.
    public weak var navigator: Navigator?
    /// The button chosen, once the person has chosen one.
    package private(set) var choice: AlertChoice?
    /// The page it was presented over, where its answer bubbles from once it is gone.
    weak var presenter: (any Page)?

    /// Creates the page for an alert.
    /// - Parameters:
    ///   - name: The registered name.
    ///   - parameters: The component's parameters.
    ///   - content: What it shows.
    /// - Throws: ``NavigationError/Code/invalidAlert`` when `content` cannot be shown.
    public init(name: String, parameters: PageParameters = PageParameters(), content: AlertContent) throws {
        pageName = name
        pageParameters = parameters
        do {
            self.content = try content.validated()
        } catch var error as NavigationError {
            error.component = name
            throw error
        }
    }

    /// Whether it stands for `component`: the same parameters, all of them, so that a
    /// path asking for another alert of the same name replaces this one.
    public func canRespond(to component: PageComponent, query: PageParameters) -> Bool {
        component.parameters == pageParameters
    }

    /// Whether ``choose(_:)`` would take `id`: the alert has such a button and has not
    /// answered yet.
    package func canChoose(_ id: String) -> Bool {
        choice == nil && content.buttons.contains { $0.id == id }
    }

    /// The person chose the button `id`: the alert answers, once, with a response whose
    /// payload is the ``AlertChoice`` (``PageResponse/Status/cancelled`` for the cancel
    /// button, ``PageResponse/Status/ok`` for any other).
    /// - Parameter id: The ``AlertButton/id`` of the button.
    /// - Returns: What became of the answer.
    /// - Throws: ``NavigationError/Code/invalidAlert`` when the alert has no such button,
    ///   or has already answered.
    @discardableResult
    public func choose(_ id: String) throws -> ResponseDelivery {
        guard let button = content.buttons.first(where: { $0.id == id }) else {
            throw NavigationError(.invalidAlert, component: pageName, reason: "it has no button `\(id)` (its buttons: "
                + content.buttons.map { "`\($0.id)`" }.joined(separator: ", ") + ")")
        }
        if let choice {
            throw NavigationError(.invalidAlert, component: pageName,
                                  reason: "it has already answered `\(choice.button)`; an alert answers once")
        }
        let choice = AlertChoice(button: button.id, role: button.role)
        self.choice = choice
        let response = PageResponse(button.role == .cancel ? .cancelled : .ok, payload: choice)
        return navigator?.send(response, from: self) ?? .senderNotLive
    }
}
