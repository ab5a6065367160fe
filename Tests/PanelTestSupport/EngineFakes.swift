import CLinux
import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
import TouchCore

/// An FT5x06-shaped chip behind the I2C source seam that serves scripted reports and faults
/// and records how often it was asked; polled reports pass the same TD_STATUS gate as the
/// real chip's.
final class ScriptedChip: I2CTouchChip {
    let model = ControllerModel.ft5406
    var reports: [FT5x06Report] = []
    var faults: [I2CError?] = []
    var probeResults: [Bool] = []
    private(set) var reads = 0
    private(set) var probes = 0
    /// Served when the script has nothing more: an empty report.
    var idle = FT5x06Codec.encode(TouchFrame())
    private var gate = FT5x06PollGate()
    private let codec = FT5x06Codec(maxPoints: 5, width: 800, height: 480)

    func readReport(polled: Bool) throws(I2CError) -> DecodeOutcome {
        reads += 1
        if !faults.isEmpty, let fault = faults.removeFirst() {
            throw fault
        }
        let report = reports.isEmpty ? idle : reports.removeFirst()
        if polled, !gate.accept(report) { return .pending }
        return codec.decode(report)
    }

    func identify() throws(I2CError) {
        probes += 1
        let ok = probeResults.isEmpty ? true : probeResults.removeFirst()
        if !ok { throw I2CError.noAcknowledge }
    }

    func restart() {
        gate.reset()
    }
}

/// Children that are never real: records each spawn and signal, in order, and hands
/// `reap()` whatever a test puts in `finished`.
final class RecordingProcesses: ChildProcessControl {
    var launched: [(command: String, environment: [(String, String)])] = []
    /// Every spawn and signal as one line: `spawn 100 echo left`, `signal 100 15`.
    var transactions: [String] = []
    var finished: [ReapedChild] = []
    var spawnError: Errno?
    private var nextPid: Int32 = 100

    func spawnShell(command: String, environment: [(String, String)]) throws(SpawnError) -> Int32 {
        if let spawnError { throw SpawnError(command: command, errno: spawnError) }
        let pid = nextPid
        nextPid += 1
        launched.append((command, environment))
        transactions.append("spawn \(pid) \(command)")
        return pid
    }

    func signalGroup(of pid: Int32, _ signal: Int32) {
        transactions.append("signal \(pid) \(signal)")
    }

    func reap() -> [ReapedChild] {
        defer { finished = [] }
        return finished
    }
}

/// An exec supervisor over recorded children, for engines that run `exec` actions.
func recordingExec(_ log: PanelLog = RecordingLog()) -> ExecSupervisor {
    ExecSupervisor(processes: RecordingProcesses(), log: log)
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
    /// Each line with its priority, for the tests that check which lines are errors.
    var entries: [(priority: LogPriority, line: String)] = []

    func log(_ line: String, priority: LogPriority) {
        lines.append(line)
        entries.append((priority, line))
    }
}

final class RecordingSurface: PanelSurface {
    var calls: [String] = []
    /// Every slider look drawn, in order (whole frames' included).
    var sliderLooks: [SliderLook] = []

    /// The page of each `drawAll`, in order.
    var drawnPages: [Int] = []

    /// `all N` (N: the items of every kind), then each shown slider's look, as `draw` records it.
    func drawAll(_ looks: [ItemLook?], page: Int) {
        calls.append("all \(looks.count)")
        drawnPages.append(page)
        for (place, look) in looks.enumerated() {
            if case .slider(let slider)? = look { record(place, slider) }
        }
    }

    func draw(item: Int, look: ItemLook) {
        switch look {
        case .button(let state), .text(let state): calls.append("draw \(item) \(state)")
        case .slider(let slider): record(item, slider)
        case .qrCode: calls.append("draw \(item) qr")
        case .chart(let chart): calls.append("draw \(item) chart \(chart.revision)")
        }
    }

    private func record(_ place: Int, _ look: SliderLook) {
        calls.append("slider \(place) \(look.fillPixels)\(look.pressed ? " pressed" : "")")
        sliderLooks.append(look)
    }

    func frameDone(at: MonotonicInstant) {
        calls.append("frame \(at.wholeMilliseconds)")
    }

    /// What `setLabel` answers for a place (nil: it takes the label), as a QR code that does
    /// not fit answers.
    var labelRefusals: [Int: String] = [:]

    func setLabel(button: Int, text: String) -> String? {
        calls.append("label \(button) \(text)")
        return labelRefusals[button]
    }

    func setFrameShift(_ shift: SaverShift) {
        calls.append("shift \(shift.dx) \(shift.dy)")
    }

    func drawPlain(_ color: RGBColor) {
        calls.append("plain \(color.r) \(color.g) \(color.b)")
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

/// How the rig's source learns of reports.
enum RigMode {
    case interrupt
    case polling(interval: MonotonicDuration)
}

/// An engine over fakes, started at 0 ms: a scripted chip behind the real I2C source, its
/// INT line simulated.
struct EngineRig {
    let chip = ScriptedChip()
    let line = SimulatedInterruptLine()
    let source: I2CTouchSource
    let launcher = RecordingProcesses()
    let pulseLine = RecordingOutput()
    let toggleLine = RecordingOutput()
    let log = RecordingLog()
    let surface = RecordingSurface()
    let output = CapturedOutput()
    let engine: PanelEngine

    /// `backlight`: the device under `[backlight]`, when the config has one.
    /// `watchdog` and `resetLine`: the source's, as a bring-up gives them.
    /// `kept`: a kept state restored at the start (`KeptState`).
    init(
        mode: RigMode = .interrupt, config text: String = engineTestConfig, backlight: BacklightDevice? = nil,
        watchdog: ControllerWatchdog? = nil, resetLine: OutputLine? = nil, limitsErrorLogs: Bool = false,
        kept: [ControlCommand] = [], wallClock: WallClock? = nil, chartDirectory: String? = nil
    ) throws {
        let config = try PanelConfigLoader.parse(text: text, file: "engine.ini")
        let actions = ActionRunner(
            buttons: config.buttons, exec: ExecSupervisor(processes: launcher, log: log),
            outputs: ["gpiochip0:17": pulseLine, "gpiochip0:18": toggleLine], log: log)
        let wakeup: I2CTouchSource.Wakeup
        switch mode {
        case .interrupt: wakeup = .interrupt(line)
        case .polling(let interval): wakeup = .polling(interval: interval)
        }
        source = I2CTouchSource(
            description: "scripted", range: ControllerRange(width: 800, height: 480), chip: chip, wakeup: wakeup,
            startedAt: at(0), log: log, watchdog: watchdog, resetLine: resetLine)
        engine = PanelEngine(
            config: config, source: source, actions: actions, output: output.buffer,
            surface: surface, log: log, startedAt: at(0),
            backlight: EngineRig.light(backlight, config: config, log: log), limitsErrorLogs: limitsErrorLogs, kept: kept,
            wallClock: wallClock, chartDirectory: chartDirectory)
    }

    private static func light(_ device: BacklightDevice?, config: PanelConfiguration, log: PanelLog) -> PanelBacklight? {
        guard let device else { return nil }
        return PanelBacklight(device: device, config: config.backlight ?? .defaults, log: log)
    }

    /// The INT line fell at `ms` with `next` in the registers; the loop woke at `ms`.
    func interrupt(_ ms: Int64, _ next: FT5x06Report) {
        chip.reports.append(next)
        edge(ms)
    }

    /// An INT edge at `ms`, and the loop woke then (at `nowMs`, if later).
    func edge(_ ms: Int64, now nowMs: Int64? = nil) {
        line.raise(at: at(ms))
        engine.step(now: at(nowMs ?? ms), readiness: .readable)
    }

    /// The loop woke at `ms` with no descriptor ready.
    func tick(_ ms: Int64) {
        engine.step(now: at(ms), readiness: .quiet)
    }
}
