import LinuxSystem
import TouchCore

/// The signal descriptor's turn: what arrived is read and kept until the run takes it after
/// the turn (stop, reload, reap, statistics), so every run handles signals in one place.
final class SignalWatch: LoopParticipant {
    let channel: SignalChannel
    private var received = SignalSet()

    init(_ channel: SignalChannel) {
        self.channel = channel
    }

    var pollInterests: [PollInterest] { [PollInterest(descriptor: channel.pollDescriptor, events: .readable)] }

    func turn(_ events: ArraySlice<PollEvents>, now: MonotonicInstant) {
        guard let first = events.first, !first.isEmpty else { return }
        received.formUnion(channel.readSignals())
    }

    /// The signals read since the last call.
    func take() -> SignalSet {
        defer { received = SignalSet() }
        return received
    }
}
