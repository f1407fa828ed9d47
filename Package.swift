// swift-tools-version:6.0
import PackageDescription

// The floor is iOS 16 / macOS 13: transition time-outs and the injectable clock are
// expressed in Swift's `Duration`, which those releases introduced.
let package = Package(
    name: "PageKit",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "PageKit", targets: ["PageKit"]),
        .library(name: "PageKitRestoration", targets: ["PageKitRestoration"]),
        .library(name: "PageKitRoutes", targets: ["PageKitRoutes"]),
        .library(name: "PageKitLinks", targets: ["PageKitLinks"]),
        .library(name: "PageKitContainers", targets: ["PageKitContainers"]),
        .library(name: "PageKitSwiftUI", targets: ["PageKitSwiftUI"]),
        .library(name: "PageKitPictures", targets: ["PageKitPictures"]),
        .library(name: "PageKitTesting", targets: ["PageKitTesting", "PageKitTestStore"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "PageKit"),
        // The state an app saves to come back where the person left it (the path, the
        // history, pages' own states) and its restore: a layer on the core, not core.
        .target(name: "PageKitRestoration", dependencies: ["PageKit"]),
        // Typed routes: components written and read through a value's `Codable`
        // conformance, factories that receive them, pages that answer by them.
        .target(name: "PageKitRoutes", dependencies: ["PageKit"]),
        // Links from outside the app (universal links, custom schemes) mapped to page
        // paths and back, and the activities that carry them: an adapter, not core.
        .target(name: "PageKitLinks", dependencies: ["PageKit", "PageKitRestoration"]),
        // The container family, which runs anywhere, and UIKit's containers.
        .target(name: "PageKitContainers", dependencies: ["PageKit", "PageKitRestoration", "PageKitLinks"]),
        // The SwiftUI views that bind to the container family; compiled on iOS only.
        .target(name: "PageKitSwiftUI", dependencies: ["PageKit", "PageKitContainers"]),
        // The live tree and plans drawn as Mermaid, Graphviz DOT and SVG: not core.
        .target(name: "PageKitPictures", dependencies: ["PageKit"]),
        // For an app's tests: drivers that time, record and lose transitions, and the
        // person's gestures acted out through what the views call.
        .target(name: "PageKitTesting", dependencies: ["PageKit", "PageKitLinks", "PageKitContainers"]),
        // The navigation test store, in the same product: a module of its own because it
        // records failures with Swift Testing, which only test targets may link, and the
        // showcase links PageKitTesting for the person's gestures.
        .target(name: "PageKitTestStore", dependencies: ["PageKit", "PageKitContainers", "PageKitTesting"]),
        .target(
            name: "PageKitTestSupport",
            dependencies: ["PageKit", "PageKitContainers", "PageKitTesting"],
            path: "Tests/PageKitTestSupport"
        ),
        .target(
            name: "ShowcaseApp",
            // Its prompt acts as the person: the gestures come from PageKitTesting.
            dependencies: ["PageKit", "PageKitContainers", "PageKitPictures", "PageKitTesting"],
            path: "Examples/Showcase/ShowcaseApp"
        ),
        .target(
            name: "UIKitDropIn",
            dependencies: ["PageKit", "PageKitRestoration", "PageKitContainers"],
            path: "Examples/UIKitDropIn"
        ),
        .target(
            name: "SwiftUIApp",
            dependencies: ["PageKit", "PageKitRestoration", "PageKitLinks", "PageKitContainers", "PageKitSwiftUI"],
            path: "Examples/SwiftUIApp"
        ),
        .executableTarget(
            name: "Showcase",
            dependencies: ["PageKit", "PageKitContainers", "PageKitPictures", "ShowcaseApp"],
            path: "Examples/Showcase/Main"
        ),
        .testTarget(
            name: "PageKitTests",
            dependencies: ["PageKit", "PageKitRestoration", "PageKitRoutes", "PageKitLinks", "PageKitContainers", "PageKitTesting", "PageKitTestStore", "PageKitTestSupport"]
        ),
        .testTarget(
            name: "PageKitLinksTests",
            dependencies: ["PageKit", "PageKitRestoration", "PageKitRoutes", "PageKitLinks", "PageKitContainers", "PageKitTestSupport"]
        ),
        .testTarget(
            name: "PageKitContainersTests",
            dependencies: ["PageKit", "PageKitRestoration", "PageKitContainers", "PageKitTesting", "PageKitTestSupport", "SwiftUIApp"]
        ),
        .testTarget(
            name: "PageKitPicturesTests",
            dependencies: ["PageKit", "PageKitPictures", "PageKitContainers", "PageKitTestSupport"]
        ),
        .testTarget(
            name: "ShowcaseTests",
            dependencies: ["Showcase", "ShowcaseApp", "PageKit", "PageKitContainers", "PageKitPictures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
