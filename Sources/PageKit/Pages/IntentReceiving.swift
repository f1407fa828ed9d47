/// A live page that wants to hear about the opens that reveal it, so it can update to new
/// parameters or a new payload.
///
/// A page made for an open gets its ``PageIntent`` from its factory; a page that already
/// lives and is the target of an open, or a page the app made and pushed
/// (``Navigator/push(page:_:)``), gets it here, once every step has run.
///
/// ```swift
/// extension SearchPage: IntentReceiving {
///     func receive(_ intent: PageIntent) {
///         if let text = intent.parameter("q") { search(text) }
///     }
/// }
/// ```
@MainActor
public protocol IntentReceiving: Page {
    /// Receives the intent of an open that ended at this page.
    /// - Parameter intent: The component, the path, the payload.
    func receive(_ intent: PageIntent)
}
