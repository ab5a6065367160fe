import LinuxSystem
import TouchCore

/// How each machine's states and inputs read in `TransitionLog` lines (`--debug`). Written
/// out by hand: the firmware has no reflection to print an enum with.
public enum TransitionText {
    public static func power(_ power: PanelPower) -> String {
        switch power {
        case .awake: "awake"
        case .saver: "saver"
        case .dimmed: "dimmed"
        case .off: "off"
        }
    }

    public static func power(_ input: PanelPower.Input) -> String {
        switch input {
        case .idleTimeout: "idle_timeout"
        case .touchDown: "touch_down"
        case .wakeRequested: "wake"
        case .blankRequested: "blank"
        case .presenceDetected: "presence"
        case .awayTimeout: "away_timeout"
        }
    }

    public static func hold(_ hold: HoldToRun) -> String {
        switch hold {
        case .idle: "idle"
        case .held(let command): command.map { "held(command \($0))" } ?? "held"
        }
    }

    public static func hold(_ input: HoldToRun.Input) -> String {
        switch input {
        case .commandFailed(let pid): "command_failed(\(pid))"
        default: input.name
        }
    }

    public static func bound(_ state: BoundState, origin: MonotonicInstant) -> String {
        switch state {
        case .unknown: "unknown"
        case .reported(let on): on ? "on" : "off"
        case .pending(let until, let last):
            "pending(until \(ms(until, origin)) ms, last \(last.map { $0 ? "on" : "off" } ?? "unknown"))"
        }
    }

    public static func bound(_ input: BoundState.Input, origin: MonotonicInstant) -> String {
        switch input {
        case .reported(let on): on ? "reported(on)" : "reported(off)"
        case .tapped(_, let wait): "tapped(wait \(wait.nanoseconds / 1_000_000) ms)"
        case .due: "due"
        case .notKnown: "not_known"
        }
    }

    /// Instants are written in ms since `origin`, as the log line's own time is.
    public static func link(_ link: MQTTLink, origin: MonotonicInstant) -> String {
        switch link {
        case .waiting(let retryAt, let failures): "waiting(retry at \(ms(retryAt, origin)) ms, failures \(failures))"
        case .connecting(_, let failures): "connecting(failures \(failures))"
        case .online: "online"
        case .stopped: "stopped"
        }
    }

    public static func mirror(_ state: ScreenMirror, origin: MonotonicInstant) -> String {
        switch state {
        case .offline: "offline"
        case .published(let restUntil): "published(rest until \(ms(restUntil, origin)) ms)"
        case .changed(let at): "changed(begin at \(ms(at, origin)) ms)"
        case .encoding(let frame): "encoding(frame \(frame))"
        }
    }

    public static func mirror(_ input: ScreenMirror.Input, origin: MonotonicInstant) -> String {
        switch input {
        case .online: "online"
        case .away: "away"
        case .screenChanged: "screen_changed"
        case .begin(let frame): "begin(frame \(frame))"
        case .finished: "finished"
        case .failed: "failed"
        }
    }

    public static func link(_ input: MQTTLink.Input) -> String {
        switch input {
        case .due: "due"
        case .connectFailed: "connect_failed"
        case .accepted: "accepted"
        case .refused: "refused"
        case .lost: "lost"
        case .stop: "stop"
        }
    }

    public static func link(_ link: HomeAssistantLink, origin: MonotonicInstant) -> String {
        switch link {
        case .waiting(let retryAt, let failures): "waiting(retry at \(ms(retryAt, origin)) ms, failures \(failures))"
        case .connecting(_, let failures): "connecting(failures \(failures))"
        case .authenticating(_, let failures): "authenticating(failures \(failures))"
        case .subscribing(_, let failures): "subscribing(failures \(failures))"
        case .online(let pingAt, let pongBy):
            pongBy.map { "online(pong by \(ms($0, origin)) ms)" } ?? "online(ping at \(ms(pingAt, origin)) ms)"
        case .stopped: "stopped"
        }
    }

    public static func link(_ input: HomeAssistantLink.Input) -> String {
        switch input {
        case .due: "due"
        case .connectFailed: "connect_failed"
        case .upgraded: "upgraded"
        case .authRequired: "auth_required"
        case .authOK: "auth_ok"
        case .authInvalid: "auth_invalid"
        case .subscribed: "subscribed"
        case .subscribeFailed: "subscribe_failed"
        case .pong: "pong"
        case .lost: "lost"
        case .stop: "stop"
        }
    }

    public static func exec(_ stage: ExecSupervisor.Stage) -> String {
        switch stage {
        case .running: "running"
        case .terminating: "terminating"
        case .killed: "killed"
        }
    }

    public static func flips(_ chain: PageFlipChain) -> String {
        switch chain {
        case .showing(let front, let backLacks): "showing(front \(front), back lacks \(damage(backLacks)))"
        case .flipping(let pending, let backLacks, let waiting):
            "flipping(to \(pending), back lacks \(damage(backLacks)), waiting \(damage(waiting)))"
        }
    }

    public static func flips(_ input: PageFlipChain.Input) -> String {
        switch input {
        case .changed(let damage): "changed(\(TransitionText.damage(damage)))"
        case .flipCompleted: "flip_completed"
        }
    }

    /// `none`, `all`, or the items' places: `1,4`.
    public static func damage(_ damage: Damage) -> String {
        if damage.whole { return "all" }
        if damage.isEmpty { return "none" }
        var places: [String] = []
        var items = damage.items
        while let place = items.popFirst() { places.append("\(place)") }
        return places.joined(separator: ",")
    }

    /// `opening` and an instant, closed: `probing(probe at ` -> `probing(probe at 300 ms)`.
    public static func timed(_ opening: String, _ instant: MonotonicInstant, origin: MonotonicInstant) -> String {
        opening + "\(ms(instant, origin)) ms)"
    }

    /// An instant in the lines' own unit: ms since `origin`.
    public static func ms(_ instant: MonotonicInstant, _ origin: MonotonicInstant) -> Int64 {
        (instant - origin).nanoseconds / 1_000_000
    }
}
