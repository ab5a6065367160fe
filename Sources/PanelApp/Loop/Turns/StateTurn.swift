import CLinux
import LinuxSystem
import PanelEngine
import TouchCore

/// The kept state's turn, after everything that can change it (the touch path's latches, the
/// control socket, the broker): the state file is written when the state moved, at most once
/// a second (`StateKeeper`), never from the touch path itself.
final class StateTurn: LoopParticipant {
    let keeper: StateKeeper
    let engine: PanelEngine

    init(_ keeper: StateKeeper, engine: PanelEngine) {
        self.keeper = keeper
        self.engine = engine
    }

    var nextDeadline: MonotonicInstant? { keeper.nextDeadline }

    func turn(_ events: ArraySlice<PollEvents>, now: MonotonicInstant) {
        keeper.turn(engine, now: now)
    }
}

extension StateKeeper {
    /// The keeper of `$STATE_DIRECTORY/state` (systemd's `StateDirectory=touchpanel`); nil
    /// when the variable is not set, as when the panel is run by hand.
    static func fromEnvironment(log: PanelLog) -> StateKeeper? {
        StateKeeper(stateDirectory: getenv("STATE_DIRECTORY").map { String(cString: $0) }, log: log)
    }

    /// Where the charts keep their histories: `$STATE_DIRECTORY` (the first, with several);
    /// nil when it is not set, and then a chart's history lasts as long as the process.
    static func chartDirectoryFromEnvironment() -> String? {
        guard let value = getenv("STATE_DIRECTORY").map({ String(cString: $0) }),
            let first = value.split(separator: ":").first, !first.isEmpty
        else { return nil }
        return String(first)
    }
}
