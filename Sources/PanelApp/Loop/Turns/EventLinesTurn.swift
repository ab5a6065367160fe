import LinuxSystem
import PanelEngine
import TouchCore

/// Event lines that a slow reader has not taken yet: stdout is polled for POLLOUT only while
/// such a backlog waits.
final class EventLinesTurn: LoopParticipant {
    let stream: EventStream

    init(_ stream: EventStream) {
        self.stream = stream
    }

    var pollInterests: [PollInterest] {
        guard stream.wantsWritable else { return [] }
        return [PollInterest(descriptor: stream.pollDescriptor, events: .writable)]
    }

    func turn(_ events: ArraySlice<PollEvents>, now: MonotonicInstant) {
        guard let first = events.first, !first.isEmpty else { return }
        stream.writeBacklog()
    }
}
