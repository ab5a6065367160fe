import LinuxSystem
import TouchCore

/// systemd's watchdog, pinged from the loop's own turns: a loop that stops turning stops
/// pinging, and systemd restarts the panel.
final class WatchdogTurn: LoopParticipant {
    private let notifier: ServiceNotifier
    private var schedule: WatchdogSchedule?

    init(_ notifier: ServiceNotifier, startingAt now: MonotonicInstant) {
        self.notifier = notifier
        schedule = WatchdogSchedule(interval: notifier.watchdogInterval, startingAt: now)
    }

    var nextDeadline: MonotonicInstant? { schedule?.nextPingAt }

    func turn(_ events: ArraySlice<PollEvents>, now: MonotonicInstant) {
        if schedule != nil, schedule!.pingDue(at: now) {
            notifier.notify(ServiceMessage.alive)
        }
    }
}
