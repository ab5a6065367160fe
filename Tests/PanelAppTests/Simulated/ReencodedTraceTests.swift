import Foundation
import LinuxSystem
import PanelApp
import PanelConfig
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// Every rule trace of Tests/Traces, re-encoded as the raw lines each controller would have
/// sent (FT5x06 register blocks, GT911 register blocks, evdev protocol-B events), with a
/// report every 16 ms while fingers rest as a chip sends them, replays to exactly the event
/// lines of its point-line original: one seam, three decoders, the same gestures.
@Suite("Rule traces re-encoded as raw lines")
struct ReencodedTraceTests {
    static let traces = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Traces")

    static func ruleTraces() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: traces.path)
            .filter { $0.hasPrefix("rule") && $0.hasSuffix(".trace") }
            .sorted()
    }

    /// The trace's steps as raw lines of `family`.
    static func reencode(_ script: TouchScript, as family: ControllerFamily) -> [String] {
        var script = script
        var lines: [String] = []
        var encoder = EvdevEncoder()
        let ft5x06 = FT5x06Codec(maxPoints: 10, width: 800, height: 480)
        while let step = script.next() {
            let ms = step.at.wholeMilliseconds
            let frame: TouchFrame
            switch step.input {
            case .frame(let scripted):
                frame = scripted
            case .raw(.ft5x06(let report)):
                guard case .frame(let decoded) = ft5x06.decode(report) else { continue }
                frame = decoded
            case .raw, .message, .homeAssistant, .presence:
                continue
            }
            switch family {
            case .ft5x06:
                lines.append("\(ms) ft5x06 " + hex(FT5x06Codec.encode(frame).bytes, count: FT5x06Codec.encode(frame).count))
            case .goodix:
                let report = GT911Codec.encode(frame)
                lines.append("\(ms) gt911 " + hex(report.bytes, count: report.count))
            case .evdev:
                var batch = EvdevEventBatch()
                encoder.encode(frame, into: &batch)
                for index in 0..<batch.count {
                    let event = batch[index]
                    lines.append("\(ms) evdev \(event.type) \(event.code) \(event.value)")
                }
            }
        }
        if script.hasEndLine {
            lines.append("\(script.endsAt.wholeMilliseconds) end")
        }
        return lines
    }

    static func hex<let n: Int>(_ bytes: InlineArray<n, UInt8>, count: Int) -> String {
        let digits = Array("0123456789abcdef")
        return (0..<count).map { "\(digits[Int(bytes[$0] >> 4)])\(digits[Int(bytes[$0] & 0x0F)])" }.joined(separator: " ")
    }

    /// Event lines from replaying `lines` with `config`, as `touchpanel replay` prints them.
    static func replay(_ lines: [String], config: PanelConfiguration) -> [String] {
        let output = CapturedOutput()
        var writer = EventLineWriter(buttonNames: config.buttons.map(\.name), output: output.buffer)
        var replayer = TraceReplayer(
            pipeline: config.makePipeline(controllerWidth: config.controller.width, controllerHeight: config.controller.height),
            decoder: config.makeRawReportDecoder())
        for (index, text) in lines.enumerated() {
            let outcome = Array(text.utf8).withUnsafeBufferPointer { TraceLineParser.parse($0) }
            guard case .line(let line) = outcome else {
                Issue.record("unparsable re-encoded line \(index + 1): \(text)")
                return []
            }
            if case .refused(let refusal) = replayer.play(line, lineNumber: index + 1, into: &writer) {
                Issue.record("line \(index + 1) \(text): \(refusal)")
            }
        }
        _ = replayer.finish(into: &writer)
        writer.flush()
        return output.lines
    }

    @Test(arguments: [ControllerFamily.ft5x06, .goodix, .evdev])
    func sameEventLinesAsThePointLines(family: ControllerFamily) throws {
        // The panel of the rule traces, with this family's controller (for evdev that matters:
        // an input device is silent while a finger rests, so lost_ms does not apply to it).
        let panel = try String(contentsOfFile: ReencodedTraceTests.traces.appendingPathComponent("panel.ini").path, encoding: .utf8)
        let model = family == .ft5x06 ? "ft5406" : family == .goodix ? "gt911" : "evdev"
        let config = try PanelConfigLoader.parse(
            text: panel.replacingOccurrences(of: "model = ft5406", with: "model = \(model)"), file: "panel.ini")
        let names = try ReencodedTraceTests.ruleTraces()
        #expect(names.count == 8)
        for name in names {
            // Rule 7's raw reports rely on lost_ms, which an input device does not need: it
            // reports every lift, and sends nothing while a finger rests.
            if family == .evdev && name.hasPrefix("rule7") { continue }
            let path = ReencodedTraceTests.traces.appendingPathComponent(name).path
            let script = try TouchScript(
                trace: Array(try Data(contentsOf: URL(fileURLWithPath: path))), path: path,
                transform: config.makeTransform(), maxPoints: 10, family: .ft5x06)
            let expected = try String(contentsOfFile: path.replacingOccurrences(of: ".trace", with: ".expected"), encoding: .utf8)
                .split(separator: "\n").map(String.init)
            let lines = ReencodedTraceTests.reencode(script, as: family)
            #expect(!lines.isEmpty)
            #expect(ReencodedTraceTests.replay(lines, config: config) == expected, "\(name) as \(family.traceKeyword)")
        }
    }
}
