import CLinux
import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
import TouchCore

/// Everything a live panel holds open for one configuration: the touch source (with its
/// bus, INT line or input device), the framebuffer, the console switched to graphics, the
/// GPIO outputs of actions, and the engine over them. Built whole or not at all: each device
/// is brought up by its own bring-up, and one that cannot be opened stops the start with
/// its reason, before anything is drawn.
public final class LiveSession: PanelSession {
    public let config: PanelConfiguration
    public let engine: PanelEngine
    /// The display it draws on, while there is one.
    private var display: PanelDisplay?
    /// What the engine draws on: passed to the display while there is one.
    private let slot: DisplaySlot
    /// The surface the display's pixels are painted by, while there is one: where pictures
    /// set at run time go (`PictureTurn`).
    private(set) var paintedSurface: FramebufferSurface?
    /// With no display: when to look for one again.
    public private(set) var displayRetryAt: MonotonicInstant?
    private let log: PanelLog
    /// The run's latency figures; on DRM/KMS also edge to flip.
    private let latency: LatencyStatistics
    /// How often a panel without a display looks for one.
    public static let displayRetry: MonotonicDuration = .milliseconds(2_000)
    private static var lookingAgain: String { "looking again every \(displayRetry.nanoseconds / 1_000_000_000) s" }
    private let console: ConsoleGraphicsMode
    private let backlightDevice: SysfsBacklight?
    /// The `[control]` socket, when the config has one.
    public let control: ControlServer?
    /// Lines a bring-up keeps for the session's life (a controller's reset line).
    private let held: HeldLines
    /// `[presence] line`, requested for the session's life; its turn reads its edges.
    public let presenceLine: GpiodPresenceLine?

    /// What a reload hands from one session to the next: output levels by id, the state set
    /// from outside (labels, latches, enabled states) as `KeptState`'s control lines, which at
    /// the start come from the state file, and the log's line on the console.
    public struct Carried {
        public var levels: [OutputID: Bool] = [:]
        public var state: [ControlCommand] = []
        /// What the previous session logged about the console (nil: nothing): a reload says it
        /// again only when it changed, so the journal gets it once at start, not at each reload.
        public var consoleLine: String?
        /// The control socket of the session before, when the next config's `[control]` is
        /// the same (`ControlHandover`): it goes on with its clients.
        public var control: ControlServer?
        public init() {}
    }
    /// What this session logged about the console, or would have but for `Carried`.
    public let consoleLine: String?

    /// `latency` outlives sessions: a reload does not reset the figures.
    public init(
        config: PanelConfiguration, exec: ExecSupervisor, events: EventStream, latency: LatencyStatistics, log: PanelLog,
        startedAt: MonotonicInstant, carried: Carried = Carried(), transitions: TransitionLog? = nil
    ) throws(StartError) {
        self.config = config
        // A page image or an icon picture that does not decode stops the start before any device
        // is opened.
        let imageProblems = PageBackgrounds.problems(config) + IconPictures.problems(config)
        if !imageProblems.isEmpty { throw StartError(.display, imageProblems.joined(separator: "; ")) }
        var held = HeldLines()
        let source = try TouchSourceBringUp.open(config, startedAt: startedAt, log: log, held: &held)
        self.log = log
        self.latency = latency
        slot = DisplaySlot(itemCount: config.itemCount)
        var opened: PanelDisplay?
        do throws(DisplayUnavailable) {
            opened = try DisplayBringUp.open(config, log: log)
        } catch {
            // No display yet is no reason to refuse touches: buttons on a printed overlay
            // still work, and one that appears later is drawn on.
            guard error.absent else { throw StartError(.display, error.message) }
            log.warning("display: none yet (\(error.message)); touches and actions go on, \(LiveSession.lookingAgain)")
            displayRetryAt = MonotonicClock.now() + LiveSession.displayRetry
        }
        let levels = OutputsBringUp.startLevels(config, carried: carried.levels)
        let outputs = try OutputsBringUp.open(config, levels: levels)
        let feedbackOutput = try FeedbackBringUp.open(config, outputs: outputs)
        backlightDevice = try BacklightBringUp.open(config)
        presenceLine = try PresenceBringUp.open(config)
        control = try ControlHandover.open(config, kept: carried.control, log: log)
        self.held = held
        console = ConsoleGraphicsMode()
        consoleLine = console.logNotice(to: log, unlessSaid: carried.consoleLine)
        let actions = ActionRunner(
            buttons: config.buttons, exec: exec, outputs: outputs, log: log,
            levels: levels)
        engine = PanelEngine(
            config: config, source: source, actions: actions, output: OutputBuffer(events: events), surface: slot, log: log,
            startedAt: startedAt, transitions: transitions,
            backlight: backlightDevice.map { PanelBacklight(device: $0, config: config.backlight ?? .defaults, log: log) },
            idleSince: MonotonicClock.now(), limitsErrorLogs: true, kept: carried.state, wallClock: SystemWallClock(),
            chartDirectory: StateKeeper.chartDirectoryFromEnvironment())
        latency.budgetMicroseconds = config.display.budgetUs.map { Int64($0) }
        engine.latency = latency
        engine.feedback = feedbackOutput.flatMap { TouchFeedback(config: config, output: $0, log: log) }
        engine.feedback?.transitions = transitions
        // Someone there already at the start: the level counts as an edge now, debounced.
        if let presenceLine {
            do throws(GPIOError) {
                if try presenceLine.isActive() { engine.presenceEdge(true, at: startedAt) }
            } catch {
                log.error("presence: \(error.message)")
            }
        }
        if let opened { show(opened, at: MonotonicClock.now()) }
    }

    /// Puts the panel on a display just opened.
    private func show(_ opened: PanelDisplay, at instant: MonotonicInstant) {
        display = opened
        displayRetryAt = nil
        let surfaces = opened.surfaces(
            config: config, backgrounds: backgrounds(on: opened.layout), latency: latency, transitions: engine.transitions, log: log)
        paintedSurface = surfaces.painted
        slot.attach(surfaces.drawn, at: instant)
    }

    /// The pages' images on a display of `layout`, from the cache folder the unit names; nil
    /// when no page has one.
    private func backgrounds(on layout: FramebufferLayout) -> PageBackgrounds? {
        guard config.pages.contains(where: { $0.image != nil }) else { return nil }
        return PageBackgrounds(config: config, layout: layout, cache: .fromEnvironment(), log: log)
    }

    /// What the display wakes the loop on (a DRM card's page-flip events), if anything.
    var displayPollInterest: PollInterest? { display?.pollInterest }

    /// The display's descriptor has events: a page flip completed.
    func displayReadable() {
        display?.readable()
    }

    /// The loop's call when `displayRetryAt` is due: a display that appeared is drawn on.
    public func retryDisplay(now: MonotonicInstant) {
        guard display == nil else { return }
        do throws(DisplayUnavailable) {
            let opened = try DisplayBringUp.open(config, log: log)
            log.log("display: found; drawing the panel")
            show(opened, at: now)
        } catch {
            if !error.absent { log.error("display: \(error.message); \(LiveSession.lookingAgain)") }
            displayRetryAt = now + LiveSession.displayRetry
        }
    }

    /// After each turn: a display that went away (a DRM connector unplugged) is let go;
    /// drawing stops, touches go on, and the loop looks for it again.
    public func noticeDisplayLoss(now: MonotonicInstant) {
        guard let lost = display, lost.isLost else { return }
        log.warning("display: \(lost.name) is gone; touches and actions go on, \(LiveSession.lookingAgain)")
        slot.detach()
        paintedSurface = nil
        display = nil
        displayRetryAt = now + LiveSession.displayRetry
    }

    deinit {
        if let summary = display?.summary { log.log("display: \(summary)") }
        console.restore()
        // A stopped panel leaves the light as it found it, so the console is not left dark.
        backlightDevice?.restore()
    }
}
