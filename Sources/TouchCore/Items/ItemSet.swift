/// A set of item places below `ItemSet.capacity` (128: 64 buttons and texts, 16 sliders, and
/// room for the kinds to come) as two bit masks: the items to repaint, with no allocation. Not
/// a `Sequence`, as `ButtonSet` is not; walk it with `popFirst()`.
public struct ItemSet: Hashable, Sendable {
    public static let capacity = 128
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    public init() {}

    public var isEmpty: Bool { low | high == 0 }

    public func contains(_ place: Int) -> Bool {
        guard place >= 0 && place < ItemSet.capacity else { return false }
        return place < 64 ? low & ItemSet.bit(place) != 0 : high & ItemSet.bit(place - 64) != 0
    }

    public mutating func insert(_ place: Int) {
        guard place >= 0 && place < ItemSet.capacity else { return }
        if place < 64 { low |= ItemSet.bit(place) } else { high |= ItemSet.bit(place - 64) }
    }

    /// Every button of `buttons` (places 0 ..< 64).
    public mutating func formUnion(_ buttons: ButtonSet) {
        low |= buttons.mask
    }

    /// The places in either set.
    public func union(_ other: ItemSet) -> ItemSet {
        var both = self
        both.low |= other.low
        both.high |= other.high
        return both
    }

    /// The places of this set that are not in `other`.
    public func subtracting(_ other: ItemSet) -> ItemSet {
        var rest = self
        rest.low &= ~other.low
        rest.high &= ~other.high
        return rest
    }

    /// The lowest place in the set, removed from it; nil when empty.
    public mutating func popFirst() -> Int? {
        if low != 0 {
            let place = low.trailingZeroBitCount
            low &= low &- 1
            return place
        }
        guard high != 0 else { return nil }
        let place = high.trailingZeroBitCount
        high &= high &- 1
        return 64 + place
    }

    /// A non-negative index below 64 as a 64-bit mask, built from its bits as `ButtonSet`'s
    /// are (the generic conversion trips `-no-allocations` on armhf).
    @inline(__always)
    private static func bit(_ index: Int) -> UInt64 {
        1 &<< UInt64(_truncatingBits: UInt(bitPattern: index))
    }
}
