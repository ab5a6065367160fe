import LinuxSystem
import TouchCore

/// A whole config file, validated: nothing in it is unknown, out of range or contradictory.
/// The program starts only with one of these (DESIGN.md section 5).
public struct PanelConfiguration: Equatable, Sendable {
    /// The file it came from, for messages at run time.
    public var file: String
    public var display: DisplayConfig
    /// `[theme]`'s looks that `display` does not hold (its colours, sizes and border are
    /// resolved into `display`).
    public var theme: ThemeConfig
    /// The panel-wide `[touch]` timings (each button has its own copy with its overrides).
    public var timings: GestureTimings
    /// `lost_ms`: held touches unreported this long are cancelled.
    public var lostAfter: MonotonicDuration
    public var controller: ControllerConfig
    /// In file order: where rects overlap, the first listed wins.
    public var buttons: [ButtonConfig]
    /// `[text NAME]` sections in file order: drawn after the buttons, in the places after theirs.
    public var texts: [TextItemConfig]
    /// `[slider NAME]` sections in file order: drawn after the texts.
    public var sliders: [SliderConfig]
    /// `[qr NAME]` sections in file order: drawn after the sliders.
    public var qrCodes: [QRCodeConfig]
    public var charts: [ChartConfig]
    /// `[page NAME]` sections in file order, the first shown at start; empty: one page.
    public var pages: [PageConfig]
    /// `swipe_px` of `[touch]`.
    public var swipePx: Int
    /// Every GPIO output the panel drives, each once: the `[output NAME]` sections in file
    /// order, then the lines actions name by chip and line only (active high, off at start).
    public var outputs: [OutputConfig]
    /// The board preset applied, and whether the panel runs on the simulated board.
    public var board: BoardConfig
    /// `[backlight]`: idle blanking; nil without the section.
    public var backlight: BacklightConfig?
    /// `[screensaver]`: what an idle panel shows before it dims; nil without the section.
    public var screensaver: ScreensaverConfig?
    /// `[presence]`: the sensor that wakes the panel; nil without the section.
    public var presence: PresenceConfig?
    /// `[feedback]`: the buzzer pulsed at every press; nil without the section. Its GPIO line,
    /// when it has one, is the last of `outputs`, held as theirs are.
    public var feedback: FeedbackConfig?
    /// `[fleet]`: group topics, pushed configs, health; nil without the section.
    public var fleet: FleetConfig?
    /// `[panel] locale`, else the system's: the day and month names of `time =` texts and the
    /// decimal separator of `format` numbers. `TextLocale.c` (English, a point) without either.
    public var locale = TextLocale.c
    /// Whether `[panel] locale` named it (else it is the environment's).
    public var localeGiven = false
    /// `[control]`: the control socket; nil without the section.
    public var control: ControlConfig?
    /// `[exec]`: how `exec` actions run; nil without the section (as the panel's children,
    /// with its groups).
    public var exec: ExecConfig?
    /// `[mqtt]`: the broker link; nil without the section.
    public var mqtt: MQTTConfig?
    /// `[homeassistant]`: the websocket link to Home Assistant; nil without the section.
    public var homeAssistant: HomeAssistantConfig?
    /// What is valid but likely not meant, or open to strangers (a control socket every user
    /// may reach, a password sent or kept where others can read it), each with file:line:
    /// `check` prints these, and `run` logs them at start.
    public var warnings: [ConfigError]
    /// The files its keys name that the panel reads at start, with the lines that name them.
    public var namedFiles: NamedFiles
    /// The files the config includes (`include = FILE`) in reading order, each once; empty
    /// (no heap block held for the panel's life) for a config read from one file.
    public var includedFiles: [String]
    /// Where each section and key was written, when the config includes other files (empty
    /// otherwise: all of it is `file`'s).
    public var origins: ConfigOrigins

    public init(
        file: String, display: DisplayConfig, theme: ThemeConfig = .defaults, timings: GestureTimings = .defaults,
        lostAfter: MonotonicDuration = .milliseconds(200), controller: ControllerConfig, buttons: [ButtonConfig], texts: [TextItemConfig] = [],
        sliders: [SliderConfig] = [], qrCodes: [QRCodeConfig] = [], charts: [ChartConfig] = [], pages: [PageConfig] = [], swipePx: Int = 60,
        outputs: [OutputConfig]? = nil, board: BoardConfig = BoardConfig(), backlight: BacklightConfig? = nil, presence: PresenceConfig? = nil,
        control: ControlConfig? = nil, exec: ExecConfig? = nil, mqtt: MQTTConfig? = nil, homeAssistant: HomeAssistantConfig? = nil, warnings: [ConfigError] = [],
        namedFiles: NamedFiles = NamedFiles(), feedback: FeedbackConfig? = nil, sourceFiles: [String]? = nil,
        origins: ConfigOrigins = ConfigOrigins()
    ) {
        includedFiles = Array((sourceFiles ?? []).dropFirst())
        self.origins = origins
        self.file = file
        self.display = display
        self.theme = theme
        self.timings = timings
        self.lostAfter = lostAfter
        self.controller = controller
        self.buttons = buttons
        self.texts = texts
        self.sliders = sliders
        self.qrCodes = qrCodes
        self.charts = charts
        self.pages = pages
        self.swipePx = swipePx
        self.outputs = (outputs ?? OutputConfig.all(declared: [], usedBy: buttons)) + (feedback?.output.map { [$0] } ?? [])
        self.feedback = feedback
        self.board = board
        self.backlight = backlight
        self.presence = presence
        self.control = control
        self.exec = exec
        self.mqtt = mqtt
        self.homeAssistant = homeAssistant
        self.warnings = warnings
        self.namedFiles = namedFiles
    }

    /// The files it was read from: the config, then the files it includes (`include = FILE`)
    /// in reading order, each once. The board preset is not one of them (`board.presetFile`).
    /// Set with the config's `file` first.
    public var sourceFiles: [String] {
        get { [file] + includedFiles }
        set { includedFiles = Array(newValue.dropFirst()) }
    }

    /// Whether it was read from more than one file (`include = FILE`).
    public var usesIncludes: Bool { !includedFiles.isEmpty }

    /// The file that holds `[section]` (`button play`, as written between the brackets): an
    /// included file's name for an item written there, else `file`.
    public func file(ofSection section: String) -> String {
        origins.file(ofSection: section, else: file)
    }

    /// How many places the drawing has: the buttons', then the texts'.
    public var drawnItemCount: Int { buttons.count + texts.count }

    /// The buttons as the classifier sees them, in file order. The loader never accepts more
    /// than `ButtonLayout.capacity` buttons, so none is dropped.
    public func makeLayout() -> ButtonLayout {
        var layout = ButtonLayout()
        for button in buttons {
            var spec = button.spec
            spec.interlockGroup = interlockGroup(of: button)
            layout.append(spec)
        }
        return layout
    }

    /// The classifier's number for the button's interlock group: one more than the index of
    /// the group's first button; 0 for a button without one.
    public func interlockGroup(of button: ButtonConfig) -> Int {
        guard let group = button.interlock, let first = buttons.firstIndex(where: { $0.interlock == group }) else { return 0 }
        return first + 1
    }

    /// How many pages the panel shows: one without `[page NAME]` sections.
    public var pageCount: Int { max(1, pages.count) }

    /// The pages as the classifier sees them: how many, and each one's swipes.
    public func makePageLayout() -> PageLayout {
        var layout = PageLayout(count: pageCount, swipePx: Int32(swipePx))
        for (index, page) in pages.enumerated() {
            layout.setSwipes(page.swipes, onPage: index)
        }
        return layout
    }

    /// The panel's size in its native orientation: the framebuffer's xres and yres.
    public var panelWidth: Int32 { display.width }
    public var panelHeight: Int32 { display.height }

    /// Controller coordinates to display pixels, for a controller whose range is
    /// `controllerWidth` x `controllerHeight` (the config's, or what the chip reported).
    public func makeTransform(controllerWidth: Int32, controllerHeight: Int32) -> CoordinateTransform {
        CoordinateTransform(
            controllerWidth: controllerWidth, controllerHeight: controllerHeight,
            panelWidth: panelWidth, panelHeight: panelHeight,
            invertX: controller.invertX, invertY: controller.invertY, swapXY: controller.swapXY,
            rotation: display.rotation, calibration: controller.calibration)
    }

    /// The transform with the config's controller range.
    public func makeTransform() -> CoordinateTransform {
        makeTransform(controllerWidth: controller.width, controllerHeight: controller.height)
    }

    /// The hot path above the input seam, for a controller of the given range. An input
    /// device sends nothing while a finger rests and reports every lift itself, so `lost_ms`
    /// applies to controllers read over I2C only (they report every scan while touched).
    /// With `[backlight]`, idle time counts from `startedAt`.
    public func makePipeline(
        controllerWidth: Int32, controllerHeight: Int32, startedAt: MonotonicInstant = MonotonicInstant(nanoseconds: 0)
    ) -> TouchPipeline {
        TouchPipeline(
            transform: makeTransform(controllerWidth: controllerWidth, controllerHeight: controllerHeight),
            lostAfter: controller.model.family == .evdev ? nil : lostAfter, layout: makeLayout(), pages: makePageLayout(),
            sliders: makeSliderLayout(), idle: idleTimings(atNight: false), startedAt: startedAt,
            awayAfter: presence?.awayAfter)
    }

    /// The idle blanking's times by day or at night, the screensaver's stage first; nil
    /// without `[backlight]`.
    public func idleTimings(atNight: Bool) -> IdleTimings? {
        guard let backlight else { return nil }
        let timings = atNight ? backlight.nightIdleTimings : backlight.idleTimings
        return screensaver?.timings(timings) ?? timings
    }

    /// Whether the item at `place` is the screensaver's built-in clock: the panel's own, so
    /// not listed with the user's texts (`ctl state`, the broker, discovery).
    public func isScreensaverClock(_ place: Int) -> Bool {
        guard let index = screensaver?.clockText else { return false }
        return place == buttons.count + index
    }

    /// The sliders as the classifier sees them (rule 12).
    public func makeSliderLayout() -> SliderLayout {
        var layout = SliderLayout()
        for slider in sliders {
            layout.append(slider.spec)
        }
        return layout
    }

    /// The decoders of raw trace lines, with the config's controller model and range.
    public func makeRawReportDecoder() -> RawReportDecoder {
        RawReportDecoder(model: controller.model, width: controller.width, height: controller.height)
    }
}
