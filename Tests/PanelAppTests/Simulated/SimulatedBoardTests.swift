import Foundation
import LinuxSystem
import PanelApp
import PanelConfig
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// The simulated board end to end in virtual time: trace -> simulated FT5x06 registers ->
/// controller reads -> engine -> framebuffer memory -> PNG.
@Suite("Simulated board")
struct SimulatedBoardTests {
    static let config = """
        [display]
        width = 320
        height = 240
        fill = #202020
        pressed_fill = #4A6FA5
        background = #000000

        [button go]
        rect = 40, 40, 120, 80
        label = Go
        on_tap = emit
        """

    /// Plays `trace` on the virtual clock, snapshotting the panel at `snapshotMs`; returns
    /// event lines and PNGs. `stopAtTurn`: a stand-in for a signal, readable from that turn on.
    /// `more`: sections added to the config. `endedAtMs`: the loop's clock when the run ended.
    func play(
        _ trace: String, snapshotMs: [Int64], rotation: String = "0", stopAtTurn: Int? = nil, more: String = ""
    ) throws -> (lines: [String], pngs: [[UInt8]], turns: Int, endedAtMs: Int64, backlight: [String]) {
        let text = SimulatedBoardTests.config.replacingOccurrences(of: "height = 240", with: "height = 240\nrotation = \(rotation)")
            + more
        let config = try PanelConfigLoader.parse(text: text, file: "sim.ini")
        let script = try TouchScript(
            trace: Array(trace.utf8), path: "test.trace", transform: config.makeTransform(), maxPoints: 5)
        let rotationValue = config.display.rotation
        let layout = try #require(FramebufferLayout(
            physicalWidth: config.panelWidth, physicalHeight: config.panelHeight, format: .rgb565, rotation: rotationValue))
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: layout.bufferSize, alignment: 8)
        defer { memory.deallocate() }
        let surface = FramebufferSurface(
            layout: layout, pixels: memory, config: config, labels: try FramebufferSurface.rasterizeLabels(for: config))
        let output = CapturedOutput()
        let log = RecordingLog()
        let hardware = SimulatedTouchHardware(config: config, origin: at(0), log: log)
        let light = RecordingBacklight()
        let engine = PanelEngine(
            config: config, source: hardware.source,
            actions: ActionRunner(buttons: config.buttons, exec: recordingExec(), outputs: [:], log: log),
            output: output.buffer, surface: surface, log: log, startedAt: at(0),
            backlight: config.backlight.map { PanelBacklight(device: light, config: $0, log: log) })
        var pngs: [[UInt8]] = []
        let runner = SimulatedBoardRunner(
            engine: engine, script: script, origin: at(0), hardware: hardware,
            snapshotsAt: snapshotMs.map { at($0) },
            snapshot: { _ in
                do throws(PNGWriteError) {
                    pngs.append(try FramebufferSnapshot.png(of: UnsafeRawBufferPointer(memory), layout: layout))
                } catch {
                    Issue.record("no snapshot: \(error.message)")
                }
            })
        let stop = PipeSignal(raisedBeforeTurn: stopAtTurn)
        let loop = PanelLoop(clock: .virtual, startingAt: at(0))
        runner.run(on: loop, with: [stop]) { stop.seen }
        #expect(log.lines == [])
        return (output.lines, pngs, stop.turns, loop.now.wholeMilliseconds, light.writes)
    }

    func pixel(_ png: [UInt8], x: Int, y: Int) throws -> [UInt8] {
        let decoded = try DecodedPNG(png)
        let offset = (y * decoded.width + x) * 3
        return Array(decoded.pixels[offset..<offset + 3])
    }

    @Test func pngShowsThePressedColourInsideTheButtonAfterADown() throws {
        let result = try play("0 down 0 60 60\n300 up 0 60 60\n", snapshotMs: [100, 400])
        #expect(result.lines == [
            #"{"t_ms":0,"button":"go","event":"pressed"}"#,
            #"{"t_ms":300,"button":"go","event":"released"}"#,
            #"{"t_ms":300,"button":"go","event":"tap","taps":1}"#,
        ])
        // RGB565 keeps 5/6/5 bits: #4A6FA5 reads back as #4A6DA5, #202020 as #212021.
        #expect(try pixel(result.pngs[0], x: 50, y: 50) == [0x4A, 0x6D, 0xA5])
        #expect(try pixel(result.pngs[1], x: 50, y: 50) == [0x21, 0x20, 0x21])
        // Outside the button: the background, untouched by the press.
        #expect(try pixel(result.pngs[0], x: 10, y: 10) == [0, 0, 0])
    }

    /// A bound button on the simulated board: `mqtt` trace lines are the device's reports.
    @Test func mqttLinesDriveABoundButtonsLooks() throws {
        let bound = "\n[mqtt]\nhost = 127.0.0.1\n\n[button lamp]\nrect = 180, 40, 120, 80\nstate_topic = lamp/state\non_tap = emit\n"
            + "fill = #000000\non_fill = #00FF00\npending_fill = #0000FF\nunknown_fill = #FF0000\n"
        let result = try play(
            "100 mqtt lamp/state ON\n500 down 0 200 60\n540 up 0 200 60\n1000 mqtt lamp/state OFF\n1100 end\n",
            snapshotMs: [50, 200, 800, 1050], more: bound)
        #expect(result.lines == [
            #"{"t_ms":500,"button":"lamp","event":"pressed"}"#,
            #"{"t_ms":540,"button":"lamp","event":"released"}"#,
            #"{"t_ms":540,"button":"lamp","event":"tap","taps":1}"#,
        ])
        // Unknown until the first report, on, pending after the tap, off as the device said.
        #expect(try result.pngs.map { try pixel($0, x: 190, y: 50) } == [[0xFF, 0, 0], [0, 0xFF, 0], [0, 0, 0xFF], [0, 0, 0]])
    }

    @Test func rotatedPanelPNGIsUprightAndTheButtonIsWhereTheConfigSays() throws {
        let result = try play("0 down 0 60 60\n300 up 0 60 60\n", snapshotMs: [100], rotation: "90")
        let decoded = try DecodedPNG(result.pngs[0])
        // A 320x240 panel turned 90 degrees: the picture is 240 wide and 320 high.
        #expect(decoded.width == 240 && decoded.height == 320)
        #expect(try pixel(result.pngs[0], x: 50, y: 50) == [0x4A, 0x6D, 0xA5])
        #expect(try pixel(result.pngs[0], x: 200, y: 50) == [0, 0, 0])
    }

    /// Issue 14, finding 5: in virtual time a signal is looked for at every wake-up; SIGTERM
    /// stops the run there, and touches still held are cancelled as a live stop does.
    @Test func aVirtualRunStopsWhenASignalAsks() throws {
        let result = try play("0 down 0 60 60\n500 move 0 62 60\n100000 up 0 62 60\n", snapshotMs: [], stopAtTurn: 4)
        // Turns at 0, 192 and 384 ms (the resting finger is reported again only before it
        // would count as lost: lost_ms 200, reports every 16 ms); the fourth wait sees the
        // signal before its deadline and stops at the instant it began, as a live wait that a
        // signal ends early does.
        #expect(result.turns == 4)
        #expect(result.lines == [
            #"{"t_ms":0,"button":"go","event":"pressed"}"#,
            #"{"t_ms":384,"button":"go","event":"cancelled"}"#,
        ])
    }

    /// Issue 24: an hour's hold plays as one report about every lost_ms (192 ms: the last
    /// 16 ms slot before the touch would count as lost), not one every 16 ms.
    @Test func anHourHeldPlaysAReportOnlyBeforeTheTouchWouldCountAsLost() throws {
        let result = try play("0 down 0 60 60\n3600000 up 0 60 60\n", snapshotMs: [])
        #expect(result.lines == [
            #"{"t_ms":0,"button":"go","event":"pressed"}"#,
            #"{"t_ms":3600000,"button":"go","event":"released"}"#,
            #"{"t_ms":3600000,"button":"go","event":"tap","taps":1}"#,
        ])
        // The down, a report at 192 k ms for k = 1 ... 18,749, the up: 18,751 turns (every
        // 16 ms it was 225,001).
        #expect(result.turns == 18_751)
    }

    /// Issue 28: a trace run with `[backlight]` went on until `off_after_s` after the trace's
    /// end (an 8 s trace took 5 minutes in real time). It ends with the trace: the dim at
    /// 60 s and the off at 300 s never come, the tap (no double tap to wait for) is at the up.
    @Test func aTraceRunEndsWithTheTraceThoughTheBacklightWouldDimLater() throws {
        let result = try play("0 down 0 60 60\n100 up 0 60 60\n", snapshotMs: [],
                              more: "\n[backlight]\ndim_after_s = 60\noff_after_s = 300\n")
        #expect(result.lines.last == #"{"t_ms":100,"button":"go","event":"tap","taps":1}"#)
        #expect(result.endedAtMs == 100)
        #expect(result.backlight == ["brightness 255", "power on"])
    }

    @Test func heldFingerIsReportedRepeatedlySoLostMsDoesNotCancelIt() throws {
        let result = try play("0 down 0 60 60\n900 up 0 60 60\n", snapshotMs: [])
        #expect(result.lines.last == #"{"t_ms":900,"button":"go","event":"tap","taps":1}"#)
    }
}

@Suite("Touch script")
struct TouchScriptTests {
    /// Issue 14, finding 4: a hold of 10^12 ms is streamed, never built in memory first; the
    /// check before the run still reaches a bad line after it.
    @Test func aVeryLongHoldIsStreamedAndALaterBadLineIsStillFound() throws {
        let hold = "0 down 0 700 50\n1000000000000 up 0 700 50\n"
        do {
            _ = try TouchScript(
                trace: Array((hold + "nonsense\n").utf8), path: "hold.trace", transform: .identity(width: 800, height: 480),
                maxPoints: 5)
            Issue.record("accepted a bad line")
        } catch {
            #expect(error.message == #"hold.trace:3: expected a time in milliseconds from 0 to 9223372036854, found "nonsense""#)
        }
        var script = try TouchScript(
            trace: Array(hold.utf8), path: "hold.trace", transform: .identity(width: 800, height: 480), maxPoints: 5)
        #expect(script.endsAt == .milliseconds(1_000_000_000_000))
        var instants: [Int64] = []
        for _ in 0..<4 {
            guard let step = script.next() else { break }
            instants.append(step.at.wholeMilliseconds)
            #expect(step.line == 1)
        }
        #expect(instants == [0, 16, 32, 48])
    }

    /// Issue 14, finding 9: a touch left down names the line of its down, as replay does.
    @Test func aTouchLeftDownNamesTheLineOfItsDown() {
        do {
            _ = try TouchScript(
                trace: Array("0 down 0 10 10\n10 up 0 10 10\n20 down 3 30 30\n30 move 3 31 30\n".utf8), path: "held.trace",
                transform: .identity(width: 800, height: 480), maxPoints: 5)
            Issue.record("accepted a trace ending with a touch down")
        } catch {
            #expect(error.message == "held.trace:3: touch 3 is still down when the trace ends; add its `up` or an `end` line")
        }
    }

    /// Issue 14, finding 3: x = 4196 used to wrap to 100 in the FT5x06's 12 bits and tap a
    /// button replay never touches; it is refused with its line instead.
    @Test func aPointOutsideTheDisplayIsRefusedWithItsLine() {
        do {
            _ = try TouchScript(
                trace: Array("0 down 0 100 50\n10 up 0 100 50\n20 down 0 4196 100\n".utf8), path: "far.trace",
                transform: .identity(width: 800, height: 480), maxPoints: 5)
            Issue.record("accepted a point outside the display")
        } catch {
            #expect(error.message == "far.trace:3: (4196, 100) is outside the 800x480 display; the simulated controller cannot report it")
        }
    }

    @Test func aRawReportWhileAPointLineFingerIsDownIsRefusedWithItsLine() {
        let trace = "0 down 0 10 10\n100 ft5x06 00 00 01 00 32 30 32 10 00\n200 up 0 10 10\n"
        #expect(throws: TouchScript.ScriptError.self) {
            _ = try TouchScript(
                trace: Array(trace.utf8), path: "mix.trace", transform: .identity(width: 800, height: 480), maxPoints: 5)
        }
        do {
            _ = try TouchScript(
                trace: Array(trace.utf8), path: "mix.trace", transform: .identity(width: 800, height: 480), maxPoints: 5)
        } catch {
            #expect(error.message == "mix.trace:2: a raw report while touch 0 from a point line is down; the simulated chip reports one set of fingers: lift it first")
        }
    }

    /// The rules of traces are TouchCore's, with replay's words: a double down names the
    /// line of the first, and nothing may follow `end` (the simulated board used to ignore
    /// what did).
    @Test func theTraceRulesAreReplays() {
        func refusal(_ text: String) -> (TouchScript.ScriptError.Cause, String)? {
            do {
                _ = try TouchScript(
                    trace: Array(text.utf8), path: "rules.trace", transform: .identity(width: 800, height: 480), maxPoints: 5)
                return nil
            } catch {
                return (error.cause, error.message)
            }
        }
        let twice = refusal("0 down 1 10 10\n10 down 1 20 20\n")
        #expect(twice?.0 == .refused(.touchAlreadyDown(id: 1, sinceLine: 1)))
        #expect(twice?.1 == "rules.trace:2: touch 1 is already down (since line 1)")
        let afterEnd = refusal("0 down 0 10 10\n100 end\n\n# done\n200 down 0 10 10\n")
        #expect(afterEnd?.0 == .refused(.lineAfterEnd(endLine: 2)))
        #expect(afterEnd?.1 == "rules.trace:5: nothing may follow `end` (line 2)")
        #expect(refusal("0 down 0 10 10\n100 end\n\n# done\n") == nil)
        let bad = refusal("0 down 16 10 10\n")
        #expect(bad?.0 == .malformed(TraceLineError(.expectedTouchID, fieldStart: 7, fieldEnd: 9)))
        #expect(bad?.1 == #"rules.trace:1: expected a touch ID from 0 to 15, found "16""#)
    }
}

/// A stand-in for the signal descriptor: a pipe that becomes readable (one byte written) just
/// before turn `raisedBeforeTurn`, so the loop sees it in that turn's poll as it would a signal.
final class PipeSignal: LoopParticipant {
    private var fds: [Int32] = [-1, -1]
    private let raisedBeforeTurn: Int?
    private(set) var turns = 0
    private(set) var seen = false

    init(raisedBeforeTurn: Int?) {
        self.raisedBeforeTurn = raisedBeforeTurn
        _ = fds.withUnsafeMutableBufferPointer { pipe($0.baseAddress) }
    }

    deinit {
        close(fds[0])
        close(fds[1])
    }

    var pollInterests: [PollInterest] { [PollInterest(descriptor: FileDescriptor(rawValue: fds[0]), events: .readable)] }

    func turn(_ events: ArraySlice<PollEvents>, now: MonotonicInstant) {
        turns += 1
        if events.first?.contains(.readable) == true { seen = true }
        if let raisedBeforeTurn, turns + 1 == raisedBeforeTurn {
            var byte: UInt8 = 1
            _ = write(fds[1], &byte, 1)
        }
    }
}
