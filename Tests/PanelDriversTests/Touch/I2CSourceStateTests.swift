import LinuxSystem
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

@Suite("I2C source: the state machine's table, and its transitions in --debug lines")
struct I2CSourceStateTests {
    typealias State = I2CSourceState

    /// One transition at `ms`, as a source with an INT line (or polling every `pollMs`) takes it.
    func next(
        _ state: State, _ input: State.Input, at ms: Int64, model: ControllerModel = .gt911, pollMs: Int64? = nil,
        resets: Bool = false
    ) -> (State, State.Effect) {
        State.next(state, input, now: at(ms), model: model, pollInterval: pollMs.map { .milliseconds($0) }, resets: resets)
    }

    @Test func anEdgeIsReadAndAPollIsReadAtItsSlot() {
        #expect(next(.reading(nextPollAt: nil), .edge(at(100)), at: 101) == (.reading(nextPollAt: nil), .read(measuredAt: at(100), polled: false)))
        // Due at 17, woken at 40: one read, and the next slot after 40 is 51.
        #expect(next(.reading(nextPollAt: at(17)), .due, at: 40, pollMs: 17) == (.reading(nextPollAt: at(51)), .read(measuredAt: at(40), polled: true)))
        #expect(next(.reading(nextPollAt: at(51)), .due, at: 50, pollMs: 17) == (.reading(nextPollAt: at(51)), .none))
    }

    @Test func aReadyBitThatLagsItsEdgeIsReadAgainEveryMillisecondForTwenty() {
        #expect(next(.reading(nextPollAt: nil), .notReady(edge: at(100)), at: 100) == (.awaitingReady(edge: at(100), retryAt: at(101)), .none))
        #expect(next(.awaitingReady(edge: at(100), retryAt: at(101)), .due, at: 101) == (.reading(nextPollAt: nil), .read(measuredAt: at(100), polled: false)))
        #expect(next(.reading(nextPollAt: nil), .notReady(edge: at(100)), at: 119) == (.awaitingReady(edge: at(100), retryAt: at(120)), .none))
        #expect(next(.reading(nextPollAt: nil), .notReady(edge: at(100)), at: 120) == (.reading(nextPollAt: nil), .none))
        // A fresh edge supersedes the report not ready; an FT5x06 has no ready bit to wait for.
        #expect(next(.awaitingReady(edge: at(100), retryAt: at(101)), .edge(at(105)), at: 105) == (.reading(nextPollAt: nil), .read(measuredAt: at(105), polled: false)))
        #expect(next(.reading(nextPollAt: nil), .notReady(edge: at(100)), at: 100, model: .ft5406) == (.reading(nextPollAt: nil), .none))
    }

    @Test func theWatchdogsResetHoldsTheLineThenProbesOnceTheChipHasSettled() {
        let held = State.heldInReset(releaseAt: at(540), probeAt: at(840))
        #expect(next(.reading(nextPollAt: nil), .tripped, at: 520, model: .ft5406, resets: true) == (held, .holdReset))
        #expect(next(held, .edge(at(530)), at: 530) == (held, .none))
        #expect(next(held, .due, at: 539) == (held, .none))
        #expect(next(held, .due, at: 540) == (.probing(probeAt: at(840), backoff: .milliseconds(100)), .releaseReset))
        #expect(next(.probing(probeAt: at(840), backoff: .milliseconds(100)), .due, at: 840) == (.probing(probeAt: at(840), backoff: .milliseconds(100)), .probe))
        // Without a reset line, or with one that cannot be pulled: probed as after a failure.
        #expect(next(.reading(nextPollAt: nil), .tripped, at: 520) == (.probing(probeAt: at(620), backoff: .milliseconds(100)), .none))
        #expect(next(held, .resetFailed, at: 520) == (.probing(probeAt: at(620), backoff: .milliseconds(100)), .none))
    }

    @Test func aFailedChipIsProbedWithBackOffAndReadsResumeWhenItAnswers() {
        #expect(next(.reading(nextPollAt: nil), .readFailed, at: 10) == (.probing(probeAt: at(110), backoff: .milliseconds(100)), .none))
        #expect(next(.probing(probeAt: at(110), backoff: .milliseconds(100)), .edge(at(50)), at: 50) == (.probing(probeAt: at(110), backoff: .milliseconds(100)), .none))
        #expect(next(.probing(probeAt: at(110), backoff: .milliseconds(100)), .due, at: 109) == (.probing(probeAt: at(110), backoff: .milliseconds(100)), .none))
        #expect(next(.probing(probeAt: at(110), backoff: .milliseconds(100)), .silent, at: 110) == (.probing(probeAt: at(310), backoff: .milliseconds(200)), .none))
        #expect(next(.probing(probeAt: at(9_000), backoff: .milliseconds(4_000)), .silent, at: 9_000) == (.probing(probeAt: at(14_000), backoff: .milliseconds(5_000)), .none))
        #expect(next(.probing(probeAt: at(310), backoff: .milliseconds(200)), .answered, at: 310) == (.reading(nextPollAt: nil), .none))
        // A polling source polls at once.
        #expect(next(.probing(probeAt: at(310), backoff: .milliseconds(200)), .answered, at: 310, pollMs: 17) == (.reading(nextPollAt: at(310)), .none))
    }

    @Test func aFailureAndRecoveryAreLoggedAsTransitions() {
        let chip = SimulatedFT5x06()
        let line = SimulatedInterruptLine()
        let range = ControllerRange(width: 800, height: 480)
        let source = I2CTouchSource(
            description: "simulated ft5406", range: range,
            chip: FT5x06Chip(controller: FT5x06Controller(transport: chip), model: .ft5406, range: range),
            wakeup: .interrupt(line), startedAt: at(0), log: RecordingLog())
        let log = RecordingLog()
        source.debug(to: TransitionLog(machines: [.source], origin: at(0), log: log))
        let sink = RecordingSink()
        chip.unplug()
        line.raise(at: at(100))
        source.service(now: at(100), readiness: .readable, into: sink)
        source.service(now: at(200), readiness: .quiet, into: sink)
        chip.plug()
        source.service(now: at(400), readiness: .quiet, into: sink)
        chip.load(report: report([(3, 100, 60, .down)]))
        line.raise(at: at(450))
        source.service(now: at(451), readiness: .readable, into: sink)
        #expect(sink.calls == ["failed 100", "recovered: controller answers again", "frame 450: 3@100,60"])
        #expect(log.lines == [
            "source 100 ms simulated ft5406: reading + edge(100 ms) -> reading",
            "source 100 ms simulated ft5406: reading + read_failed -> probing(probe at 200 ms)",
            "source 200 ms simulated ft5406: probing(probe at 200 ms) + due -> probing(probe at 200 ms)",
            "source 200 ms simulated ft5406: probing(probe at 200 ms) + silent -> probing(probe at 400 ms)",
            "source 400 ms simulated ft5406: probing(probe at 400 ms) + due -> probing(probe at 400 ms)",
            "source 400 ms simulated ft5406: probing(probe at 400 ms) + answered -> reading",
            "source 451 ms simulated ft5406: reading + edge(450 ms) -> reading",
        ])
    }

    @Test func aWatchdogResetIsLoggedByTheWatchdogAndTheSource() throws {
        let reset = RecordingOutputLine()
        let rig = try EngineRig(watchdog: ControllerWatchdog(stuckAfter: .milliseconds(500)), resetLine: reset)
        let log = RecordingLog()
        rig.source.debug(to: TransitionLog(machines: [.source, .watchdog], origin: at(0), log: log))
        rig.interrupt(0, report([(0, 50, 50, .down)]))
        rig.interrupt(500, report([(0, 50, 50, .contact)]))
        log.lines = []
        rig.interrupt(1_000, report([(0, 50, 50, .contact)]))
        rig.tick(1_020)
        rig.tick(1_320)
        #expect(reset.values == [false, true])
        #expect(log.lines == [
            "source 1000 ms scripted: reading + edge(1000 ms) -> reading",
            "watchdog 1000 ms scripted: watching + stuck -> holding_off(until 2000 ms)",
            "source 1000 ms scripted: reading + tripped -> held_in_reset(release at 1020 ms)",
            "source 1020 ms scripted: held_in_reset(release at 1020 ms) + due -> probing(probe at 1320 ms)",
            "source 1320 ms scripted: probing(probe at 1320 ms) + due -> probing(probe at 1320 ms)",
            "source 1320 ms scripted: probing(probe at 1320 ms) + answered -> reading",
        ])
    }
}
