import LinuxSystem
import TouchCore

/// Keeps `KeptState` in a file (under systemd `$STATE_DIRECTORY/state`, that is
/// `/var/lib/touchpanel/state`): read back once at start, written whole and atomically
/// (`ReplacedFile`) when the state moved, never from the touch path and at most once in
/// `interval`, however many changes a flood brings, and once more at a clean stop. A write
/// that fails is logged (a few lines a minute) and tried again `retryAfterFailure` later; the
/// panel goes on with its state in memory. Time comes in as a parameter.
public final class StateKeeper {
    /// The state file.
    public let path: String
    /// The shortest time between two writes.
    public static let interval = MonotonicDuration.milliseconds(1_000)
    /// After a write failed, the next try (unless the panel stops first).
    public static let retryAfterFailure = MonotonicDuration.milliseconds(60_000)
    /// The largest state file read back: 128-byte labels for a few hundred buttons.
    public static let maxBytes = 256 * 1_024
    private let log: PanelLog
    /// What the file holds, as far as the panel knows: nothing is written when the state's
    /// text is the same.
    private var written: [UInt8]?
    /// `keptStateChanges` of the engine when last looked at.
    private var seenChanges: UInt64 = 0
    private var dirty = false
    /// No write before this instant (`interval` after the last, or a failure's retry).
    private var notBefore: MonotonicInstant?
    /// Files actually written (replaced), for tests and the stop's log line.
    public private(set) var writes = 0
    private var errorLogs = LogRateLimiter()

    public init(path: String, log: PanelLog) {
        self.path = path
        self.log = log
    }

    /// The keeper of `$STATE_DIRECTORY/state`, given the variable's value (systemd sets it
    /// from `StateDirectory=`; with several directories, the first); nil without one, and then
    /// nothing outlives a restart.
    public convenience init?(stateDirectory: String?, log: PanelLog) {
        guard let first = stateDirectory?.split(separator: ":").first, !first.isEmpty else { return nil }
        var directory = String(first)
        while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
        self.init(path: directory == "/" ? "/state" : directory + "/state", log: log)
    }

    /// Where a file that cannot be read back is set aside.
    public var badPath: String { path + ".bad" }

    /// At start: the commands kept in the file; none when there is no file. A file that cannot
    /// be read or does not parse is renamed to `badPath`, with one log line naming file:line,
    /// and the panel starts from its config: never a failed start.
    public func readBack() -> [ControlCommand] {
        let bytes: [UInt8]
        do throws(FileContents.Failure) {
            bytes = try FileContents.bytes(ofFile: path, maxBytes: StateKeeper.maxBytes, what: "a state file")
        } catch {
            if error.missing {
                written = KeptState.text([])
                return []
            }
            setAside("\(path): \(error.message)")
            return []
        }
        switch KeptState.parse(bytes) {
        case .success(let commands):
            written = bytes
            if !commands.isEmpty { log.log("state: \(commands.count) lines read back from \(path)") }
            return commands
        case .failure(let problem):
            setAside("\(path):\(problem.line): \(problem.message)")
            return []
        }
    }

    private func setAside(_ why: String) {
        // Gone as a file: nothing to write until the state moves.
        written = KeptState.text([])
        if let error = ReplacedFile.rename(path, to: badPath) {
            log.warning("state: \(why); starting from the config (cannot set it aside as \(badPath): \(error.message))")
        } else {
            log.warning("state: \(why); set aside as \(badPath), starting from the config")
        }
    }

    /// A session began on `engine` (the start, a reload): its state is what the file should
    /// hold, written at the next turn if it differs (a reload may have dropped buttons).
    public func adopt(_ engine: PanelEngine, now: MonotonicInstant) {
        seenChanges = engine.keptStateChanges
        dirty = true
    }

    /// When the loop must turn for the keeper: a write due, or the end of a window of
    /// write errors left out of the log.
    public var nextDeadline: MonotonicInstant? {
        MonotonicInstant.earliest(dirty ? (notBefore ?? .milliseconds(0)) : nil, errorLogs.nextDeadline)
    }

    /// Each turn of the loop, after the engine's and the remotes': notes whether the state
    /// moved, and writes it when that is due.
    public func turn(_ engine: PanelEngine, now: MonotonicInstant) {
        if errorLogs.nextDeadline.map({ $0 <= now }) ?? false {
            for line in errorLogs.expire(at: now) { log.warning(line) }
        }
        if engine.keptStateChanges != seenChanges {
            seenChanges = engine.keptStateChanges
            dirty = true
        }
        guard dirty, (notBefore ?? now) <= now else { return }
        write(engine, now: now)
    }

    /// A clean stop: what moved since the last write is written now.
    public func stop(_ engine: PanelEngine, now: MonotonicInstant) {
        if engine.keptStateChanges != seenChanges { dirty = true }
        if dirty { write(engine, now: now) }
    }

    private func write(_ engine: PanelEngine, now: MonotonicInstant) {
        seenChanges = engine.keptStateChanges
        dirty = false
        let text = KeptState.text(engine.keptState)
        guard text != written else { return }
        if let problem = ReplacedFile.write(text, to: path) {
            dirty = true
            notBefore = now + StateKeeper.retryAfterFailure
            if errorLogs.admit("state: write failed", at: now) {
                log.error("state: \(problem); the state is kept in memory, next try in \(StateKeeper.retryAfterFailure.nanoseconds / 1_000_000_000) s")
            }
            return
        }
        written = text
        writes += 1
        notBefore = now + StateKeeper.interval
    }
}
