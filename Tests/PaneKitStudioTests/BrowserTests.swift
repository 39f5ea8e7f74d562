// The studio page in a real browser: headless Chromium driven by Scripts/browser_test.py through Selenium.

import Foundation
import PaneKitTestSupport
import Testing

/// One browser at a time: four headless Chromiums at once on a two-core machine delayed the mouse's pointer events
/// enough to slow the sheet test's flick below FloatingPanel's velocity threshold now and then.
@Suite(.serialized) struct BrowserTests {
    /// Chromium, its driver and a Python with Selenium (Debian: chromium chromium-driver python3-selenium).
    static let python: String? = {
        let fm = FileManager.default
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        let found = { (name: String) in path.contains { fm.isExecutableFile(atPath: "\($0)/\(name)") } }
        guard found("chromium"), found("chromedriver") else { return nil }
        for candidate in ["/usr/bin/python3", "/usr/local/bin/python3"] where fm.isExecutableFile(atPath: candidate) {
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: candidate)
            probe.arguments = ["-c", "import selenium"]
            probe.standardError = FileHandle.nullDevice
            try? probe.run()
            probe.waitUntilExit()
            if probe.terminationStatus == 0 { return candidate }
        }
        return nil
    }()

    /// Static exports of a swinging door, a dynamics bounce, a split and a Lua plugin match the JSON frames to 1e-6;
    /// play, scrub and step move the frame; a live studio's slider, drag, plugin save and broken save behave.
    /// Screenshots go to .build/studio-screenshots.
    @Test(
        .enabled(
            if: BrowserTests.python != nil,
            "needs chromium, chromedriver and python3-selenium (Scripts/ensure-deps.sh --tests installs them)"),
        .timeLimit(.minutes(5)))
    func studioPageInHeadlessChromium() throws {
        // A hang fails the test instead of holding CI: the script is stopped after 240 s.
        let (status, text) = try Self.runScript(seconds: 240)
        print(text.split(separator: "\n").filter { $0.hasPrefix("measure") || $0.hasPrefix("FAIL") }.joined(separator: "\n"))
        #expect(status == 0, "browser checks failed:\n\(text)")
        #expect(text.contains("all browser checks passed"))
    }

    /// The stage and the curves as a new user meets them. A click on a node of the live studio fills the inspector
    /// and neither taps nor re-runs; in interact mode (the I key) or with Shift the click is a tap of the gesture
    /// model; a static export has no interact mode. The inspector lists every property and reads the transform as
    /// the curves do; the curves draw one chart per channel (x, y, z as lines of one chart), list constant channels
    /// as "constant: value" and name the compared stylers in a legend; each stage has its container's aspect ratio
    /// at two window sizes; the error bar is at the top. Screenshots go to .build/studio-screenshots.
    @Test(.enabled(if: BrowserTests.python != nil, "needs chromium, chromedriver and python3-selenium"), .timeLimit(.minutes(3)))
    func stageClickCurvesAndLayoutInHeadlessChromium() throws {
        let (status, text) = try Self.runScript(sections: ["curves", "click"])
        print(text.split(separator: "\n").filter { $0.hasPrefix("FAIL") }.joined(separator: "\n"))
        #expect(status == 0, "browser checks failed:\n\(text)")
        #expect(text.contains("all browser checks passed"))
    }

    /// `panekit studio Examples/sheet-floatingpanel.json`: a mouse drag in interact mode moves the sheet from its
    /// half detent to full through FloatingPanel's own gesture model, and a drag down brings it back lower.
    @Test(.enabled(if: BrowserTests.python != nil, "needs chromium, chromedriver and python3-selenium"), .timeLimit(.minutes(2)))
    func sheetDragsBetweenDetentsInHeadlessChromium() throws {
        let (status, text) = try Self.runScript(sections: ["sheet"], seconds: 90)
        print(text.split(separator: "\n").filter { $0.hasPrefix("FAIL") }.joined(separator: "\n"))
        #expect(status == 0, "browser checks failed:\n\(text)")
        #expect(text.contains("all browser checks passed"))
    }

    /// `--behaviors material,compose,uikit,floatingpanel` on Examples/sheet-compare.json: the static page has one
    /// labelled stage per behavior (`data-behavior`), all at one scale, and the scrubber moves every stage to its
    /// behavior's engine frame at that time; in the live studio a mouse drag on the last stage is replayed on all of
    /// them, and each rests where its engine puts the same pan, not all at one height.
    @Test(.enabled(if: BrowserTests.python != nil, "needs chromium, chromedriver and python3-selenium"), .timeLimit(.minutes(2)))
    func behaviorsSideBySideInHeadlessChromium() throws {
        let (status, text) = try Self.runScript(sections: ["behaviors"], seconds: 90)
        print(text.split(separator: "\n").filter { $0.hasPrefix("FAIL") }.joined(separator: "\n"))
        #expect(status == 0, "browser checks failed:\n\(text)")
        #expect(text.contains("all browser checks passed"))
    }

    /// Examples/sheet-scroll.json as a static page: on a frame where the sheet's feed is scrolled, the sheet's element
    /// has a layer over the region with its look moved up by the frame's offset; on a frame at 0 it has none.
    @Test(.enabled(if: BrowserTests.python != nil, "needs chromium, chromedriver and python3-selenium"), .timeLimit(.minutes(2)))
    func sheetScrollInHeadlessChromium() throws {
        let (status, text) = try Self.runScript(sections: ["scroll"], seconds: 90)
        print(text.split(separator: "\n").filter { $0.hasPrefix("FAIL") }.joined(separator: "\n"))
        #expect(status == 0, "browser checks failed:\n\(text)")
        #expect(text.contains("all browser checks passed"))
    }

    /// The designer's loop on `panekit studio Examples/sheet-floatingpanel.json`: a drag up, released, then a flick
    /// down from where the sheet rests; the flick starts at the sheet's shown position (the run with the drag up, not
    /// the scenario's frame at that index), the stage plays on from the release (never back to the drag's start) and
    /// rests where the engine puts that composite run; "Back to the scenario" forgets both.
    @Test(.enabled(if: BrowserTests.python != nil, "needs chromium, chromedriver and python3-selenium"), .timeLimit(.minutes(2)))
    func gesturesChainFromWhatTheStageShowsInHeadlessChromium() throws {
        let (status, text) = try Self.runScript(sections: ["chain"], seconds: 100)
        print(text.split(separator: "\n").filter { $0.hasPrefix("FAIL") }.joined(separator: "\n"))
        #expect(status == 0, "browser checks failed:\n\(text)")
        #expect(text.contains("all browser checks passed"))
    }

    /// A click on a node that reaches past the stage (Examples/design-example.json, frame 40) moves no node on the
    /// screen, then or on another frame; FloatingPanel's sheet at its full detent shows its wireframe made for that
    /// size in the studio page, and the CSS export paused there matches the SVG frame's pixels inside the sheet.
    @Test(.enabled(if: BrowserTests.python != nil, "needs chromium, chromedriver and python3-selenium"), .timeLimit(.minutes(2)))
    func stageNeverScrollsAndContentIsDrawnTrueInHeadlessChromium() throws {
        let (status, text) = try Self.runScript(sections: ["overflow", "content"], seconds: 100)
        print(text.split(separator: "\n").filter { $0.hasPrefix("FAIL") }.joined(separator: "\n"))
        #expect(status == 0, "browser checks failed:\n\(text)")
        #expect(text.contains("all browser checks passed"))
    }

    /// A navigation stack in the live studio (navigation_checks.py): a mouse drag from Cupertino's edge strip is
    /// recorded as a pan, the page follows it, and after the release the stack pops and the stage rests on the
    /// engine's last frame of the same pan.
    @Test(.enabled(if: BrowserTests.python != nil, "needs chromium, chromedriver and python3-selenium"), .timeLimit(.minutes(2)))
    func navigationBackDragInHeadlessChromium() throws {
        let (status, text) = try Self.runScript(sections: ["navigation"], seconds: 90)
        print(text.split(separator: "\n").filter { $0.hasPrefix("FAIL") }.joined(separator: "\n"))
        #expect(status == 0, "browser checks failed:\n\(text)")
        #expect(text.contains("all browser checks passed"))
    }

    /// A grid scenario's contact sheet on the static page (grid_checks.py): each cell's nodes are in a box at the
    /// cell's rectangle that clips them, and no point of the gaps between the cells hits a node.
    @Test(.enabled(if: BrowserTests.python != nil, "needs chromium, chromedriver and python3-selenium"), .timeLimit(.minutes(2)))
    func contactSheetCellsClipInHeadlessChromium() throws {
        let (status, text) = try Self.runScript(sections: ["grid"], seconds: 90)
        print(text.split(separator: "\n").filter { $0.hasPrefix("FAIL") }.joined(separator: "\n"))
        #expect(status == 0, "browser checks failed:\n\(text)")
        #expect(text.contains("all browser checks passed"))
    }

    /// Runs Scripts/browser_test.py on `sections` (none: its first three), stopped after `seconds`; its exit status
    /// and output.
    static func runScript(sections: [String] = [], seconds: Double = 150) throws -> (Int32, String) {
        let shots = packageRoot.appendingPathComponent(".build/studio-screenshots")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(python))
        process.arguments =
            [
                packageRoot.appendingPathComponent("Tests/PaneKitStudioTests/Scripts/browser_test.py").path,
                panekitBinary.path, packageRoot.path, shots.path,
            ] + (sections.isEmpty ? [] : [sections.joined(separator: ",")])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: watchdog)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        watchdog.cancel()
        return (process.terminationStatus, text)
    }
}
