import LinuxSystem
import PanelConfig
@testable import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// A buzzer that records each change with its logical instant, and what had happened by then:
/// how many commands were spawned and event lines written (rule 15: none of the press's own).
final class RecordingFeedback: FeedbackOutput {
    var transactions: [String] = []
    /// Told what had run by each change, when set.
    var context: (() -> String)?

    func set(_ on: Bool, at: MonotonicInstant) -> String? {
        transactions.append("\(on ? "on" : "off") \(at.wholeMilliseconds)" + (context.map { " " + $0() } ?? ""))
        return nil
    }
}

private let feedbackConfig = """
    [display]
    width = 800
    height = 480

    [controller]
    model = ft5406

    [feedback]
    chip = gpiochip0
    line = 5
    pulse_ms = 15

    [button run]
    rect = 0, 0, 200, 100
    on_press = exec echo run

    [button quiet]
    rect = 200, 0, 200, 100
    feedback = no

    [button off]
    rect = 400, 0, 200, 100
    enabled = no

    [slider volume]
    rect = 0, 200, 400, 60

    [dial heat]
    rect = 500, 200, 200, 200
    feedback = no

    [backlight]
    dim_after_s = 0
    off_after_s = 10
    """

@Suite("Touch feedback: the pulse at each accepted press, on virtual time (rule 15)")
struct FeedbackEngineTests {
    /// The rig with a recording buzzer attached as the sessions attach theirs.
    static func rig(_ config: String = feedbackConfig) throws -> (EngineRig, RecordingFeedback) {
        let rig = try EngineRig(config: config, backlight: RecordingBacklight(maxBrightness: 100))
        let buzzer = RecordingFeedback()
        rig.engine.feedback = TouchFeedback(config: rig.engine.config, output: buzzer, log: rig.log)
        return (rig, buzzer)
    }

    @Test func aPressPulsesBeforeItsActionAndLineAndTheLoopEndsIt() throws {
        let (rig, buzzer) = try Self.rig()
        buzzer.context = { "spawns \(rig.launcher.launched.count) lines \(rig.output.lines.count)" }
        rig.interrupt(100, report([(0, 50, 50, .down)]))
        #expect(buzzer.transactions == ["on 100 spawns 0 lines 0"])
        // The press's own action and line came after the pulse started.
        #expect(rig.launcher.launched.map { $0.command } == ["echo run"])
        #expect(rig.output.lines == [#"{"t_ms":100,"button":"run","event":"pressed"}"#])
        // The end is a deadline of the loop: 100 + 15 ms.
        #expect(rig.engine.nextWakeup == at(115))
        rig.tick(114)
        #expect(buzzer.transactions.count == 1)
        rig.tick(115)
        #expect(buzzer.transactions == ["on 100 spawns 0 lines 0", "off 115 spawns 1 lines 1"])
        #expect(rig.engine.feedback?.nextDeadline == nil)
        // The lift plays nothing.
        rig.interrupt(200, report([(0, 50, 50, .up)]))
        #expect(buzzer.transactions.count == 2)
    }

    @Test func aPressDuringAPulseExtendsIt() throws {
        let (rig, buzzer) = try Self.rig()
        rig.interrupt(100, report([(0, 50, 50, .down)]))
        rig.interrupt(110, report([(0, 50, 50, .contact), (1, 100, 230, .down)]))
        // Still on, no second edge; it ends 15 ms after the second press.
        #expect(buzzer.transactions == ["on 100"])
        #expect(rig.engine.nextWakeup == at(125))
        rig.tick(115)
        #expect(buzzer.transactions == ["on 100"])
        rig.tick(125)
        #expect(buzzer.transactions == ["on 100", "off 125"])
    }

    @Test func noPulseForATouchOnNoItemAQuietItemOrADisabledOne() throws {
        let (rig, buzzer) = try Self.rig()
        rig.interrupt(100, report([(0, 790, 470, .down)]))  // the background
        rig.interrupt(150, report([(0, 790, 470, .up)]))
        rig.interrupt(200, report([(0, 250, 50, .down)]))  // feedback = no
        rig.interrupt(250, report([(0, 250, 50, .up)]))
        rig.interrupt(300, report([(0, 450, 50, .down)]))  // enabled = no
        rig.interrupt(350, report([(0, 450, 50, .up)]))
        rig.interrupt(400, report([(0, 600, 230, .down)]))  // the dial, feedback = no
        rig.interrupt(450, report([(0, 600, 230, .up)]))
        #expect(buzzer.transactions == [])
        #expect(rig.output.lines == [
            #"{"t_ms":200,"button":"quiet","event":"pressed"}"#,
            #"{"t_ms":250,"button":"quiet","event":"released"}"#,
        ])
        // A slider's press plays it as a button's does.
        rig.interrupt(500, report([(0, 100, 230, .down)]))
        #expect(buzzer.transactions == ["on 500"])
    }

    @Test func theWakingTouchIsSwallowedAndPlaysNothing() throws {
        let (rig, buzzer) = try Self.rig()
        rig.tick(10_000)
        #expect(rig.engine.power == .off)
        rig.interrupt(11_000, report([(0, 50, 50, .down)]))
        rig.interrupt(11_050, report([(0, 50, 50, .up)]))
        #expect(rig.engine.power == .awake)
        #expect(buzzer.transactions == [])
        #expect(rig.output.lines == [])
        // The next touch is a press, and pulses.
        rig.interrupt(12_000, report([(0, 50, 50, .down)]))
        #expect(buzzer.transactions == ["on 12000"])
    }

    @Test func aStopEndsAPulseUnderWay() throws {
        let (rig, buzzer) = try Self.rig()
        rig.interrupt(100, report([(0, 50, 50, .down)]))
        rig.engine.shutdown(now: at(105))
        #expect(buzzer.transactions == ["on 100", "off 105"])
        #expect(rig.engine.feedback?.nextDeadline == nil)
    }

    @Test func anInterlockRefusedTouchPlaysNothing() throws {
        let (rig, buzzer) = try Self.rig("""
            [display]
            width = 800
            height = 480
            [controller]
            model = ft5406
            [feedback]
            pwm = 0:0
            [button up]
            rect = 0, 0, 200, 100
            interlock = jog
            on_press = exec echo up
            on_release = exec echo stop
            [button down]
            rect = 200, 0, 200, 100
            interlock = jog
            on_press = exec echo down
            on_release = exec echo stop
            """)
        rig.interrupt(100, report([(0, 50, 50, .down)]))
        rig.tick(115)
        rig.interrupt(200, report([(0, 50, 50, .contact), (1, 250, 50, .down)]))
        #expect(buzzer.transactions == ["on 100", "off 115"])
        #expect(rig.output.lines == [#"{"t_ms":100,"button":"up","event":"pressed"}"#])
    }

    @Test func theTransitionFunction() {
        let length = MonotonicDuration.milliseconds(15)
        #expect(FeedbackPulse.next(.quiet, .pressed(at: at(100), length: length)) == (.on(until: at(115)), .turnOn))
        #expect(FeedbackPulse.next(.on(until: at(115)), .pressed(at: at(110), length: length)) == (.on(until: at(125)), .none))
        #expect(FeedbackPulse.next(.on(until: at(115)), .due(now: at(114))) == (.on(until: at(115)), .none))
        #expect(FeedbackPulse.next(.on(until: at(115)), .due(now: at(115))) == (.quiet, .turnOff))
        #expect(FeedbackPulse.next(.quiet, .due(now: at(115))) == (.quiet, .none))
        #expect(FeedbackPulse.next(.on(until: at(115)), .stop) == (.quiet, .turnOff))
        #expect(FeedbackPulse.next(.quiet, .stop) == (.quiet, .none))
    }
}
