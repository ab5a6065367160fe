import TouchCore

/// A trace turned into what the controller would have reported, and when: the simulated
/// board's input. Point lines become frames of every finger held (the changed one with its
/// down/up event) in controller coordinates, repeated every `reportInterval` while fingers
/// rest, as a chip reports while touched; raw lines of the configured controller's kind go
/// in as written. The simulated hardware encodes frames as its chip or device would. The
/// whole trace is read and checked before the panel starts, so a bad line never half-runs.
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

    public private(set) var steps: [Step] = []
    /// The `end` line's instant, or the last line's.
    public private(set) var endsAt = MonotonicInstant(nanoseconds: 0)
    /// With `end`, touches still down at `endsAt` are cancelled there, as in `replay`.
    public private(set) var hasEndLine = false

    /// How often the chip reports while touched (the FT5x06's default active period is ~10 ms;
    /// 16 ms keeps the demo's frame count modest).
    public static let reportInterval = MonotonicDuration.milliseconds(16)

    /// `family`: the controller the simulated board runs; raw lines of another kind are refused.
    public init(
        trace: [UInt8], path: String, transform: CoordinateTransform, maxPoints: Int, family: ControllerFamily = .ft5x06
    ) throws(ScriptError) {
        var fingers: [(id: UInt8, position: Point, line: Int)] = []
        var lastMs: Int64 = 0
        var lastPointLine = 0
        var lineNumber = 0
        var start = trace.withUnsafeBufferPointer { TraceLineParser.contentStart(of: $0) }
        var ended = false
        while start < trace.count && !ended {
            var end = start
            while end < trace.count && trace[end] != UInt8(ascii: "\n") { end += 1 }
            lineNumber += 1
            let outcome = trace.withUnsafeBufferPointer { all in
                TraceLineParser.parse(UnsafeBufferPointer(rebasing: all[start..<end]))
            }
            let lineStart = start
            start = end + 1
            let line: TraceLine
            switch outcome {
            case .error(let error):
                throw ScriptError(message: trace.withUnsafeBufferPointer { all in
                    TraceErrorText.describe(
                        error, in: UnsafeBufferPointer(rebasing: all[lineStart..<end]), path: path, lineNumber: lineNumber)
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
            repeatHeldFingers(fingers, from: .milliseconds(lastMs), until: .milliseconds(atMs), line: lastPointLine)
            lastMs = atMs
            let now = MonotonicInstant.milliseconds(atMs)
            switch line {
            case .blank:
                continue
            case .end:
                ended = true
            case .report(_, let report):
                // A raw report is the whole register map: it would lift every finger a point
                // line holds (replay keeps them apart; the chip cannot).
                if let held = fingers.first {
                    throw ScriptError(message: "\(path):\(lineNumber): a raw report while touch \(held.id) from a point line is down; the simulated chip reports one set of fingers: lift it first")
                }
                guard report.family == family else {
                    throw ScriptError(message: "\(path):\(lineNumber): a \(report.family.traceKeyword) line, but the simulated board runs a \(family.traceKeyword) controller ([controller] model)")
                }
                steps.append(Step(at: now, input: .raw(report), line: lineNumber))
            case .point(_, let kind, let id, let position):
                // A controller reports only points on its panel; one beyond it cannot be
                // simulated (an FT5x06's 12 bits would wrap it onto another spot).
                guard position.x < transform.logicalWidth, position.y < transform.logicalHeight else {
                    throw ScriptError(message: "\(path):\(lineNumber): (\(position.x), \(position.y)) is outside the \(transform.logicalWidth)x\(transform.logicalHeight) display; the simulated controller cannot report it")
                }
                let raw = TouchScript.controllerPoint(for: position, transform: transform)
                lastPointLine = lineNumber
                let index = fingers.firstIndex { $0.id == id }
                switch kind {
                case .down:
                    guard index == nil else {
                        throw ScriptError(message: "\(path):\(lineNumber): touch \(id) is already down")
                    }
                    guard fingers.count < maxPoints else {
                        throw ScriptError(message: "\(path):\(lineNumber): more than \(maxPoints) fingers for this controller")
                    }
                    fingers.append((id, raw, lineNumber))
                    steps.append(Step(at: now, input: TouchScript.frame(fingers, changed: id, event: .down), line: lineNumber))
                case .move:
                    guard let index else { throw ScriptError(message: "\(path):\(lineNumber): touch \(id) is not down") }
                    fingers[index].position = raw
                    steps.append(Step(at: now, input: TouchScript.frame(fingers, changed: id, event: .contact), line: lineNumber))
                case .up:
                    guard let index else { throw ScriptError(message: "\(path):\(lineNumber): touch \(id) is not down") }
                    fingers[index].position = raw
                    steps.append(Step(at: now, input: TouchScript.frame(fingers, changed: id, event: .up), line: lineNumber))
                    fingers.remove(at: index)
                }
            }
        }
        if !ended && !fingers.isEmpty {
            throw ScriptError(message: "\(path):\(fingers[0].line): touch \(fingers[0].id) is still down when the trace ends; add its `up` or an `end` line")
        }
        endsAt = .milliseconds(lastMs)
        hasEndLine = ended
    }

    private mutating func repeatHeldFingers(
        _ fingers: [(id: UInt8, position: Point, line: Int)], from: MonotonicInstant, until: MonotonicInstant, line: Int
    ) {
        guard !fingers.isEmpty else { return }
        var at = from + TouchScript.reportInterval
        while at < until {
            steps.append(Step(at: at, input: TouchScript.frame(fingers, changed: nil, event: .contact), line: line))
            at = at + TouchScript.reportInterval
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
