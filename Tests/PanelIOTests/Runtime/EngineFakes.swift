import CLinux
import PanelConfig
import PanelIO
import TouchCore

/// Serves scripted reports and faults to the engine and records how often it was asked.
final class ScriptedReportReader: ReportReader {
    var reports: [FT5x06Report] = []
    var faults: [ControllerFault?] = []
    var probeResults: [Bool] = []
    private(set) var reads = 0
    private(set) var probes = 0
    /// Served when the script has nothing more: an empty report.
    var idle = FT5x06Codec.encode(TouchFrame())

    func readReport(into report: inout FT5x06Report) throws(ControllerFault) {
        reads += 1
        if !faults.isEmpty, let fault = faults.removeFirst() {
            throw fault
        }
        report = reports.isEmpty ? idle : reports.removeFirst()
    }

    func probe() throws(ControllerFault) {
        probes += 1
        let ok = probeResults.isEmpty ? true : probeResults.removeFirst()
        if !ok { throw ControllerFault(message: "no ACK") }
    }
}

final class RecordingLauncher: ShellLauncher {
    var launched: [(command: String, environment: [(String, String)])] = []

    func launch(command: String, environment: [(String, String)]) -> String? {
        launched.append((command, environment))
        return nil
    }
}

final class RecordingOutput: DigitalOutput {
    var levels: [Bool] = []

    func drive(_ high: Bool) -> String? {
        levels.append(high)
        return nil
    }
}

final class RecordingLog: PanelLog {
    var lines: [String] = []

    func log(_ line: String) {
        lines.append(line)
    }
}

final class RecordingSurface: PanelSurface {
    var calls: [String] = []

    func drawAll(_ states: [ButtonVisualState]) {
        calls.append("all \(states.count)")
    }

    func draw(button: Int, state: ButtonVisualState) {
        calls.append("draw \(button) \(state)")
    }

    func frameDone(at: MonotonicInstant) {
        calls.append("frame \(at.wholeMilliseconds)")
    }
}

/// Event lines written to a temporary file through the same OutputBuffer as stdout.
final class CapturedOutput {
    let file: UnsafeMutablePointer<FILE>

    init() {
        file = tmpfile()!
    }

    deinit {
        fclose(file)
    }

    var buffer: OutputBuffer { OutputBuffer(stream: file) }

    var lines: [String] {
        fflush(file)
        let size = ftell(file)
        rewind(file)
        var bytes = [UInt8](repeating: 0, count: size)
        _ = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, size, file) }
        fseek(file, 0, SEEK_END)
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}

func report(_ points: [(UInt8, Int32, Int32, TouchPointEvent)]) -> FT5x06Report {
    var frame = TouchFrame()
    for (id, x, y, event) in points {
        frame.append(TouchPoint(id: id, position: Point(x: x, y: y), event: event))
    }
    return FT5x06Codec.encode(frame)
}

func at(_ ms: Int64) -> MonotonicInstant {
    .milliseconds(ms)
}

let engineTestConfig = """
    [display]
    width = 800
    height = 480

    [controller]
    model = ft5406

    [button left]
    rect = 0, 0, 200, 100
    on_tap = exec echo left

    [button right]
    rect = 400, 0, 200, 100
    on_tap = emit
    on_double_tap = gpio gpiochip0 17 pulse 200

    [button lamp]
    rect = 0, 200, 200, 100
    on_tap = gpio gpiochip0 18 toggle
    latch = yes
    """

/// An engine over fakes, started at 0 ms.
struct EngineRig {
    let reader = ScriptedReportReader()
    let launcher = RecordingLauncher()
    let pulseLine = RecordingOutput()
    let toggleLine = RecordingOutput()
    let log = RecordingLog()
    let surface = RecordingSurface()
    let output = CapturedOutput()
    let engine: PanelEngine

    init(mode: TouchMode = .interrupt, config text: String = engineTestConfig) throws {
        let config = try PanelConfigLoader.parse(text: text, file: "engine.ini")
        let actions = ActionRunner(
            buttons: config.buttons, launcher: launcher,
            outputs: ["gpiochip0:17": pulseLine, "gpiochip0:18": toggleLine], log: log)
        engine = PanelEngine(
            config: config, reader: reader, mode: mode, actions: actions, output: output.buffer,
            surface: surface, log: log, startedAt: at(0))
    }

    /// The INT line fell at `ms` with `next` in the registers.
    func interrupt(_ ms: Int64, _ next: FT5x06Report) {
        reader.reports.append(next)
        engine.tick(now: at(ms))
        engine.interrupt(edgeAt: at(ms), now: at(ms))
    }
}
