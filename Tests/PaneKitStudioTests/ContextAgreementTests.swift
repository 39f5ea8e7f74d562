// One context: for every registered family, each group it poses and each state it declares, the context the host
// builds for a styler equals, field by field, the ones `sample`, `bake` and `check` build (family fields included).

import Testing

@testable import PaneKit
@testable import PaneKitLua

@Suite struct ContextAgreementTests {
    /// A styler that keeps every context it is called with.
    final class Recorder: Styler, @unchecked Sendable {
        let name = "recorder"
        var contexts: [StyleContext] = []
        func style(_ context: StyleContext, into edits: inout StyleEdits) throws { contexts.append(context) }
    }

    /// Every field of `c` a styler can read, by name: the core's and each registered family's.
    static func fields(_ c: StyleContext) -> [String] {
        var list = [
            "direction \(c.direction)", "closed \(c.closed)", "velocity \(c.velocity)", "reducedMotion \(c.reducedMotion)",
            "layoutDirection \(c.layoutDirection)", "reveal \(c.reveal)", "size \(c.size)", "container \(c.container)",
            "layout \(c.layout)", "subject \(c.subject)", "group \(c.group)",
        ]
        for slot in 0..<Role.count {
            let role = Role.withIndex(slot)
            list.append("frames.\(role) \(c.frames[role].map { "\($0)" } ?? "nil")")
        }
        for field in ContainerRegistry.descriptors.flatMap(\.contextFields) {
            let value =
                switch field.kind {
                case .number, .optionalNumber: "\(c.values.number(field.slot))"
                case .boolean: "\(c.values.number(field.slot))"
                case .text: "\(c.values.text(field.slot) ?? "nil")"
                case .table: "\(c.values.table(field.slot).map { "\($0.name)=\($0.closed)" })"
                }
            list.append("\(field.name) \(value)")
        }
        return list
    }

    /// The host's contexts for `group` with `spec` posed statically at `closed` (one per styled subject).
    static func hostContexts(_ spec: ContainerSpec, _ group: StylerGroup, closed: Double) throws -> [StyleContext] {
        let recorder = Recorder()
        var host = PaneHost(container: spec.posed(group, closed: closed).container, stylers: [group: [recorder]], chrome: false)
        _ = try host.step()
        return recorder.contexts
    }

    @Test func theHostSampleBakeAndCheckBuildTheSameContext() throws {
        // The built-ins and the deck, the family the test target defines.
        try ContainerRegistry.withAdded(DeckDescriptor()) { try Self.compareEveryFamily() }
    }

    static func compareEveryFamily() throws {
        var compared = 0, families: Set<String> = []
        for descriptor in ContainerRegistry.descriptors {
            for group in descriptor.posableGroups {
                for pose in descriptor.checkPoses(group: group, size: PluginCheck.size) {
                    for (state, rule) in pose.states {
                        for closed in rule.fractions(of: [1, 0.75, 0.5, 0.25, 0]) {
                            let place = "\(descriptor.kind) \(pose.label) \(group) \(state) closed \(closed)"
                            let host = try Self.hostContexts(pose.container, group, closed: closed)
                            // `sample` runs the host on the posed container with the one styler.
                            let recorder = Recorder()
                            _ = try Sampler.sample(recorder, container: pose.container, group: group, fractions: [closed])
                            #expect(recorder.contexts.map(Self.fields) == host.map(Self.fields), "sample, \(place)")
                            let checked = PluginCheck.contexts(of: pose.container, group: group, closed: closed)
                            let baked = Poser(styler: recorder, container: pose.container, group: group).context(closed)
                            // The host styles only the subjects that show; the tools pose each one.
                            for context in host {
                                let match = checked.first { $0.subject == context.subject }
                                #expect(match.map(Self.fields) == Self.fields(context), "check, \(place), \(context.subject)")
                            }
                            if let first = host.first, first.subject == baked.subject {
                                #expect(Self.fields(baked) == Self.fields(first), "bake, \(place)")
                            }
                            compared += host.count
                            if !host.isEmpty { families.insert(descriptor.kind.rawValue) }
                        }
                    }
                }
            }
        }
        #expect(compared > 100)
        #expect(families == Set(ContainerRegistry.names), "every family compared at least once")
    }
}
