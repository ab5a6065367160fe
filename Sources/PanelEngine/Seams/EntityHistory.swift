/// What a `history/history_during_period` result says of one entity: the states Home
/// Assistant's recorder kept, oldest first, for filling a chart at start.
public struct EntityHistory: Equatable, Sendable {
    public var entity: String
    public var points: [RecordedState]
    /// A point of its list had another shape (no string `s`, no number `lu`): the reply says
    /// nothing trustworthy of it, and `points` is empty.
    public var malformed: Bool

    public init(entity: String, points: [RecordedState] = [], malformed: Bool = false) {
        self.entity = entity
        self.points = points
        self.malformed = malformed
    }
}

/// One recorded state: its text as Home Assistant wrote it, and when (its `lu`, wall-clock
/// milliseconds since the epoch).
public struct RecordedState: Equatable, Sendable {
    public var state: String
    public var epochMs: Int64

    public init(_ state: String, epochMs: Int64) {
        self.state = state
        self.epochMs = epochMs
    }
}
