public import PageKit

/// A page presented by a ``PageHostModel``, as SwiftUI's `sheet(item:)` and
/// `fullScreenCover(item:)` bind to it: the page and how it is shown.
public struct PagePresentation: Hashable, Identifiable, Sendable {
    /// The presented page.
    public let entry: PageEntry
    /// The style of the step that presented it.
    public let style: ShowStyle

    /// A presentation of `page` as `style` says, as a new element (an entry with a serial
    /// of its own).
    /// - Parameters:
    ///   - page: The presented page.
    ///   - style: How it is presented.
    @MainActor
    public init(_ page: any Page, style: ShowStyle) {
        self.init(entry: PageEntry(page), style: style)
    }

    /// The presentation of the page `entry` holds, under the entry's serial.
    package init(entry: PageEntry, style: ShowStyle) {
        self.entry = entry
        self.style = style
    }

    /// The presentation's identity: its entry's serial, so a page presented again is a new
    /// presentation, and a page made at a freed page's address is never taken for it.
    public var id: UInt64 { entry.id }

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
