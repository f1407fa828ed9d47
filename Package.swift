// swift-tools-version:6.0
import PackageDescription

// The floor is iOS 16 / macOS 13: transition time-outs and the injectable clock are
// expressed in Swift's `Duration`, which those releases introduced.
let package = Package(
    name: "PageKit",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "PageKit", targets: ["PageKit"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "PageKit"),
        .target(name: "PageKitTestSupport", path: "Tests/PageKitTestSupport"),
        .testTarget(name: "PageKitTests", dependencies: ["PageKit", "PageKitTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
