import LinuxSystem
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

private func frame(_ points: [(UInt8, Int32, Int32, TouchPointEvent)]) -> TouchFrame {
    var frame = TouchFrame()
    for (id, x, y, event) in points { frame.append(TouchPoint(id: id, position: Point(x: x, y: y), event: event)) }
    return frame
}

@Suite("Controller watchdog: stuck reports, phantom taps, error floods, at exact times")
struct ControllerWatchdogTests {
    @Test func theSameReportWithATouchDownForStuckMsIsStuck() {
        var watchdog = ControllerWatchdog(stuckAfter: .milliseconds(1_000))
        #expect(watchdog.observe(frame([(0, 100, 100, .down)]), at: at(0)) == nil)
        #expect(watchdog.observe(frame([(0, 100, 100, .contact)]), at: at(17)) == nil)
        // A change of one coordinate starts the count again.
        #expect(watchdog.observe(frame([(0, 101, 100, .contact)]), at: at(500)) == nil)
        #expect(watchdog.observe(frame([(0, 101, 100, .contact)]), at: at(1_499)) == nil)
        #expect(watchdog.observe(frame([(0, 101, 100, .contact)]), at: at(1_500)) == .stuck(ms: 1_000))
    }

    @Test func noTouchesOrStuckMsZeroIsNeverStuck() {
        var watchdog = ControllerWatchdog(stuckAfter: .milliseconds(1_000))
        for ms in stride(from: Int64(0), through: 5_000, by: 17) {
            #expect(watchdog.observe(TouchFrame(), at: at(ms)) == nil)
        }
        var off = ControllerWatchdog(stuckAfter: nil)
        #expect(off.observe(frame([(0, 100, 100, .down)]), at: at(0)) == nil)
        #expect(off.observe(frame([(0, 100, 100, .contact)]), at: at(3_600_000)) == nil)
    }

    @Test func fiveDownsAtOneSpotAtOnePeriodArePhantomTaps() {
        var watchdog = ControllerWatchdog(stuckAfter: nil)
        let downsMs: [Int64] = [0, 1_000, 2_001, 2_999, 4_000]
        var found: [ControllerWatchdog.Problem?] = []
        for ms in downsMs {
            found.append(watchdog.observe(frame([(1, 300, 200, .down)]), at: at(ms)))
            found.append(watchdog.observe(TouchFrame(), at: at(ms + 40)))
        }
        // Found at the fifth down (the source then recovers the chip, which clears the history).
        #expect(found[0..<8].allSatisfy { $0 == nil })
        #expect(found[8] == .phantomTaps(count: 5, periodMs: 1_000, x: 300, y: 200))
    }

    @Test func aFingersTapsAreNoPattern() {
        // 3 ms off the period; another spot; a period under 100 ms.
        for (downs, spots) in [
            ([Int64(0), 1_000, 2_000, 3_003, 4_003], [Int32(300), 300, 300, 300, 300]),
            ([0, 1_000, 2_000, 3_000, 4_000], [300, 300, 301, 300, 300]),
            ([0, 90, 180, 270, 360], [300, 300, 300, 300, 300]),
        ] {
            var watchdog = ControllerWatchdog(stuckAfter: nil)
            for (ms, x) in zip(downs, spots) {
                #expect(watchdog.observe(frame([(1, x, 200, .down)]), at: at(ms)) == nil)
                #expect(watchdog.observe(TouchFrame(), at: at(ms + 40)) == nil)
            }
        }
    }

    @Test func aGT911sNewIDsCountAsDowns() {
        // A GT911 reports no down events: a new ID is one.
        var watchdog = ControllerWatchdog(stuckAfter: nil)
        var last: ControllerWatchdog.Problem?
        for ms in stride(from: Int64(0), through: 2_000, by: 500) {
            last = watchdog.observe(frame([(0, 10, 20, .contact)]), at: at(ms))
            if last == nil { last = watchdog.observe(TouchFrame(), at: at(ms + 30)) }
        }
        #expect(last == .phantomTaps(count: 5, periodMs: 500, x: 10, y: 20))
    }

    @Test func twentyMalformedReportsWithinASecondAreAFlood() {
        var watchdog = ControllerWatchdog(stuckAfter: nil)
        for index in 0..<19 {
            #expect(watchdog.observeError(at: at(Int64(index) * 50)) == nil)
        }
        #expect(watchdog.observeError(at: at(999)) == .errorFlood(count: 20, windowMs: 1_000))
        var slow = ControllerWatchdog(stuckAfter: nil)
        for index in 0..<100 {
            #expect(slow.observeError(at: at(Int64(index) * 60)) == nil)
        }
    }

    @Test func afterARecoveryItHoldsOffLongerEachTimeSoon() {
        var watchdog = ControllerWatchdog(stuckAfter: .milliseconds(100))
        watchdog.recovering(at: at(0))
        #expect(watchdog.currentHoldOff == .milliseconds(1_000))
        _ = watchdog.observe(frame([(0, 5, 5, .contact)]), at: at(100))
        #expect(watchdog.observe(frame([(0, 5, 5, .contact)]), at: at(999)) == nil)
        #expect(watchdog.observe(frame([(0, 5, 5, .contact)]), at: at(1_000)) == .stuck(ms: 900))
        watchdog.recovering(at: at(1_000))
        #expect(watchdog.currentHoldOff == .milliseconds(2_000))
        watchdog.recovering(at: at(5_000))
        #expect(watchdog.currentHoldOff == .milliseconds(4_000))
        // Ten quiet minutes later it starts from one second again.
        watchdog.recovering(at: at(605_000))
        #expect(watchdog.currentHoldOff == .milliseconds(1_000))
    }

    /// Found on the kernel VM: a finger held across an I2C failure must not count the time
    /// the bus was down as time the report stayed the same.
    @Test func anI2CFailureStartsTheStuckCountAfresh() throws {
        let rig = try EngineRig(watchdog: ControllerWatchdog(stuckAfter: .milliseconds(500)))
        let held = FT5x06Codec.encode(frame([(0, 50, 50, .contact)]))
        rig.interrupt(0, FT5x06Codec.encode(frame([(0, 50, 50, .down)])))
        rig.interrupt(20, held)
        rig.chip.faults = [I2CError.noAcknowledge]
        rig.edge(100)
        rig.tick(200)
        #expect(rig.source.isHealthy)
        rig.interrupt(2_000, held)
        rig.interrupt(2_400, held)
        #expect(!rig.log.lines.contains { $0.hasPrefix("controller watchdog") })
        rig.interrupt(2_500, held)
        #expect(rig.log.lines.last == "controller watchdog: the same report with touches down for 500 ms (stuck_ms); touches cancelled, initialising the controller again")
    }

    @Test func aStuckChipIsResetThroughItsResetLineAndReadAgain() throws {
        let reset = RecordingOutputLine()
        let rig = try EngineRig(watchdog: ControllerWatchdog(stuckAfter: .milliseconds(500)), resetLine: reset)
        rig.interrupt(0, FT5x06Codec.encode(frame([(0, 50, 50, .down)])))
        var ms: Int64 = 20
        while ms <= 520 {
            rig.interrupt(ms, FT5x06Codec.encode(frame([(0, 50, 50, .contact)])))
            ms += 20
        }
        #expect(rig.output.lines == [
            #"{"t_ms":0,"button":"left","event":"pressed"}"#,
            #"{"t_ms":520,"button":"left","event":"cancelled"}"#,
        ])
        #expect(rig.log.lines == ["controller watchdog: the same report with touches down for 500 ms (stuck_ms); touches cancelled, resetting the controller"])
        #expect(reset.values == [false])
        #expect(rig.engine.nextWakeup == at(540))
        rig.tick(540)
        #expect(reset.values == [false, true])
        #expect(rig.engine.nextWakeup == at(840))
        rig.tick(840)
        #expect(rig.chip.probes == 1)
        #expect(rig.log.lines.last == "controller answers again")
        rig.interrupt(900, FT5x06Codec.encode(frame([(1, 50, 50, .down)])))
        #expect(rig.output.lines.last == #"{"t_ms":900,"button":"left","event":"pressed"}"#)
    }

    @Test func withoutAResetLineTheChipIsInitialisedAgain() throws {
        let rig = try EngineRig(watchdog: ControllerWatchdog(stuckAfter: nil), limitsErrorLogs: true)
        // TD_STATUS says 9 points; an FT5406 has 5.
        var noise = FT5x06Report()
        for byte: UInt8 in [0, 0, 9] { noise.append(byte) }
        var ms: Int64 = 0
        while rig.source.isHealthy && ms < 2_000 {
            rig.interrupt(ms, noise)
            ms += 20
        }
        // Twenty malformed reports 20 ms apart: the 20th, at 380 ms, is the flood.
        #expect(ms == 400)
        #expect(rig.log.lines.filter { $0.hasPrefix("controller report dropped") }.count == 3)
        #expect(rig.log.lines.last == "controller watchdog: 20 malformed reports within 1000 ms; touches cancelled, initialising the controller again")
        #expect(rig.engine.nextWakeup == at(480))
        // The 17 dropped reports not logged are counted a minute after the first.
        rig.tick(480)
        rig.tick(60_000)
        #expect(rig.log.lines.last == "controller report dropped: 17 more in 60 s not logged")
    }
}

@Suite("Log rate limit: a few lines a minute per kind, then the count")
struct LogRateLimiterTests {
    @Test func threeAMinuteThenOneLineWithTheRest() {
        var limiter = LogRateLimiter()
        var admitted: [Int64] = []
        for second in Int64(0)..<100 where limiter.admit("dropped", at: at(second * 1_000)) {
            admitted.append(second)
        }
        #expect(admitted == [0, 1, 2, 60, 61, 62])
        // The first window's summary was due at 60 s, when the next window began.
        #expect(limiter.nextDeadline == at(120_000))
        #expect(limiter.expire(at: at(119_999)) == [])
        #expect(limiter.expire(at: at(120_000)) == ["dropped: 37 more in 60 s not logged"])
        #expect(limiter.nextDeadline == nil)
    }

    @Test func kindsAreCountedApart() {
        var limiter = LogRateLimiter()
        for _ in 0..<5 { _ = limiter.admit("a", at: at(0)) }
        let admittedB = limiter.admit("b", at: at(0))
        #expect(admittedB)
        #expect(limiter.expire(at: at(60_000)) == ["a: 2 more in 60 s not logged"])
    }
}
