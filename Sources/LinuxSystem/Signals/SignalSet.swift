/// Which of the handled signals arrived: a bitmask, so reading signals never allocates and
/// two SIGCHLDs in one read are one "reap now".
public struct SignalSet: Equatable, Hashable, Sendable {
    public private(set) var rawValue: UInt8

    public init() {
        rawValue = 0
    }

    public init(_ signals: [Signal]) {
        rawValue = 0
        for signal in signals { insert(signal) }
    }

    public var isEmpty: Bool { rawValue == 0 }

    public func contains(_ signal: Signal) -> Bool {
        rawValue & signal.bit != 0
    }

    public mutating func insert(_ signal: Signal) {
        rawValue |= signal.bit
    }

    /// Adds every signal of `other`.
    public mutating func formUnion(_ other: SignalSet) {
        rawValue |= other.rawValue
    }

    /// SIGTERM or SIGINT: stop.
    public var asksToStop: Bool { contains(.terminate) || contains(.interrupt) }
}
