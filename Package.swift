// swift-tools-version:6.0
// PaneKit: a headless engine for drawer and split-view transitions, with Lua 5.4 stylers.
import PackageDescription

let package = Package(
    name: "PaneKit",
    // The oldest systems the libraries run on: String.trimmingPrefix (PaneKitLua's traceback cleaning) is the
    // newest API they call, new in macOS 13, iOS 16 and tvOS 16; visionOS had it from its first release.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .visionOS(.v1)],
    products: [
        .library(name: "PaneKit", targets: ["PaneKit"]),
        .library(name: "PaneKitScenario", targets: ["PaneKitScenario"]),
        .library(name: "PaneKitLua", targets: ["PaneKitLua"]),
        .library(name: "PaneKitRender", targets: ["PaneKitRender"]),
        .library(name: "PaneKitStudio", targets: ["PaneKitStudio"]),
        .executable(name: "panekit", targets: ["panekit"]),
        .executable(name: "panekit-bench", targets: ["panekit-bench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        .target(name: "PaneKit"),
        // The files around the engine: the scenario format (its JSON reader and loader) and the bake file format.
        .target(name: "PaneKitScenario", dependencies: ["PaneKit"]),
        // Counts heap allocations for panekit-bench and the allocation test; wraps glibc's allocator, so only
        // panekit-bench and the tests link it, never the shipped panekit.
        .target(name: "CAllocationCounter"),
        // The plain Lua C API harness that `panekit-bench --styler` compares PaneKit's Lua calls against.
        .target(name: "CLuaHarness", dependencies: ["CLua", "CLuaSandbox"]),
        // The fast path of the Lua edit decoder, in C: reads a valid result with raw, non-raising API calls.
        .target(name: "CLuaEdits", dependencies: ["CLua"]),
        // The C half of the plugins: the memory cap (allocator), the instruction budget (count hook), protected
        // calls with a traceback, and the style call with its lazily written, read-only context.
        .target(name: "CLuaBridge", dependencies: ["CLua", "CLuaEdits"]),
        // The sandbox's library in C: pattern matching and the other standard functions a plugin can reach, each
        // charging its work to the instruction budget.
        .target(name: "CLuaSandbox", dependencies: ["CLua", "CLuaBridge"]),
        // Writes a Swift file of the files a module embeds (the studio page, the Lua stubs) when the module is built,
        // so the binaries carry them with no resource bundle and each file has no committed copy. Its path is given:
        // the top-level Plugins/ folder is the gallery of Lua plugins, not SwiftPM plugin sources.
        .executableTarget(name: "EmbedFiles"),
        .plugin(
            name: "EmbedFilesPlugin", capability: .buildTool(), dependencies: ["EmbedFiles"], path: "Sources/EmbedFilesPlugin"
        ),
        // Embeds Plugins/panekit.d.lua (LuaStubs.source) through EmbedFilesPlugin.
        .target(
            name: "PaneKitLua", dependencies: ["PaneKit", "CLua", "CLuaBridge", "CLuaEdits", "CLuaSandbox"],
            plugins: ["EmbedFilesPlugin"]
        ),
        .target(name: "PaneKitRender", dependencies: ["PaneKit"]),
        // The studio: the page's assets (Assets/, embedded as StudioAssets by EmbedFilesPlugin), the HTTP server, the
        // live session.
        .target(
            name: "PaneKitStudio", dependencies: ["PaneKit", "PaneKitLua", "PaneKitRender"], exclude: ["Assets"],
            plugins: ["EmbedFilesPlugin"]
        ),
        .executableTarget(
            name: "panekit", dependencies: ["PaneKit", "PaneKitScenario", "PaneKitLua", "PaneKitRender", "PaneKitStudio"]
        ),
        // The benchmark, apart from the tool users run: it interposes malloc (CAllocationCounter).
        .executableTarget(
            name: "panekit-bench",
            dependencies: ["PaneKit", "PaneKitLua", "PaneKitRender", "CAllocationCounter", "CLuaHarness"]
        ),
        .executableTarget(
            name: "EmbedDemo",
            dependencies: ["PaneKit", "PaneKitLua", "PaneKitRender"],
            path: "Examples/EmbedDemo"
        ),
        .testTarget(
            name: "PaneKitRenderTests",
            dependencies: ["PaneKitRender", "PaneKit", "PaneKitScenario", "PaneKitLua", "PaneKitTestSupport"],
            exclude: ["__Snapshots__"]
        ),
        .target(name: "PaneKitTestSupport", dependencies: ["PaneKit", "PaneKitScenario"], path: "Tests/PaneKitTestSupport"),
        // SheetOriginals/, NavigationOriginals/, PagerOriginals/: the originals' release and settle tables the sheet,
        // navigation and pager tests read (their READMEs say where from).
        .testTarget(
            name: "PaneKitTests", dependencies: ["PaneKit", "PaneKitScenario", "PaneKitTestSupport", "CAllocationCounter"],
            exclude: ["SheetOriginals", "NavigationOriginals", "PagerOriginals"]
        ),
        .testTarget(
            name: "PaneKitStudioTests",
            dependencies: [
                "PaneKitStudio", "PaneKit", "PaneKitScenario", "PaneKitRender", "PaneKitLua", "PaneKitTestSupport", "panekit",
            ],
            exclude: ["Scripts"]
        ),
        .testTarget(
            name: "PaneKitLuaTests", dependencies: ["PaneKitLua", "PaneKit", "PaneKitScenario", "PaneKitTestSupport", "CLuaHarness"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "PanekitCLITests",
            dependencies: ["panekit", "PaneKit", "PaneKitScenario", "PaneKitTestSupport"],
            exclude: ["__Snapshots__", "Scenarios", "Scripts"]
        ),
    ]
)
