// Every error's reason is written as its name and every error's description is its message, through what the
// error types share; an app outside the package reads both, and makes errors and issues without a reason.

import PaneKit
import PaneKitScenario
import PaneKitTestSupport
import Testing

@Suite struct ErrorTextTests {
    @Test func everyReasonIsWrittenAsItsName() {
        #expect(SpringFormError.Reason.springOutOfRange.description == "springOutOfRange")
        #expect("\(HostError.Reason.nonFiniteFrame)" == "nonFiniteFrame")
        #expect(ContainerError.Reason.malformedSnapshot.description == "malformedSnapshot")
        #expect(BakeError.Reason.unsupportedVersion.description == "unsupportedVersion")
        #expect(RegistryError.Reason.makeFailed.description == "makeFailed")
        #expect(StylerError.Reason.layoutMismatch.description == "layoutMismatch")
        #expect(ParamError.Reason.readAsOtherKind.description == "readAsOtherKind")
        #expect(JSONSyntaxError.Reason.tooDeep.description == "tooDeep")
        #expect(ScenarioIssue.Reason.invalidTiming.description == "invalidTiming")
    }

    @Test func everyErrorOfAMessageIsWrittenAsItsMessage() {
        let message = "speed: expected > 0, got -1"
        let errors: [any Error & CustomStringConvertible] = [
            SpringFormError(.invalidValue, message), HostError(.tooManyFrames, message), ContainerError(.invalidValue, message, key: "x"),
            BakeError(.impure, message, file: "b.json"), RegistryError(.nameTaken, message, styler: "zoom"),
            StylerError(.malformedTable, styler: "zoom", message: message), ParamError(message),
        ]
        for error in errors {
            #expect(error.description == message)
            #expect("\(error)" == message)
        }
    }

    @Test func aStylerErrorOrAnIssueWithoutAReasonTakesItsDefault() {
        #expect(StylerError(styler: "zoom", message: "m").reason == .failed)
        #expect(StylerError(.geometryMismatch, styler: "zoom", message: "m").reason == .geometryMismatch)
        let issue = ScenarioIssue(path: "fps", message: "expected a number")
        #expect(issue.reason == .other && issue.description == "fps: expected a number")
        #expect(ScenarioIssue(.conflict, path: "fps", message: "m").reason == .conflict)
    }

    /// An app outside the package sees the reasons' and errors' descriptions and the initialisers without a reason.
    @Test(.enabled(if: TypedActionTests.compiler != nil, "needs swiftc on PATH and the PaneKit module built by swift build"))
    func anAppReadsTheTextsAndMakesErrorsWithoutAReason() throws {
        let good = """
            import PaneKit
            import PaneKitScenario
            func names() -> [String] {
                let reasons: Set<SpringFormError.Reason> = [.keySet, .malformed, .keySet]
                let described: [any CustomStringConvertible] = [
                    StylerError(styler: "zoom", message: "m"), ScenarioIssue(path: "fps", message: "m"),
                    SpringFormError("m"), HostError.Reason.other, JSONSyntaxError.Reason.duplicateKey,
                ]
                return reasons.map(\\.description) + described.map(\\.description) + ["\\(ParamError.Reason.outOfRange)"]
            }
            """
        #expect(try TypedActionTests.typeCheckErrors(good: good, bad: "") == [])
    }
}
