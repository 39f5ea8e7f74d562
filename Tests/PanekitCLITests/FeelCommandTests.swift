// Issue 25, every platform side by side: `panekit feel SCENARIO --behaviors …` checked against the frames of
// `render --format json` of the same scenario under the same behavior, and `render --format sheet --behaviors …`
// (one labelled row per behavior on the same frame times), in the SVG and in rsvg-convert's pixels.

import Foundation
import PaneKitTestSupport
import Testing

/// The six sheet behaviors, in the reference's order.
private let behaviors = ["material", "compose", "uikit", "floatingpanel", "gorhom", "vaul"]

/// A scenario every behavior reads: present, a small drag down, a flick up, dismiss.
private let everyBehavior = "Tests/PanekitCLITests/Scenarios/sheet-every-behavior.json"

/// The sheet on one frame of `render --format json`.
struct SheetFrame {
    var index: Int
    var time: Double
    var y: Double
    var detent: String?
    var atRest: Bool
}

/// One gesture's measures, as `feel --json` writes them or as the test works them out from the frames.
struct Measure: CustomStringConvertible {
    var kind: String
    var at: Double
    var release: Double
    var from: String?
    var detent: String?
    var position: Double
    var settle: Double?
    var overshoot: Double
    var peakVelocity: Double

    var description: String {
        "\(kind)@\(at) \(from ?? "-")→\(detent ?? "-") \(position) settle \(settle.map { "\($0)" } ?? "nil") overshoot \(overshoot) peak \(peakVelocity)"
    }

    /// Equal to the precision of the JSON (6 decimals; velocities are quotients of such numbers).
    func agrees(with other: Measure) -> Bool {
        func near(_ a: Double, _ b: Double, _ tolerance: Double = 2e-6) -> Bool { abs(a - b) <= tolerance * max(1, abs(b)) }
        let settles =
            switch (settle, other.settle) {
            case (nil, nil): true
            case (let a?, let b?): near(a, b)
            default: false
            }
        return kind == other.kind && near(at, other.at) && near(release, other.release) && from == other.from
            && detent == other.detent && near(position, other.position) && settles && near(overshoot, other.overshoot)
            && near(peakVelocity, other.peakVelocity, 1e-4)
    }
}

@Suite struct FeelCommandTests {
    /// A scratch folder, removed by the caller.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-feel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// `scenario` with its container's behavior replaced by `behavior`, written in `folder`.
    static func under(_ behavior: String, _ scenario: String, in folder: URL) throws -> String {
        let url = packageRoot.appendingPathComponent(scenario)
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var container = try #require(json["container"] as? [String: Any])
        container["behavior"] = behavior
        json["container"] = container
        let file = folder.appendingPathComponent("\(behavior)-\(url.lastPathComponent)")
        try JSONSerialization.data(withJSONObject: json).write(to: file)
        return file.path
    }

    /// The sheet on every frame of `render SCENARIO --format json` (plus `extra` flags).
    static func frames(_ scenario: String, _ extra: [String] = []) throws -> [SheetFrame] {
        let result = try runPanekit(["render", scenario, "--format", "json"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return try result.stdout.split(separator: "\n").map { line in
            let frame = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let nodes = try #require(frame["nodes"] as? [[String: Any]])
            let sheet = try #require(nodes.first { $0["role"] as? String == "sheet" })
            let rect = try #require(sheet["frame"] as? [Double])
            let state = frame["state"] as? String ?? ""
            return SheetFrame(
                index: frame["frame"] as! Int, time: frame["time"] as! Double, y: rect[1], detent: frame["detent"] as? String,
                atRest: !["dragging", "opening", "closing"].contains(state))
        }
    }

    /// The scenario's gestures (pans and programmatic moves): kind, start and release (a pan's last sample).
    static func gestures(_ scenario: String) throws -> [(kind: String, at: Double, release: Double)] {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: packageRoot.appendingPathComponent(scenario)))
        let timeline = try #require((json as? [String: Any])?["timeline"] as? [[String: Any]])
        return timeline.map { entry in
            let at = entry["at"] as! Double
            let track = entry["track"] as? [[Double]]
            return (entry["action"] as! String, at, at + (track?.last?[0] ?? 0))
        }
    }

    /// What each gesture did, worked out from the frames as `feel` promises: the rest is the window's last frame;
    /// the settle ends at the first frame from which the sheet never moves again; and so on.
    static func expected(_ frames: [SheetFrame], _ gestures: [(kind: String, at: Double, release: Double)]) -> [Measure] {
        gestures.enumerated().map { i, g in
            let next = i + 1 < gestures.count ? gestures[i + 1].at : .infinity
            let a = frames.firstIndex { $0.time >= g.release - 1e-9 } ?? frames.count - 1
            let e = max(a, frames.lastIndex { $0.time < next - 1e-9 } ?? a)
            let rest = frames[e]
            var k = e
            while k > a, frames[k - 1].y == rest.y { k -= 1 }
            let from = (frames.lastIndex { $0.time < g.at - 1e-9 }).map { frames[$0].detent } ?? frames[0].detent
            let start = frames[a].y
            var direction = rest.y > start ? 1.0 : rest.y < start ? -1.0 : 0
            if direction == 0, let moved = frames[a...e].first(where: { $0.y != start }) { direction = moved.y > start ? 1 : -1 }
            let overshoot = max(0, frames[a...e].map { direction * ($0.y - rest.y) }.max()!)
            let last = rest.atRest ? k : e
            let peak =
                last > a ? (a + 1...last).map { abs(frames[$0].y - frames[$0 - 1].y) / (frames[$0].time - frames[$0 - 1].time) }.max()! : 0
            return Measure(
                kind: g.kind, at: g.at, release: g.release, from: from, detent: rest.detent, position: rest.y,
                settle: rest.atRest ? (k == a ? 0 : frames[k].time - g.release) : nil, overshoot: overshoot, peakVelocity: peak)
        }
    }

    /// `feel --json`'s behaviors, each with its gestures.
    static func feelJSON(_ arguments: [String]) throws -> (object: [String: Any], runs: [(behavior: String, gestures: [Measure])]) {
        let result = try runPanekit(["feel"] + arguments + ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let runs = try #require(object["behaviors"] as? [[String: Any]])
        return (
            object,
            try runs.map { run in
                let gestures = try #require(run["gestures"] as? [[String: Any]])
                return (
                    run["behavior"] as! String,
                    gestures.map { g in
                        Measure(
                            kind: g["kind"] as! String, at: g["at"] as! Double, release: g["release"] as! Double,
                            from: g["from"] as? String, detent: g["detent"] as? String, position: g["position"] as! Double,
                            settle: g["settle"] as? Double, overshoot: g["overshoot"] as! Double,
                            peakVelocity: g["peakVelocity"] as! Double)
                    }
                )
            }
        )
    }

    /// Checks `feel`'s measures of `behavior` against the frames of `file` (the scenario under that behavior).
    static func check(_ measures: [Measure], against file: String, gestures scenario: String, _ extra: [String] = []) throws {
        let frames = try frames(file, extra)
        let expected = expected(frames, try gestures(scenario))
        #expect(measures.count == expected.count, "\(file): \(measures) vs \(expected)")
        for (m, e) in zip(measures, expected) { #expect(m.agrees(with: e), "\(file): feel \(m), frames \(e)") }
    }

    @Test func eachBehaviorsExampleAgreesWithItsFrames() throws {
        for behavior in behaviors {
            let example = "Examples/sheet-\(behavior).json"
            let (object, runs) = try Self.feelJSON([example])
            #expect(object["scenario"] as? String == example && object["fps"] as? Double == 30)
            #expect(runs.map(\.behavior) == [behavior], "without --behaviors, the scenario's own behavior")
            try Self.check(runs[0].gestures, against: example, gestures: example)
            #expect(
                runs[0].gestures.contains { $0.kind == "pan" || $0.kind == "present" } && runs[0].gestures.allSatisfy { $0.settle != nil })
        }
    }

    @Test func oneScenarioUnderEveryBehaviorAgreesWithTheFrames() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for extra in [[], ["--fps", "120"]] {
            let (_, runs) = try Self.feelJSON([everyBehavior, "--behaviors", behaviors.joined(separator: ",")] + extra)
            #expect(runs.map(\.behavior) == behaviors)
            for run in runs {
                #expect(run.gestures.map(\.kind) == ["present", "pan", "pan", "dismiss"], "\(run.behavior)")
                try Self.check(
                    run.gestures, against: try Self.under(run.behavior, everyBehavior, in: folder), gestures: everyBehavior, extra)
            }
        }
        // The platforms differ: vaul's 0.5 s transition, Material's ViewDragHelper settle of (Δ/range + 1) × 256 ms.
        let (_, runs) = try Self.feelJSON([everyBehavior, "--behaviors", "material,vaul"])
        #expect(runs[1].gestures[0].settle == 0.5 && runs[1].gestures[0].detent == "open")
        #expect(runs[0].gestures[0].detent == "collapsed" && runs[0].gestures[0].settle! > 0.3 && runs[0].gestures[0].settle! < 0.5)
    }

    @Test func theTableShowsTheSameMeasuresRounded() throws {
        let arguments = [everyBehavior, "--behaviors", behaviors.joined(separator: ",")]
        let (_, runs) = try Self.feelJSON(arguments)
        let text = try runPanekit(["feel"] + arguments)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines[0] == "sheet: the same present, small drag down, flick up and dismiss under every behavior (30 fps)")
        #expect(lines[1].hasPrefix("behavior") && lines[1].hasSuffix("position pt  settle s  overshoot pt  peak pt/s"))
        let rows = lines.dropFirst(2).filter { behaviors.contains(String($0.prefix { $0 != " " })) }
        let measures = runs.flatMap { run in run.gestures.map { (run.behavior, $0) } }
        #expect(rows.count == measures.count)
        func rounded(_ x: Double, _ step: Double) -> Double { (x / step).rounded() * step }
        for (row, (behavior, m)) in zip(rows, measures) {
            let cells = row.split(separator: " ").map(String.init)
            #expect(cells.count == 10, "\(row)")
            #expect(cells[0] == behavior && cells[1] == m.kind && Double(cells[2]) == m.at && Double(cells[3]) == m.release)
            #expect(cells[4] == m.from && cells[5] == m.detent, "\(row)")
            #expect(abs(Double(cells[6])! - rounded(m.position, 0.1)) < 1e-9, "\(row)")
            #expect(cells[7] == "—" ? m.settle == nil : abs(Double(cells[7])! - rounded(m.settle!, 0.001)) < 1e-9, "\(row)")
            #expect(abs(Double(cells[8])! - rounded(m.overshoot, 0.1)) < 1e-9 && Double(cells[9]) == rounded(m.peakVelocity, 1), "\(row)")
        }
        // Columns line up: each header title ends (numbers) where its cells end.
        let header = lines[1]
        let end = try #require(header.range(of: "position pt")).upperBound.utf16Offset(in: header)
        for row in rows { #expect(row.utf16.count >= end && row[row.index(row.startIndex, offsetBy: end - 1)] != " ", "\(row)") }
        if runs.contains(where: { $0.gestures.contains { $0.settle == nil } }) {
            #expect(lines.last == "settle —: the next gesture starts before the sheet comes to rest")
        }
    }

    @Test func aScenarioWithoutGesturesSaysWhereTheSheetRests() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("still.json")
        try #"{ "size": [390, 844], "container": { "type": "sheet", "behavior": "uikit" }, "timeline": [] }"#
            .write(to: file, atomically: true, encoding: .utf8)
        let text = try runPanekit(["feel", file.path, "--behaviors", "uikit,vaul"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(
            text.stdout
                == "\(file.path) (60 fps)\nuikit: no gesture in the timeline; the sheet rests at large, 10 pt\n"
                + "vaul: no gesture in the timeline; the sheet rests at open, 0 pt\n")
        let json = try runPanekit(["feel", file.path, "--json"])
        #expect(
            json.stdout
                == #"{"scenario":"\#(file.path)","name":"\#(file.path)","fps":60,"behaviors":[{"behavior":"uikit","detent":"large","position":10,"gestures":[]}]}"#
                + "\n")
    }

    @Test func aTopSheetMeasuresAsTheMirrorOfABottomSheet() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var outputs: [String] = []
        for edge in ["top", "bottom"] {
            let file = folder.appendingPathComponent("\(edge).json")
            try """
            { "name": "mirror", "size": [390, 844], "fps": 30,
              "container": { "type": "sheet", "behavior": "floatingpanel", "edge": "\(edge)", "detents": ["tip", "half", "full"],
                "initialDetent": "half", "contentHeight": 600 },
              "timeline": [ { "at": 0.5, "action": "setDetent", "detent": "full" } ] }
            """.write(to: file, atomically: true, encoding: .utf8)
            let result = try runPanekit(["feel", file.path])
            #expect(result.status == 0, "\(result.stderr)")
            outputs.append(result.stdout)
        }
        #expect(
            outputs[0] == outputs[1] && outputs[0].contains("floatingpanel  setDetent   0.5        0.5  half  full             18"),
            "\(outputs)")
    }

    /// Bad input and the message it gets (the families `--behaviors` compares come from the registry).
    static let badInput: [(arguments: [String], status: Int32, message: String)] = [
        (["feel"], 2, "panekit feel: expected one sheet scenario file, got 0; see panekit feel --help"),
        (["feel", "Examples/sheet-vaul.json", "Examples/sheet-uikit.json"], 2, "panekit feel: expected one sheet scenario file, got 2"),
        (["feel", "Examples/sheet-vaul.json", "--behaviors", "vual"], 2, #"got "vual"; did you mean "vaul"?"#),
        (["feel", "Examples/sheet-vaul.json", "--behaviors", "vaul,vaul"], 2, "panekit feel: --behaviors: vaul is given twice"),
        (["feel", "Examples/sheet-vaul.json", "--behaviors", ""], 2, "panekit feel: --behaviors: expected behaviors from material"),
        (["feel", "Examples/sheet-vaul.json", "--behaviors"], 2, "panekit feel: --behaviors needs a value"),
        (["feel", "Examples/sheet-vaul.json", "--fps", "0"], 2, "panekit feel: --fps: expected a number > 0 and ≤ 1000"),
        (["feel", "Examples/sheet-vaul.json", "--jsn"], 2, "panekit feel: unknown option --jsn"),
        (
            ["feel", "Examples/drawer-parallax.json"], 1,
            #"panekit feel: Examples/drawer-parallax.json: container.type: feel measures sheets, navigation stacks and pagers: expected "sheet", "navigation" or "pager", got "drawer""#
        ),
        (
            ["feel", "Examples/drawer-parallax.json", "--behaviors", "uikit"], 1,
            "Examples/drawer-parallax.json (behavior uikit): container.type: --behaviors compares behaviors: expected \(behaviorFamiliesChoice), got \"drawer\""
        ),
        (
            ["feel", "Examples/sheet-material.json", "--behaviors", "material,vaul"], 1,
            #"Examples/sheet-material.json (behavior vaul): timeline[0].detent: expected one of open, hidden, got "expanded""#
        ),
        (["feel", "no-such.json"], 1, "panekit feel: cannot read no-such.json"),
        (
            ["render", "Examples/sheet-vaul.json", "--format", "json", "--behaviors", "vaul"], 2,
            "panekit render: --behaviors shows a scenario under each behavior with --format html or sheet, not json"
        ),
        (
            ["render", "Examples/sheet-vaul.json", "--format", "sheet", "--behaviors", "vaul", "--onion"], 2,
            "panekit render: --onion overlays the frames of one run; a sheet with --behaviors has a run per row"
        ),
        (
            ["render", "Examples/sheet-vaul.json", "--format", "sheet", "--behaviors", "hololens"], 2,
            "panekit render: --behaviors: expected behaviors"
        ),
        (
            ["render", "Examples/drawer-parallax.json", "--format", "sheet", "--behaviors", "vaul"], 1,
            "(behavior vaul): container.type: --behaviors compares behaviors: expected \(behaviorFamiliesChoice), got \"drawer\""
        ),
    ]

    @Test(arguments: badInput)
    func badInputIsAClearError(arguments: [String], status: Int32, message: String) throws {
        let result = try runPanekit(arguments)
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty && !result.stderr.contains("Fatal error"), "\(arguments)")
    }

    @Test func feelIsACommandWithHelp() throws {
        let usage = try runPanekit(["--help"])
        #expect(usage.stdout.contains("\n  feel      measure each gesture of a sheet scenario under each behavior"), "\(usage.stdout)")
        let help = try runPanekit(["help", "feel"])
        #expect(help.status == 0 && help.stdout.hasPrefix("usage: panekit feel SCENARIO [--behaviors A,B,…] [--json]"))
        let render = try runPanekit(["render", "--help"])
        #expect(render.stdout.contains("row per behavior, labelled, on the same frame times"))
    }
}

@Suite struct BehaviorSheetTests {
    /// `render SCENARIO --format sheet --behaviors (all six) --tiles 8` into `folder`.
    static func sheet(in folder: URL, _ extra: [String] = []) throws -> String {
        let out = folder.appendingPathComponent("sheet.svg")
        let result = try runPanekit(
            [
                "render", everyBehavior, "--format", "sheet", "--behaviors", behaviors.joined(separator: ","), "--tiles", "8", "--out",
                out.path,
            ]
                + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return try String(contentsOf: out, encoding: .utf8)
    }

    /// Each row's label and its tiles' captions (`#INDEX  TIME s  STATE`), in order.
    static func rows(_ svg: String) -> [(label: String, tiles: [String])] {
        svg.components(separatedBy: "<g class=\"row\">").dropFirst().map { row in
            let label = row.components(separatedBy: "\">").dropFirst().first?.components(separatedBy: "</text>").first ?? ""
            let tiles = row.components(separatedBy: "fill=\"#222222\">#").dropFirst().map { "#" + $0.prefix { $0 != "<" } }
            return (label, tiles)
        }
    }

    @Test func oneLabelledRowPerBehaviorOnTheSameFrames() throws {
        let folder = try FeelCommandTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = try Self.sheet(in: folder)
        #expect(svg.hasPrefix("<?xml") && svg.components(separatedBy: "<svg").count == 2, "one document")
        #expect(svg.contains("<title>sheet: the same present, small drag down, flick up and dismiss under every behavior</title>"))
        let rows = Self.rows(svg)
        #expect(rows.map(\.label) == behaviors)
        #expect(rows.allSatisfy { $0.tiles.count == 8 }, "\(rows.map(\.tiles.count))")
        // The same frame numbers and times in every row (the states differ: each platform settles its own way).
        let times = rows.map { $0.tiles.map { $0.components(separatedBy: " s").first! } }
        #expect(times.allSatisfy { $0 == times[0] }, "\(times)")
        #expect(
            times[0].first == "#0  0"
                && rows.map { $0.tiles.map { $0.components(separatedBy: " s  ").last! } }.dropFirst().contains {
                    $0 != rows[0].tiles.map { $0.components(separatedBy: " s  ").last! }
                })
        // The label at the row's start, left of its first tile; the rows one below the other.
        let labels = svg.components(separatedBy: "<text class=\"row-label\" x=\"").dropFirst().map { part -> (x: Double, y: Double) in
            let x = Double(part.prefix { $0 != "\"" })!
            let y = Double(part.components(separatedBy: "y=\"")[1].prefix { $0 != "\"" })!
            return (x, y)
        }
        #expect(labels.count == 6 && labels.allSatisfy { $0.x == 12 } && zip(labels, labels.dropFirst()).allSatisfy { $0.y < $1.y })
        let firstTile = try #require(
            svg.components(separatedBy: "<g class=\"row\">")[1].components(separatedBy: "<g transform=\"translate(").dropFirst().first)
        #expect(Double(firstTile.prefix { $0 != "," && $0 != " " })! >= 12 + 110, "tiles start after the label column")
        #expect(svg.contains(">6 rows × 8 frames, "))
        // --columns wraps a row's tiles under its label.
        let wrapped = Self.rows(try Self.sheet(in: folder, ["--columns", "4"]))
        #expect(wrapped.map(\.label) == behaviors && wrapped.map(\.tiles) == rows.map(\.tiles))
    }

    @Test func everyBehaviorRunsToTheLongestRunsEnd() throws {
        let folder = try FeelCommandTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = try Self.sheet(in: folder)
        var counts: [Int] = []
        for behavior in behaviors {
            counts.append(try FeelCommandTests.frames(try FeelCommandTests.under(behavior, everyBehavior, in: folder)).count)
        }
        #expect(Set(counts).count > 1, "the behaviors come to rest at different times: \(counts)")
        let last = Self.rows(svg).map { $0.tiles.last!.components(separatedBy: "  ")[0] }
        #expect(last == Array(repeating: "#\(counts.max()! - 1)", count: 6), "\(last)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert"), "needs rsvg-convert"))
    func rsvgDrawsEachBehaviorsSheetInItsRow() throws {
        let folder = try FeelCommandTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = try Self.sheet(in: folder)
        let png = folder.appendingPathComponent("sheet.png")
        let convert = try runProgram(
            URL(fileURLWithPath: "/usr/bin/rsvg-convert"), [folder.appendingPathComponent("sheet.svg").path, "-o", png.path])
        #expect(convert.status == 0, "\(convert.stderr)")
        let decoded = try runProgram(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", PNGPixels.script, png.path])
        let picture = try #require(PNGPixels.parse(decoded.stdout), "\(decoded.stderr)")
        let rows = Self.rows(svg)
        // Tile geometry: 160 pt wide tiles of the 390 × 844 container, 12 pt gaps, a 110 pt label column.
        let scale = 160.0 / 390, tileHeight = 844 * scale
        func pixel(_ x: Double, _ y: Double) -> (r: Int, g: Int, b: Int) {
            let i = (Int(y) * picture.width + Int(x)) * 3
            return (Int(picture.rgb[i]), Int(picture.rgb[i + 1]), Int(picture.rgb[i + 2]))
        }
        var sheets = 0, panes = 0
        for (r, row) in rows.enumerated() {
            let frames = try FeelCommandTests.frames(try FeelCommandTests.under(behaviors[r], everyBehavior, in: folder))
            let top = 34 + Double(r) * (tileHeight + 30 + 12)
            // The label column is the sheet's background, left of the label's text.
            #expect(pixel(4, top + tileHeight / 2) == (0xf7, 0xf7, 0xf8))
            for (c, tile) in row.tiles.enumerated() {
                let index = Int(tile.dropFirst().prefix { $0 != " " })!
                let y = frames[min(index, frames.count - 1)].y  // a run at rest before the longest one's end stays there
                // Near the tile's bottom-left corner: the sheet's dark surface where the sheet covers it, else the pane.
                let p = pixel(12 + 110 + Double(c) * 172 + 3, top + tileHeight - 3)
                let dark = p.r < 120 && p.b > p.r + 20
                if y < 800 {
                    #expect(dark, "\(behaviors[r]) tile \(c) (frame \(index), sheet at \(y)): \(p)")
                    sheets += 1
                } else if y >= 844 {
                    #expect(!dark, "\(behaviors[r]) tile \(c) (frame \(index), sheet hidden): \(p)")
                    panes += 1
                }
            }
        }
        #expect(sheets > 12 && panes > 12, "\(sheets) sheet tiles, \(panes) hidden")
    }
}

extension BehaviorSheetTests {
    /// A sheet scenario that names no behavior of its own is compared all the same: every command that takes
    /// `--behaviors` reads it under each one (as written it is an error: a sheet needs a behavior).
    @Test func aSheetThatNamesNoBehaviorIsComparedAllTheSame() throws {
        let folder = try FeelCommandTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = packageRoot.appendingPathComponent(everyBehavior)
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var container = try #require(json["container"] as? [String: Any])
        container["behavior"] = nil
        json["container"] = container
        let file = folder.appendingPathComponent("no-behavior.json")
        try JSONSerialization.data(withJSONObject: json).write(to: file)
        let asWritten = try runPanekit(["render", file.path, "--format", "json"])
        #expect(asWritten.status == 1 && asWritten.stderr.contains("behavior"), "\(asWritten.stderr)")
        let pair = ["--behaviors", "uikit,vaul"]
        let sheet = try runPanekit(
            ["render", file.path, "--format", "sheet", "--tiles", "4", "--out", folder.appendingPathComponent("s.svg").path] + pair)
        #expect(sheet.status == 0, "\(sheet.stderr)")
        #expect(
            Self.rows(try String(contentsOf: folder.appendingPathComponent("s.svg"), encoding: .utf8)).map(\.label) == ["uikit", "vaul"])
        let page = try runPanekit(["render", file.path, "--format", "html", "--out", folder.appendingPathComponent("p.html").path] + pair)
        #expect(page.status == 0, "\(page.stderr)")
        let html = try String(contentsOf: folder.appendingPathComponent("p.html"), encoding: .utf8)
        #expect(html.contains("data-behavior=\"uikit\"") && html.contains("data-behavior=\"vaul\""))
        let feel = try runPanekit(["feel", file.path] + pair)
        #expect(feel.status == 0 && feel.stdout.contains("uikit") && feel.stdout.contains("vaul"), "\(feel.stderr)")
    }
}
