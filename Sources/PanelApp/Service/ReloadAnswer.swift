import CLinux
import LinuxSystem

/// What a panel made of one SIGHUP, left where `touchpanel reload` (the unit's `ExecReload`)
/// reads it: applied, or refused and why, numbered so that an answer from before the signal is
/// never taken for the answer to it. One line: `PID GENERATION applied|refused|stopping TEXT`.
public struct ReloadAnswer: Equatable {
    public enum Outcome: Equatable {
        /// The new config runs; the text is the unit's status line ("running PATH").
        case applied(String)
        /// The previous config goes on; the text is why the new one was refused.
        case refused(String)
        /// Neither config could start; the text says why of each, and the panel stops.
        case stopping(String)
    }

    /// The panel that answered.
    public var pid: Int32
    /// The panel's reloads so far, this one included: 1 for the first SIGHUP it handled.
    public var generation: UInt64
    public var outcome: Outcome

    public init(pid: Int32, generation: UInt64, outcome: Outcome) {
        self.pid = pid
        self.generation = generation
        self.outcome = outcome
    }

    /// The file's one line. A reason that spans lines (several config errors) is joined with
    /// "; ", so the line stays one.
    public var text: String {
        let (word, detail): (String, String) =
            switch outcome {
            case .applied(let status): ("applied", status)
            case .refused(let reason): ("refused", reason)
            case .stopping(let reason): ("stopping", reason)
            }
        let oneLine = detail.split(separator: "\n", omittingEmptySubsequences: true).joined(separator: "; ")
        return "\(pid) \(generation) \(word) \(oneLine)\n"
    }

    /// The answer in a file's bytes, or nil for anything else (an empty or foreign file).
    public static func parse(_ bytes: [UInt8]) -> ReloadAnswer? {
        var line = bytes[...]
        if line.last == UInt8(ascii: "\n") { line = line.dropLast() }
        guard !line.contains(UInt8(ascii: "\n")) else { return nil }
        let parts = line.split(separator: UInt8(ascii: " "), maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4,
            let pid = Int32(String(decoding: parts[0], as: UTF8.self)), pid > 0,
            let generation = UInt64(String(decoding: parts[1], as: UTF8.self))
        else { return nil }
        let detail = String(decoding: parts[3], as: UTF8.self)
        switch String(decoding: parts[2], as: UTF8.self) {
        case "applied": return ReloadAnswer(pid: pid, generation: generation, outcome: .applied(detail))
        case "refused": return ReloadAnswer(pid: pid, generation: generation, outcome: .refused(detail))
        case "stopping": return ReloadAnswer(pid: pid, generation: generation, outcome: .stopping(detail))
        default: return nil
        }
    }
}

/// The file that holds a panel's latest `ReloadAnswer`: `reload` in the unit's
/// `RuntimeDirectory=` (`$RUNTIME_DIRECTORY`, `/run/touchpanel`), replaced whole at each answer.
/// A panel run by hand without the variable keeps no answers; SIGHUP reloads it all the same.
public struct ReloadAnswerFile: Equatable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// In `runtimeDirectory` (systemd's variable: with several directories, the first); nil
    /// without one.
    public init?(runtimeDirectory: String?) {
        guard let first = runtimeDirectory?.split(separator: ":").first, !first.isEmpty else { return nil }
        var directory = String(first)
        while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
        self.init(path: directory == "/" ? "/reload" : directory + "/reload")
    }

    /// From `$RUNTIME_DIRECTORY`, which systemd sets for the panel and for its `ExecReload`.
    public static func fromEnvironment() -> ReloadAnswerFile? {
        ReloadAnswerFile(runtimeDirectory: getenv("RUNTIME_DIRECTORY").map { String(cString: $0) })
    }

    /// Replaces the file with `answer`; nil, or why it could not be written.
    public func write(_ answer: ReloadAnswer) -> String? {
        ReplacedFile.write(Array(answer.text.utf8), to: path)
    }

    /// The answer the file holds; nil when there is none (no file, or not an answer).
    public func read() -> ReloadAnswer? {
        do throws(FileContents.Failure) {
            return ReloadAnswer.parse(try FileContents.bytes(ofFile: path, maxBytes: 64 * 1_024, what: "a reload answer"))
        } catch {
            return nil
        }
    }
}
