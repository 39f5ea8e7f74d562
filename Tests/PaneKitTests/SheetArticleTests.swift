// The DocC article "Driving a sheet" used as it shows it: configure, drive with touches at 120 Hz, read the detent
// and the events. A rename breaks this build; a change of what the article says happens fails the asserts.

import Testing

@testable import PaneKit

@Suite struct SheetArticleTests {
    @Test func configureDriveAndRead() throws {
        var configuration = SheetConfiguration(size: Size(width: 390, height: 844), behavior: .floatingpanel)
        configuration.safeArea = SafeAreaInsets(top: 47, bottom: 34)
        configuration.detents = [.named("tip"), .named("half"), .named("full")]
        configuration.initialDetent = "half"
        configuration.hideable = true
        configuration.displayScale = 3
        configuration.displayRate = 120
        let sheet = try SheetContainer(configuration)
        #expect(sheet.geometry.detents.map(\.name) == ["tip", "half", "full"])
        #expect(sheet.position == 1286.0 / 3)  // 428.5 rounded to the screen's pixels

        var host = TypedPaneHost(sheet, fps: 120, stylers: [.bottom: [SheetFloatingStyler()]])
        let start = sheet.position + 20
        for k in 0...12 {
            let phase: TouchPhase = k == 0 ? .began : (k == 12 ? .ended : .moved)
            host.touch(phase, Point(x: 195, y: start - 150 * Double(k) / 12), at: 1 + Double(k) / 120)
        }
        var rests: [String] = [], detents: Set<String> = []
        var time = 1.0
        while time < 3 {
            let frame = try host.step(at: time)
            for event in frame.events {
                if case .detentDidChange(let detent)? = event.as(SheetEvent.self) { rests.append(detent) }
            }
            detents.insert(frame.detent ?? "")
            time += 1.0 / 120
        }
        // The flick (1500 pt/s up) lands on full; the frames said half, then full.
        #expect(rests == ["full"] && detents == ["half", "full"])
        #expect(host.container.detent == "full" && host.container.isAtRest)
        host.perform(.dismiss())
        while !host.container.isAtRest || time < 4 {
            _ = try host.step(at: time)
            time += 1.0 / 120
        }
        #expect(host.container.detent == "hidden")
    }

    /// The article's promise about configuration errors: every problem, with its path.
    @Test func aConfigurationThatDoesNotCheckNamesEveryProblem() {
        var configuration = SheetConfiguration(size: Size(width: 390, height: 844), behavior: .floatingpanel)
        configuration.detents = [.named("tip"), .fraction(name: "tall", 1.5)]
        configuration.initialDetent = "middle"
        configuration.displayScale = 0
        do {
            _ = try SheetContainer(configuration)
            Issue.record("an invalid configuration checked")
        } catch {
            #expect(error.issues.map(\.path) == ["displayScale", "detents[1].fraction"])
        }
    }
}
