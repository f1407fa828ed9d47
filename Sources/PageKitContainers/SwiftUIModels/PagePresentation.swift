public import PageKit

/// A page presented by a ``PageHostModel``, as SwiftUI's `sheet(item:)` and
/// `fullScreenCover(item:)` bind to it: the page and how it is shown.
public struct PagePresentation: Hashable, Identifiable, Sendable {
    /// The presented page.
    public let entry: PageEntry
    /// The style of the step that presented it.
    public let style: ShowStyle

    /// A presentation of `page` as `style` says.
    /// - Parameters:
    ///   - page: The presented page.
    ///   - style: How it is presented.
    public init(_ page: any Page, style: ShowStyle) {
        entry = PageEntry(page)
        self.style = style
    }

    /// The presented page's identity.
    public var id: ObjectIdentifier { entry.id }

    /// The presented page, while it lives.
    public var page: (any Page)? { entry.page }

    /// Whether it covers the whole screen (``/PageKit/PresentationStyle/fullScreen``);
    /// every other style shows a sheet.
    public var isFullScreen: Bool { style.presentation == .fullScreen }

    /// The heights a sheet stops at; empty for the platform's.
    public var detents: [SheetDetent] {
        if case .sheet(let detents) = style.presentation { return detents }
        return []
    }

    /// Whether the two are the same presentation.
    /// - Parameters:
    ///   - lhs: A presentation.
    ///   - rhs: Another one.
    /// - Returns: Whether they present the same page the same way.
    public static func == (lhs: PagePresentation, rhs: PagePresentation) -> Bool {
        lhs.entry == rhs.entry && lhs.style == rhs.style
    }

    /// Hashes the page's identity.
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(entry)
    }
}
