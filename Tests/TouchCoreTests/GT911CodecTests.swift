import Testing
import TouchCore

@Suite("GT911 codec")
struct GT911CodecTests {
    let codec = GT911Codec(maxPoints: 5, width: 800, height: 480)

    func report(_ bytes: [UInt8]) -> GT911Report {
        var report = GT911Report()
        for byte in bytes { report.append(byte) }
        return report
    }

    @Test func decodesTwoPointsFromRegisterBytes() {
        // Ready, 2 points: id 1 at (356, 240) size 0x20; id 7 at (799, 0) size 0x0130 (weight saturates).
        let outcome = codec.decode(report([0x82, 1, 0x64, 0x01, 0xF0, 0x00, 0x20, 0x00, 0, 7, 0x1F, 0x03, 0, 0, 0x30, 0x01, 0]))
        var expected = TouchFrame()
        expected.append(TouchPoint(id: 1, position: Point(x: 356, y: 240), event: .contact, weight: 0x20))
        expected.append(TouchPoint(id: 7, position: Point(x: 799, y: 0), event: .contact, weight: 0xFF))
        #expect(outcome == .frame(expected))
    }

    @Test func aStatusWithoutTheReadyBitIsNoFrame() {
        #expect(codec.decode(report([0x01, 1, 0x64, 0, 0x32, 0, 0x10, 0, 0])) == .pending)
        #expect(codec.decode(report([0x00])) == .pending)
    }

    @Test func readyWithNoPointsIsAnEmptyFrameAndTheKeyBitIsNotACount() {
        #expect(codec.decode(report([0x80])) == .frame(TouchFrame()))
        #expect(codec.decode(report([0x90])) == .frame(TouchFrame()))
    }

    @Test(arguments: [(ControllerModel.gt911, 1), (.gt911, 2), (.gt911, 5), (.gt9271, 10)])
    func roundTripsAFullFrame(model: ControllerModel, points: Int) {
        let codec = GT911Codec(maxPoints: model.maxPoints, width: 1024, height: 600)
        var frame = TouchFrame()
        for index in 0..<points {
            frame.append(TouchPoint(
                id: UInt8(15 - index), position: Point(x: Int32(index * 101 + 3), y: Int32(599 - index * 59)),
                event: .contact, weight: UInt8(index * 9)))
        }
        let encoded = GT911Codec.encode(frame)
        #expect(encoded.count == 1 + 8 * points)
        #expect(encoded[0] == 0x80 | UInt8(points))
        #expect(codec.decode(encoded) == .frame(frame))
    }

    @Test func encodingLeavesLiftedPointsOut() {
        var frame = TouchFrame()
        frame.append(TouchPoint(id: 0, position: Point(x: 10, y: 20), event: .up))
        frame.append(TouchPoint(id: 3, position: Point(x: 300, y: 2), event: .down))
        let encoded = GT911Codec.encode(frame)
        #expect((0..<encoded.count).map { encoded[$0] } == [0x81, 3, 0x2C, 0x01, 2, 0, 0, 0, 0])
    }

    @Test func everyMalformedKindIsATypedOutcome() {
        #expect(codec.decode(report([])) == .malformed(.shortRead(bytes: 0, needed: 1)))
        #expect(codec.decode(report([0x82, 1, 0x64, 0, 0x32, 0, 0x10, 0, 0]))
            == .malformed(.shortRead(bytes: 9, needed: 17)))
        #expect(codec.decode(report([0x86])) == .malformed(.tooManyPoints(reported: 6, maximum: 5)))
        #expect(codec.decode(report([0x82, 4, 1, 0, 1, 0, 0, 0, 0, 4, 2, 0, 2, 0, 0, 0, 0])) == .malformed(.duplicateID(4)))
        #expect(codec.decode(report([0x81, 16, 1, 0, 1, 0, 0, 0, 0])) == .malformed(.touchIDOutOfRange(pointIndex: 0, id: 16)))
        #expect(codec.decode(report([0x81, 0, 0x20, 0x03, 1, 0, 0, 0, 0]))
            == .malformed(.coordinateOutOfRange(pointIndex: 0, x: 800, y: 1)))
        #expect(codec.decode(report([0x82, 0, 1, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0xE0, 0x01, 0, 0, 0]))
            == .malformed(.coordinateOutOfRange(pointIndex: 1, x: 1, y: 480)))
    }
}

@Suite("evdev frame assembler")
struct EvdevFrameAssemblerTests {
    static func abs(_ code: UInt16, _ value: Int32) -> EvdevEvent { EvdevEvent(type: EvdevCode.evAbs, code: code, value: value) }
    static let syn = EvdevEvent(type: EvdevCode.evSyn, code: EvdevCode.synReport, value: 0)
    static let dropped = EvdevEvent(type: EvdevCode.evSyn, code: EvdevCode.synDropped, value: 0)
    static func key(_ down: Bool) -> EvdevEvent { EvdevEvent(type: EvdevCode.evKey, code: EvdevCode.btnTouch, value: down ? 1 : 0) }

    var assembler = EvdevFrameAssembler(mode: .multiTouch, maxPoints: 10, xMinimum: 0, xMaximum: 799, yMinimum: 0, yMaximum: 479)

    /// Feeds the events; every one but the last must be pending; returns the last outcome.
    mutating func feed(_ events: [EvdevEvent]) -> DecodeOutcome {
        var outcome = DecodeOutcome.pending
        for (index, event) in events.enumerated() {
            outcome = assembler.feed(event)
            if index < events.count - 1 { #expect(outcome == .pending) }
        }
        return outcome
    }

    static func frame(_ points: [(UInt8, Int32, Int32, TouchPointEvent)]) -> DecodeOutcome {
        var frame = TouchFrame()
        for (id, x, y, event) in points { frame.append(TouchPoint(id: id, position: Point(x: x, y: y), event: event)) }
        return .frame(frame)
    }

    @Test mutating func protocolBContactsKeepTheirSlotAsID() {
        #expect(feed([Self.abs(EvdevCode.absMTTrackingID, 40), Self.abs(EvdevCode.absMTPositionX, 100),
                      Self.abs(EvdevCode.absMTPositionY, 50), Self.key(true), Self.syn])
            == Self.frame([(0, 100, 50, .down)]))
        #expect(feed([Self.abs(EvdevCode.absMTSlot, 3), Self.abs(EvdevCode.absMTTrackingID, 41),
                      Self.abs(EvdevCode.absMTPositionX, 700), Self.abs(EvdevCode.absMTPositionY, 60), Self.syn])
            == Self.frame([(0, 100, 50, .contact), (3, 700, 60, .down)]))
        #expect(feed([Self.abs(EvdevCode.absMTSlot, 0), Self.abs(EvdevCode.absMTPositionX, 104), Self.syn])
            == Self.frame([(0, 104, 50, .contact), (3, 700, 60, .contact)]))
        #expect(feed([Self.abs(EvdevCode.absMTTrackingID, -1), Self.syn])
            == Self.frame([(0, 104, 50, .up), (3, 700, 60, .contact)]))
        #expect(feed([Self.abs(EvdevCode.absMTSlot, 3), Self.abs(EvdevCode.absMTTrackingID, -1), Self.key(false), Self.syn])
            == Self.frame([(3, 700, 60, .up)]))
        #expect(feed([Self.syn]) == .frame(TouchFrame()))
    }

    @Test mutating func aNewTrackingIDOnAnActiveSlotReplacesTheContact() {
        _ = feed([Self.abs(EvdevCode.absMTTrackingID, 1), Self.abs(EvdevCode.absMTPositionX, 10), Self.syn])
        #expect(feed([Self.abs(EvdevCode.absMTTrackingID, 2), Self.abs(EvdevCode.absMTPositionX, 500), Self.syn])
            == Self.frame([(0, 500, 0, .replaced)]))
        // An end and a start in one frame is a replacement too.
        #expect(feed([Self.abs(EvdevCode.absMTTrackingID, -1), Self.abs(EvdevCode.absMTTrackingID, 3), Self.syn])
            == Self.frame([(0, 500, 0, .replaced)]))
        #expect(feed([Self.abs(EvdevCode.absMTTrackingID, 3), Self.syn]) == Self.frame([(0, 500, 0, .contact)]))
    }

    @Test mutating func synDroppedDiscardsUntilTheNextReportThenTheStateIsReRead() {
        _ = feed([Self.abs(EvdevCode.absMTTrackingID, 1), Self.abs(EvdevCode.absMTPositionX, 10), Self.syn])
        #expect(feed([Self.dropped, Self.abs(EvdevCode.absMTTrackingID, -1), Self.abs(EvdevCode.absMTPositionX, 99)]) == .pending)
        #expect(!assembler.needsResync)
        #expect(assembler.feed(Self.syn) == .pending)
        #expect(assembler.needsResync)
        assembler.resync(slot: 0, trackingID: -1, x: 12, y: 0)
        assembler.resync(slot: 5, trackingID: 9, x: 300, y: 200)
        #expect(assembler.finishResync() == Self.frame([(0, 12, 0, .up), (5, 300, 200, .down)]))
        #expect(!assembler.needsResync)
    }

    @Test mutating func withoutAReReadTheStateKnownStands() {
        _ = feed([Self.abs(EvdevCode.absMTTrackingID, 1), Self.abs(EvdevCode.absMTPositionX, 10), Self.syn])
        _ = feed([Self.dropped, Self.abs(EvdevCode.absMTPositionX, 99), Self.syn])
        #expect(assembler.finishResync() == Self.frame([(0, 10, 0, .contact)]))
    }

    @Test func singleTouchDevicesGiveOneContact() {
        var single = EvdevFrameAssembler(mode: .singleTouch, maxPoints: 10, xMinimum: 0, xMaximum: 4095, yMinimum: 0, yMaximum: 4095)
        #expect(single.feed(Self.abs(EvdevCode.absX, 2000)) == .pending)
        #expect(single.feed(Self.abs(EvdevCode.absY, 1000)) == .pending)
        #expect(single.feed(Self.key(true)) == .pending)
        #expect(single.feed(Self.syn) == Self.frame([(0, 2000, 1000, .down)]))
        _ = single.feed(Self.abs(EvdevCode.absMTTrackingID, 5))  // ignored in single-touch mode
        _ = single.feed(Self.abs(EvdevCode.absX, 2010))
        #expect(single.feed(Self.syn) == Self.frame([(0, 2010, 1000, .contact)]))
        _ = single.feed(Self.key(false))
        #expect(single.feed(Self.syn) == Self.frame([(0, 2010, 1000, .up)]))
    }

    @Test func axesAreTakenFromTheirMinimumAndClampedIntoTheirRange() {
        var offset = EvdevFrameAssembler(mode: .multiTouch, maxPoints: 10, xMinimum: 100, xMaximum: 1099, yMinimum: -50, yMaximum: 449)
        _ = offset.feed(Self.abs(EvdevCode.absMTTrackingID, 1))
        _ = offset.feed(Self.abs(EvdevCode.absMTPositionX, 1500))
        _ = offset.feed(Self.abs(EvdevCode.absMTPositionY, -60))
        #expect(offset.feed(Self.syn) == Self.frame([(0, 999, 0, .down)]))
    }

    @Test mutating func slotsBeyondTheCapacityAndTooManyContactsAreRefusedWithoutACrash() {
        #expect(feed([Self.abs(EvdevCode.absMTSlot, 16), Self.abs(EvdevCode.absMTTrackingID, 1), Self.syn])
            == .malformed(.slotOutOfRange(slot: 16)))
        #expect(feed([Self.abs(EvdevCode.absMTSlot, -3), Self.abs(EvdevCode.absMTPositionX, 1), Self.syn])
            == .malformed(.slotOutOfRange(slot: -3)))
        var few = EvdevFrameAssembler(mode: .multiTouch, maxPoints: 2, xMinimum: 0, xMaximum: 799, yMinimum: 0, yMaximum: 479)
        for slot: Int32 in 0..<3 {
            _ = few.feed(Self.abs(EvdevCode.absMTSlot, slot))
            _ = few.feed(Self.abs(EvdevCode.absMTTrackingID, slot + 1))
        }
        #expect(few.feed(Self.syn) == .malformed(.tooManyPoints(reported: 3, maximum: 2)))
    }

    @Test func theEncoderSendsWhatADriverSendsAndTheAssemblerReadsItBack() {
        var encoder = EvdevEncoder()
        var decoder = EvdevFrameAssembler(mode: .multiTouch, maxPoints: 10, xMinimum: 0, xMaximum: 799, yMinimum: 0, yMaximum: 479)
        var frames: [TouchFrame] = []
        var one = TouchFrame()
        one.append(TouchPoint(id: 2, position: Point(x: 10, y: 20), event: .down))
        frames.append(one)
        var two = TouchFrame()
        two.append(TouchPoint(id: 2, position: Point(x: 12, y: 20), event: .contact))
        two.append(TouchPoint(id: 4, position: Point(x: 400, y: 300), event: .down))
        frames.append(two)
        var lifted = TouchFrame()
        lifted.append(TouchPoint(id: 4, position: Point(x: 400, y: 300), event: .contact))
        frames.append(lifted)
        var batches: [[EvdevEvent]] = []
        var decoded: [DecodeOutcome] = []
        for frame in frames {
            var batch = EvdevEventBatch()
            encoder.encode(frame, into: &batch)
            batches.append((0..<batch.count).map { batch[$0] })
            for index in 0..<batch.count { decoded.append(decoder.feed(batch[index])) }
        }
        #expect(batches[0] == [Self.abs(EvdevCode.absMTSlot, 2), Self.abs(EvdevCode.absMTTrackingID, 1),
                               Self.abs(EvdevCode.absMTPositionX, 10), Self.abs(EvdevCode.absMTPositionY, 20), Self.key(true), Self.syn])
        #expect(batches[2] == [Self.abs(EvdevCode.absMTSlot, 2), Self.abs(EvdevCode.absMTTrackingID, -1), Self.syn])
        #expect(decoded.filter { $0 != .pending } == [
            Self.frame([(2, 10, 20, .down)]),
            Self.frame([(2, 12, 20, .contact), (4, 400, 300, .down)]),
            Self.frame([(2, 12, 20, .up), (4, 400, 300, .contact)]),
        ])
        // Nothing changed: no events at all, as the kernel drops an empty SYN_REPORT.
        var silent = EvdevEventBatch()
        encoder.encode(lifted, into: &silent)
        #expect(silent.count == 0)
    }

    @Test func eventNamesBothWays() {
        func type(_ name: String) -> UInt16? { Array(name.utf8).withUnsafeBufferPointer { EvdevNames.type(named: $0) } }
        func code(_ name: String, _ type: UInt16) -> UInt16? { Array(name.utf8).withUnsafeBufferPointer { EvdevNames.code(named: $0, type: type) } }
        #expect(type("EV_ABS") == 3 && type("EV_SYN") == 0 && type("EV_KEY") == 1 && type("EV_MSC") == 4 && type("EV_REL") == nil)
        #expect(code("ABS_MT_TRACKING_ID", 3) == 0x39 && code("ABS_MT_SLOT", 3) == 0x2F && code("SYN_DROPPED", 0) == 3)
        #expect(code("BTN_TOUCH", 1) == 0x14A && code("BTN_TOUCH", 3) == nil && code("MSC_TIMESTAMP", 4) == 5)
        #expect(EvdevNames.codeName(type: 3, code: 0x35)?.description == "ABS_MT_POSITION_X")
        #expect(EvdevNames.typeName(2) == nil)
    }
}
