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
            var lines = TraceLineSplitter()
            while status == 0, let line = lines.next(in: all) {
                switch TraceLineParser.parse(line) {
                case .error(let lineError):
                    errors.write("\(tracePath):\(lines.lineNumber): \(CoreErrorText.describe(lineError, in: line))\n")
                    status = 1
                case .line(let traceLine):
                    switch replayer.play(traceLine, lineNumber: lines.lineNumber, into: &writer) {
                    case .played:
                        break
                    case .reportDropped(let reportError):
                        errors.write("\(tracePath):\(lines.lineNumber): report dropped: \(CoreErrorText.describe(reportError))\n")
                    case .refused(let refusal):
                        errors.write("\(tracePath):\(lines.lineNumber): \(CoreErrorText.describe(refusal))\n")
                        status = 1
                    }
                }
            }
        }
        if status == 0, let refusal = replayer.finish(into: &writer) {
            errors.write("\(tracePath):\(refusal.downLine ?? 0): \(CoreErrorText.describe(refusal))\n")
            status = 1
        }
        writer.output.flush()
        errors.flush()
        return status
    }
}
