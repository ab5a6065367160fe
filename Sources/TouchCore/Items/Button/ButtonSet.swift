/// A set of button indices below `ButtonLayout.capacity` (64) as one bit mask: the buttons to
/// repaint, with no allocation. Not a `Sequence`: that conformance brings array-building
/// defaults that `-no-allocations` rejects; walk it with `forEach` or `popFirst()`.
public struct ButtonSet: Hashable, Sendable {
    /// Bit i set means button i is in the set.
    public var mask: UInt64

    public init(mask: UInt64 = 0) {
        self.mask = mask
    }

    /// The buttons 0 ..< count.
    public static func first(_ count: Int) -> ButtonSet {
        if count <= 0 { return ButtonSet() }
        if count >= 64 { return ButtonSet(mask: ~0) }
        return ButtonSet(mask: (1 &<< Self.wide(count)) &- 1)
    }

    public var isEmpty: Bool { mask == 0 }
    public var count: Int { mask.nonzeroBitCount }

    public func contains(_ button: Int) -> Bool {
        button >= 0 && button < 64 && mask & Self.bit(button) != 0
    }

    public mutating func insert(_ button: Int) {
        guard button >= 0 && button < 64 else { return }
        mask |= Self.bit(button)
    }

    public mutating func remove(_ button: Int) {
        guard button >= 0 && button < 64 else { return }
        mask &= ~Self.bit(button)
    }

    @inline(__always)
    private static func bit(_ button: Int) -> UInt64 {
        1 &<< wide(button)
    }

    /// A non-negative index as a 64-bit shift amount. Built from its bits: the generic
    /// `UInt64(truncatingIfNeeded:)` from a 32-bit Int trips `-no-allocations` on armhf.
    @inline(__always)
    private static func wide(_ index: Int) -> UInt64 {
        UInt64(_truncatingBits: UInt(bitPattern: index))
    }

    /// The lowest index in the set, removed from it; nil when empty.
    public mutating func popFirst() -> Int? {
        guard mask != 0 else { return nil }
        let index = mask.trailingZeroBitCount
        mask &= mask &- 1
        return index
    }

    /// Calls `body` with each index, lowest first.
    public func forEach(_ body: (Int) -> Void) {
        var rest = self
        while let index = rest.popFirst() {
            body(index)
        }
    }
}
