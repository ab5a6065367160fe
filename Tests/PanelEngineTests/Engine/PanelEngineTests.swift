import CLinux
import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

@Suite("Panel engine with virtual time")
struct PanelEngineTests {
    @Test func tapWritesEventLinesRunsExecAndRepaintsOnlyThatButton() throws {
        let rig = try EngineRig()
        rig.interrupt(100, report([(0, 50, 50, .down)]))
        rig.interrupt(160, report([(0, 50, 50, .up)]))
        #expect(rig.output.lines == [
            #"{"t_ms":100,"button":"left","event":"pressed"}"#,
            #"{"t_ms":160,"button":"left","event":"released"}"#,
            #"{"t_ms":160,"button":"left","event":"tap","taps":1}"#,
        ])
        #expect(rig.launcher.launched.map { $0.command } == ["echo left"])
        let environment = rig.launcher.launched[0].environment
        #expect(environment.map { "\($0.0)=\($0.1)" } == [
            "TOUCHPANEL_BUTTON=left", "TOUCHPANEL_EVENT=tap", "TOUCHPANEL_TAPS=1",
        ])
        #expect(rig.surface.calls == ["all 3", "frame 0", "draw 0 pressed", "frame 100", "draw 0 normal", "frame 160"])
        // The command's time-out (exec_timeout_ms, 60 s by default) is all that is pending.
        #expect(rig.engine.nextWakeup == at(60_160))
        rig.launcher.finished = [ReapedChild(pid: 100, termination: .exited(0))]
        rig.engine.actions.exec.reapFinished()
        #expect(rig.engine.nextWakeup == nil)
    }

    @Test func tapsPastTheExecLimitStillGiveTheirEventLinesAndTheTimeOutStopsTheCommand() throws {
        let rig = try EngineRig(config: """
            [display]
            width = 800
            height = 480

            [controller]
            model = ft5406

            [button door]
            rect = 0, 0, 200, 100
            on_tap = exec open-door
            exec_limit = 1
            exec_timeout_ms = 500
            """)
        rig.interrupt(100, report([(0, 50, 50, .down)]))
        rig.interrupt(160, report([(0, 50, 50, .up)]))
        rig.interrupt(300, report([(0, 50, 50, .down)]))
        rig.interrupt(360, report([(0, 50, 50, .up)]))
        #expect(rig.output.lines.filter { $0.contains("\"tap\"") } == [
            #"{"t_ms":160,"button":"door","event":"tap","taps":1}"#,
            #"{"t_ms":360,"button":"door","event":"tap","taps":1}"#,
        ])
        #expect(rig.launcher.transactions == ["spawn 100 open-door"])
        #expect(rig.engine.nextWakeup == at(660))
        rig.tick(660)
        #expect(rig.launcher.transactions == ["spawn 100 open-door", "signal 100 \(SIGTERM)"])
        #expect(rig.engine.nextWakeup == at(2_660))
        rig.tick(2_660)
        #expect(rig.launcher.transactions == ["spawn 100 open-door", "signal 100 \(SIGTERM)", "signal 100 \(SIGKILL)"])
        #expect(rig.log.lines == [
            #"[button door] exec "open-door": not started: 1 of its commands still running (exec_limit 1)"#,
            #"[button door] exec "open-door": still running after exec_timeout_ms 500; sent SIGTERM"#,
            #"[button door] exec "open-door": still running 2000 ms after SIGTERM; sent SIGKILL"#,
        ])
    }

    @Test func i2cFailureWhileTwoButtonsAreHeldCancelsBothAndRecoversWithBackoff() throws {
        let rig = try EngineRig()
        rig.interrupt(0, report([(0, 50, 50, .down), (1, 450, 50, .down)]))
        rig.chip.faults = [I2CError.noAcknowledge]
        rig.chip.probeResults = [false, false, true]
        rig.edge(30)
        #expect(rig.log.lines == ["controller: \(I2CError.noAcknowledge.message); touches cancelled, probing again"])
        // Probes at 30+100, then +200, then +400: the third answers.
        #expect(rig.engine.nextWakeup == at(130))
        rig.tick(130)
        #expect(rig.engine.nextWakeup == at(330))
        rig.tick(330)
        #expect(rig.engine.nextWakeup == at(730))
        // An INT edge while the bus is down reads nothing.
        let readsBefore = rig.chip.reads
        rig.edge(500)
        #expect(rig.chip.reads == readsBefore)
        rig.tick(730)
        #expect(rig.source.isHealthy)
        #expect(rig.chip.probes == 3)
        // Back: a tap works again.
        rig.interrupt(800, report([(2, 50, 50, .down)]))
        rig.interrupt(850, report([(2, 50, 50, .up)]))
        rig.tick(2000)
        #expect(rig.output.lines == [
            #"{"t_ms":0,"button":"left","event":"pressed"}"#,
            #"{"t_ms":0,"button":"right","event":"pressed"}"#,
            #"{"t_ms":30,"button":"left","event":"cancelled"}"#,
            #"{"t_ms":30,"button":"right","event":"cancelled"}"#,
            #"{"t_ms":800,"button":"left","event":"pressed"}"#,
            #"{"t_ms":850,"button":"left","event":"released"}"#,
            #"{"t_ms":850,"button":"left","event":"tap","taps":1}"#,
        ])
        #expect(rig.launcher.launched.count == 1)
    }

    @Test func doubleTapPulsesTheGPIOAndTheDeadlineEndsThePulse() throws {
        let rig = try EngineRig()
        rig.interrupt(0, report([(0, 450, 50, .down)]))
        rig.interrupt(50, report([(0, 450, 50, .up)]))
        rig.interrupt(150, report([(0, 450, 50, .down)]))
        rig.interrupt(200, report([(0, 450, 50, .up)]))
        #expect(rig.pulseLine.levels == [true])
        #expect(rig.engine.nextWakeup == at(400))
        rig.tick(399)
        #expect(rig.pulseLine.levels == [true])
        rig.tick(400)
        #expect(rig.pulseLine.levels == [true, false])
        #expect(rig.engine.nextWakeup == nil)
    }

    @Test func latchedButtonTogglesItsOutputAndItsFace() throws {
        let rig = try EngineRig()
        rig.interrupt(0, report([(0, 50, 250, .down)]))
        rig.interrupt(40, report([(0, 50, 250, .up)]))
        rig.interrupt(400, report([(0, 50, 250, .down)]))
        rig.interrupt(440, report([(0, 50, 250, .up)]))
        #expect(rig.toggleLine.levels == [true, false])
        #expect(rig.surface.calls == [
            "all 3", "frame 0",
            "draw 2 pressed", "frame 0", "draw 2 on", "frame 40",
            "draw 2 pressed", "frame 400", "draw 2 normal", "frame 440",
        ])
        #expect(rig.launcher.launched.isEmpty)
    }

    @Test func garbageReportIsLoggedAndDropped() throws {
        let rig = try EngineRig()
        var garbage = FT5x06Report()
        for byte: UInt8 in [0xFF, 0xFF, 0xFF] { garbage.append(byte) }
        rig.interrupt(10, garbage)
        #expect(rig.log.lines == ["controller report dropped: the report counts 15 points, the model has at most 5"])
        #expect(rig.output.lines == [])
    }

    @Test func pollingReadsEveryIntervalAndIgnoresReportsUntilTDStatusChanges() throws {
        let rig = try EngineRig(mode: .polling(interval: .milliseconds(17)))
        // Stale registers from before start-up claim a touch; it must be ignored.
        let stale = report([(0, 50, 50, .contact)])
        rig.chip.reports = [stale, stale, report([]), report([(1, 50, 50, .down)]), report([(1, 50, 50, .up)])]
        #expect(rig.engine.nextWakeup == at(0))
        rig.tick(0)
        #expect(rig.engine.nextWakeup == at(17))
        rig.tick(17)
        rig.tick(34)  // TD_STATUS changes: accepted from here on
        rig.tick(51)
        // A late loop skips slots instead of reading several times at once.
        rig.tick(90)
        #expect(rig.engine.nextWakeup == at(102))
        #expect(rig.chip.reads == 5)
        #expect(rig.output.lines == [
            #"{"t_ms":51,"button":"left","event":"pressed"}"#,
            #"{"t_ms":90,"button":"left","event":"released"}"#,
            #"{"t_ms":90,"button":"left","event":"tap","taps":1}"#,
        ])
    }

    @Test func shutdownCancelsHeldTouchesAndEndsPulses() throws {
        let rig = try EngineRig()
        rig.interrupt(0, report([(0, 450, 50, .down)]))
        rig.interrupt(50, report([(0, 450, 50, .up)]))
        rig.interrupt(100, report([(0, 450, 50, .down)]))
        rig.interrupt(150, report([(0, 450, 50, .up)]))
        rig.interrupt(160, report([(3, 50, 50, .down)]))
        rig.engine.shutdown(now: at(170))
        #expect(rig.pulseLine.levels == [true, false])
        #expect(rig.output.lines.suffix(2) == [
            #"{"t_ms":160,"button":"left","event":"pressed"}"#,
            #"{"t_ms":170,"button":"left","event":"cancelled"}"#,
        ])
    }
}

@Suite("Latency from edge to event line and to pixels")
struct EngineLatencyTests {
    @Test func recordsOnlyReportsThatChangedSomethingFromTheirEdge() throws {
        let rig = try EngineRig()
        var clock = at(0)
        let log = RecordingLog()
        let statistics = LatencyStatistics(budgetMicroseconds: 1_000, log: log, now: { clock })
        rig.engine.latency = statistics
        clock = MonotonicInstant(nanoseconds: 100_250_000)
        rig.interrupt(100, report([(0, 50, 50, .down)]))  // 250 us after the edge
        clock = MonotonicInstant(nanoseconds: 120_000_000)
        rig.interrupt(117, report([(0, 50, 50, .contact)]))  // nothing changed: not recorded
        clock = MonotonicInstant(nanoseconds: 161_500_000)
        rig.interrupt(160, report([(0, 50, 50, .up)]))  // 1500 us: over the 1000 us budget
        #expect(statistics.edgeToEvent.count == 2)
        #expect(statistics.edgeToPixels.count == 2)
        #expect(statistics.edgeToPixels.maxMicroseconds == 1_500)
        #expect(log.lines == ["frame over budget: edge to pixels 1500 us > 1000 us"])
        #expect(statistics.summaryLines() == [
            "latency edge_to_event count=2 p50_us=255 p99_us=1500 max_us=1500",
            "latency edge_to_pixels count=2 p50_us=255 p99_us=1500 max_us=1500",
            "latency deadline_lateness count=0 p50_us=0 p99_us=0 max_us=0",
            "latency stage_edge_to_wake count=2 p50_us=0 p99_us=0 max_us=0",
            "latency stage_wake_to_decoded count=2 p50_us=255 p99_us=1500 max_us=1500",
            "latency stage_decoded_to_event count=2 p50_us=0 p99_us=0 max_us=0",
            "latency stage_event_to_pixels count=2 p50_us=0 p99_us=0 max_us=0",
            "latency slowest_report number=2 edge_to_wake_us=0 wake_to_decoded_us=1500 decoded_to_event_us=0 event_to_pixels_us=0",
        ])
    }

    @Test func eachReportIsTimedStageByStageAndTheSlowestIsKept() throws {
        let rig = try EngineRig()
        // Every clock read is 250 us after the one before: decoded, event lines, pixels.
        var clock = MonotonicInstant(nanoseconds: 103_000_000)
        let statistics = LatencyStatistics(log: RecordingLog(), now: {
            clock = clock + MonotonicDuration(nanoseconds: 250_000)
            return clock
        })
        rig.engine.latency = statistics
        rig.chip.reports.append(report([(0, 50, 50, .down)]))
        rig.edge(100, now: 102)  // the loop woke 2 ms after the edge
        clock = MonotonicInstant(nanoseconds: 110_000_000)
        rig.chip.reports.append(report([(0, 50, 50, .up)]))
        rig.edge(110, now: 110)
        func us(_ microseconds: Int64) -> MonotonicDuration { MonotonicDuration(nanoseconds: microseconds * 1_000) }
        #expect(statistics.slowest == ReportStages.Sample(
            number: 1, edgeToWake: us(2_000), wakeToDecoded: us(1_250), decodedToEvent: us(250), eventToPixels: us(250)))
        #expect(statistics.summaryLines().suffix(5) == [
            "latency stage_edge_to_wake count=2 p50_us=0 p99_us=2000 max_us=2000",
            "latency stage_wake_to_decoded count=2 p50_us=255 p99_us=1250 max_us=1250",
            "latency stage_decoded_to_event count=2 p50_us=250 p99_us=250 max_us=250",
            "latency stage_event_to_pixels count=2 p50_us=250 p99_us=250 max_us=250",
            "latency slowest_report number=1 edge_to_wake_us=2000 wake_to_decoded_us=1250 decoded_to_event_us=250 event_to_pixels_us=250",
        ])
    }

    @Test func deadlineEventsAreMeasuredAgainstTheirLogicalTime() throws {
        let rig = try EngineRig()
        var clock = at(0)
        let statistics = LatencyStatistics(log: RecordingLog(), now: { clock })
        rig.engine.latency = statistics
        rig.interrupt(0, report([(0, 450, 50, .down)]))
        rig.interrupt(50, report([(0, 450, 50, .up)]))
        // "right" waits W = 250 ms for a second tap: due at 300, the loop wakes 400 us late.
        #expect(rig.engine.nextWakeup == at(300))
        clock = MonotonicInstant(nanoseconds: 300_400_000)
        rig.engine.step(now: clock, readiness: .quiet)
        #expect(statistics.deadlineLateness.count == 1)
        #expect(statistics.deadlineLateness.maxMicroseconds == 400)
    }
}

@Suite("Engine: review fixes")
struct EngineReviewFixTests {
    @Test func aSecondTapWhoseEdgeCameBeforeTheWindowClosedContinuesTheSequenceEvenIfTheLoopWokeLate() throws {
        let rig = try EngineRig()
        rig.interrupt(0, report([(0, 450, 50, .down)]))
        rig.interrupt(50, report([(0, 450, 50, .up)]))
        // The edge is at 290 (< 50 + 250); the loop only gets to it at 305.
        rig.chip.reports.append(report([(0, 450, 50, .down)]))
        rig.tick(290)
        rig.edge(290, now: 305)
        rig.tick(305)
        rig.interrupt(340, report([(0, 450, 50, .up)]))
        #expect(rig.output.lines.filter { $0.contains("\"tap\"") } == [#"{"t_ms":340,"button":"right","event":"tap","taps":2}"#])
    }

    @Test func shutdownFiresATapSequenceThatWasStillWaiting() throws {
        let rig = try EngineRig()
        rig.interrupt(0, report([(0, 450, 50, .down)]))
        rig.interrupt(50, report([(0, 450, 50, .up)]))
        rig.engine.shutdown(now: at(100))
        #expect(rig.output.lines.last == #"{"t_ms":300,"button":"right","event":"tap","taps":1}"#)
        #expect(rig.engine.nextWakeup == nil)
    }

    @Test func gpioOnCancelsAPulseInProgressOnTheSameLine() throws {
        let output = RecordingOutput()
        let config = try PanelConfigLoader.parse(text: """
            [display]
            width = 800
            height = 480
            [button a]
            rect = 0, 0, 100, 100
            on_tap = gpio gpiochip0 17 pulse 200
            [button b]
            rect = 200, 0, 100, 100
            on_tap = gpio gpiochip0 17 on
            """, file: "gpio.ini")
        let actions = ActionRunner(
            buttons: config.buttons, exec: recordingExec(), outputs: ["gpiochip0:17": output], log: RecordingLog())
        actions.handle(GestureEvent(at: at(10), button: 0, kind: .tap(taps: 1)))
        actions.handle(GestureEvent(at: at(60), button: 1, kind: .tap(taps: 1)))
        actions.tick(now: at(300))
        #expect(output.levels == [true, true])
        #expect(actions.nextDeadline == nil)
    }

    @Test func latchedButtonsAndOutputLevelsCarryIntoANewSession() throws {
        let config = try PanelConfigLoader.parse(text: engineTestConfig, file: "engine.ini")
        let actions = ActionRunner(
            buttons: config.buttons, exec: recordingExec(), outputs: ["gpiochip0:18": RecordingOutput()],
            log: RecordingLog(), levels: ["gpiochip0:18": true], latchedButtons: ["lamp", "left"])
        #expect(actions.latched == [false, false, true])  // "left" is no latch button
        #expect(actions.latchedButtons == ["lamp"])
        let surface = RecordingSurface()
        _ = PanelEngine(
            config: config,
            source: I2CTouchSource(
                description: "scripted", range: ControllerRange(width: 800, height: 480), chip: ScriptedChip(),
                wakeup: .interrupt(SimulatedInterruptLine()), startedAt: at(0), log: RecordingLog()),
            actions: actions,
            output: CapturedOutput().buffer, surface: surface, log: RecordingLog(), startedAt: at(0))
        #expect(surface.calls == ["all 3", "frame 0"])
        // The next tap on the lamp switches it off: the level it carried was on.
        actions.handle(GestureEvent(at: at(10), button: 2, kind: .tap(taps: 1)))
        #expect(actions.levels["gpiochip0:18"] == false)
    }
}
