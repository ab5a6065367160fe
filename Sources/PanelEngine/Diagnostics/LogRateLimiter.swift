import LinuxSystem
import TouchCore

/// Keeps a flood of one kind of device error from filling the journal: at most
/// `linesPerWindow` lines of a kind per `window`, then, when that window ends, one line with
/// how many were left out. Time comes in as a parameter; the window's end is a deadline of
/// the loop only while something was left out.
public struct LogRateLimiter: Sendable {
    public static let linesPerWindow = 3
    public static let window = MonotonicDuration.milliseconds(60_000)
    /// Kinds tallied at once; the rest share `otherKinds`.
    public static let mostKinds = 64
    public static let otherKinds = "other lines"

    struct Tally: Sendable {
        var windowStart: MonotonicInstant
        var logged = 0
        var suppressed = 0
    }

    private var tallies: [String: Tally] = [:]

    public init() {}

    /// Whether a line of `kind` at `now` is logged; the summary of an ended window comes
    /// first through `expire`.
    public mutating func admit(_ kind: String, at now: MonotonicInstant) -> Bool {
        var kind = kind
        if tallies[kind] == nil, tallies.count >= LogRateLimiter.mostKinds {
            // Kinds may come from outside (a topic): past the bound, quiet ones are forgotten
            // and any other new kind is counted as one.
            tallies = tallies.filter { $0.value.suppressed > 0 || now < $0.value.windowStart + LogRateLimiter.window }
            if tallies.count >= LogRateLimiter.mostKinds { kind = LogRateLimiter.otherKinds }
        }
        var tally = tallies[kind] ?? Tally(windowStart: now)
        if tally.windowStart + LogRateLimiter.window <= now {
            tally = Tally(windowStart: now)
        }
        defer { tallies[kind] = tally }
        guard tally.logged < LogRateLimiter.linesPerWindow else {
            tally.suppressed += 1
            return false
        }
        tally.logged += 1
        return true
    }

    /// The earliest end of a window that left lines out.
    public var nextDeadline: MonotonicInstant? {
        var earliest: MonotonicInstant?
        for (_, tally) in tallies where tally.suppressed > 0 {
            earliest = MonotonicInstant.earliest(earliest, tally.windowStart + LogRateLimiter.window)
        }
        return earliest
    }

    /// One line per kind whose window ended by `now` with lines left out, in kind order.
    public mutating func expire(at now: MonotonicInstant) -> [String] {
        var lines: [String] = []
        for kind in tallies.keys.sorted() {
            guard let tally = tallies[kind], tally.suppressed > 0, tally.windowStart + LogRateLimiter.window <= now else { continue }
            lines.append("\(kind): \(tally.suppressed) more in \(LogRateLimiter.window.nanoseconds / 1_000_000_000) s not logged")
            tallies[kind] = nil
        }
        return lines
    }
}
