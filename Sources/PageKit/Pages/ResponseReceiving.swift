/// A page that can consume responses bubbling up from the pages it opened.
///
/// A response starts at the page below the sender in its stack and goes on to the pages
/// below that, the stack itself, the containers above it, up to the root; for a modal,
/// it goes first to the page it was presented over. The first page that returns `true`
/// consumes it.
///
/// ```swift
/// extension ContactListPage: ResponseReceiving {
///     func receive(_ response: PageResponse) -> Bool {
///         guard let person = response.payload(as: Person.self) else { return false }
///         insert(person)
///         return true
///     }
/// }
/// ```
@MainActor
public protocol ResponseReceiving: Page {
    /// Offers a response.
    /// - Parameter response: The response.
    /// - Returns: `true` to consume it, `false` to let it bubble on.
    func receive(_ response: PageResponse) -> Bool
}
