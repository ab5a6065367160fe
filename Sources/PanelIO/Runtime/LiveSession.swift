import CLinux
import PanelConfig
import TouchCore

/// Everything a live panel holds open for one configuration: the touch source (with its
/// bus, INT line or input device), the framebuffer, the console switched to graphics, the
/// GPIO outputs of actions, and the engine over them. Built whole or not at all: each device
/// is brought up by its own bring-up, and one that cannot be opened stops the start with
/// its reason, before anything is drawn.
public final class LiveSession {
    public let config: PanelConfiguration
    public let engine: PanelEngine
    /// The display it draws on (kept open for the session's life).
    private let display: OpenedDisplay
    /// On DRM/KMS: the surface whose flips the loop reads from the card.
    public let drmSurface: DRMSurface?
    private let console: ConsoleGraphicsMode
    private let backlightDevice: SysfsBacklight?
    /// The `[control]` socket, when the config has one.
    public let control: ControlServer?
    /// Lines a bring-up keeps for the session's life (a controller's reset line).
    private let held: HeldLines

    /// What a reload hands from one session to the next: output levels by `outputKey`, and
    /// the latched buttons that are on, by name.
    public struct Carried {
        public var levels: [String: Bool] = [:]
        public var latchedButtons: [String] = []
        public init() {}
    }

    /// `latency` outlives sessions: a reload does not reset the figures.
    public init(
        config: PanelConfiguration, exec: ExecSupervisor, events: EventStream, latency: LatencyStatistics, log: PanelLog,
        startedAt: MonotonicInstant, carried: Carried = Carried(), debugGestures: Bool = false
    ) throws(StartError) {
        self.config = config
        var held = HeldLines()
        let source = try TouchSourceBringUp.open(config, startedAt: startedAt, log: log, held: &held)
        let (display, layout, labels) = try DisplayBringUp.open(config, log: log)
        let levels = OutputsBringUp.startLevels(config, carried: carried.levels)
        let outputs = try OutputsBringUp.open(config, levels: levels)
        backlightDevice = try BacklightBringUp.open(config)
        control = try config.control.map { config throws(StartError) in try ControlServer(config: config, log: log) }
        self.held = held
        self.display = display
        console = ConsoleGraphicsMode()
        if let warning = console.warning { log.warning(warning) }
        let surface: PanelSurface
        switch display {
        case .fbdev(let framebuffer):
            surface = FramebufferSurface(
                layout: layout, pixels: UnsafeMutableRawBufferPointer(rebasing: framebuffer.pixels[framebuffer.visibleOffset...]),
                config: config, labels: labels)
            drmSurface = nil
        case .drm(let card):
            let painter = FramebufferSurface(layout: layout, pixels: card.buffers[0], config: config, labels: labels)
            let drm = DRMSurface(
                card: card, painter: painter, buttonCount: config.buttons.count, rects: config.buttons.map { $0.rect }, log: log)
            surface = drm
            drmSurface = drm
        }
        let actions = ActionRunner(
            buttons: config.buttons, exec: exec, outputs: outputs, log: log,
            levels: levels, latchedButtons: carried.latchedButtons)
        engine = PanelEngine(
            config: config, source: source, actions: actions, output: OutputBuffer(events: events), surface: surface, log: log,
            startedAt: startedAt, debugGestures: debugGestures,
            backlight: backlightDevice.map { PanelBacklight(device: $0, config: config.backlight ?? .defaults, log: log) },
            idleSince: MonotonicClock.now(), limitsErrorLogs: true)
        latency.budgetMicroseconds = config.display.budgetUs.map { Int64($0) }
        engine.latency = latency
    }

    deinit {
        console.restore()
        // A stopped panel leaves the light as it found it, so the console is not left dark.
        backlightDevice?.restore()
    }
}
