import TouchCore

/// Counts checks without allocating: failures are kept as static names.
public struct SelfTestReport: Sendable {
    public private(set) var passed = 0
    public private(set) var failed = 0
    private var failureNames = InlineArray<32, StaticString>(repeating: "")

    public init() {}

    public mutating func check(_ condition: Bool, _ name: StaticString) {
        if condition {
            passed += 1
        } else {
            if failed < 32 { failureNames[failed] = name }
            failed += 1
        }
    }

    /// The names of the first 32 failed checks.
    public func failure(_ index: Int) -> StaticString {
        failureNames[index]
    }

    public var recordedFailures: Int { failed < 32 ? failed : 32 }
}

/// A gesture event sink with a fixed capacity, for checks that compare exact sequences.
public struct FixedEventLog: GestureEventSink {
    private var events = InlineArray<48, GestureEvent>(
        repeating: GestureEvent(at: MonotonicInstant(nanoseconds: 0), button: 0, kind: .pressed))
    public private(set) var count = 0
    public private(set) var overflowed = false

    public init() {}

    public mutating func receive(_ event: GestureEvent) {
        guard count < 48 else {
            overflowed = true
            return
        }
        events[count] = event
        count += 1
    }

    public subscript(index: Int) -> GestureEvent { events[index] }

    /// Whether event `index` is `kind` on `button` at `ms`.
    public func has(_ index: Int, ms: Int64, button: Int, _ kind: GestureEventKind) -> Bool {
        index < count && events[index] == GestureEvent(at: .milliseconds(ms), button: button, kind: kind)
    }

    public mutating func clear() {
        count = 0
    }
}
