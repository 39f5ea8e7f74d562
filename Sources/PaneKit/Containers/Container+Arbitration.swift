// The pan arbitration every container shares; each family's own (its policy against the original's numbers) is in its folder.

extension Container {
    /// No arbitration: every pan sample goes straight to the container.
    package func panArbitration() -> PanArbitration? { nil }
}

extension PanPolicy {
    /// The arbitration of a container with this policy and `regions` (nil when the policy is empty and there are no
    /// regions), whose pans fail without a drawer when `failsByDefault` and the policy says nothing.
    func arbitration(
        regions: [ScrollRegion], axis: Axis = .horizontal, failsByDefault: Bool, positive: Bool, negative: Bool
    ) -> PanArbitration? {
        guard !isEmpty || !regions.isEmpty else { return nil }
        return PanArbitration(
            axis: axis, lockAngle: lockAngle ?? Self.originalLockAngle, failsWithoutDrawer: failsWithoutDrawer ?? failsByDefault,
            movesTowardsPositive: positive, movesTowardsNegative: negative, regions: regions)
    }
}
