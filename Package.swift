// swift-tools-version:6.0
// PaneKit: a headless engine for drawer and split-view transitions, with Lua 5.4 stylers.
import PackageDescription

let package = Package(
    name: "PaneKit",
    products: [
        .library(name: "PaneKit", targets: ["PaneKit"]),
        .library(name: "PaneKitLua", targets: ["PaneKitLua"]),
        .library(name: "PaneKitRender", targets: ["PaneKitRender"]),
        .executable(name: "panekit", targets: ["panekit"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        .target(name: "PaneKit"),
        .target(name: "PaneKitLua", dependencies: ["PaneKit", "CLua"]),
        .target(name: "PaneKitRender", dependencies: ["PaneKit"]),
        .executableTarget(
            name: "panekit",
            dependencies: ["PaneKit", "PaneKitLua", "PaneKitRender"]
        ),
        .testTarget(
            name: "PaneKitTests",
            dependencies: ["PaneKit"],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(name: "PaneKitLuaTests", dependencies: ["PaneKitLua", "PaneKit"], exclude: ["Fixtures"]),
        .testTarget(
            name: "PanekitCLITests",
            dependencies: ["PaneKit"],
            exclude: ["__Snapshots__"]
        ),
    ]
)
