// The roles of a grid scenario's frame: each cell's caption and each cell's nodes under the cell's label.

extension Role {
    /// The nodes of a grid scenario's frame (`grid` in a scenario): `cell.LABEL` is a cell's caption, and
    /// `cell.LABEL/ROLE` is the node of `ROLE` in that cell (`cell.cover-flow/page.3`), so that every node of the
    /// frame has a role of its own and every writer keyed by role (CSS, Lottie) keeps the cells apart.
    package static let cell = Role.declareGroup("cell", named: true)

    /// The role of `inner`'s node in the cell labelled `label` (`cell.LABEL/ROLE`).
    package static func cell(_ label: String, _ inner: Role) -> Role {
        cell.member(named: label + "/" + inner.rawValue)
    }

    /// For a node of a grid cell (`cell.LABEL/ROLE`), the role it has in its cell's own run; nil for any other role
    /// and for a caption. Renderers draw it as that role (its look, its label, the scenario's `appearance`).
    /// - Complexity: O(length of the name); allocates the name (renderers, not the host's per-frame path).
    package var cellInner: Role? {
        guard isMember, group == .cell else { return nil }
        let name = rawValue.dropFirst(Role.cell.rawValue.count + 1)
        guard let slash = name.firstIndex(of: "/") else { return nil }
        return Role(rawValue: String(name[name.index(after: slash)...]))
    }

    /// For a grid cell's caption (`cell.LABEL`), its label; nil for any other role.
    package var cellCaption: String? {
        guard isMember, group == .cell else { return nil }
        let name = rawValue.dropFirst(Role.cell.rawValue.count + 1)
        return name.contains("/") ? nil : String(name)
    }
}

extension Role {
    /// The grid roles (`cell.…`) of `frames`, in the order they first show: the roles a writer that lists a run's
    /// roles up front (CSS, Lottie, the studio's tables) adds after the families' (`Role.allCases`, which no grid
    /// role is among).
    /// - Complexity: O(frames × nodes × grid roles).
    package static func cells<S: Sequence<Frame>>(in frames: S) -> [Role] {
        var roles: [Role] = []
        for frame in frames {
            for node in frame.nodes where node.role.isMember && node.role.group == .cell && !roles.contains(node.role) {
                roles.append(node.role)
            }
        }
        return roles
    }
}
