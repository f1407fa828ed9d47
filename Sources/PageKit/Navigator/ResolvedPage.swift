/// The page a path would end at, as ``Navigator/page(for:_:)`` answers.
@MainActor
public enum ResolvedPage {
    /// A live page answers the path.
    case live(any Page)
    /// No live page answers it: this page was made by its factory, and is not shown.
    case made(any Page)

    /// The page, live or made.
    var page: any Page {
        switch self {
        case .live(let page), .made(let page): page
        }
    }
}
