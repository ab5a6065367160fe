import LinuxSystem
import PanelConfig
import PanelEngine
import TouchCore

/// A trace turned into what the controller would have reported, and when: the simulated
/// board's input. Point lines become frames of every finger held (the changed one with its
/// down/up event) in controller coordinates, repeated every `reportInterval` while fingers
/// rest, as a chip reports while touched; raw lines of the configured controller's kind go
/// in as written. The simulated hardware encodes frames as its chip or device would.
///
/// The whole trace is checked before the panel starts (`init`), so a bad line never half-runs
/// a demo; then `next()` produces the steps one at a time, in memory bounded by the fingers
/// down, however long a finger is held.
public struct TouchScript: Sendable {
    public enum Input: Sendable {
        /// The fingers held, in controller coordinates.
        case frame(TouchFrame)
        /// A raw line as written.
        case raw(RawTouchReport)
        /// An `mqtt` line: a message the panel's broker would have delivered.
        case message(topic: String, payload: [UInt8])
        /// A `homeassistant` line: a message Home Assistant's websocket would have delivered.
        case homeAssistant(text: [UInt8])
        /// A `presence` line: the `[presence]` sensor's line went active (or inactive).
        case presence(active: Bool)
    }

    /// A line read ahead: its instant, what it says, its number, and for an `mqtt` line the
    /// message's topic and payload.
    private typealias ScriptLine = (atMs: Int64, line: TraceLine, number: Int, message: Input?)

    public struct Step: Sendable {
        public var at: MonotonicInstant
        public var input: Input
        /// The trace line the step comes from (for a held finger's repeated report, the line
        /// of its last point line), so that what the panel logs about it can name the line.
        public var line: Int
        /// A resting finger reported again, as a chip does while touched: it changes nothing
        /// but the instant the touch was last seen.
        public var isRepeat = false
    }

    /// Why a trace cannot run on the simulated board. A line that breaks the trace format or
    /// its rules carries TouchCore's error, worded as `replay` words it (`CoreErrorText`).
    public struct ScriptError: Error, Sendable {
        public enum Cause: Equatable, Sendable {
            /// The file could not be read.
            case unreadable
            /// TouchCore's parser refused the line.
            case malformed(TraceLineError)
            /// The line breaks a rule of traces (`TraceRules`).
            case refused(TraceReplayError)
            /// A fine line that the simulated controller cannot report (see `play`).
            case notSimulated
        }

        public var cause: Cause
        /// `path:line: what`, as `replay` prints it.
        public var message: String
    }

    /// The `end` line's instant, or the last line's.
    public private(set) var endsAt = MonotonicInstant(nanoseconds: 0)
    /// With `end`, touches still down at `endsAt` are cancelled there, as in `replay`.
    public private(set) var hasEndLine = false

    /// How often the chip reports while touched (the FT5x06's default active period is ~10 ms;
    /// 16 ms keeps the demo's frame count modest).
    public static let reportInterval = MonotonicDuration.milliseconds(16)

    private let trace: [UInt8]
    private let path: String
    private let transform: CoordinateTransform
    private let maxPoints: Int
    private let family: ControllerFamily
    private var lines = TraceLineSplitter()
    private var rules = TraceRules()
    private var fingers: [(id: UInt8, position: Point)] = []
    private var lastMs: Int64 = 0
    private var lastPointLine = 0
    /// The next line with an instant, read ahead so that repeats stop before it.
    private var upcoming: ScriptLine?
    /// When the held fingers are reported again.
    private var repeatAt: MonotonicInstant?
    private var ended = false

    /// `family`: the controller the simulated board runs; raw lines of another kind are refused.
    public init(
        trace: [UInt8], path: String, transform: CoordinateTransform, maxPoints: Int, family: ControllerFamily = .ft5x06
    ) throws(ScriptError) {
        self.trace = trace
        self.path = path
        self.transform = transform
        self.maxPoints = maxPoints
        self.family = family
        // The check: every line played once without the repeats, and thrown away.
        var check = self
        while try check.nextLineStep(repeating: false) != nil {}
        // Past `end` only blank lines may follow, as in `replay`.
        while try check.readLine() != nil {}
        if let refusal = check.rules.finish() {
            throw check.error(.refused(refusal), line: refusal.downLine ?? 0, CoreErrorText.describe(refusal))
        }
        endsAt = .milliseconds(check.lastMs)
        hasEndLine = check.ended
    }

    /// The trace file at `path` for the config's controller (its transform, points, family).
    public init(file path: String, config: PanelConfiguration) throws(ScriptError) {
        let bytes: [UInt8]
        do {
            bytes = try FileContents.bytes(ofFile: path, maxBytes: 256 << 20, what: "a trace")
        } catch {
            throw ScriptError(cause: .unreadable, message: "\(path): \(error.message)")
        }
        try self.init(
            trace: bytes, path: path, transform: config.makeTransform(), maxPoints: config.controller.model.maxPoints,
            family: config.controller.model.family)
    }

    /// The next step, in time order; nil after the last one. The trace was checked at `init`.
    public mutating func next() -> Step? {
        do throws(ScriptError) {
            return try nextLineStep(repeating: true)
        } catch {
            fatalError("TouchScript: \(error.message) after the check passed")
        }
    }

    /// The next step: a repeat of the resting fingers due before the next line, or the next
    /// line's own step. Without `repeating`, only the lines' steps (the check at `init`).
    private mutating func nextLineStep(repeating: Bool) throws(ScriptError) -> Step? {
        while !ended {
            if upcoming == nil {
                guard let read = try readLine() else { return nil }
                upcoming = read
            }
            guard let (atMs, line, number, message) = upcoming else { return nil }
            if repeating, !fingers.isEmpty, let at = repeatAt, at < MonotonicInstant.milliseconds(atMs) {
                repeatAt = at + TouchScript.reportInterval
                return Step(at: at, input: TouchScript.frame(fingers, changed: nil, event: .contact), line: lastPointLine, isRepeat: true)
            }
            upcoming = nil
            lastMs = atMs
            let now = MonotonicInstant.milliseconds(atMs)
            repeatAt = now + TouchScript.reportInterval
            if let message {
                return Step(at: now, input: message, line: number)
            }
            if let step = try play(line, at: now, number: number) { return step }
        }
        return nil
    }

    /// The next line that carries an instant, checked with TouchCore's parser and rules;
    /// nil at the end.
    private mutating func readLine() throws(ScriptError) -> ScriptLine? {
        let trace = self.trace
        while true {
            var malformed = ""
            var message: Input?
            let outcome: TraceLineOutcome? = trace.withUnsafeBufferPointer { all in
                guard let text = lines.next(in: all) else { return nil }
                let outcome = TraceLineParser.parse(text)
                switch outcome {
                case .error(let error):
                    malformed = CoreErrorText.describe(error, in: text)
                case .line(.message(_, let topic, let payload)):
                    message = .message(
                        topic: String(decoding: UnsafeBufferPointer(rebasing: text[topic.start..<topic.end]), as: UTF8.self),
                        payload: Array(UnsafeBufferPointer(rebasing: text[payload.start..<payload.end])))
                case .line(.homeAssistant(_, let span)):
                    message = .homeAssistant(text: Array(UnsafeBufferPointer(rebasing: text[span.start..<span.end])))
                case .line(.presence(_, let active)):
                    message = .presence(active: active)
                case .line:
                    break
                }
                return outcome
            }
            let number = lines.lineNumber
            switch outcome {
            case nil:
                return nil
            case .error(let error):
                throw self.error(.malformed(error), line: number, malformed)
            case .line(let line):
                if let refusal = rules.check(line, lineNumber: number) {
                    throw self.error(.refused(refusal), line: number, CoreErrorText.describe(refusal))
                }
                guard let atMs = line.atMs else { continue }
                return (atMs, line, number, message)
            }
        }
    }

    private func error(_ cause: ScriptError.Cause, line: Int, _ text: String) -> ScriptError {
        ScriptError(cause: cause, message: "\(path):\(line): \(text)")
    }

    /// One line's effect on the fingers held, and its step (nil for `end`). `readLine` has
    /// checked it with the rules of every trace; what is left are the simulated controller's.
    private mutating func play(_ line: TraceLine, at now: MonotonicInstant, number: Int) throws(ScriptError) -> Step? {
        switch line {
        case .blank:
            return nil
        case .end:
            ended = true
            return nil
        case .message, .homeAssistant, .presence:
            return nil  // `nextLineStep` made its step
        case .report(_, let report):
            // A raw report is the whole register map: it would lift every finger a point
            // line holds (replay keeps them apart; the chip cannot).
            if let held = fingers.first {
                throw error(.notSimulated, line: number, "a raw report while touch \(held.id) from a point line is down; the simulated chip reports one set of fingers: lift it first")
            }
            guard report.family == family else {
                throw error(.notSimulated, line: number, "a \(report.family.traceKeyword) line, but the simulated board runs a \(family.traceKeyword) controller ([controller] model)")
            }
            return Step(at: now, input: .raw(report), line: number)
        case .point(_, let kind, let id, let position):
            // A controller reports only points on its panel; one beyond it cannot be
            // simulated (an FT5x06's 12 bits would wrap it onto another spot).
            guard position.x < transform.logicalWidth, position.y < transform.logicalHeight else {
                throw error(.notSimulated, line: number, "(\(position.x), \(position.y)) is outside the \(transform.logicalWidth)x\(transform.logicalHeight) display; the simulated controller cannot report it")
            }
            let raw = transform.controllerPoint(for: position)
            lastPointLine = number
            // The rules let a touch go down only when it is up, and move or up only when down.
            let index = fingers.firstIndex { $0.id == id }
            switch kind {
            case .down:
                guard fingers.count < maxPoints else {
                    throw error(.notSimulated, line: number, "more than \(maxPoints) fingers for this controller")
                }
                fingers.append((id, raw))
                return Step(at: now, input: TouchScript.frame(fingers, changed: id, event: .down), line: number)
            case .move:
                guard let index else { return nil }
                fingers[index].position = raw
                return Step(at: now, input: TouchScript.frame(fingers, changed: id, event: .contact), line: number)
            case .up:
                guard let index else { return nil }
                fingers[index].position = raw
                let step = Step(at: now, input: TouchScript.frame(fingers, changed: id, event: .up), line: number)
                fingers.remove(at: index)
                return step
            }
        }
    }

    private static func frame(_ fingers: [(id: UInt8, position: Point)], changed: UInt8?, event: TouchPointEvent) -> Input {
        var frame = TouchFrame()
        for finger in fingers {
            frame.append(TouchPoint(id: finger.id, position: finger.position, event: finger.id == changed ? event : .contact))
        }
        return .frame(frame)
    }
}
