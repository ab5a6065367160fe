import TouchCore

/// The firmware self-test: TouchCore's rules checked inside the Embedded build on the
/// target architecture (ARM integer widths and code generation), with no allocation.
/// The host test suite runs it too, so a failing check shows up on both.
public enum TouchCoreSelfTest {
    public static func run() -> SelfTestReport {
        var report = SelfTestReport()
        checkTime(&report)
        checkCodec(&report)
        checkTransform(&report)
        checkTracker(&report)
        checkGestures(&report)
        checkTraceParser(&report)
        checkRenderer(&report)
        checkLatencyHistogram(&report)
        checkPresence(&report)
        return report
    }

    // MARK: helpers

    /// Buttons: 0 "tap" x 0..<100 (single tap), 1 "double" x 200..<300 (double tap and long
    /// press), 2 "repeat" x 400..<500 (repeat), 3 disabled x 600..<700; all y 0..<100.
    static func makePipeline(lostMs: Int64 = 200) -> TouchPipeline {
        var layout = ButtonLayout()
        layout.append(ButtonSpec(rect: Rect(x: 0, y: 0, width: 100, height: 100)))
        layout.append(ButtonSpec(rect: Rect(x: 200, y: 0, width: 100, height: 100), highestTapCount: 2, listensForLongPress: true))
        layout.append(ButtonSpec(rect: Rect(x: 400, y: 0, width: 100, height: 100), highestTapCount: 0, listensForRepeat: true))
        layout.append(ButtonSpec(rect: Rect(x: 600, y: 0, width: 100, height: 100), enabled: false))
        return TouchPipeline(
            transform: .identity(width: 800, height: 480),
            lostAfter: .milliseconds(lostMs), layout: layout)
    }

    static func point(_ x: Int32, _ y: Int32) -> Point { Point(x: x, y: y) }

    static func frame(_ id: UInt8, _ x: Int32, _ y: Int32, _ event: TouchPointEvent) -> TouchFrame {
        var frame = TouchFrame()
        frame.append(TouchPoint(id: id, position: Point(x: x, y: y), event: event))
        return frame
    }

    static func bytes(_ values: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8), count: Int) -> FT5x06Report {
        var report = FT5x06Report()
        var copy = values
        withUnsafeBytes(of: &copy) { raw in
            for index in 0..<count {
                report.append(raw[index])
            }
        }
        return report
    }

    // MARK: checks

    static func checkTime(_ report: inout SelfTestReport) {
        let late = MonotonicInstant.milliseconds(5_000_000)  // 83 minutes: beyond 32-bit ns
        report.check(late.nanoseconds == 5_000_000_000_000, "time: 64-bit nanoseconds")
        report.check((late + .milliseconds(250)).wholeMilliseconds == 5_000_250, "time: instant plus duration")
        report.check(late - MonotonicInstant.milliseconds(1) == .milliseconds(4_999_999), "time: instant difference")
        report.check(MonotonicInstant.milliseconds(9_300_000_000_000) == .endOfTime, "time: milliseconds saturate")
        report.check(MonotonicInstant.endOfTime + .milliseconds(250) == .endOfTime, "time: instant plus duration saturates")
        report.check((MonotonicInstant(nanoseconds: .min) - .endOfTime).nanoseconds == .min, "time: difference saturates")
    }

    static func checkCodec(_ report: inout SelfTestReport) {
        let codec = FT5x06Codec(maxPoints: ControllerModel.ft5406.maxPoints, width: 800, height: 480)
        var frame = TouchFrame()
        frame.append(TouchPoint(id: 2, position: point(356, 240), event: .contact, weight: 0x20, area: 0x30))
        frame.append(TouchPoint(id: 9, position: point(799, 479), event: .down, weight: 1, area: 2))
        let encoded = FT5x06Codec.encode(frame)
        report.check(encoded.count == 15 && encoded[2] == 2 && encoded[3] == 0x81 && encoded[4] == 0x64
            && encoded[5] == 0x20 && encoded[6] == 0xF0, "codec: encode register bytes")
        report.check(codec.decode(encoded) == .frame(frame), "codec: round trip")
        report.check(codec.decode(bytes((0, 0, 6, 0, 0, 0, 0, 0, 0), count: 3))
            == .malformed(.tooManyPoints(reported: 6, maximum: 5)), "codec: count above model maximum")
        report.check(codec.decode(bytes((0, 0, 1, 0x80, 1, 0, 1, 0, 0), count: 8))
            == .malformed(.shortRead(bytes: 8, needed: 9)), "codec: short read")
        report.check(codec.decode(bytes((0, 0, 1, 0xC0, 1, 0, 1, 0, 0), count: 9))
            == .malformed(.reservedEvent(pointIndex: 0)), "codec: reserved event")
        report.check(codec.decode(bytes((0, 0, 1, 0x83, 0x20, 0, 1, 0, 0), count: 9))
            == .malformed(.coordinateOutOfRange(pointIndex: 0, x: 800, y: 1)), "codec: coordinate out of range")
        var twice = TouchFrame()
        twice.append(TouchPoint(id: 4, position: point(1, 1), event: .contact))
        twice.append(TouchPoint(id: 4, position: point(2, 2), event: .contact))
        report.check(codec.decode(FT5x06Codec.encode(twice)) == .malformed(.duplicateID(4)), "codec: duplicate ID")
    }

    static func checkTransform(_ report: inout SelfTestReport) {
        let rotated = CoordinateTransform(
            controllerWidth: 480, controllerHeight: 800, panelWidth: 800, panelHeight: 480,
            invertX: true, swapXY: true)
        report.check(rotated.apply(point(10, 700)) == point(700, 469), "transform: invert then swap")
        let scaled = CoordinateTransform(controllerWidth: 4096, controllerHeight: 4096, panelWidth: 720, panelHeight: 720)
        report.check(scaled.apply(point(4095, 2048)) == point(719, 360), "transform: scale")
        let turned = CoordinateTransform(
            controllerWidth: 800, controllerHeight: 480, panelWidth: 800, panelHeight: 480, rotation: .degrees90)
        report.check(turned.apply(point(799, 0)) == point(0, 0) && turned.apply(point(0, 479)) == point(479, 799),
            "transform: rotation 90 turns the touch with the picture")
    }

    static func checkTracker(_ report: inout SelfTestReport) {
        var pipeline = makePipeline()
        var log = FixedEventLog()
        pipeline.frame(frame(1, 50, 50, .down), at: .milliseconds(0), into: &log)
        pipeline.frame(TouchFrame(), at: .milliseconds(17), into: &log)
        report.check(log.count == 3 && log.has(0, ms: 0, button: 0, .pressed) && log.has(1, ms: 17, button: 0, .released)
            && log.has(2, ms: 17, button: 0, .tap(taps: 1)), "tracker: vanished ID released at its frame")

        pipeline = makePipeline()
        log.clear()
        pipeline.frame(frame(1, 50, 50, .down), at: .milliseconds(0), into: &log)
        report.check(pipeline.nextDeadline == .milliseconds(200), "tracker: lost deadline")
        pipeline.advance(to: .milliseconds(1000), into: &log)
        report.check(log.count == 2 && log.has(1, ms: 200, button: 0, .cancelled), "tracker: lost_ms cancels")

        pipeline = makePipeline()
        log.clear()
        var both = TouchFrame()
        both.append(TouchPoint(id: 0, position: point(50, 50), event: .down))
        both.append(TouchPoint(id: 1, position: point(250, 50), event: .down))
        pipeline.frame(both, at: .milliseconds(0), into: &log)
        pipeline.cancelAllTouches(at: .milliseconds(40), into: &log)
        pipeline.advance(to: .milliseconds(2000), into: &log)
        report.check(log.count == 4 && log.has(2, ms: 40, button: 0, .cancelled) && log.has(3, ms: 40, button: 1, .cancelled),
            "tracker: controller failure cancels both, no tap")
    }

    static func checkGestures(_ report: inout SelfTestReport) {
        var pipeline = makePipeline()
        var log = FixedEventLog()
        // Rule 5, N = 1: tap at the release instant.
        pipeline.touch(.down(id: 0, at: point(50, 50)), at: .milliseconds(0), into: &log)
        pipeline.touch(.up(id: 0, at: point(50, 50)), at: .milliseconds(80), into: &log)
        report.check(log.count == 3 && log.has(2, ms: 80, button: 0, .tap(taps: 1)) && pipeline.nextDeadline == nil,
            "rule 5: single tap fires at release")

        // Rule 5, N = 2: a double tap is one tap event with taps = 2.
        log.clear()
        pipeline.touch(.down(id: 0, at: point(250, 50)), at: .milliseconds(1000), into: &log)
        pipeline.touch(.up(id: 0, at: point(250, 50)), at: .milliseconds(1060), into: &log)
        report.check(pipeline.nextDeadline == .milliseconds(1310), "rule 5: waits W after first tap")
        pipeline.touch(.down(id: 0, at: point(260, 60)), at: .milliseconds(1200), into: &log)
        pipeline.touch(.up(id: 0, at: point(260, 60)), at: .milliseconds(1250), into: &log)
        pipeline.advance(to: .milliseconds(3000), into: &log)
        report.check(log.count == 5 && log.has(4, ms: 1250, button: 1, .tap(taps: 2)), "rule 5: double tap once")

        // Rule 5: one tap on a double-tap button fires at release + W.
        log.clear()
        pipeline.touch(.down(id: 0, at: point(250, 50)), at: .milliseconds(4000), into: &log)
        pipeline.touch(.up(id: 0, at: point(250, 50)), at: .milliseconds(4050), into: &log)
        pipeline.advance(to: .milliseconds(5000), into: &log)
        report.check(log.count == 3 && log.has(2, ms: 4300, button: 1, .tap(taps: 1)), "rule 5: single tap after W")

        // Rule 4 and 6: a hold that continues a sequence is a long press with taps = 2.
        log.clear()
        pipeline.touch(.down(id: 0, at: point(250, 50)), at: .milliseconds(6000), into: &log)
        pipeline.touch(.up(id: 0, at: point(250, 50)), at: .milliseconds(6050), into: &log)
        pipeline.touch(.down(id: 0, at: point(250, 50)), at: .milliseconds(6100), into: &log)
        pipeline.advance(to: .milliseconds(7000), into: &log)
        pipeline.touch(.up(id: 0, at: point(250, 50)), at: .milliseconds(7000), into: &log)
        report.check(log.count == 5 && log.has(3, ms: 6600, button: 1, .longPress(taps: 2))
            && log.has(4, ms: 7000, button: 1, .released), "rule 6: hold in a sequence")

        // Rule 4: repeats at L + nR.
        log.clear()
        pipeline.touch(.down(id: 0, at: point(450, 50)), at: .milliseconds(8000), into: &log)
        pipeline.advance(to: .milliseconds(8700), into: &log)
        pipeline.touch(.up(id: 0, at: point(450, 50)), at: .milliseconds(8750), into: &log)
        report.check(log.count == 5 && log.has(1, ms: 8500, button: 2, .longPress(taps: 1))
            && log.has(2, ms: 8600, button: 2, .repeat(n: 1)) && log.has(3, ms: 8700, button: 2, .repeat(n: 2)),
            "rule 4: long press and repeat")

        // Rule 4: moving beyond S rules the long press out.
        log.clear()
        pipeline.touch(.down(id: 0, at: point(250, 50)), at: .milliseconds(9000), into: &log)
        pipeline.touch(.move(id: 0, to: point(261, 50)), at: .milliseconds(9100), into: &log)
        pipeline.advance(to: .milliseconds(9800), into: &log)
        report.check(log.count == 1, "rule 4: slop rules out long press")
        pipeline.touch(.up(id: 0, at: point(261, 50)), at: .milliseconds(9800), into: &log)
        pipeline.advance(to: .milliseconds(11000), into: &log)

        // Rules 2 and 3: drag out and lift outside: exit, cancelled, no tap.
        log.clear()
        pipeline.touch(.down(id: 0, at: point(50, 50)), at: .milliseconds(12000), into: &log)
        pipeline.touch(.move(id: 0, to: point(150, 50)), at: .milliseconds(12040), into: &log)
        pipeline.touch(.up(id: 0, at: point(150, 50)), at: .milliseconds(12080), into: &log)
        report.check(log.count == 3 && log.has(1, ms: 12040, button: 0, .exit) && log.has(2, ms: 12080, button: 0, .cancelled),
            "rule 3: lift outside cancels")

        // Rule 1: disabled buttons and a second finger on a held button are ignored.
        log.clear()
        pipeline.touch(.down(id: 0, at: point(650, 50)), at: .milliseconds(13000), into: &log)
        pipeline.touch(.up(id: 0, at: point(650, 50)), at: .milliseconds(13050), into: &log)
        pipeline.touch(.down(id: 1, at: point(50, 50)), at: .milliseconds(13100), into: &log)
        pipeline.touch(.down(id: 2, at: point(60, 50)), at: .milliseconds(13110), into: &log)
        pipeline.touch(.up(id: 2, at: point(60, 50)), at: .milliseconds(13120), into: &log)
        pipeline.touch(.up(id: 1, at: point(50, 50)), at: .milliseconds(13150), into: &log)
        report.check(log.count == 3 && log.has(0, ms: 13100, button: 0, .pressed)
            && log.has(2, ms: 13150, button: 0, .tap(taps: 1)), "rule 1: ownership")
        report.check(!log.overflowed, "event log did not overflow")
    }

    static func checkTraceParser(_ report: inout SelfTestReport) {
        let good: StaticString = "120 down 3 100 60  # comment"
        let parsed = TraceLineParser.parse(UnsafeBufferPointer(start: good.utf8Start, count: good.utf8CodeUnitCount))
        var ok = false
        if case .line(.point(120, .down, 3, let position)) = parsed { ok = position == point(100, 60) }
        report.check(ok, "trace: point line")

        let raw: StaticString = "5 ft5x06 00 00 01 80 64 00 3c 10 20"
        ok = false
        if case .line(.report(5, .ft5x06(let bytes))) = TraceLineParser.parse(UnsafeBufferPointer(start: raw.utf8Start, count: raw.utf8CodeUnitCount)) {
            ok = bytes.count == 9 && bytes[4] == 0x64 && bytes[6] == 0x3c
        }
        report.check(ok, "trace: raw report line")

        let bad: StaticString = "10 down 16 1 1"
        ok = false
        if case .error(let error) = TraceLineParser.parse(UnsafeBufferPointer(start: bad.utf8Start, count: bad.utf8CodeUnitCount)) {
            ok = error == TraceLineError(.expectedTouchID, fieldStart: 8, fieldEnd: 10)
        }
        report.check(ok, "trace: bad touch ID")
    }

    static func checkRenderer(_ report: inout SelfTestReport) {
        let blue = RGBColor(r: 0x4A, g: 0x6F, b: 0xA5)
        report.check(PixelFormat.rgb565.encode(blue) == 0x4B74, "render: RGB565 packing")
        report.check(PixelFormat.xrgb8888.encode(blue) == 0x004A_6FA5, "render: XRGB8888 packing")
        // A 4x2 XRGB8888 framebuffer turned 90 degrees: logical (0, 0) is physical (3, 0).
        var memory: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var ok = false
        withUnsafeMutableBytes(of: &memory) { buffer in
            guard let layout = FramebufferLayout(physicalWidth: 4, physicalHeight: 2, format: .xrgb8888, rotation: .degrees90)
            else { return }
            let painter = FramebufferPainter(layout: layout)
            let painted = painter.fill(Rect(x: 0, y: 0, width: 1, height: 1), blue, in: buffer)
            ok = painted && layout.logicalWidth == 2 && layout.logicalHeight == 4
                && buffer[12] == 0xA5 && buffer[13] == 0x6F && buffer[14] == 0x4A && buffer[0] == 0
        }
        report.check(ok, "render: rotation 90 and exact bytes")
        report.check(RGBColor.white.blended(over: .black, alpha: 128) == RGBColor(r: 128, g: 128, b: 128),
            "render: label blend")
    }

    /// Presence (issue 47) past 32-bit nanoseconds: the debounce's exact instants, and a
    /// wake by presence that swallows no touch.
    static func checkPresence(_ report: inout SelfTestReport) {
        let start = MonotonicInstant.milliseconds(5_000_000)
        var line = PresenceDebounce(debounce: .milliseconds(200), level: false, at: start)
        line.edge(true, at: start + .milliseconds(1_000))
        line.edge(false, at: start + .milliseconds(1_199))
        report.check(line.deadline == nil && line.advance(to: start + .milliseconds(9_000)) == nil, "presence: a short bounce gives nothing")
        line.edge(true, at: start + .milliseconds(10_000))
        let settled = line.advance(to: start + .milliseconds(20_000))
        report.check(settled?.present == true && settled?.at == start + .milliseconds(10_200), "presence: a held level counts at edge + debounce")

        var layout = ButtonLayout()
        layout.append(ButtonSpec(rect: Rect(x: 0, y: 0, width: 100, height: 100)))
        var pipeline = TouchPipeline(
            transform: .identity(width: 800, height: 480), lostAfter: .milliseconds(200), layout: layout,
            idle: IdleTimings(dimAfter: nil, offAfter: .milliseconds(5_000)), startedAt: start, awayAfter: .milliseconds(3_000))
        var log = FixedEventLog()
        pipeline.advance(to: start + .milliseconds(3_000), into: &log)
        report.check(pipeline.wakeGate.power == .off, "presence: nobody there, off at away_after_s")
        pipeline.setPresent(true, at: start + .milliseconds(4_000), into: &log)
        report.check(pipeline.wakeGate.power == .awake && pipeline.nextDeadline == nil, "presence: wakes the panel and holds the idle time")
        pipeline.touch(.down(id: 0, at: point(50, 50)), at: start + .milliseconds(4_500), into: &log)
        pipeline.touch(.up(id: 0, at: point(50, 50)), at: start + .milliseconds(4_550), into: &log)
        report.check(log.count == 3, "presence: the next touch is not swallowed")
        pipeline.setPresent(false, at: start + .milliseconds(6_000), into: &log)
        report.check(pipeline.nextDeadline == start + .milliseconds(9_000), "presence: away_after_s from the end of presence")
    }

    static func checkLatencyHistogram(_ report: inout SelfTestReport) {
        var histogram = LatencyHistogram()
        for us: Int64 in 1...100 {
            histogram.record(MonotonicDuration(nanoseconds: us * 1_000))
        }
        report.check(histogram.percentile(permille: 500) == 51 && histogram.percentile(permille: 990) == 99
            && histogram.maxMicroseconds == 100, "latency histogram percentiles")
    }
}
