public import PageKit
import PageKitContainers

/// A page of the ``UIKitModel``: a view controller that adopts `Page`.
@MainActor
open class ModelScreen: ModelViewController, Page {
    /// The page's name.
    public var pageName: String { title }
    /// The page's parameters.
    public var pageParameters: PageParameters
    /// The page's identifier.
    public var pageIdentifier: PageIdentifier?
    /// The responses and intents it was given.
    public private(set) var receivedIntents: [PageIntent] = []

    /// A page.
    /// - Parameters:
    ///   - model: The device.
    ///   - name: The page's name.
    ///   - parameters: The page's parameters.
    public init(_ model: UIKitModel, _ name: String, _ parameters: PageParameters = [:]) {
        pageParameters = parameters
        super.init(model, title: name)
    }
}
