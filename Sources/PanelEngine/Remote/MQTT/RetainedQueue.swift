/// Retained messages (discovery documents, states) waiting for room in the in-flight window,
/// oldest first. A newer payload for a topic that is still waiting takes the old one's place:
/// only the newest state of a topic matters. Queueing is one dictionary look-up, so an
/// announcement of hundreds of documents costs time in proportion to their number.
struct RetainedQueue {
    private var order: [String] = []
    private var head = 0
    private var payloads: [String: [UInt8]] = [:]

    var count: Int { payloads.count }
    var isEmpty: Bool { payloads.isEmpty }

    mutating func queue(_ topic: String, _ payload: [UInt8]) {
        if payloads.updateValue(payload, forKey: topic) == nil { order.append(topic) }
    }

    /// The oldest waiting topic with its newest payload (a topic removed while it waited is
    /// passed over).
    mutating func takeFirst() -> (topic: String, payload: [UInt8])? {
        while head < order.count {
            let topic = order[head]
            head += 1
            if head == order.count {
                order.removeAll(keepingCapacity: true)
                head = 0
            }
            if let payload = payloads.removeValue(forKey: topic) { return (topic, payload) }
        }
        return nil
    }

    /// `topic` no longer waits (its message was sent another way).
    mutating func remove(_ topic: String) {
        payloads.removeValue(forKey: topic)
    }

    mutating func removeAll() {
        order.removeAll()
        head = 0
        payloads.removeAll()
    }
}
