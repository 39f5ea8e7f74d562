// panekit spring: a spring in any platform's form, converted to the canonical one and written for every platform.

import PaneKit
import PaneKitRender

enum SpringCommand {
    static let help = """
        usage: panekit spring FORM [--json] [--plot OUT.svg]

        FORM is key=value,key=value with exactly one of these key sets, optionally with initialVelocity
        (distances per second towards the target):
          response,dampingFraction        SwiftUI spring(response:dampingFraction:)
          duration,bounce                 SwiftUI Spring(duration:bounce:)
          mass,stiffness,damping          Core Animation, UIKit, Framer Motion
          stiffness,dampingRatio          Android SpringForce, Compose spring() (names: high, medium, low,
                                          veryLow; highBouncy, mediumBouncy, lowBouncy, noBouncy)
          tension,friction                react-spring
          preset                          react-spring's default, gentle, wobbly, stiff, slow, molasses
          origamiTension,origamiFriction  Origami / Quartz Composer
          bounciness,speed                Pop
          visualDuration,bounce           Framer Motion
        With platform=NAME (swiftui, uikit, compose, reactSpring, framerMotion, origami, pop, reactNative) the
        keys mean what they mean there, with its defaults, and the spring ends by that platform's rest rule:
          platform=framerMotion,duration=0.8,bounce=0.25   Motion's duration form (not SwiftUI's), ends at 0.8 s
          platform=framerMotion,stiffness=300               Motion's restDelta/restSpeed (also as keys)
          platform=compose,stiffness=400,dampingRatio=0.8   Compose's visibilityThreshold (default 0.01)
          platform=reactNative,tension=40,friction=7        Origami's tension/friction, RN's rest thresholds
        The spring a form converts to must have a damping ratio in 0.001…100, ω0 in 0.001…1000000 rad/s and
        initialVelocity in -1000000…1000000; anything else is an error (exit 1), as is a value that is not a number.
        Prints the canonical mass, stiffness, damping and initial velocity, the damping ratio, ω0, the settle time
        (within 0.1 % of the distance and 1 % of the distance per second, or the named platform's rest), the spring
        written for every platform with where it ends there (settlingDuration),
        and the code that makes it in SwiftUI, UIKit, Compose and CSS (as panekit curve prints it).
          --json          one JSON object: {"mass","stiffness","damping","initialVelocity","dampingRatio","omega0",
                          "settlingDuration","forms":{"swiftui","uikit","compose","reactSpring","framerMotion",
                          "origami","pop","css"}}: each an object of that platform's keys, css the linear()
                          easing as a string (over settlingDuration); a value a platform cannot write is null
          --plot OUT.svg  also draw the step response

        Example: panekit spring response=0.5,dampingFraction=0.825

        """

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = try Arguments(command: "spring", arguments, valued: ["plot"], switches: ["json", "help"])
        if args.has("help") { return Output.print(help) }
        guard args.positionals.count == 1, let form = args.positionals.first else {
            throw .usage("spring: expected one FORM such as response=0.5,dampingFraction=0.825; see panekit spring --help")
        }
        let spring: Spring
        do {
            spring = try Spring(parsing: form)
        } catch {
            throw .input("spring: \(form): \(error.message)")
        }
        if let plot = args.value("plot") {
            let svg = SpringPlot().render(spring, title: form, notes: [summary(spring)])
            try Output.write(svg, to: plot)
        }
        Output.print(args.has("json") ? json(spring) : text(spring))
    }

    static func summary(_ s: Spring) -> String {
        "ζ \(NumberFormat.string(s.dampingRatio)), ω0 \(NumberFormat.string(s.omega0)) rad/s, settles in "
            + "\(NumberFormat.string(s.settlingDuration)) s"
    }

    static func value(_ v: Spring.FormOutput, json: Bool) -> String {
        switch v {
        case .number(let n): NumberFormat.string(n)
        case .text(let t): json ? FrameJSON.string(t) : t
        case .none: json ? "null" : "(not expressible)"
        }
    }

    static func text(_ s: Spring) -> String {
        var out = "mass \(NumberFormat.string(s.mass)), stiffness \(NumberFormat.string(s.stiffness)), "
        out += "damping \(NumberFormat.string(s.damping)), initialVelocity \(NumberFormat.string(s.initialVelocity))\n"
        out += "dampingRatio \(NumberFormat.string(s.dampingRatio)), omega0 \(NumberFormat.string(s.omega0)) rad/s, "
        out += "settlingDuration \(NumberFormat.string(s.settlingDuration)) s\n"
        for form in s.forms {
            out += form.platform.padding(toLength: 13, withPad: " ", startingAt: 0)
            out += form.values.map { ($0.key.isEmpty ? "" : "\($0.key)=") + value($0.value, json: false) }.joined(separator: " ") + "\n"
        }
        // The code block is the one `panekit curve` prints; a spring that never settles has no CSS form, so none.
        if let code = try? CurveCommand.code(s) { out += "\n" + code }
        return out
    }

    static func json(_ s: Spring) -> String {
        let head: [(String, Double)] = [
            ("mass", s.mass), ("stiffness", s.stiffness), ("damping", s.damping), ("initialVelocity", s.initialVelocity),
            ("dampingRatio", s.dampingRatio), ("omega0", s.omega0), ("settlingDuration", s.settlingDuration),
        ]
        let forms = s.forms.map { form in
            // A form of one keyless value (css) is that value.
            if form.values.count == 1, form.values[0].key.isEmpty {
                return "\"\(form.platform)\":\(value(form.values[0].value, json: true))"
            }
            return "\"\(form.platform)\":{" + form.values.map { "\"\($0.key)\":\(value($0.value, json: true))" }.joined(separator: ",")
                + "}"
        }
        return "{" + head.map { "\"\($0.0)\":\(NumberFormat.string($0.1))" }.joined(separator: ",")
            + ",\"forms\":{" + forms.joined(separator: ",") + "}}\n"
    }
}
