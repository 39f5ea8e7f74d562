// Every public error has a reason an app can compare or switch on, named at each throw site, beside the
// unchanged message. Only the public API is imported: this is what an app sees.

import Foundation
import PaneKit
import PaneKitScenario
import PaneKitTestSupport
import Testing

@Suite struct ErrorReasonTests {
    static let size = Size(width: 375, height: 667)

    /// The error `ScenarioLoader.load` throws for `text`, or nil when it loads.
    func scenarioError(_ text: String) -> ScenarioError? {
        do {
            _ = try ScenarioLoader.load(text, file: "s.json")
            return nil
        } catch {
            return error
        }
    }

    /// A scenario with a drawer container and `extra` members.
    func scenario(container: String = #"{"type": "drawer", "left": {}}"#, _ extra: String = "") -> String {
        #"{"size": [375, 667], "container": "# + container + extra + "}"
    }

    // MARK: - ScenarioError

    @Test func aScenarioTellsAnUnknownContainerTypeFromABadNumber() throws {
        let type = try #require(scenarioError(scenario(container: #"{"type": "drawr", "left": {}}"#)))
        #expect(type.reasons == [.unknownContainerType])
        #expect(
            type.description
                == "s.json: container.type: expected one of \(ContainerRegistry.names.joined(separator: ", ")), got \"drawr\"; "
                + #"did you mean "drawer"?"#
        )

        let number = try #require(scenarioError(scenario(#", "fps": -3"#)))
        #expect(number.reasons == [.invalidNumber])
        #expect(number.description == "s.json: fps: expected a number > 0 and ≤ 1000, got -3")

        let type2 = try #require(scenarioError(scenario(#", "fps": "fast""#)))
        #expect(type2.reasons == [.wrongType])
        #expect(type2.description == #"s.json: fps: expected a number > 0 and ≤ 1000, got "fast""#)
    }

    @Test func everyIssueOfAScenarioKeepsItsOwnReasonInFileOrder() throws {
        let error = try #require(
            scenarioError(
                scenario(
                    #", "fps": 0, "colour": 1, "stylers": {"left": ["mm.paralax"]}, "#
                        + #""timeline": [{"at": 0, "action": "opne", "direction": "left"}, {"at": 1, "action": "open", "direction": "left", "timing": "bouncy"}]"#
                )))
        #expect(error.issues.count == 5, "\(error)")
        let byPath = Dictionary(error.issues.map { ($0.path, $0.reason) }, uniquingKeysWith: { a, _ in a })
        #expect(byPath["colour"] == .unknownKey)
        #expect(byPath["fps"] == .invalidNumber)
        #expect(byPath["stylers.left[0]"] == .unknownStyler)
        #expect(byPath["timeline[0].action"] == .unknownValue)
        #expect(byPath["timeline[1].timing"] == .invalidTiming)
        #expect(error.reasons == error.issues.map(\.reason))
    }

    @Test func syntaxMissingKeysConflictsAndParametersHaveTheirReasons() throws {
        let syntax = try #require(scenarioError(#"{"size": [375, 667],"#))
        #expect(syntax.reasons == [.syntax])
        #expect(syntax.description == "s.json:1:21: expected a key in quotes, got the end of the file")

        let missing = try #require(scenarioError(#"{"size": [375, 667]}"#))
        #expect(missing.reasons == [.missingKey])
        #expect(missing.description == #"s.json: container: missing; expected an object with a "type""#)

        let both = try #require(scenarioError(scenario(#", "fps": 30, "frameTimes": [0, 1]"#)))
        #expect(both.reasons == [.conflict])

        let parameter = try #require(scenarioError(scenario(#", "stylers": {"left": [{"name": "mm.parallax", "params": {"nope": 1}}]}"#)))
        #expect(parameter.reasons == [.invalidParameter])
    }

    // MARK: - HostError

    @Test func aHostRefusesAFrameTimeThatGoesBack() throws {
        var host = PaneHost(container: DrawerContainer(DrawerConfiguration(size: Self.size, widths: [.left: 280])))
        _ = try host.step(at: 1)
        do {
            _ = try host.step(at: 0.5)
            Issue.record("a frame time that goes back was accepted")
        } catch let error as HostError {
            #expect(error.reason == .invalidFrameTime)
            #expect(error.message == "frame times must be finite and never decrease: got 0.5 after 1")
            #expect(error.time == 0.5)
            #expect(error.underlying == nil)
        }
    }

    @Test func aStrictRunStopsWithTheStylersErrorAsItsReasonAndUnderlyingError() throws {
        let bad = ClosureStyler(name: "bad") { _, _ in throw StylerError(styler: "bad", message: "bad.lua:3: boom") }
        var host = PaneHost(container: DrawerContainer(DrawerConfiguration(size: Self.size, widths: [.left: 280])), stylers: [.left: [bad]])
        host.strict = true
        host.perform(.open(.left))
        do {
            _ = try host.step()
            Issue.record("a failing styler did not stop a strict run")
        } catch let error as HostError {
            #expect(error.reason == .stylerFailed)
            #expect(error.message == "styler bad failed: bad.lua:3: boom")
            #expect(error.styler == "bad")
            let styler = try #require(error.underlying as? StylerError)
            #expect(styler.reason == .failed)
        }
    }

    @Test func aHostTellsAnOverflowFromAStylerFailure() throws {
        let huge = ClosureStyler(name: "huge") { _, edits in edits[.pane].transform = .scale(1e200) }
        var host = PaneHost(
            container: DrawerContainer(DrawerConfiguration(size: Self.size, widths: [.left: 280])), stylers: [.left: [huge, huge]])
        host.perform(.open(.left))
        do {
            _ = try host.step()
            Issue.record("an overflowing frame was written")
        } catch let error as HostError {
            #expect(error.reason == .nonFiniteFrame)
            #expect(error.reason != .stylerFailed)
        }
        // A styler writing NaN is disabled; under strict it stops the run, its own reason underneath.
        let nan = ClosureStyler(name: "nan") { _, edits in edits[.pane].alpha = .nan }
        var strict = PaneHost(
            container: DrawerContainer(DrawerConfiguration(size: Self.size, widths: [.left: 280])), stylers: [.left: [nan]])
        strict.strict = true
        strict.perform(.open(.left))
        do {
            _ = try strict.step()
            Issue.record("a NaN edit was written")
        } catch let error as HostError {
            #expect(error.reason == .stylerFailed)
            #expect((error.underlying as? HostError)?.reason == .nonFiniteEdit)
        }
    }

    @Test func aRunOfTooManyFramesIsRefusedBeforeItStarts() throws {
        // The loader refuses such a file; a scenario built or changed in code meets the run's own check.
        var scenario = try ScenarioLoader.load(
            #"{"size": [375, 667], "container": {"type": "drawer", "left": {}}, "fps": 120}"#, file: "s.json")
        scenario.duration = 2400
        do {
            try scenario.run { _ in }
            Issue.record("a run past the frame cap started")
        } catch let error as HostError {
            #expect(error.reason == .tooManyFrames)
            #expect(
                error.message
                    == "duration × fps gives 288000 frames; at most 250000 are rendered in one run (lower the duration or the frame rate)")
        }
    }

    // MARK: - RegistryError

    @Test func aRegistryTellsAnUnknownStylerFromATakenNameABadParameterAndAFailedMake() throws {
        var registry = StylerRegistry.builtins
        do {
            _ = try registry.make("mm.paralax")
            Issue.record("an unknown styler was made")
        } catch {
            #expect(error.reason == .unknownStyler)
            #expect(error.message == #"unknown styler "mm.paralax"; did you mean "mm.parallax"?"#)
            #expect(error.styler == "mm.paralax")
        }
        do {
            _ = try registry.make("mm.parallax", params: ["nope": .number(1)])
            Issue.record("an unknown parameter was accepted")
        } catch {
            #expect(error.reason == .invalidParameter)
            #expect(error.message == "mm.parallax: nope: unknown parameter; allowed: factor")
            #expect(error.parameterError?.reason == .unknownParameter && error.parameterError?.parameter == "nope")
        }
        let entry = StylerEntry(name: "mm.parallax", description: "", params: [], source: "mine.lua") { _ in
            ClosureStyler(name: "mm.parallax") { _, _ in }
        }
        do {
            try registry.register(entry)
            Issue.record("a built-in name was taken")
        } catch {
            #expect(error.reason == .nameTaken)
            #expect(error.message == #"mine.lua: the name "mm.parallax" is already taken by a built-in styler"#)
        }
        try registry.register(
            StylerEntry(name: "t.broken", description: "", params: []) { _ in throw StylerError(styler: "t.broken", message: "no") })
        do {
            _ = try registry.make("t.broken")
            Issue.record("a failing make returned a styler")
        } catch {
            #expect(error.reason == .makeFailed)
            #expect(error.message == "t.broken: no")
        }
    }

    // MARK: - StylerError, ContainerError, ParamError, SpringFormError, BakeError

    @Test func aBakedStylerTellsAnotherGeometryFromAnotherLayout() throws {
        let origin = BakeOrigin(styler: "mm.slide", params: [:], container: .drawer, size: Self.size)
        let (baked, _) = try StylerBaker.bake(
            try StylerRegistry.builtins.make("mm.slide"), name: "slide.bake.json", origin: origin,
            container: .drawer(DrawerConfiguration(size: Self.size, widths: [.left: 280])), groups: [.left])
        var edits = StyleEdits()
        func reason(_ context: StyleContext) -> StylerError.Reason? {
            do {
                try baked.style(context, into: &edits)
                return nil
            } catch {
                return (error as? StylerError)?.reason
            }
        }
        #expect(reason(StyleContext(direction: .left, closed: 0.5, reveal: 280, size: Self.size)) == nil)
        #expect(reason(StyleContext(direction: .left, closed: 0.5, reveal: 280, size: Size(width: 320, height: 568))) == .geometryMismatch)
        var rtl = StyleContext(direction: .left, closed: 0.5, reveal: 280, size: Self.size)
        rtl.layoutDirection = .rtl
        #expect(reason(rtl) == .layoutMismatch)
        #expect(StylerError(styler: "x", message: "y").reason == .failed)
    }

    @Test func aSnapshotTellsABadValueFromText() throws {
        func reason(_ json: String) -> ContainerError.Reason? {
            do {
                _ = try DrawerSnapshot.from(json: json)
                return nil
            } catch {
                return error.reason
            }
        }
        #expect(reason(#"{"openMode":"sideways"}"#) == .invalidValue)
        #expect(reason(#"{"openMode":"push","leftWidth":-3}"#) == .invalidValue)
        do {
            _ = try DrawerSnapshot.from(json: #"{"openMode":"push","leftWidth":-3}"#)
            Issue.record("a negative width was read")
        } catch {
            #expect(error.key == "leftWidth" && error.message == "leftWidth: expected a width > 0, got -3")
        }
        #expect(reason("[]") == .malformedSnapshot)
    }

    @Test func parametersSpringsAndBakeFilesHaveReasons() throws {
        let angle = ParamSpec.number("angle", 0, min: -3, max: 3, doc: "")
        #expect(throwsReason { () throws(ParamError) in _ = try angle.parse("x") } == .wrongType)
        #expect(throwsReason { () throws(ParamError) in try angle.validate(.number(4)) } == .outOfRange)
        #expect(
            throwsReason { () throws(ParamError) in _ = try Parameters(specs: [angle], overrides: ["angel": .number(1)]) }
                == .unknownParameter)

        #expect(throwsReason { () throws(SpringFormError) in _ = try Spring(parsing: "response=0.5") } == .keySet)
        #expect(throwsReason { () throws(SpringFormError) in _ = try Spring(parsing: "response=-1,dampingFraction=1") } == .invalidValue)
        #expect(throwsReason { () throws(SpringFormError) in _ = try Spring(parsing: "response") } == .malformed)
        #expect(throwsReason { () throws(SpringFormError) in _ = try Timing(parsing: "bouncy") } == .invalidCurve)
        #expect(throwsReason { () throws(SpringFormError) in _ = try Spring.validated(stiffness: -1, damping: 1) } == .springOutOfRange)

        #expect(throwsReason { () throws(BakeError) in _ = try BakeFile.read("{", file: "b.json", name: "b") } == .syntax)
        #expect(throwsReason { () throws(BakeError) in _ = try BakeFile.read("[]", file: "b.json", name: "b") } == .invalidFile)
        do {
            _ = try BakeFile.read(#"{"format": "panekit.bake", "version": 99}"#, file: "b.json", name: "b")
            Issue.record("a bake file of another version was read")
        } catch {
            #expect(error.reason == .unsupportedVersion && error.file == "b.json" && error.path == "version")
        }
        do {
            _ = try angle.parse("x")
            Issue.record("a parameter's text that is not a number was read")
        } catch {
            #expect(error.parameter == "angle" && error.message == #"angle: expected a number, got "x""#)
        }

        #expect(throwsReason { () throws(JSONSyntaxError) in _ = try JSONReader.parse("[1,") } == .unexpectedToken)
        #expect(throwsReason { () throws(JSONSyntaxError) in _ = try JSONReader.parse(#"{"a": 1, "a": 2}"#) } == .duplicateKey)
        #expect(throwsReason { () throws(JSONSyntaxError) in _ = try JSONReader.parse(#""\q""#) } == .invalidString)
        #expect(throwsReason { () throws(JSONSyntaxError) in _ = try JSONReader.parse("1e999") } == .invalidNumber)
        #expect(throwsReason { () throws(JSONSyntaxError) in _ = try JSONReader.parse(String(repeating: "[", count: 600)) } == .tooDeep)
    }

    /// The "Tell errors apart" example of the article "Embedding in an app", type-checked against the built module
    /// outside the package, as an app is: a renamed reason breaks this test.
    @Test(.enabled(if: TypedActionTests.compiler != nil, "needs swiftc on PATH and the PaneKit module built by swift build"))
    func theArticlesExampleTypeChecks() throws {
        let article = try String(
            contentsOf: packageRoot.appendingPathComponent("Sources/PaneKit/PaneKit.docc/EmbeddingInAnApp.md"), encoding: .utf8)
        let blocks = article.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
            .filter { $0.contains("issue.reason") }
        try #require(blocks.count == 1, "expected one block that switches on issue.reason, found \(blocks.count)")
        let source = """
            import PaneKit
            import PaneKitScenario
            func apply(_ frame: Frame) {}
            func highlight(_ path: String, _ text: String) {}
            func report(_ error: any Error) {}
            func offerStylerList(_ text: String) {}
            func example(text: String) throws {
            \(blocks[0])
            }
            """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("panekit-errors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try source.write(to: folder.appendingPathComponent("Example.swift"), atomically: true, encoding: .utf8)
        let (swiftc, modules) = try #require(TypedActionTests.compiler)
        // The timeout only guards against a hang (see TypedActionTests).
        let result = try runProgram(
            swiftc, ["-typecheck", "-diagnostic-style", "llvm", "-I", modules.path, "Example.swift"], in: folder, timeout: 600)
        #expect(!result.timedOut)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test func aReasonIsSwitchedOnWithADefaultAndNamedInText() {
        func advice(_ error: ScenarioError) -> String {
            switch error.reasons.first {
            case .unknownContainerType?: "pick a container type"
            case .invalidNumber?: "fix the number"
            default: "see the message"
            }
        }
        #expect(advice(scenarioError(scenario(container: #"{"type": "box"}"#))!) == "pick a container type")
        #expect(advice(scenarioError(scenario(#", "fps": -1"#))!) == "fix the number")
        #expect(HostError.Reason.stylerFailed.description == "stylerFailed")
        #expect(ScenarioIssue.Reason.unknownContainerType.description == "unknownContainerType")
        #expect(Set([RegistryError.Reason.unknownStyler, .nameTaken, .unknownStyler]).count == 2)
        // The message-only initialisers stay for apps' own throw sites, with the reason `other`.
        #expect(HostError("x").reason == .other && ContainerError("x").reason == .other && RegistryError("x").reason == .other)
    }
}

/// The reason of the error `body` throws, or nil when it does not throw.
func throwsReason<E: Error>(_ body: () throws(E) -> Void) -> E.Reason? where E: ReasonCarrying {
    do {
        try body()
        return nil
    } catch {
        return error.reason
    }
}

/// The errors the tests read a reason from.
protocol ReasonCarrying { associatedtype Reason: Equatable; var reason: Reason { get } }
extension ParamError: ReasonCarrying {}
extension SpringFormError: ReasonCarrying {}
extension BakeError: ReasonCarrying {}
extension JSONSyntaxError: ReasonCarrying {}
