// The ASCII renderer: goldens, the pane's border during an open, perspective, split roles, alpha, colour.

import PaneKit
import PaneKitRender
import XCTest

final class ASCIIRendererTests: XCTestCase {
    func testGoldenFramesOfTheGallery() throws {
        let small = ASCIIRenderer(columns: 48, rows: 14)
        for (example, indices) in [
            ("drawer-open-close-bounce", [0, 5, 10, 33, 40]), ("drawer-swinging-door", [6, 12, 48]),
            ("drawer-above-scrim", [8]), ("drawer-replace-center", [25]),
        ] {
            let frames = try Fixtures.frames(example)
            var text = ""
            for i in indices {
                text += ASCIIRenderer.caption(frames[i]) + "\n" + small.render(frames[i])
            }
            assertSnapshot(text, named: example, as: "txt")
        }
    }

    func testSplitRolesFromHandBuiltFrames() {
        let renderer = ASCIIRenderer(columns: 64, rows: 16)
        var text = ""
        for (name, frame) in [
            ("thin", Fixtures.split()), ("pane splitter", Fixtures.split(dividerWidth: 25)),
            ("horizontal pane splitter", Fixtures.split(vertical: false, dividerWidth: 25)),
            ("popover", Fixtures.split(popover: true)),
        ] {
            text += name + "\n" + renderer.render(frame)
        }
        assertSnapshot(text, named: "split", as: "txt")
    }

    /// Column of the pane's left border on row 3: the cell before the first blank (the pane's fill; drawers
    /// are hatched), which must be a border character.
    private func paneLeftBorder(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Int? {
        let row = Array(text.split(separator: "\n", omittingEmptySubsequences: false)[3].utf8)
        guard let blank = row.firstIndex(of: UInt8(ascii: " ")), blank > 0 else { return nil }
        XCTAssertEqual(
            row[blank - 1], UInt8(ascii: "|"), "no border before the pane's fill in \(String(decoding: row, as: UTF8.self))", file: file,
            line: line)
        return blank - 1
    }

    func testOpeningMovesThePaneLeftBorderMonotonicallyRight() throws {
        // 280 pt at MM's 840 pt/s is 1/3 s: 20 frames at 60 fps.
        var host = PaneHost(
            container: DrawerContainer(DrawerConfiguration(size: Size(width: 375, height: 667), widths: [.left: 280])), fps: 60)
        host.perform(.open(.left))
        let frames = try (0...20).map { _ in try host.step() }
        XCTAssertEqual(frames.last?.fractions[.left], 0, "the open should take 20 frames")
        let renderer = ASCIIRenderer()
        var columns: [Int] = []
        for frame in frames {
            let column = try XCTUnwrap(paneLeftBorder(renderer.render(frame)), "frame \(frame.index)")
            columns.append(column)
        }
        for (i, pair) in zip(columns, columns.dropFirst()).enumerated() {
            XCTAssertLessThanOrEqual(pair.0, pair.1, "frame \(i + 1): the border moved left (\(columns))")
        }
        XCTAssertEqual(columns.first, 0)
        // The pane ends 280 pt from the left: 280 / 375 × 80 = 59.7, the first cell centre right of it is 60.
        XCTAssertEqual(columns.last, 60)
        XCTAssertGreaterThan(Set(columns).count, 10, "the border should move on most frames: \(columns)")
    }

    func testSwingingDoorAtHalfOpenIsNarrowerThanItsFrame() throws {
        let configuration = DrawerConfiguration(size: Size(width: 375, height: 667), widths: [.left: 280])
        let sample = try Sampler.sample(MMSwingingDoorStyler(), container: .drawer(configuration), group: .left, fractions: [0.5])
        var drawer = try XCTUnwrap(sample[0].nodes.first { $0.role == .drawerLeft })
        drawer.style.hidden = false
        let text = ASCIIRenderer().render(Fixtures.frame([drawer]))
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false)
        let widths = rows.map { $0.filter { $0 != " " }.count }
        let frameCells = 280.0 / 375 * 80
        let drawn = try XCTUnwrap(widths.max())
        XCTAssertGreaterThan(drawn, 0)
        // Turned 45° with perspective: about cos 45° of its width, far less than the frame's 60 cells.
        XCTAssertLessThan(Double(drawn), 0.85 * frameCells, "\n" + text)
        // Perspective: the far edge is shorter than the hinge, so the first and last rows are narrower than the middle.
        XCTAssertLessThan(widths[0], widths[12], "\n" + text)
    }

    func testAlphaIsADensityRampAndHiddenNodesAreNotDrawn() {
        var faint = NodeStyle()
        faint.alpha = 0.2
        var hidden = NodeStyle()
        hidden.hidden = true
        let size = Size(width: 100, height: 100)
        let text = ASCIIRenderer(columns: 10, rows: 5).render(
            Fixtures.frame(
                [
                    Node(role: .drawerLeft, frame: Rect(x: 0, y: 0, width: 50, height: 100), style: faint),
                    Node(role: .drawerRight, frame: Rect(x: 50, y: 0, width: 50, height: 100), style: hidden),
                ], size: size))
        XCTAssertEqual(text, String(repeating: ",,,,,     \n", count: 5))
    }

    func testScrimShadesBlankCellsAndKeepsText() {
        var scrim = NodeStyle()
        scrim.alpha = 0.5
        scrim.color = .black
        let size = Size(width: 200, height: 100)
        let frame = Fixtures.frame(
            [
                Node(role: .pane, frame: Rect(x: 0, y: 0, width: 200, height: 100)),
                Node(role: .overlay, frame: Rect(x: 0, y: 0, width: 200, height: 100), style: scrim),
            ], size: size)
        let lines = ASCIIRenderer(columns: 20, rows: 5).render(frame).split(separator: "\n")
        XCTAssertEqual(lines[0], "+------------------+")
        XCTAssertEqual(lines[1], "|oooooooooooooooooo|")
        // The label's padding is blank, so it is shaded too; the label itself stays.
        XCTAssertEqual(lines[2], "|ooooooopaneooooooo|")
    }

    func testColourWritesEscapesOnlyWhereTheColourChanges() throws {
        let frame = try Fixtures.frames("drawer-open-close-bounce")[5]
        let plain = ASCIIRenderer(columns: 40, rows: 10).render(frame)
        for mode in [TerminalColor.ansi256, .truecolor] {
            let coloured = ASCIIRenderer(columns: 40, rows: 10, color: mode).render(frame)
            XCTAssertTrue(coloured.contains(mode == .truecolor ? "\u{1b}[48;2;" : "\u{1b}[48;5;"))
            // Without the escapes the characters are the same.
            let stripped = coloured.replacingOccurrences(of: "\u{1b}\\[[0-9;]*m", with: "", options: .regularExpression)
            XCTAssertEqual(stripped, plain)
            // A run of one colour costs one escape: far fewer escapes than cells.
            XCTAssertLessThan(coloured.components(separatedBy: "\u{1b}[").count, 10 * 12)
        }
    }

    func testOffScreenAndDegenerateGeometryNeverTraps() {
        var wild = NodeStyle()
        wild.transform = Transform3D.rotation(angle: 2.5, x: 0, y: 1, z: 0).concatenating(.perspective(-0.01))
        var huge = NodeStyle()
        huge.transform = .translation(x: 1e12, y: -1e12)
        let frame = Fixtures.frame([
            Node(role: .pane, frame: Rect(x: 0, y: 0, width: 375, height: 667), style: wild),
            Node(role: .drawerLeft, frame: Rect(x: 0, y: 0, width: 280, height: 667), style: huge),
            Node(role: .divider, frame: Rect(x: 10, y: 10, width: 0, height: 0)),
        ])
        XCTAssertEqual(ASCIIRenderer(columns: 1, rows: 1).render(frame).utf8.count, 2)
        XCTAssertEqual(ASCIIRenderer().render(frame).split(separator: "\n").count, 24)
        XCTAssertEqual(
            ASCIIRenderer().render(Fixtures.frame([], size: .zero)), String(repeating: String(repeating: " ", count: 80) + "\n", count: 24))
    }

    func testAPaneSplitterBeyondAnEdgeDrawsNoGrip() {
        // An adaptive container narrowing from a split view fades the 25 pt divider out where it was, right of the
        // new width: its grip lies off the canvas (this trapped on an empty column range).
        for x in [380.0, -30, 360] {
            let frame = Fixtures.frame([
                Node(role: .pane, frame: Rect(x: 0, y: 0, width: 375, height: 667)),
                Node(role: .divider, frame: Rect(x: x, y: 0, width: 25, height: 667)),
            ])
            XCTAssertEqual(ASCIIRenderer(columns: 40, rows: 12).render(frame).split(separator: "\n").count, 12, "divider at \(x)")
        }
    }
}
