@testable import PanelEngine
import Testing

@Suite("Retained messages waiting for the in-flight window")
struct RetainedQueueTests {
    private func drain(_ queue: inout RetainedQueue) -> [String] {
        var taken: [String] = []
        while let message = queue.takeFirst() {
            taken.append("\(message.topic)=\(String(decoding: message.payload, as: UTF8.self))")
        }
        return taken
    }

    @Test func aNewerPayloadTakesTheWaitingOnesPlace() {
        var queue = RetainedQueue()
        queue.queue("a", Array("1".utf8))
        queue.queue("b", Array("1".utf8))
        queue.queue("a", Array("2".utf8))
        #expect(queue.count == 2)
        #expect(drain(&queue) == ["a=2", "b=1"])
        #expect(queue.isEmpty)
    }

    @Test func aTopicQueuedAgainAfterItWasTakenGoesLast() {
        var queue = RetainedQueue()
        queue.queue("a", Array("1".utf8))
        queue.queue("b", Array("1".utf8))
        #expect(queue.takeFirst()?.topic == "a")
        queue.queue("a", Array("2".utf8))
        queue.queue("c", Array("1".utf8))
        #expect(drain(&queue) == ["b=1", "a=2", "c=1"])
    }

    @Test func aRemovedTopicIsPassedOverAndQueuedAgainTakesItsFirstPlace() {
        var queue = RetainedQueue()
        queue.queue("a", Array("1".utf8))
        queue.queue("b", Array("1".utf8))
        queue.queue("c", Array("1".utf8))
        queue.remove("a")
        queue.remove("b")
        #expect(queue.count == 1)
        #expect(queue.takeFirst()?.topic == "c")
        #expect(queue.takeFirst() == nil)
        queue.queue("d", Array("1".utf8))
        queue.queue("e", Array("1".utf8))
        queue.remove("d")
        queue.queue("f", Array("1".utf8))
        queue.queue("d", Array("2".utf8))
        #expect(drain(&queue) == ["d=2", "e=1", "f=1"])
        #expect(queue.isEmpty)
    }

    @Test func removeAllForgetsEveryTopic() {
        var queue = RetainedQueue()
        queue.queue("a", Array("1".utf8))
        _ = queue.takeFirst()
        queue.queue("b", Array("1".utf8))
        queue.removeAll()
        #expect(queue.takeFirst() == nil)
        queue.queue("b", Array("2".utf8))
        #expect(drain(&queue) == ["b=2"])
    }

    @Test func fourHundredTopicsComeOutInOrder() {
        var queue = RetainedQueue()
        for index in 0..<400 { queue.queue("t\(index)", [UInt8(index % 256)]) }
        for index in stride(from: 0, to: 400, by: 2) { queue.queue("t\(index)", [7]) }
        var taken: [String] = []
        var payloads: [UInt8] = []
        while let message = queue.takeFirst() {
            taken.append(message.topic)
            payloads.append(message.payload[0])
        }
        let topics: [String] = (0..<400).map { "t\($0)" }
        let expected: [UInt8] = (0..<400).map { (index: Int) -> UInt8 in index % 2 == 0 ? 7 : UInt8(index % 256) }
        #expect(taken == topics)
        #expect(payloads == expected)
    }
}
