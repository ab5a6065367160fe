import CLinux
import LinuxSystem
import PanelApp
import PanelConfig
import PanelDrivers
import PanelEngine
import TouchCore

/// `touchpanel replay CONFIG TRACE`: plays a trace through the same pipeline as the live
/// panel and prints the event lines. Exit 0 when the whole trace played, 1 on a bad config
/// or trace line (the events before it are printed).
enum ReplayCommand {
    /// Long benchmark traces (100,000 reports) are a few megabytes.
    static let traceMaxBytes = 256 << 20

    static func run(configPath: String, tracePath: String, debugGestures: Bool = false) -> Int32 {
        var errors = OutputBuffer.standardError()
        let config: PanelConfiguration
        do {
            config = try PanelConfigLoader.load(path: configPath)
        } catch {
            for configError in error.errors {
                errors.write(configError.rendered)
                errors.write("\n")
            }
            errors.flush()
            return 1
        }
        let trace: [UInt8]
        do {
            trace = try FileContents.bytes(ofFile: tracePath, maxBytes: traceMaxBytes, what: "a trace")
        } catch {
            errors.write("\(tracePath): \(error.message)\n")
            errors.flush()
            return 1
        }

        var writer = EventLineWriter(buttonNames: config.buttons.map { $0.name }, output: .standardOutput())
        if debugGestures {
            writer.debug = GestureDebugLog(buttonNames: config.buttons.map { $0.name }, origin: MonotonicInstant(nanoseconds: 0), log: StandardErrorLog())
        }
        var replayer = TraceReplayer(
            pipeline: config.makePipeline(controllerWidth: config.controller.width, controllerHeight: config.controller.height),
            decoder: config.makeRawReportDecoder())
        var status: Int32 = 0
        trace.withUnsafeBufferPointer { all in
            var lineStart = TraceLineParser.contentStart(of: all)
            var lineNumber = 0
            while lineStart < all.count && status == 0 {
                var lineEnd = lineStart
                while lineEnd < all.count && all[lineEnd] != UInt8(ascii: "\n") {
                    lineEnd += 1
                }
                lineNumber += 1
                let line = UnsafeBufferPointer(rebasing: all[lineStart..<lineEnd])
                lineStart = lineEnd + 1
                switch TraceLineParser.parse(line) {
                case .error(let lineError):
                    errors.write(TraceErrorText.describe(lineError, in: line, path: tracePath, lineNumber: lineNumber) + "\n")
                    status = 1
                case .line(let traceLine):
                    switch replayer.play(traceLine, lineNumber: lineNumber, into: &writer) {
                    case .played:
                        break
                    case .reportDropped(let reportError):
                        errors.write("\(tracePath):\(lineNumber): report dropped: \(MalformedReportText.describe(reportError))\n")
                    case .refused(let refusal):
                        errors.write("\(tracePath):\(lineNumber): \(describe(refusal))\n")
                        status = 1
                    }
                }
            }
        }
        if status == 0, let refusal = replayer.finish(into: &writer) {
            errors.write("\(tracePath):\(lineNumberOf(refusal)): \(describe(refusal))\n")
            status = 1
        }
        writer.output.flush()
        errors.flush()
        return status
    }

    private static func lineNumberOf(_ refusal: TraceReplayError) -> Int {
        if case .touchStillDown(_, let sinceLine) = refusal { return sinceLine }
        return 0
    }

    static func describe(_ refusal: TraceReplayError) -> String {
        switch refusal {
        case .timeWentBack(let previousMs):
            return "time goes back: the previous line was at \(previousMs) ms"
        case .touchAlreadyDown(let id, let sinceLine):
            return "touch \(id) is already down (since line \(sinceLine))"
        case .touchNotDown(let id):
            return "touch \(id) is not down"
        case .touchHeldByReport(let id):
            return "touch \(id) is held by a raw report; point lines need another ID"
        case .touchHeldByPointLine(let id, let sinceLine):
            return "the report uses touch \(id), held by the point line \(sinceLine)"
        case .lineAfterEnd(let endLine):
            return "nothing may follow `end` (line \(endLine))"
        case .touchStillDown(let id, _):
            return "touch \(id) is still down when the trace ends; add its `up` or an `end` line"
        case .rawTouchStillDown(let id):
            return "touch \(id) of the raw lines is still down when the trace ends (an input device reports every lift: "
                + "lost_ms does not apply); add its lift or an `end` line"
        }
    }
}
