import Testing
import TouchCore

@Suite("Trace lines and replay")
struct TraceReplayerTests {
    func parse(_ text: String) -> TraceLineOutcome {
        Array(text.utf8).withUnsafeBufferPointer { TraceLineParser.parse($0) }
    }

    func error(_ text: String) -> TraceLineError? {
        if case .error(let error) = parse(text) { return error }
        return nil
    }

    @Test func blankAndCommentLines() {
        for text in ["", "   ", "# only a comment", "  \t # indented comment"] {
            guard case .line(.blank) = parse(text) else {
                Issue.record("\"\(text)\" is not blank")
                continue
            }
        }
    }

    @Test func pointLineWithTabsAndCarriageReturn() {
        guard case .line(.point(let t, .move, let id, let position)) = parse("250\tmove\t15\t0 65535\r") else {
            Issue.record("not a move line")
            return
        }
        #expect(t == 250 && id == 15 && position == Point(x: 0, y: 65535))
    }

    @Test func rawReportLine() {
        guard case .line(.report(let t, .ft5x06(let report))) = parse("120 ft5x06 00 00 01 80 64 00 3C 10 00 # comment") else {
            Issue.record("not a report line")
            return
        }
        #expect(t == 120)
        #expect((0..<report.count).map { report[$0] } == [0, 0, 1, 0x80, 0x64, 0, 0x3C, 0x10, 0])
    }

    @Test func endLine() {
        guard case .line(.end(900)) = parse("900 end") else {
            Issue.record("not an end line")
            return
        }
    }

    @Test func mqttLineKeepsThePayloadWhole() {
        guard case .line(.message(120, let topic, let payload)) = parse("120 mqtt zigbee2mqtt/lamp  {\"a\": \"#1\"} \t") else {
            Issue.record("not an mqtt line")
            return
        }
        #expect(topic == TraceSpan(start: 9, end: 25))
        #expect(payload == TraceSpan(start: 27, end: 38))
        guard case .line(.message(5, _, let empty)) = parse("5 mqtt a/b") else {
            Issue.record("an empty payload is a message too")
            return
        }
        #expect(empty == TraceSpan(start: 10, end: 10))
        #expect(error("5 mqtt") == TraceLineError(.missingField, fieldStart: 6, fieldEnd: 6))
        #expect(error("5 mqtt a/+/b ON") == TraceLineError(.expectedTopic, fieldStart: 7, fieldEnd: 12))
    }

    @Test func presenceLineSaysTheSensorsLevel() {
        guard case .line(.presence(880, true)) = parse("880 presence 1  # someone"),
              case .line(.presence(900, false)) = parse("900 presence 0")
        else {
            Issue.record("not presence lines")
            return
        }
        #expect(error("5 presence") == TraceLineError(.missingField, fieldStart: 10, fieldEnd: 10))
        #expect(error("5 presence 2") == TraceLineError(.expectedPresenceLevel, fieldStart: 11, fieldEnd: 12))
        #expect(error("5 presence on") == TraceLineError(.expectedPresenceLevel, fieldStart: 11, fieldEnd: 13))
        #expect(error("5 presence 01") == TraceLineError(.expectedPresenceLevel, fieldStart: 11, fieldEnd: 13))
        #expect(error("5 presence 1 1") == TraceLineError(.unexpectedField, fieldStart: 13, fieldEnd: 14))
    }

    @Test func homeAssistantLineKeepsTheMessageWhole() {
        guard case .line(.homeAssistant(40, let text)) = parse("40 homeassistant  {\"id\":2,\"type\":\"event\",\"event\":{\"r\":[\"a.b\"]}} # x ") else {
            Issue.record("not a homeassistant line")
            return
        }
        // The rest of the line, a `#` in it included (JSON may hold one), without the white space after it.
        #expect(text == TraceSpan(start: 18, end: 67))
        #expect(error("5 homeassistant  ") == TraceLineError(.missingField, fieldStart: 17, fieldEnd: 17))
    }

    @Test func errorsNameTheField() {
        #expect(error("abc down 0 1 1") == TraceLineError(.expectedTime, fieldStart: 0, fieldEnd: 3))
        #expect(error("-5 down 0 1 1") == TraceLineError(.expectedTime, fieldStart: 0, fieldEnd: 2))
        #expect(error("10 press 0 1 1") == TraceLineError(.expectedKind, fieldStart: 3, fieldEnd: 8))
        #expect(error("10 down 0 1") == TraceLineError(.missingField, fieldStart: 11, fieldEnd: 11))
        #expect(error("10 down 0 1 1 7") == TraceLineError(.unexpectedField, fieldStart: 14, fieldEnd: 15))
        #expect(error("10 down 0 65536 1") == TraceLineError(.expectedCoordinate, fieldStart: 10, fieldEnd: 15))
        #expect(error("10 up 0 1 1.5") == TraceLineError(.expectedCoordinate, fieldStart: 10, fieldEnd: 13))
        #expect(error("10 ft5x06 00 0g") == TraceLineError(.expectedHexByte, fieldStart: 13, fieldEnd: 15))
        #expect(error("10 ft5x06 000") == TraceLineError(.expectedHexByte, fieldStart: 10, fieldEnd: 13))
        #expect(error("10 end now") == TraceLineError(.unexpectedField, fieldStart: 7, fieldEnd: 10))
        let tooLong = "1 ft5x06" + String(repeating: " 00", count: 64)
        #expect(error(tooLong) == TraceLineError(.reportTooLong, fieldStart: 8 + 63 * 3 + 1, fieldEnd: 8 + 64 * 3))
    }

    /// Lines as the splitter cuts them, with their numbers.
    func split(_ bytes: [UInt8]) -> [String] {
        bytes.withUnsafeBufferPointer { all in
            var lines = TraceLineSplitter()
            var cut: [String] = []
            while let line = lines.next(in: all) {
                cut.append("\(lines.lineNumber):" + String(decoding: line, as: UTF8.self))
            }
            return cut
        }
    }

    @Test func linesAreCutAtNewlinesAfterAByteOrderMark() {
        #expect(split(Array("0 down 0 1 1\n\n10 up 0 1 1\n".utf8)) == ["1:0 down 0 1 1", "2:", "3:10 up 0 1 1"])
        #expect(split([0xEF, 0xBB, 0xBF] + Array("5 end".utf8)) == ["1:5 end"])
        #expect(split(Array("a\r\nb".utf8)) == ["1:a\r", "2:b"])
        #expect(split([]) == [])
        #expect(split([0xEF, 0xBB, 0xBF]) == [])
    }

    func replayer() -> TraceReplayer {
        var layout = ButtonLayout()
        layout.append(ButtonSpec(rect: Rect(x: 0, y: 0, width: 100, height: 100)))
        return TraceReplayer(
            pipeline: TouchPipeline(transform: .identity(width: 800, height: 480), lostAfter: .milliseconds(200), layout: layout),
            decoder: RawReportDecoder(model: .ft5406, width: 800, height: 480))
    }

    func play(_ lines: [String]) -> (outcomes: [TraceStepOutcome], finish: TraceReplayError?, events: [GestureEvent]) {
        var replay = replayer()
        var recorder = EventRecorder()
        var outcomes: [TraceStepOutcome] = []
        for (index, text) in lines.enumerated() {
            guard case .line(let line) = parse(text) else {
                Issue.record("bad line \(text)")
                continue
            }
            outcomes.append(replay.play(line, lineNumber: index + 1, into: &recorder))
        }
        return (outcomes, replay.finish(into: &recorder), recorder.events)
    }

    @Test func refusesTimeGoingBack() {
        #expect(play(["100 down 0 10 10", "99 up 0 10 10"]).outcomes.last == .refused(.timeWentBack(previousMs: 100)))
    }

    @Test func refusesDoubleDownAndUpWithoutDown() {
        #expect(play(["0 down 3 10 10", "5 down 3 10 10"]).outcomes.last == .refused(.touchAlreadyDown(id: 3, sinceLine: 1)))
        #expect(play(["0 up 3 10 10"]).outcomes.last == .refused(.touchNotDown(id: 3)))
        #expect(play(["0 move 3 10 10"]).outcomes.last == .refused(.touchNotDown(id: 3)))
    }

    @Test func refusesSharingATouchIDBetweenPointLinesAndReports() {
        #expect(play(["0 ft5x06 00 00 01 00 0a 00 0a 00 00", "5 down 0 10 10"]).outcomes.last
            == .refused(.touchHeldByReport(id: 0)))
        #expect(play(["0 down 0 10 10", "5 ft5x06 00 00 01 00 0a 00 0a 00 00"]).outcomes.last
            == .refused(.touchHeldByPointLine(id: 0, sinceLine: 1)))
    }

    @Test func refusesLinesAfterEnd() {
        #expect(play(["10 end", "20 down 0 10 10"]).outcomes.last == .refused(.lineAfterEnd(endLine: 1)))
    }

    @Test func refusesTouchStillDownWithoutEnd() {
        #expect(play(["0 down 0 10 10", "10 move 0 12 10"]).finish == .touchStillDown(id: 0, sinceLine: 1))
    }

    @Test func endCancelsHeldTouchesAtItsTime() {
        let result = play(["0 down 0 10 10", "300 end"])
        #expect(result.finish == nil)
        #expect(result.events == [
            GestureEvent(at: ms(0), button: 0, kind: .pressed),
            GestureEvent(at: ms(300), button: 0, kind: .cancelled),
        ])
    }

    @Test func reportedTouchesLeftAtTheEndAreLostAfterLostMs() {
        let result = play(["0 ft5x06 00 00 01 00 0a 00 0a 00 00"])
        #expect(result.finish == nil)
        #expect(result.events == [
            GestureEvent(at: ms(0), button: 0, kind: .pressed),
            GestureEvent(at: ms(200), button: 0, kind: .cancelled),
        ])
    }

    @Test func garbageReportIsDroppedNotRefused() {
        #expect(play(["0 ft5x06 ff ff ff"]).outcomes == [.reportDropped(.tooManyPoints(reported: 15, maximum: 5))])
    }

    @Test func anMqttLineChangesNoGestureButTimePassesToIt() {
        // A reported touch left down is lost at 200 ms: the message at 500 brings that about,
        // and adds nothing of its own.
        let result = play(["0 ft5x06 00 00 01 00 0a 00 0a 00 00", "500 mqtt lamp ON"])
        #expect(result.outcomes == [.played, .played])
        #expect(result.events == [
            GestureEvent(at: ms(0), button: 0, kind: .pressed),
            GestureEvent(at: ms(200), button: 0, kind: .cancelled),
        ])
        #expect(play(["500 mqtt lamp ON", "400 down 0 10 10"]).outcomes.last == .refused(.timeWentBack(previousMs: 500)))
    }
}

@Suite("Trace replayer: input devices and the end of time")
struct TraceReplayerInputDeviceTests {
    func parse(_ text: String) -> TraceLine? {
        let outcome = Array(text.utf8).withUnsafeBufferPointer { TraceLineParser.parse($0) }
        guard case .line(let line) = outcome else { return nil }
        return line
    }

    /// A replayer for an input device: no lost-touch timeout.
    func play(_ lines: [String]) -> (outcomes: [TraceStepOutcome], finish: TraceReplayError?, events: [GestureEvent]) {
        var layout = ButtonLayout()
        layout.append(ButtonSpec(rect: Rect(x: 0, y: 0, width: 100, height: 100), listensForRepeat: true))
        var replayer = TraceReplayer(
            pipeline: TouchPipeline(transform: .identity(width: 800, height: 480), lostAfter: nil, layout: layout),
            decoder: RawReportDecoder(model: .evdev, width: 800, height: 480))
        var recorder = EventRecorder()
        var outcomes: [TraceStepOutcome] = []
        for (index, text) in lines.enumerated() {
            guard let line = parse(text) else {
                Issue.record("bad line \(text)")
                continue
            }
            outcomes.append(replayer.play(line, lineNumber: index + 1, into: &recorder))
        }
        return (outcomes, replayer.finish(into: &recorder), recorder.events)
    }

    @Test func aRestingFingerOfAnInputDeviceIsNotLostAndMustBeLifted() {
        let result = play([
            "0 evdev EV_ABS ABS_MT_TRACKING_ID 5", "0 evdev EV_ABS ABS_MT_POSITION_X 10", "0 evdev EV_SYN SYN_REPORT 0",
            "700 evdev EV_ABS ABS_MT_TRACKING_ID -1", "700 evdev EV_SYN SYN_REPORT 0",
        ])
        #expect(result.finish == nil)
        #expect(result.events.map { $0.kind } == [.pressed, .longPress(taps: 1), .repeat(n: 1), .repeat(n: 2), .released])
        #expect(result.events.map { $0.at } == [ms(0), ms(500), ms(600), ms(700), ms(700)])
        #expect(play(["0 evdev EV_ABS ABS_MT_TRACKING_ID 5", "0 evdev EV_SYN SYN_REPORT 0"]).finish == .rawTouchStillDown(id: 0))
    }

    @Test func timesTheEngineCannotHoldAreRefusedAtTheirField() {
        let outcome = Array("9223372036855 down 0 1 1".utf8).withUnsafeBufferPointer { TraceLineParser.parse($0) }
        guard case .error(let error) = outcome else {
            Issue.record("accepted a time past the end of the 64-bit nanosecond clock")
            return
        }
        #expect(error == TraceLineError(.expectedTime, fieldStart: 0, fieldEnd: 13))
        #expect(parse("9223372036854 down 0 1 1") != nil)
    }

    @Test func instantsAndDurationsSaturateInsteadOfWrapping() {
        #expect(MonotonicInstant.milliseconds(9_300_000_000_000) == .endOfTime)
        #expect((MonotonicInstant.endOfTime + .milliseconds(1)).wholeMilliseconds == 9_223_372_036_854)
        #expect(MonotonicDuration.milliseconds(.max) * 2 == MonotonicDuration(nanoseconds: .max))
        #expect(MonotonicInstant(nanoseconds: 0) - .endOfTime == MonotonicDuration(nanoseconds: -Int64.max))
        #expect(MonotonicInstant(nanoseconds: .min) - .endOfTime == MonotonicDuration(nanoseconds: .min))
    }

    /// Issue 14, finding 2: a raw-report touch that is lost (no report for lost_ms) is
    /// cancelled alone; a point-line touch held at the time goes on and is released as written.
    @Test func aLostRawTouchLeavesAPointLineTouchAlone() {
        var layout = ButtonLayout()
        layout.append(ButtonSpec(rect: Rect(x: 0, y: 0, width: 200, height: 100)))
        layout.append(ButtonSpec(rect: Rect(x: 200, y: 0, width: 200, height: 100)))
        var replayer = TraceReplayer(
            pipeline: TouchPipeline(transform: .identity(width: 800, height: 480), lostAfter: .milliseconds(200), layout: layout),
            decoder: RawReportDecoder(model: .ft5406, width: 800, height: 480))
        var recorder = EventRecorder()
        for (index, text) in ["0 down 1 100 50", "10 ft5x06 00 00 01 01 2c 00 32 10 00", "300 up 1 100 50"].enumerated() {
            guard let line = parse(text) else { return }
            #expect(replayer.play(line, lineNumber: index + 1, into: &recorder) == .played)
        }
        #expect(replayer.finish(into: &recorder) == nil)
        #expect(recorder.events == [
            GestureEvent(at: ms(0), button: 0, kind: .pressed),
            GestureEvent(at: ms(10), button: 1, kind: .pressed),
            GestureEvent(at: ms(210), button: 1, kind: .cancelled),
            GestureEvent(at: ms(300), button: 0, kind: .released),
            GestureEvent(at: ms(300), button: 0, kind: .tap(taps: 1)),
        ])
    }
}
