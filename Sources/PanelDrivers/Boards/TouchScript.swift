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
    }

    public struct Step: Sendable {
        public var at: MonotonicInstant
        public var input: Input
        /// The trace line the step comes from (for a held finger's repeated report, the line
        /// of its last point line), so that what the panel logs about it can name the line.
        public var line: Int
    }

    public struct ScriptError: Error, Sendable {
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
    /// Where the next line starts, and its number.
    private var cursor = 0
    private var lineNumber = 0
    private var fingers: [(id: UInt8, position: Point, line: Int)] = []
    private var lastMs: Int64 = 0
    private var lastPointLine = 0
    /// The next line with an instant, read ahead so that repeats stop before it.
    private var upcoming: (atMs: Int64, line: TraceLine, number: Int)?
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
        cursor = trace.withUnsafeBufferPointer { TraceLineParser.contentStart(of: $0) }
        // The check: every line played once without the repeats, and thrown away.
        var check = self
        while try check.nextLineStep(repeating: false) != nil {}
        if !check.ended, let held = check.fingers.first {
            throw ScriptError(message: "\(path):\(held.line): touch \(held.id) is still down when the trace ends; add its `up` or an `end` line")
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
            throw ScriptError(message: "\(path): \(error.message)")
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
            guard let (atMs, line, number) = upcoming else { return nil }
            if repeating, !fingers.isEmpty, let at = repeatAt, at < MonotonicInstant.milliseconds(atMs) {
                repeatAt = at + TouchScript.reportInterval
                return Step(at: at, input: TouchScript.frame(fingers, changed: nil, event: .contact), line: lastPointLine)
            }
            upcoming = nil
            lastMs = atMs
            let now = MonotonicInstant.milliseconds(atMs)
            repeatAt = now + TouchScript.reportInterval
            if let step = try play(line, at: now, number: number) { return step }
        }
        return nil
    }

    /// The next line that carries an instant, checked for time going back; nil at the end.
    private mutating func readLine() throws(ScriptError) -> (atMs: Int64, line: TraceLine, number: Int)? {
        while cursor < trace.count {
            let start = cursor
            var end = start
            while end < trace.count && trace[end] != UInt8(ascii: "\n") { end += 1 }
            cursor = end + 1
            lineNumber += 1
            let outcome = trace.withUnsafeBufferPointer { all in
                TraceLineParser.parse(UnsafeBufferPointer(rebasing: all[start..<end]))
            }
            let line: TraceLine
            switch outcome {
            case .error(let error):
                throw ScriptError(message: trace.withUnsafeBufferPointer { all in
                    TraceErrorText.describe(
                        error, in: UnsafeBufferPointer(rebasing: all[start..<end]), path: path, lineNumber: lineNumber)
                })
            case .line(let parsed):
                line = parsed
            }
            let atMs: Int64
            switch line {
            case .blank: continue
            case .point(let t, _, _, _), .report(let t, _), .end(let t): atMs = t
            }
            guard atMs >= lastMs else {
                throw ScriptError(message: "\(path):\(lineNumber): time goes back: the previous line was at \(lastMs) ms")
            }
            return (atMs, line, lineNumber)
        }
        return nil
    }

    /// One line's effect on the fingers held, and its step (nil for `end`).
    private mutating func play(_ line: TraceLine, at now: MonotonicInstant, number: Int) throws(ScriptError) -> Step? {
        switch line {
        case .blank:
            return nil
        case .end:
            ended = true
            return nil
        case .report(_, let report):
            // A raw report is the whole register map: it would lift every finger a point
            // line holds (replay keeps them apart; the chip cannot).
            if let held = fingers.first {
                throw ScriptError(message: "\(path):\(number): a raw report while touch \(held.id) from a point line is down; the simulated chip reports one set of fingers: lift it first")
            }
            guard report.family == family else {
                throw ScriptError(message: "\(path):\(number): a \(report.family.traceKeyword) line, but the simulated board runs a \(family.traceKeyword) controller ([controller] model)")
            }
            return Step(at: now, input: .raw(report), line: number)
        case .point(_, let kind, let id, let position):
            // A controller reports only points on its panel; one beyond it cannot be
            // simulated (an FT5x06's 12 bits would wrap it onto another spot).
            guard position.x < transform.logicalWidth, position.y < transform.logicalHeight else {
                throw ScriptError(message: "\(path):\(number): (\(position.x), \(position.y)) is outside the \(transform.logicalWidth)x\(transform.logicalHeight) display; the simulated controller cannot report it")
            }
            let raw = TouchScript.controllerPoint(for: position, transform: transform)
            lastPointLine = number
            let index = fingers.firstIndex { $0.id == id }
            switch kind {
            case .down:
                guard index == nil else {
                    throw ScriptError(message: "\(path):\(number): touch \(id) is already down")
                }
                guard fingers.count < maxPoints else {
                    throw ScriptError(message: "\(path):\(number): more than \(maxPoints) fingers for this controller")
                }
                fingers.append((id, raw, number))
                return Step(at: now, input: TouchScript.frame(fingers, changed: id, event: .down), line: number)
            case .move:
                guard let index else { throw ScriptError(message: "\(path):\(number): touch \(id) is not down") }
                fingers[index].position = raw
                return Step(at: now, input: TouchScript.frame(fingers, changed: id, event: .contact), line: number)
            case .up:
                guard let index else { throw ScriptError(message: "\(path):\(number): touch \(id) is not down") }
                fingers[index].position = raw
                let step = Step(at: now, input: TouchScript.frame(fingers, changed: id, event: .up), line: number)
                fingers.remove(at: index)
                return step
            }
        }
    }

    private static func frame(_ fingers: [(id: UInt8, position: Point, line: Int)], changed: UInt8?, event: TouchPointEvent) -> Input {
        var frame = TouchFrame()
        for finger in fingers {
            frame.append(TouchPoint(id: finger.id, position: finger.position, event: finger.id == changed ? event : .contact))
        }
        return .frame(frame)
    }

    /// The controller coordinates that `transform` maps onto `point`: undo the calibration
    /// and the rotation, then scale up (rounding up, so that the forward transform's rounding
    /// down lands on the same pixel), unswap, uninvert.
    public static func controllerPoint(for point: Point, transform t: CoordinateTransform) -> Point {
        func unscale(_ value: Int32, range: Int32, display: Int32) -> Int32 {
            if range == display || display <= 0 { return value }
            let scaled = (Int64(value) * Int64(range) + Int64(display) - 1) / Int64(display)
            return Int32(max(0, min(scaled, Int64(range - 1))))
        }
        var logical = point
        if let calibration = t.calibration {
            logical = uncalibrate(point, calibration)
        }
        let panel = t.rotation.physicalPoint(ofLogical: logical, physicalWidth: t.panelWidth, physicalHeight: t.panelHeight)
        let rangeX = t.swapXY ? t.controllerHeight : t.controllerWidth
        let rangeY = t.swapXY ? t.controllerWidth : t.controllerHeight
        var x = unscale(panel.x, range: rangeX, display: t.panelWidth)
        var y = unscale(panel.y, range: rangeY, display: t.panelHeight)
        if t.swapXY { swap(&x, &y) }
        if t.invertX { x = t.controllerWidth - 1 - x }
        if t.invertY { y = t.controllerHeight - 1 - y }
        return Point(x: x, y: y)
    }

    /// The point the calibration maps onto `point`: the inverse matrix, then a search of the
    /// neighbours for the one whose forward mapping lands exactly on it (fixed-point rounding).
    private static func uncalibrate(_ point: Point, _ c: AffineCalibration) -> Point {
        let a = Double(c.a), b = Double(c.b), cc = Double(c.c), d = Double(c.d), e = Double(c.e), f = Double(c.f)
        let determinant = a * e - b * d
        guard determinant != 0 else { return point }
        let px = Double(point.x) * 65_536 - cc
        let py = Double(point.y) * 65_536 - f
        let guess = Point(x: Int32((e * px - b * py) / determinant), y: Int32((a * py - d * px) / determinant))
        for dy in Int32(-2)...2 {
            for dx in Int32(-2)...2 {
                let candidate = Point(x: guess.x + dx, y: guess.y + dy)
                if c.apply(candidate) == point { return candidate }
            }
        }
        return guess
    }
}
