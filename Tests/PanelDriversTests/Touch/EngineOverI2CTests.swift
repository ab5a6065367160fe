import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// The engine over the real FT5x06 driver and the simulated chip's register map, which
/// records every transfer and injects bus faults: what the loop asks of the bus, exactly.
@Suite("Engine over the I2C driver")
struct EngineOverI2CTests {
    final class Rig {
        let chip = SimulatedFT5x06()
        let line = SimulatedInterruptLine()
        let output = CapturedOutput()
        let log = RecordingLog()
        let source: I2CTouchSource
        let engine: PanelEngine

        init() throws {
            let config = try PanelConfigLoader.parse(text: engineTestConfig, file: "engine.ini")
            let range = ControllerRange(width: 800, height: 480)
            source = I2CTouchSource(
                description: "simulated ft5406", range: range,
                chip: FT5x06Chip(controller: FT5x06Controller(transport: chip), model: .ft5406, range: range),
                wakeup: .interrupt(line), startedAt: at(0), log: log)
            engine = PanelEngine(
                config: config, source: source,
                actions: ActionRunner(
                    buttons: config.buttons, exec: recordingExec(),
                    outputs: ["gpiochip0:17": RecordingOutput(), "gpiochip0:18": RecordingOutput()], log: log),
                output: output.buffer, surface: nil, log: log, startedAt: at(0))
        }

        func edge(_ ms: Int64, _ report: FT5x06Report) {
            chip.load(report: report)
            line.raise(at: at(ms))
            engine.step(now: at(ms), readiness: .readable)
        }

        func tick(_ ms: Int64) {
            engine.step(now: at(ms), readiness: .quiet)
        }
    }

    @Test func eachEdgeReadsTheHeaderThenOnlyTheReportedPoints() throws {
        let rig = try Rig()
        rig.edge(0, report([(0, 50, 50, .down), (1, 450, 50, .down)]))
        rig.edge(40, report([]))
        #expect(rig.chip.transactions == [.blockRead(0x00, 3), .blockRead(0x03, 12), .blockRead(0x00, 3)])
    }

    @Test func noAcknowledgeWhileTwoButtonsAreHeldCancelsBothAndTheBusComesBack() throws {
        let rig = try Rig()
        rig.edge(0, report([(0, 50, 50, .down), (1, 450, 50, .down)]))
        rig.chip.unplug()
        rig.edge(20, report([(0, 50, 50, .up), (1, 450, 50, .up)]))
        #expect(rig.log.lines.count == 1)
        #expect(rig.log.lines[0].hasPrefix("controller: "))
        // Still unplugged at the first probe; plugged back before the second.
        rig.tick(120)
        rig.chip.plug()
        rig.chip.clearTransactions()
        rig.tick(320)
        #expect(rig.source.isHealthy)
        // The probe reads the identification registers.
        #expect(rig.chip.transactions == [.byteRead(0xA3), .byteRead(0xA6), .byteRead(0xA8)])
        rig.edge(400, report([(2, 50, 50, .down)]))
        rig.edge(450, report([(2, 50, 50, .up)]))
        #expect(rig.output.lines == [
            #"{"t_ms":0,"button":"left","event":"pressed"}"#,
            #"{"t_ms":0,"button":"right","event":"pressed"}"#,
            #"{"t_ms":20,"button":"left","event":"cancelled"}"#,
            #"{"t_ms":20,"button":"right","event":"cancelled"}"#,
            #"{"t_ms":400,"button":"left","event":"pressed"}"#,
            #"{"t_ms":450,"button":"left","event":"released"}"#,
            #"{"t_ms":450,"button":"left","event":"tap","taps":1}"#,
        ])
    }

    @Test func aTimeoutIsRetriedOnTheBusAndTheTouchGoesOn() throws {
        let rig = try Rig()
        rig.edge(0, report([(0, 50, 50, .down)]))
        rig.chip.failNext(.timeout, count: 1)
        rig.chip.clearTransactions()
        rig.edge(30, report([(0, 50, 50, .up)]))
        #expect(rig.chip.transactions == [.blockRead(0x00, 3), .blockRead(0x00, 3), .blockRead(0x03, 6)])
        #expect(rig.log.lines == [])
        #expect(rig.output.lines.last == #"{"t_ms":30,"button":"left","event":"tap","taps":1}"#)
    }
}
