// Roles, states and styler groups compare and hash by number (a name-table lookup under a lock was the frame's
// largest cost once the vocabulary was open): the numbers must say what the names say.

import Testing

@testable import PaneKit

@Suite struct VocabularyEqualityTests {
    @Test func rolesAreEqualExactlyWhenTheirNamesAre() {
        // The declared ones only: declaring a group here would change what other tests of this process list.
        let roles = Role.allCases
        for a in roles {
            for b in roles {
                #expect((a == b) == (a.rawValue == b.rawValue), "\(a) and \(b)")
                if a == b { #expect(a.hashValue == b.hashValue, "\(a) and \(b)") }
            }
            #expect(Role(rawValue: a.rawValue) == a, "\(a)")
        }
        #expect(Set(roles).count == Set(roles.map(\.rawValue)).count)
    }

    @Test func statesAreEqualExactlyWhenTheirNamesAre() {
        let states = ContainerState.allCases
        for a in states {
            for b in states { #expect((a == b) == (a.rawValue == b.rawValue), "\(a) and \(b)") }
            #expect(ContainerState(rawValue: a.rawValue)?.hashValue == a.hashValue, "\(a)")
        }
    }

    @Test func stylerGroupsAreEqualExactlyWhenTheirNamesAre() {
        let groups = StylerGroup.directions
        for a in groups {
            for b in groups { #expect((a == b) == (a.rawValue == b.rawValue), "\(a) and \(b)") }
            #expect(StylerGroup(rawValue: a.rawValue) == a, "\(a)")
            #expect(StylerGroup(rawValue: a.rawValue)?.hashValue == a.hashValue, "\(a)")
        }
    }
}
