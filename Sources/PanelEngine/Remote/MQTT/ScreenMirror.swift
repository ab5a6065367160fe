import LinuxSystem
import TouchCore

/// When the screen goes to the broker as a PNG (`[mqtt] mirror`): only when it changed, at
/// most once every `mirror_min_s`, and made a share of rows per turn of the loop, after the
/// touch path's work, so that a picture never delays a touch. A picture whose screen changes
/// before its last row is begun again from the top (half of one frame and half of the next
/// is no picture of the screen); a screen that never rests for the few turns a picture takes
/// (a finger dragging a slider) goes out once it does.
///
///                 screen changed                 rest over (at once after mirror_min_s)
///     published -----------------> changed -----------------------> encoding(frame)
///         ^                                                          |   ^
///         +------------ finished, failed (rest from now) ------------+   | screen changed:
///                                                                        +-- begun again
///     offline --- online ---> changed(now)     any state --- away ---> offline
///
/// Any change to `next` must be represented in this diagram.
public enum ScreenMirror: Equatable, Sendable {
    /// No broker: nothing is made.
    case offline
    /// The broker has the picture shown (or the one before the change it has not seen yet);
    /// the next may be made from `restUntil` on.
    case published(restUntil: MonotonicInstant)
    /// The screen differs from the picture published; the next is begun at `at`.
    case changed(at: MonotonicInstant)
    /// A picture of frame `frame` is being made.
    case encoding(frame: UInt64)

    public enum Input: Equatable, Sendable {
        /// The broker link came online at this instant: the screen goes out at once.
        case online(at: MonotonicInstant)
        case away
        /// A frame other than the one published was painted; seen at this instant.
        case screenChanged(at: MonotonicInstant)
        /// The rest is over: a picture of `frame` (the one shown now) is begun.
        case begin(frame: UInt64)
        /// The last row is deflated and the file handed to the broker, or the picture could not
        /// be made (logged): either way the next waits `mirror_min_s` from this instant.
        case finished(at: MonotonicInstant)
        case failed(at: MonotonicInstant)
    }

    /// The one place the mirror changes.
    public static func next(_ state: ScreenMirror, _ input: Input, minInterval: MonotonicDuration) -> ScreenMirror {
        switch (state, input) {
        case (_, .away): .offline
        case (.offline, .online(let at)): .changed(at: at)
        case (_, .online): state
        case (.offline, _): .offline
        case (.published(let restUntil), .screenChanged(let at)): .changed(at: max(restUntil, at))
        case (.published, .begin), (.published, .finished), (.published, .failed): state
        case (.changed, .screenChanged): state
        case (.changed, .begin(let frame)): .encoding(frame: frame)
        case (.changed, .finished), (.changed, .failed): state
        case (.encoding, .screenChanged): state
        case (.encoding, .begin(let frame)): .encoding(frame: frame)
        case (.encoding, .finished(let at)), (.encoding, .failed(let at)): .published(restUntil: at + minInterval)
        }
    }
}

/// The mirror's pacing and its encoder's calls: each turn, after the broker's, either nothing,
/// or a share of rows of the picture under way, or the finished file for `P/screen`.
public struct ScreenMirrorPacing {
    public private(set) var state = ScreenMirror.offline
    /// The frame the broker has a picture of; nil: none since the link came online.
    public private(set) var publishedFrame: UInt64?
    public let minInterval: MonotonicDuration
    /// Told of each transition (`--debug mirror`).
    var transitions: TransitionLog?

    /// The RGB bytes deflated in one turn: 6 rows of an 800-pixel screen. The instruction tier
    /// measured 760,936 instructions for 10 rows (24 KiB) of examples/theme.ini, read from the
    /// framebuffer and deflated at level 1; 16 KiB keeps a turn's share near half a million,
    /// under the 1 ms of a turn the mirror may take (`mirror-share-per-turn`).
    public static let rgbBytesPerTurn = 16 * 1024

    public init(minInterval: MonotonicDuration) {
        self.minInterval = minInterval
    }

    /// Rows deflated in one turn: `rgbBytesPerTurn` of RGB at most, one row at least.
    public static func rowsPerTurn(rowBytes: Int) -> Int {
        max(1, rgbBytesPerTurn / max(1, rowBytes))
    }

    /// When the mirror must have a turn again: at once while a picture is under way or the
    /// screen changed since the one published, the rest's end while it waits, else never.
    public func deadline(frameNumber: UInt64, now: MonotonicInstant) -> MonotonicInstant? {
        switch state {
        case .offline: return nil
        case .published(let restUntil): return frameNumber == publishedFrame ? nil : max(restUntil, now)
        case .changed(let at): return at
        case .encoding: return now
        }
    }

    public mutating func online(at now: MonotonicInstant) {
        publishedFrame = nil
        step(.online(at: now), at: now)
    }

    public mutating func away(at now: MonotonicInstant) {
        step(.away, at: now)
    }

    /// One turn at `now`: the picture's next share from `encoder`; the finished file when its
    /// last row is done (the caller publishes it). A picture that cannot be made is logged
    /// through `problem` and tried again at the next change.
    public mutating func turn(_ encoder: ScreenEncoder, now: MonotonicInstant, problem: (String) -> Void) -> [UInt8]? {
        let shown = encoder.frameNumber
        if case .published = state, shown != publishedFrame { step(.screenChanged(at: now), at: now) }
        if case .changed(let at) = state, at <= now {
            // The first share waits for the next turn: this one may have painted already.
            begin(shown, with: encoder, at: now, problem: problem)
            return nil
        }
        guard case .encoding(let frame) = state else { return nil }
        if shown != frame {
            step(.screenChanged(at: now), at: now)
            begin(shown, with: encoder, at: now, problem: problem)
            return nil
        }
        if let why = encoder.encode(rows: min(ScreenMirrorPacing.rowsPerTurn(rowBytes: encoder.rowBytes), encoder.rowsLeft)) {
            problem(why)
            step(.failed(at: now), at: now)
            return nil
        }
        guard encoder.rowsLeft == 0 else { return nil }
        switch encoder.finish() {
        case .success(let png):
            publishedFrame = frame
            step(.finished(at: now), at: now)
            return png
        case .failure(let error):
            problem(error.message)
            step(.failed(at: now), at: now)
            return nil
        }
    }

    /// A picture of frame `shown` begun from the top; one that cannot be is logged and rests.
    private mutating func begin(_ shown: UInt64, with encoder: ScreenEncoder, at now: MonotonicInstant, problem: (String) -> Void) {
        let why = encoder.begin()
        step(.begin(frame: shown), at: now)
        if let why {
            problem(why)
            step(.failed(at: now), at: now)
        }
    }

    private mutating func step(_ input: ScreenMirror.Input, at now: MonotonicInstant) {
        let next = ScreenMirror.next(state, input, minInterval: minInterval)
        if let transitions, transitions.wants(.mirror) {
            transitions.record(
                .mirror, at: now, of: "screen", from: TransitionText.mirror(state, origin: transitions.origin),
                input: TransitionText.mirror(input, origin: transitions.origin), to: TransitionText.mirror(next, origin: transitions.origin))
        }
        state = next
    }
}
