#if canImport(UIKit) && canImport(SwiftUI)
import PageKitContainers
public import PageKit
public import SwiftUI
import UIKit

/// A SwiftUI view hosted in UIKit that is a page: a `UIHostingController` with a name
/// and parameters, for a UIKit app that shows some screens in SwiftUI.
///
/// ```swift
/// try registry.register("settings") { intent in
///     PageHostingController("settings", rootView: SettingsView())
/// }
/// try registry.register("person_detail") { intent in
///     let id = intent.parameter("id") ?? ""
///     return PageHostingController("person_detail", parameters: ["id": id], rootView: PersonView(id: id))
/// }
/// ```
///
/// It is pushed, presented and revealed like any view controller page. Subclass it to
/// adopt more of PageKit's protocols (``/PageKit/LeaveConfirming``,
/// ``/PageKit/ResponseReceiving``, ``/PageKit/IntentReceiving``) or to answer
/// ``/PageKit/Page/canRespond(to:query:)`` otherwise than by its parameters.
open class PageHostingController<Content: View>: UIHostingController<Content>, Page {
    /// The component name it answers to.
    public let pageName: String
    /// Its own parameters.
    public var pageParameters: PageParameters
    /// The identifier it asks for, or `nil` to have the navigator assign one.
    public var pageIdentifier: PageIdentifier?

    /// A page named `name` that shows `rootView`.
    /// - Parameters:
    ///   - name: The component name.
    ///   - parameters: Its own parameters.
    ///   - identifier: The identifier it asks for, if any.
    ///   - rootView: The SwiftUI view it hosts.
    public init(_ name: String, parameters: PageParameters = [:], identifier: PageIdentifier? = nil,
                rootView: Content) {
        pageName = name
        pageParameters = parameters
        pageIdentifier = identifier
        super.init(rootView: rootView)
    }

    /// Not available: a page needs a name, which a storyboard does not give.
    /// - Parameter coder: The decoder.
    @available(*, unavailable)
    public required init?(coder: NSCoder) {
        nil
    }
}
#endif
