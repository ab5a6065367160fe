import LinuxSystem
import PanelEngine
import TouchCore

/// The touch source's turn, first in every run: its descriptor (INT line, input device, or
/// inotify while a device is away), the engine's next deadline, then the engine's step.
final class TouchTurn: LoopParticipant {
    let engine: PanelEngine

    init(_ engine: PanelEngine) {
        self.engine = engine
    }

    var pollInterests: [PollInterest] { TouchTurn.interests(of: engine.source) }

    var nextDeadline: MonotonicInstant? { engine.nextWakeup }

    func turn(_ events: ArraySlice<PollEvents>, now: MonotonicInstant) {
        // Frames come at their own instants (an INT edge's, an input event's), after the
        // deadlines due before them: a second tap whose edge came before release+W continues
        // the sequence even if the loop woke after it.
        engine.step(now: now, readiness: TouchTurn.readiness(events.first ?? []))
    }

    /// What a source waits on: its descriptor, readable, when it has one.
    static func interests(of source: TouchSource) -> [PollInterest] {
        guard let descriptor = source.waitDescriptor else { return [] }
        return [PollInterest(descriptor: descriptor, events: .readable)]
    }

    /// What the wait saw on a source's descriptor, as the source reads it.
    static func readiness(_ events: PollEvents) -> DescriptorReadiness {
        if events.failed { return .failed }
        if events.contains(.readable) { return .readable }
        return .quiet
    }
}
