import CLinux
import TouchCore

/// What the panel tells the service manager that started it (systemd's Type=notify): ready once
/// the first frame is drawn, alive from every turn of the loop, reloading and stopping. Outside
/// systemd every message goes nowhere.
public protocol ServiceNotifier: AnyObject {
    /// One sd_notify message: newline-separated `KEY=value` assignments.
    func notify(_ state: String)
    /// How often systemd wants WATCHDOG=1 (WatchdogSec=), or nil when it does not watch.
    var watchdogInterval: MonotonicDuration? { get }
}

/// The messages, in one place, so the loop names what it means.
public enum ServiceMessage {
    public static let ready = "READY=1"
    public static let alive = "WATCHDOG=1"
    public static let stopping = "STOPPING=1"

    /// RELOADING=1 with the CLOCK_MONOTONIC time systemd (253+) wants beside it.
    public static func reloading(at now: MonotonicInstant) -> String {
        "RELOADING=1\nMONOTONIC_USEC=\(now.nanoseconds / 1_000)"
    }

    /// READY=1 again after a reload, with what became of it as the unit's status line.
    public static func readyAfterReload(_ status: String) -> String {
        "READY=1\nSTATUS=\(status)"
    }
}

/// sd_notify through libsystemd (`$NOTIFY_SOCKET`, set by systemd for Type=notify units).
public final class SystemdNotifier: ServiceNotifier {
    public let watchdogInterval: MonotonicDuration?

    public init() {
        var intervalUs: UInt64 = 0
        if tp_watchdog_interval_us(&intervalUs) > 0, intervalUs > 0 {
            watchdogInterval = .milliseconds(max(Int64(clamping: intervalUs / 1_000), 1))
        } else {
            watchdogInterval = nil
        }
    }

    public func notify(_ state: String) {
        // A failure here (the socket went away) must not stop the panel; systemd's own
        // timeouts then say what happened.
        _ = tp_notify(state)
    }
}
