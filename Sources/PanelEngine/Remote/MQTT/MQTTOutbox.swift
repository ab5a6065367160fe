import LinuxSystem
import TouchCore

/// Events on their way to the broker: at most `capacity`, the newest kept. While the broker
/// is away (or slow) the oldest are dropped and counted, so that memory stays bounded and
/// what arrives after a reconnect is the recent past, in order.
public struct MQTTOutbox {
    public struct Message: Equatable, Sendable {
        public var topic: String
        public var payload: [UInt8]

        public init(topic: String, payload: [UInt8]) {
            self.topic = topic
            self.payload = payload
        }
    }

    /// One event: its instant (for the event-to-publish figure) and its messages.
    public struct Entry: Equatable, Sendable {
        public var at: MonotonicInstant
        public var messages: [Message]

        public init(at: MonotonicInstant, messages: [Message]) {
            self.at = at
            self.messages = messages
        }
    }

    public let capacity: Int
    private var entries: [Entry] = []
    private var head = 0
    /// Events dropped since the count was last taken.
    public private(set) var dropped = 0

    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    public var count: Int { entries.count - head }
    public var isEmpty: Bool { count == 0 }

    public mutating func append(_ entry: Entry) {
        if count == capacity {
            head += 1
            dropped += 1
        }
        entries.append(entry)
        // Compact now and then, so the array does not grow with every event ever queued.
        if head >= capacity {
            entries.removeFirst(head)
            head = 0
        }
    }

    /// The oldest entry, taken out.
    public mutating func takeFirst() -> Entry? {
        guard head < entries.count else { return nil }
        let entry = entries[head]
        head += 1
        if head == entries.count {
            entries.removeAll(keepingCapacity: true)
            head = 0
        }
        return entry
    }

    /// The count of dropped events, reset to 0.
    public mutating func takeDroppedCount() -> Int {
        defer { dropped = 0 }
        return dropped
    }
}
