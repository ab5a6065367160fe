/// A chart as the engine hands it to a surface: a view of its ring (the engine owns the
/// memory, and keeps it while the panel runs) and a count of its changes, so that two looks
/// of one chart differ exactly when something new was recorded.
public struct ChartLook: Equatable, Sendable {
    public var ring: ChartRing
    public var revision: UInt32
    /// Counts the values that went into a bucket before the newest: the paint after one is
    /// whole (a partial one redraws the newest bucket alone).
    public var olderChanges: UInt32

    public init(ring: ChartRing, revision: UInt32, olderChanges: UInt32 = 0) {
        self.ring = ring
        self.revision = revision
        self.olderChanges = olderChanges
    }

    public static func == (a: ChartLook, b: ChartLook) -> Bool {
        a.revision == b.revision && a.olderChanges == b.olderChanges && a.ring.storage.baseAddress == b.ring.storage.baseAddress
    }
}

/// `style`: the mean as a line, or as bars from the bottom; the min-max band behind both.
public enum ChartStyle: Equatable, Sendable {
    case line
    case bars
}
