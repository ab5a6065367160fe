import Testing
import TouchCore

@Suite("FT5x06 codec")
struct FT5x06CodecTests {
    let codec = FT5x06Codec(maxPoints: ControllerModel.ft5406.maxPoints, width: 800, height: 480)

    func report(_ bytes: [UInt8]) -> FT5x06Report {
        var report = FT5x06Report()
        for byte in bytes {
            report.append(byte)
        }
        return report
    }

    @Test func decodesOnePointFromRegisterBytes() {
        // Contact, x = 0x164 = 356, id 2, y = 0x0F0 = 240, weight 0x20, area 0x30.
        let outcome = codec.decode(report([0x00, 0x00, 0x01, 0x81, 0x64, 0x20, 0xF0, 0x20, 0x30]))
        var expected = TouchFrame()
        expected.append(TouchPoint(id: 2, position: Point(x: 356, y: 240), event: .contact, weight: 0x20, area: 0x30))
        #expect(outcome == .frame(expected))
    }

    @Test func encodesTheSameBytes() {
        var frame = TouchFrame()
        frame.append(TouchPoint(id: 2, position: Point(x: 356, y: 240), event: .contact, weight: 0x20, area: 0x30))
        let encoded = FT5x06Codec.encode(frame)
        #expect(encoded.count == 9)
        #expect((0..<encoded.count).map { encoded[$0] } == [0x00, 0x00, 0x01, 0x81, 0x64, 0x20, 0xF0, 0x20, 0x30])
    }

    @Test(arguments: [(ControllerModel.ft6236, 2), (.ft5406, 5), (.ft5506, 10)])
    func roundTripsAFullFrame(model: ControllerModel, points: Int) {
        let codec = FT5x06Codec(maxPoints: model.maxPoints, width: 4096, height: 4096)
        var frame = TouchFrame()
        let events: [TouchPointEvent] = [.down, .up, .contact]
        for index in 0..<points {
            frame.append(TouchPoint(
                id: UInt8(index + 3), position: Point(x: Int32(index * 409 + 1), y: Int32(4095 - index * 300)),
                event: events[index % 3], weight: UInt8(index), area: UInt8(0xF0 - index)))
        }
        let encoded = FT5x06Codec.encode(frame)
        #expect(encoded.count == 3 + 6 * points)
        #expect(codec.decode(encoded) == .frame(frame))
    }

    @Test func emptyReportIsAnEmptyFrame() {
        #expect(codec.decode(report([0x00, 0x00, 0x00])) == .frame(TouchFrame()))
    }

    @Test func readsOnlyThePointsTDStatusReports() {
        // Two points of bytes present but TD_STATUS says one: the second is ignored.
        let outcome = codec.decode(report([0, 0, 0x01, 0x80, 0x10, 0x00, 0x20, 1, 1, 0x80, 0x30, 0x10, 0x40, 1, 1]))
        guard case .frame(let frame) = outcome else {
            Issue.record("expected a frame, got \(outcome)")
            return
        }
        #expect(frame.count == 1)
        #expect(frame[0] == TouchPoint(id: 0, position: Point(x: 0x10, y: 0x20), event: .contact, weight: 1, area: 1))
    }

    @Test func highNibbleOfTDStatusIsNotPartOfTheCount() {
        #expect(codec.decode(report([0, 0, 0x30])) == .frame(TouchFrame()))
    }

    @Test func shortHeaderIsShortRead() {
        #expect(codec.decode(report([0, 0])) == .malformed(.shortRead(bytes: 2, needed: 3)))
    }

    @Test func shortPointDataIsShortRead() {
        #expect(codec.decode(report([0, 0, 0x02, 0x80, 0x10, 0x00, 0x20, 1, 1, 0x80]))
            == .malformed(.shortRead(bytes: 10, needed: 15)))
    }

    @Test func countAboveModelMaximumIsRefused() {
        #expect(codec.decode(report([0, 0, 0x06])) == .malformed(.tooManyPoints(reported: 6, maximum: 5)))
        let ft6236 = FT5x06Codec(maxPoints: ControllerModel.ft6236.maxPoints, width: 800, height: 480)
        #expect(ft6236.decode(report([0, 0, 0x03])) == .malformed(.tooManyPoints(reported: 3, maximum: 2)))
        // 0xFF after a reset: garbage, not 15 points.
        #expect(codec.decode(report([0xFF, 0xFF, 0xFF])) == .malformed(.tooManyPoints(reported: 15, maximum: 5)))
    }

    @Test func duplicateIDIsRefused() {
        #expect(codec.decode(report([0, 0, 0x02, 0x80, 0x10, 0x50, 0x20, 1, 1, 0x80, 0x30, 0x50, 0x40, 1, 1]))
            == .malformed(.duplicateID(5)))
    }

    @Test func reservedEventIsRefused() {
        #expect(codec.decode(report([0, 0, 0x01, 0xC0, 0x10, 0x00, 0x20, 1, 1]))
            == .malformed(.reservedEvent(pointIndex: 0)))
    }

    @Test func coordinatesBeyondControllerRangeAreRefused() {
        // x = 800 on an 800-wide controller.
        #expect(codec.decode(report([0, 0, 0x01, 0x83, 0x20, 0x00, 0x20, 1, 1]))
            == .malformed(.coordinateOutOfRange(pointIndex: 0, x: 800, y: 32)))
        // y = 480 on a 480-high controller, in the second point.
        #expect(codec.decode(report([0, 0, 0x02, 0x80, 0x10, 0x00, 0x20, 1, 1, 0x80, 0x10, 0x11, 0xE0, 1, 1]))
            == .malformed(.coordinateOutOfRange(pointIndex: 1, x: 16, y: 480)))
    }

    @Test func malformedReportIsDroppedAndDoesNotKeepTouchesAlive() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100))], lostMs: 200)
        panel.frame([contact(0, 150, 150, .down)], at: 0)
        let garbage = report([0xFF, 0xFF, 0xFF])
        let outcome = FT5x06Codec(maxPoints: 10, width: 800, height: 480).decode(garbage)
        #expect(outcome == .malformed(.tooManyPoints(reported: 15, maximum: 10)))
        panel.advance(to: 100)
        panel.advance(to: 300)
        #expect(panel.log == ["0 play pressed", "200 play cancelled"])
    }
}

@Suite("Coordinate transform")
struct CoordinateTransformTests {
    @Test func identityKeepsPoints() {
        let transform = CoordinateTransform.identity(width: 800, height: 480)
        #expect(transform.apply(Point(x: 799, y: 0)) == Point(x: 799, y: 0))
    }

    @Test func invertsEachAxisOverTheControllerRange() {
        let transform = CoordinateTransform(
            controllerWidth: 800, controllerHeight: 480, panelWidth: 800, panelHeight: 480,
            invertX: true, invertY: true)
        #expect(transform.apply(Point(x: 0, y: 0)) == Point(x: 799, y: 479))
        #expect(transform.apply(Point(x: 100, y: 40)) == Point(x: 699, y: 439))
    }

    @Test func swapsAfterInverting() {
        // A 480x800 controller on an 800x480 display, turned a quarter: kernel order.
        let transform = CoordinateTransform(
            controllerWidth: 480, controllerHeight: 800, panelWidth: 800, panelHeight: 480,
            invertX: true, swapXY: true)
        #expect(transform.apply(Point(x: 10, y: 700)) == Point(x: 700, y: 469))
    }

    @Test func scalesFromControllerResolution() {
        let transform = CoordinateTransform(
            controllerWidth: 4096, controllerHeight: 4096, panelWidth: 720, panelHeight: 720)
        #expect(transform.apply(Point(x: 4095, y: 2048)) == Point(x: 719, y: 360))
    }
}

@Suite("Touch tracker")
struct TouchTrackerTests {
    func frame(_ points: [TouchPoint]) -> TouchFrame {
        var frame = TouchFrame()
        for point in points {
            frame.append(point)
        }
        return frame
    }

    /// Every input the tracker gives for one frame, in order.
    func track(_ tracker: inout TouchTracker, _ frame: TouchFrame, at now: MonotonicInstant) -> [TouchInput] {
        var inputs: [TouchInput] = []
        tracker.track(frame, at: now) { inputs.append($0) }
        return inputs
    }

    @Test func downMoveUp() {
        var tracker = TouchTracker(lostAfter: .milliseconds(200))
        #expect(track(&tracker, frame([contact(1, 10, 20, .down)]), at: ms(0)) == [.down(id: 1, at: Point(x: 10, y: 20))])
        #expect(track(&tracker, frame([contact(1, 10, 20)]), at: ms(17)) == [])
        #expect(track(&tracker, frame([contact(1, 12, 20)]), at: ms(34)) == [.move(id: 1, to: Point(x: 12, y: 20))])
        #expect(track(&tracker, frame([contact(1, 12, 21, .up)]), at: ms(51)) == [.up(id: 1, at: Point(x: 12, y: 21))])
        #expect(tracker.deadline == nil)
    }

    @Test func contactWithoutDownStartsATouch() {
        var tracker = TouchTracker(lostAfter: .milliseconds(200))
        #expect(track(&tracker, frame([contact(4, 5, 6)]), at: ms(0)) == [.down(id: 4, at: Point(x: 5, y: 6))])
    }

    @Test func upForUnknownIDIsIgnored() {
        var tracker = TouchTracker(lostAfter: .milliseconds(200))
        #expect(track(&tracker, frame([contact(4, 5, 6, .up)]), at: ms(0)) == [])
    }

    @Test func vanishedIDsAreReleasedAtTheirLastPosition() {
        var tracker = TouchTracker(lostAfter: .milliseconds(200))
        _ = track(&tracker, frame([contact(0, 10, 10, .down), contact(7, 50, 50, .down)]), at: ms(0))
        _ = track(&tracker, frame([contact(0, 11, 10), contact(7, 52, 50)]), at: ms(17))
        #expect(track(&tracker, frame([contact(0, 11, 10)]), at: ms(34)) == [.up(id: 7, at: Point(x: 52, y: 50))])
        #expect(tracker.isHeld(id: 0))
        #expect(!tracker.isHeld(id: 7))
    }

    @Test func aReplacedIDLiftsWhereItWasThenGoesDownAnew() {
        var tracker = TouchTracker(lostAfter: nil)
        let replaced = TouchPoint(id: 3, position: Point(x: 40, y: 41), event: .replaced)
        #expect(tracker.track(replaced) == .input(.down(id: 3, at: Point(x: 40, y: 41))))
        #expect(tracker.endFrame(at: ms(0)) == 0)
        let again = TouchPoint(id: 3, position: Point(x: 70, y: 71), event: .replaced)
        #expect(tracker.track(again) == .replaced(up: .up(id: 3, at: Point(x: 40, y: 41)), down: .down(id: 3, at: Point(x: 70, y: 71))))
        #expect(tracker.endFrame(at: ms(10)) == 0)
        #expect(tracker.isHeld(id: 3))
    }

    @Test func aRestingFingerChangesNothingAndVanishedIDsLiftLowestFirst() {
        var tracker = TouchTracker(lostAfter: nil)
        _ = track(&tracker, frame([contact(9, 1, 1, .down), contact(2, 5, 5, .down), contact(5, 8, 8, .down)]), at: ms(0))
        #expect(tracker.track(contact(5, 8, 8)) == .unchanged)
        #expect(tracker.endFrame(at: ms(17)) == 0b10_0000_0100)
        #expect(tracker.lastPosition(of: 9) == Point(x: 1, y: 1))
        #expect(tracker.isHeld(id: 5) && !tracker.isHeld(id: 9) && !tracker.isHeld(id: 2))
        #expect(track(&tracker, frame([contact(7, 3, 3, .down)]), at: ms(34)) == [
            .down(id: 7, at: Point(x: 3, y: 3)), .up(id: 5, at: Point(x: 8, y: 8))])
    }

    @Test func deadlineIsLastFramePlusLostAfterWhileTouchesAreHeld() {
        var tracker = TouchTracker(lostAfter: .milliseconds(200))
        _ = track(&tracker, frame([contact(0, 10, 10, .down)]), at: ms(40))
        #expect(tracker.deadline == ms(240))
        _ = track(&tracker, frame([contact(0, 10, 10)]), at: ms(57))
        #expect(tracker.deadline == ms(257))
        #expect(tracker.cancelAll() == 0b1)
        #expect(tracker.deadline == nil)
        #expect(tracker.cancelAll() == 0)
    }
}
