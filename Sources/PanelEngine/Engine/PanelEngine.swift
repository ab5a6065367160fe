import LinuxSystem
import PanelConfig
import TouchCore

/// The panel's behaviour between the devices: services the touch source when the loop says
/// it may have something, runs its frames through the touch pipeline, writes event lines,
/// runs actions and repaints the buttons that changed. It never waits and never reads a
/// clock: the loop (live or simulated, through the same `step`) tells it what happened and
/// when, and asks `nextWakeup` how long it may sleep. That keeps every path testable with
/// virtual time. It names no controller: frames come through the `TouchSource` seam.
public final class PanelEngine: TouchSink {
    public let config: PanelConfiguration
    public let source: TouchSource
    let surface: PanelSurface?
    /// Each button's label now (the control socket may change them).
    var labels: [String]
    /// The idle blanking's light, when the config has `[backlight]`.
    public let backlight: PanelBacklight?
    let log: PanelLog
    public let actions: ActionRunner
    var pipeline: TouchPipeline
    var writer: EventLineWriter
    private var events: EventCollector
    private var looks: ButtonRepaintTracker
    /// The instant of the last input handed to the pipeline: logical time never goes back.
    var lastInputAt: MonotonicInstant
    /// The bound buttons (`state_topic`) and what their devices reported.
    var bindings: StateBindings
    /// Messages on bound topics that say nothing usable, logged a few lines a minute a topic.
    var stateLogs = LogRateLimiter()
    /// The `[text NAME]` items and what each shows.
    var texts: TextItems
    /// Items whose look changed and wait to be painted, by place (`ItemKind`): the texts and
    /// sliders; the buttons' own tracker keeps theirs (`looks`), joined to these at a repaint.
    var dirty = ItemSet()
    /// Measures edge-to-event and edge-to-pixels for frames that changed something.
    public var latency: LatencyRecorder?
    /// Device errors (dropped reports, controller failures) logged at most a few a minute, on
    /// live hardware; nil on the simulated board, where each names its trace line.
    private var errorLogs: LogRateLimiter?
    /// When `shutdown` cancelled the touches (a recording's `end`).
    public private(set) var stoppedAt: MonotonicInstant?
    /// Told of each event and state change (the MQTT bridge).
    public var listener: PanelListener?
    /// `[feedback]`: the pulse at each accepted press (rule 15), when the config has it.
    public var feedback: TouchFeedback?
    /// Makes PNGs set at run time into pictures, off the touch path (`loadPicture`).
    public var pictureLoader: PictureLoader?
    /// `touchpanel record`: messages on bound topics go into the recording too.
    public var recorder: RawTraceRecorder?
    /// `--debug`: the machines whose transitions are logged, for the engine's own and for
    /// the devices and links attached to it.
    public let transitions: TransitionLog?
    /// Set when the source cannot go on: the loop stops the panel.
    public private(set) var stopReason: String?
    /// The buttons with an interlock group: the classifier is told when their commands run.
    private let interlocked: [Int]
    /// Labels set from outside and not yet rasterised: the newest text per button.
    private var labelsToDraw: [String?]
    private var labelsToDrawCount = 0
    /// Looks or labels changed from outside wait to be drawn.
    private var outsideChanged = false
    /// The page shown (rule 10), by place in file order, and the one shown before it (`page
    /// back`).
    private var pages: PageNavigator
    public var shownPage: Int { pages.shown }
    /// Each item's page, by place (`PageLayout.allPages`: every page).
    let placePages: [Int]
    /// When the page shown gives way to the first (`home_after_s` after the last touch); nil:
    /// on the first page, or on one that stays.
    private var homeAt: MonotonicInstant?
    /// The sliders' steps, values, held and enabled states (rule 12).
    private let sliders: SliderItems
    /// Where the texts' and the sliders' places start (`ItemKind`), kept as plain numbers: the
    /// config read for them on every report of a drag cost a thousand instructions.
    private let firstText: Int
    private let firstSlider: Int
    private let firstQRCode: Int
    private let firstChart: Int
    /// The charts' histories: their rings and files.
    let charts: ChartHistories
    /// The charts being filled from Home Assistant's recorded history, a share each turn.
    var chartBackfills: [ChartBackfill] = []
    /// The time of day, for the charts' buckets (and the texts' clocks).
    let wallClock: WallClock?
    /// `[backlight] night`, with a wall clock to read it by.
    private var night: NightSchedule?
    /// Whether the night schedule has it night now.
    public var isNight: Bool { night?.isNight ?? false }
    /// `[screensaver]`: its drift and nightly pass (`PanelEngine+Screensaver`).
    var saver: Screensaver?
    /// `[presence]`: whether someone is there (`PanelEngine+Presence`).
    var presence: PresenceSensor?
    /// Each slider's value, as a step of its scale.
    public var sliderSteps: [Int32] { sliders.steps }
    /// Each slider's value as the outside world knows it (`SliderItems.values`).
    public var sliderValues: [Int32] { sliders.values }
    /// Counts the changes to what `keptState` holds (a label, latch or enabled state set from
    /// outside, a latch flipped by a tap): `StateKeeper` writes the state when it moved.
    public internal(set) var keptStateChanges: UInt64 = 0

    public init(
        config: PanelConfiguration, source: TouchSource, actions: ActionRunner, output: OutputBuffer,
        surface: PanelSurface?, log: PanelLog, startedAt: MonotonicInstant, transitions: TransitionLog? = nil,
        backlight: PanelBacklight? = nil, idleSince: MonotonicInstant? = nil, limitsErrorLogs: Bool = false,
        kept: [ControlCommand] = [], wallClock: WallClock? = nil, chartDirectory: String? = nil
    ) {
        errorLogs = limitsErrorLogs ? LogRateLimiter() : nil
        self.config = config
        self.source = source
        self.actions = actions
        self.surface = surface
        self.backlight = backlight
        self.log = log
        labels = config.buttons.map { $0.label }
        labelsToDraw = Array(repeating: nil, count: config.itemCount)
        texts = TextItems(items: config.texts, wallClock: wallClock, locale: config.locale)
        pipeline = config.makePipeline(
            controllerWidth: source.range.width, controllerHeight: source.range.height, startedAt: idleSince ?? startedAt)
        writer = EventLineWriter(
            buttonNames: config.buttons.map { $0.name }, pageNames: config.pages.map { $0.name },
            sliderNames: config.sliders.map { $0.name }, sliderNouns: config.sliders.map { $0.noun }, output: output, origin: startedAt)
        sliders = SliderItems(config.sliders)
        firstText = config.firstPlace(of: .text)
        firstSlider = config.firstPlace(of: .slider)
        firstQRCode = config.firstPlace(of: .qrCode)
        firstChart = config.firstPlace(of: .chart)
        self.wallClock = wallClock
        let startEpochMs = wallClock.map { $0.epochNanoseconds(at: startedAt) / 1_000_000 }
        charts = ChartHistories(config.charts, directory: chartDirectory, nowEpochMs: startEpochMs, log: log)
        if let startEpochMs { charts.scheduleAll(now: startedAt, epochMs: startEpochMs) }
        placePages = config.itemPages
        pages = PageNavigator(names: config.pages.map { $0.name })
        saver = config.screensaver.map { Screensaver(config: $0, pageCount: config.pages.count) }
        if wallClock != nil, config.backlight?.night == nil, saver?.config.antiburnS ?? 0 > 0,
           let window = NightWindow(startMinute: Screensaver.antiburnMinute, endMinute: Screensaver.antiburnMinute + 1) {
            saver?.antiburnClock = NightSchedule(window: window)
        }
        self.transitions = transitions
        let gestures = transitions.flatMap { $0.wants(.gestures) ? GestureDebugLog(buttonNames: config.buttons.map { $0.name }, sliderNames: config.sliders.map { $0.name }, transitions: $0) : nil }
        events = EventCollector(gestures: gestures, transitions: transitions)
        actions.transitions = transitions
        source.debug(to: transitions)
        looks = ButtonRepaintTracker(layout: config.makeLayout())
        for index in actions.latched.indices where actions.latched[index] {
            looks.setLatched(index, true)
        }
        bindings = StateBindings(buttons: config.buttons)
        for index in config.buttons.indices where config.buttons[index].binding != nil {
            looks.setUnknown(index, true)
        }
        lastInputAt = startedAt
        interlocked = config.buttons.indices.filter { config.buttons[$0].interlock != nil }
        // Commands a session before a reload started still hold their groups.
        refreshInterlocks()
        // The state kept from before a reload or a restart, in the first frame already.
        restore(kept, at: startedAt)
        for index in texts.due(now: startedAt) { textChanged(index) }
        drawPendingLabels()
        drawWholePage(at: startedAt)
        if wallClock != nil, let window = config.backlight?.night {
            night = NightSchedule(window: window)
            // Started at night: it starts as it would at the night's start, event line included.
            checkNight(at: startedAt)
        }
        startSaverClock(at: startedAt)
        presence = config.presence.map { PresenceSensor(config: $0, startedAt: startedAt) }
        backlight?.start()
    }

    /// Where event lines' `t_ms` count from.
    public var eventOrigin: MonotonicInstant { writer.origin }

    /// Each button's label now.
    public var currentLabels: [String] { labels }

    /// The display's power as idle blanking has it.
    public var power: PanelPower { pipeline.wakeGate.power }

    /// Whether a button takes touches now.
    public func isEnabled(_ index: Int) -> Bool {
        pipeline.classifier.isEnabled(index)
    }

    func setEnabled(_ index: Int, _ enabled: Bool) {
        pipeline.setEnabled(index, enabled)
    }

    /// A change to a button's look from outside the touch path (latched, enabled): kept, and
    /// drawn in the next turn after the touch path has had its own (`drawOutsideChanges`),
    /// so a burst of changes to one button is drawn once.
    func looksChanged(_ index: Int, at now: MonotonicInstant, _ change: (inout ButtonRepaintTracker) -> Void) {
        change(&looks)
        outsideChanged = true
    }

    /// A label set from outside: only the newest text of each button is rasterised, in a
    /// later turn, at most `labelsPerTurn` a turn.
    func labelChanged(_ index: Int, to text: String) {
        labels[index] = text
        labelToDraw(index, text)
    }

    /// Slider `index`'s label set from outside (its entity's friendly name): prepared again
    /// and drawn in a later turn, within the labels' share of a turn.
    func sliderLabelChanged(_ index: Int, to text: String) {
        sliders.labels[index] = text
        labelToDraw(firstSlider + index, text)
    }

    /// Slider `index`'s label set at run time; nil: the config's.
    func sliderLabel(_ index: Int) -> String? {
        sliders.labels[index]
    }

    private func labelToDraw(_ place: Int, _ text: String) {
        if labelsToDraw[place] == nil { labelsToDrawCount += 1 }
        labelsToDraw[place] = text
        outsideChanged = true
    }

    /// A text's value or look changed: its new text is rasterised in a later turn, within the
    /// labels' share of a turn, as a label set from outside is.
    func textChanged(_ index: Int) {
        let place = config.buttons.count + index
        if labelsToDraw[place] == nil { labelsToDrawCount += 1 }
        labelsToDraw[place] = texts.shown[index].text
        outsideChanged = true
    }

    /// `button NAME`, `text NAME`, `slider NAME` or `qr NAME`, for log lines about a place of
    /// the drawing.
    func itemTitle(_ place: Int) -> String {
        if place < config.buttons.count { return "button \(config.buttons[place].name)" }
        if place < firstSlider { return "text \(config.texts[place - config.buttons.count].name)" }
        if place < firstQRCode { let slider = config.sliders[place - firstSlider]; return "\(slider.noun) \(slider.name)" }
        if place < firstChart { return "qr \(config.qrCodes[place - firstQRCode].name)" }
        return "chart \(config.charts[place - firstChart].name)"
    }

    /// QR code `index`'s text from outside (its topic): encoded in a later turn, within the
    /// labels' share of a turn; a text whose code does not fit is logged there and the code
    /// shown stays.
    func qrCodeTextChanged(_ index: Int, to text: String) {
        labelToDraw(firstQRCode + index, text)
    }

    /// A value for chart `index` from outside (its topic or entity) at `now`: recorded at the
    /// wall clock's time and drawn in the turn's outside-changes pass. A text that is no number
    /// is logged (a few lines a minute) and changes nothing; without a wall clock nothing is
    /// recorded.
    func chartReceived(_ index: Int, text: String, key: String, at now: MonotonicInstant) {
        guard let scaled = SliderScale.parse(text, decimals: 3) else {
            if stateLogs.admit(key, at: now) { log.warning("\(key): ignored: \"\(BindingProblem.shortened(text))\" is not a number") }
            return
        }
        guard let wallClock else { return }
        let milli = Int32(clamping: scaled)
        if charts.record(index, milli: milli, now: now, epochMs: wallClock.epochNanoseconds(at: now) / 1_000_000) == .tooOld { return }
        chartChanged(index)
    }

    /// Chart `index` took values from outside: drawn in the turn's outside-changes pass.
    func chartChanged(_ index: Int) {
        dirty.insert(firstChart + index)
        outsideChanged = true
        listener?.panelStateChanged()
    }

    /// How many labels set from outside are rasterised and drawn in one turn of the loop: a
    /// label at a large size costs far more than a button's repaint, and a flood of them must
    /// cost a touch report at most this much.
    public static let labelsPerTurn = 2

    /// Whether changes from outside still wait to be drawn.
    public var hasOutsideChangesToDraw: Bool { outsideChanged }

    /// Draws what outside changes left, after the touch path's turn: at most `labelsPerTurn`
    /// labels rasterised, then every button whose look changed. A function of its own in every
    /// build: scripts/bench.sh counts its instructions.
    @inline(never)
    private func drawOutsideChanges(at now: MonotonicInstant) {
        var rasterised = 0
        var index = 0
        while labelsToDrawCount > 0, rasterised < PanelEngine.labelsPerTurn, index < labelsToDraw.count {
            if let text = labelsToDraw[index] {
                labelsToDraw[index] = nil
                labelsToDrawCount -= 1
                rasterised += 1
                if let problem = surface?.setLabel(button: index, text: text) {
                    log.error("[\(itemTitle(index))] label: \(problem)")
                }
                if index < config.buttons.count { looks.markDirty(index) } else { dirty.insert(index) }
            }
            index += 1
        }
        outsideChanged = labelsToDrawCount > 0
        repaintDirty(at: max(now, lastInputAt))
    }

    /// Every label set from outside and not yet rasterised, at once (a restore before the
    /// first frame); the buttons are drawn by the caller.
    func drawPendingLabels() {
        for index in labelsToDraw.indices {
            guard let text = labelsToDraw[index] else { continue }
            labelsToDraw[index] = nil
            if let problem = surface?.setLabel(button: index, text: text) {
                log.error("[\(itemTitle(index))] label: \(problem)")
            }
        }
        labelsToDrawCount = 0
        outsideChanged = false
    }

    /// Wake or blank now, asked from outside (the control socket).
    public func power(_ input: PanelPower.Input, now: MonotonicInstant) {
        tick(now: now)
        let at = max(now, lastInputAt)
        feed(now: at) { pipeline, sink in pipeline.power(input, at: at, into: &sink) }
    }

    /// What the loop waits on for the touch source.
    public var waitDescriptor: FileDescriptor? { source.waitDescriptor }

    /// The earliest instant the engine has work: a gesture deadline, a lost touch, the
    /// source's next poll or probe, the end of a GPIO or feedback pulse. Nil: sleep until a descriptor.
    /// Asked on every turn of the loop: no array, and the pipeline read in place.
    public var nextWakeup: MonotonicInstant? {
        if outsideChanged || !chartBackfills.isEmpty { return lastInputAt }
        let touch = MonotonicInstant.earliest(
            MonotonicInstant.earliest(pipeline.earliestDeadline(), source.nextWakeup), feedback?.nextDeadline)
        return MonotonicInstant.earliest(
            MonotonicInstant.earliest(touch, MonotonicInstant.earliest(actions.nextDeadline, errorLogs?.nextDeadline)),
            MonotonicInstant.earliest(
                MonotonicInstant.earliest(bindings.nextDeadline, stateLogs.nextDeadline),
                MonotonicInstant.earliest(
                    MonotonicInstant.earliest(MonotonicInstant.earliest(texts.nextDeadline, homeAt), saver?.nextDeadline),
                    MonotonicInstant.earliest(charts.nextDeadline, MonotonicInstant.earliest(night?.checkAt, presence?.deadline)))))
    }

    /// `nextWakeup` without idle blanking's dim and off: whether anything but the backlight's
    /// timers is still due, so that a played-out trace ends instead of waiting `off_after_s`.
    public var nextWakeupBesidesIdle: MonotonicInstant? {
        if outsideChanged { return lastInputAt }
        let touch = MonotonicInstant.earliest(pipeline.earliestDeadlineBesidesIdle(), source.nextWakeup)
        return MonotonicInstant.earliest(
            MonotonicInstant.earliest(touch, MonotonicInstant.earliest(actions.nextDeadline, errorLogs?.nextDeadline)),
            MonotonicInstant.earliest(bindings.nextDeadline, MonotonicInstant.earliest(presence?.deadline, feedback?.nextDeadline)))
    }

    /// One turn of the loop at `now`: the source reads what is waiting (each frame at its own
    /// instant, after everything due before it), then whatever else is due at `now` fires.
    /// The live loop and the simulated board both drive the engine through this call alone.
    public func step(now: MonotonicInstant, readiness: DescriptorReadiness) {
        latency?.turnBegan(at: now)
        source.service(now: now, readiness: readiness, into: self)
        tick(now: now)
        if !chartBackfills.isEmpty { continueChartBackfills(now: now) }
        if outsideChanged { drawOutsideChanges(at: now) }
        // After the touch path's work and the repaint: a chart's file (an fsync) never delays them.
        if charts.hasWritesDue { charts.writeFilesDue() }
    }

    /// Every held touch is cancelled at `now` (a trace's `end`).
    public func cancelTouches(now: MonotonicInstant) {
        tick(now: now)
        let at = max(now, lastInputAt)
        feed(now: at) { pipeline, sink in pipeline.cancelAllTouches(at: at, into: &sink) }
    }

    /// Stop (exit or reload): touches still held are cancelled (every `pressed` gets its end),
    /// tap sequences still waiting for a further tap fire as they would have (one `tap` with
    /// the taps they had, at release+W), pulses end.
    public func shutdown(now: MonotonicInstant) {
        stoppedAt = max(now, lastInputAt)
        cancelTouches(now: now)
        while let due = pipeline.classifier.nextDeadline {
            feed(now: due) { pipeline, sink in pipeline.advance(to: due, into: &sink) }
        }
        actions.endPulses()
        feedback?.stop(at: stoppedAt ?? now)
        charts.writeAll()
        writer.flush()
    }

    /// Commands reaped at `now`: a hold-to-run press whose `on_press` command failed runs
    /// its `on_release` (the finger is still down; its `released` later runs nothing).
    public func commandsFinished(_ finished: [ExecSupervisor.Finished], now: MonotonicInstant) {
        guard !finished.isEmpty else { return }
        actions.commandsFinished(finished, now: max(now, lastInputAt))
        refreshInterlocks()
    }

    // MARK: - TouchSink: what the source hands over

    public func frame(_ frame: TouchFrame, measuredAt: MonotonicInstant) {
        latency?.frameDecoded(edge: measuredAt)
        let at = max(measuredAt, lastInputAt)
        tick(now: at)
        if homeAt != nil { homeAt = homeDeadline(after: at) }
        feed(now: at, edge: measuredAt) { pipeline, sink in pipeline.frame(frame, at: at, into: &sink) }
    }

    public func dropped(_ problem: MalformedReport, at instant: MonotonicInstant) {
        if errorLogs?.admit("controller report dropped", at: instant) ?? true {
            log.warning("controller report dropped: \(CoreErrorText.describe(problem))")
        }
        tick(now: max(instant, lastInputAt))
    }

    public func sourceFailed(_ message: String, at instant: MonotonicInstant) {
        if errorLogs?.admit("controller failed", at: instant) ?? true {
            log.error(message)
        }
        let at = max(instant, lastInputAt)
        tick(now: at)
        feed(now: at) { pipeline, sink in pipeline.cancelAllTouches(at: at, into: &sink) }
    }

    public func sourceRecovered(_ message: String) {
        log.log(message)
        // An input device that appeared (or came back) may report other axes than before.
        pipeline.transform = config.makeTransform(controllerWidth: source.range.width, controllerHeight: source.range.height)
    }

    public func sourceStopped(_ message: String) {
        log.error("\(message); stopping")
        stopReason = message
    }

    // MARK: - Inside

    /// Everything due at `now` apart from the source: pulse ends, pending looks' ends,
    /// gesture deadlines.
    func tick(now: MonotonicInstant) {
        if let due = errorLogs?.nextDeadline, due <= now {
            for line in errorLogs?.expire(at: now) ?? [] { log.warning(line) }
        }
        if let due = stateLogs.nextDeadline, due <= now {
            for line in stateLogs.expire(at: now) { log.warning(line) }
        }
        expireBindings(now: now)
        if let due = texts.nextDeadline, due <= now {
            for index in texts.due(now: now) { textChanged(index) }
        }
        if let due = charts.nextDeadline, due <= now, let wallClock {
            for index in charts.moveOn(now: now, epochMs: wallClock.epochNanoseconds(at: now) / 1_000_000) {
                dirty.insert(firstChart + index)
                outsideChanged = true
            }
        }
        actions.tick(now: now)
        feedback?.tick(now: now)
        if let due = homeAt, due <= now { showPage(0, at: max(due, lastInputAt)) }
        if let due = night?.checkAt, due <= now { checkNight(at: due) }
        if let due = saver?.nextDeadline, due <= now { tickSaver(now: now) }
        if let due = presence?.deadline, due <= now { settlePresence(at: now) }
        if lastInputAt < now { lastInputAt = now }
        // Most turns have nothing due: then no event list to reset, no pipeline call.
        guard let due = pipeline.earliestDeadline(), due <= now else { return }
        feed(now: now, fromDeadlines: true) { pipeline, sink in pipeline.advance(to: now, into: &sink) }
    }

    /// Runs one pipeline call, then writes the event lines, runs the actions and repaints.
    /// `edge`: the instant the frame was measured, for the latency figures.
    func feed(
        now: MonotonicInstant, fromDeadlines: Bool = false, edge: MonotonicInstant? = nil,
        _ body: (inout TouchPipeline, inout EventCollector) -> Void
    ) {
        if lastInputAt < now { lastInputAt = now }
        events.removeAll()
        body(&pipeline, &events)
        // Rule 15: the press's pulse first, before its lines, actions and the network.
        if let feedback, let pressedAt = feedback.firstPress(in: events) { feedback.pressed(at: pressedAt) }
        while let (power, at) = events.takePowerChange() {
            backlight?.apply(power)
            saverFollows(power, at: at)
            listener?.panelStateChanged()
        }
        while let refusal = events.takeInterlockRefusal() {
            let button = config.buttons[refusal.button], holder = config.buttons[refusal.holder]
            log.log("[button \(button.name)] touch ignored: interlock \(button.interlock ?? "") is held by [button \(holder.name)]")
        }
        let swipes = events.takeSwipes()
        if !events.isEmpty { handleEvents(fromDeadlines: fromDeadlines, edge: edge) }
        if events.hasSliderEvents { handleSliderEvents(edge: edge) }
        for swipe in swipes { swiped(swipe.direction, onPage: swipe.page, at: swipe.at) }
        let requests = actions.takePageRequests()
        for target in requests { showPage(pages.page(for: target), at: max(now, lastInputAt)) }
    }

    /// The events of one pipeline call: their lines, actions and looks.
    private func handleEvents(fromDeadlines: Bool, edge: MonotonicInstant?) {
        for index in 0..<events.count {
            let event = events[index]
            if fromDeadlines { latency?.deadlineFired(logicalAt: event.at) }
            writer.receive(event)
            listener?.panelEvent(event)
            if actions.handle(event, value: requestedValue(event.button)) {
                keptStateChanges &+= 1
                looks.setLatched(event.button, actions.latched[event.button])
                listener?.panelStateChanged()
            }
            if config.buttons[event.button].binding != nil, ranAction(event) {
                boundButtonActed(event.button, at: event.at)
            }
            looks.receive(event)
        }
        writer.flush()
        if !interlocked.isEmpty { refreshInterlocks() }
        if let edge { latency?.eventsWritten(sinceEdge: edge) }
        if repaintDirty(at: events[events.count - 1].at, edge: edge), let edge { latency?.framePainted(sinceEdge: edge) }
    }

    /// The slider events of one pipeline call: their lines and actions, then the sliders
    /// whose look changed painted, once each.
    private func handleSliderEvents(edge: MonotonicInstant?) {
        var last = lastInputAt
        while let event = events.takeSliderEvent() {
            let index = event.slider
            last = event.at
            switch event.kind {
            case .shown(let step):
                dirty.insert(firstSlider + index)
                if sliders.show(index, step: step) { listener?.panelStateChanged() }
            case .sent(let step):
                if sliders.sent(index, step: step) { listener?.panelStateChanged() }
                let slider = currentSlider(index)
                let value = slider.scale.text(ofStep: step)
                writer.slider(event, value: value)
                actions.runSlider(slider, value: value, at: event.at)
            case .pressed:
                sliders.setHeld(index, true)
                dirty.insert(firstSlider + index)
                writer.slider(event, value: nil)
            case .released, .cancelled:
                sliders.setHeld(index, false)
                dirty.insert(firstSlider + index)
                writer.slider(event, value: nil)
            }
        }
        writer.flush()
        if repaintDirty(at: last, edge: edge), let edge { latency?.framePainted(sinceEdge: edge) }
    }

    /// A value from outside for slider `index` (the control socket, the broker): drawn unless
    /// a finger is on it or it sent a value within `settle_ms` (rule 12); never sent.
    public func setSliderValue(_ index: Int, step: Int32, now: MonotonicInstant) {
        guard config.sliders.indices.contains(index) else { return }
        tick(now: now)
        let at = max(now, lastInputAt)
        feed(now: at) { pipeline, sink in pipeline.setSliderStep(index, step, at: at, into: &sink) }
    }

    /// Slider `index`'s config with the scale it has now: its entity's own range, once stated.
    func currentSlider(_ index: Int) -> SliderConfig {
        var slider = config.sliders[index]
        if let scale = sliders.rescaled[index] { slider.scale = scale }
        return slider
    }

    /// Slider `index` spans `scale` from now on (its entity stated its own range): the touch
    /// path's steps, the look and the value text follow; the value is set after it.
    func rescaleSlider(_ index: Int, to scale: SliderScale) {
        var slider = config.sliders[index]
        slider.scale = scale
        sliders.rescale(index, to: slider)
        pipeline.setSliderStepCount(index, scale.stepCount)
        dirty.insert(firstSlider + index)
        outsideChanged = true
    }

    /// Whether a finger is on slider `index`.
    public func isSliderHeld(_ index: Int) -> Bool {
        sliders.held[index]
    }

    /// Whether slider `index` takes touches.
    public func isSliderEnabled(_ index: Int) -> Bool {
        sliders.enabled[index]
    }

    /// Enables or disables slider `index` for the touches that go down from now on (a touch
    /// under way ends as it would, as for a button); drawn in its disabled colours when not
    /// held.
    func setSliderEnabled(_ index: Int, _ enabled: Bool) {
        guard sliders.setEnabled(index, enabled) else { return }
        pipeline.setSliderEnabled(index, enabled)
        dirty.insert(firstSlider + index)
        outsideChanged = true
    }



    /// A swipe's lift (rule 11): its event line, then its page's action.
    private func swiped(_ direction: SwipeDirection, onPage page: Int, at: MonotonicInstant) {
        writer.swipe(direction, onPage: page, at: at)
        writer.flush()
        guard config.pages.indices.contains(page), let action = config.pages[page].action(for: direction) else { return }
        actions.runSwipe(action, page: config.pages[page], direction: direction, at: at)
    }

    /// Shows page `page` at `now` (a `page` action, the control socket, the broker, the home
    /// timer): touches on items that leave end as rule 10 says, then the event line, and the
    /// new page drawn whole in one frame. Nothing for the page shown or one that is not there.
    public func showPage(_ page: Int, at now: MonotonicInstant) {
        guard pages.show(page) else { return }
        let at = max(now, lastInputAt)
        homeAt = homeDeadline(after: at)
        feed(now: at) { pipeline, sink in pipeline.showPage(page, at: at, into: &sink) }
        writer.page(page, at: at)
        writer.flush()
        listener?.panelPageChanged()
        drawWholePage(at: at)
        // The heap pages the dropped looks held, and the stack the frame went deep into, go
        // back to the kernel (`FreedMemory`).
        FreedMemory.giveBack()
    }

    /// Reads the local time at `instant`; at a change of the night: its event line, the
    /// light's level, the idle times, and the night's page.
    private func checkNight(at instant: MonotonicInstant) {
        guard let wallClock, let backlightConfig = config.backlight, let on = night?.check(at: instant, wallClock: wallClock) else { return }
        let at = max(instant, lastInputAt)
        log.log(on ? "night: starts" : "night: ends")
        writer.night(on, at: at)
        writer.flush()
        backlight?.setNight(on)
        let timings = config.idleTimings(atNight: on) ?? backlightConfig.idleTimings
        feed(now: at) { pipeline, sink in pipeline.setIdleTimings(timings, at: at, into: &sink) }
        saverNight(on, at: at)
        if on, let name = backlightConfig.nightPage, let page = config.pages.firstIndex(where: { $0.name == name }) {
            showPage(page, at: at)
        }
        listener?.panelStateChanged()
    }

    /// Someone arrived or left at `instant`: the event line, the wake gate (which wakes the
    /// panel, or starts the idle and away times), the listeners. Nothing else (rule 13).
    func presenceChanged(_ present: Bool, at instant: MonotonicInstant) {
        let at = max(instant, lastInputAt)
        log.log(present ? "presence: someone there" : "presence: nobody there")
        writer.presence(present, at: at)
        writer.flush()
        feed(now: at) { pipeline, sink in pipeline.setPresent(present, at: at, into: &sink) }
        listener?.panelStateChanged()
    }

    /// The page shown drawn whole in one frame at `now`, as `showPage` draws a new one (its
    /// picture changed).
    func redrawWhole(at now: MonotonicInstant) {
        drawWholePage(at: max(now, lastInputAt))
    }

    /// The page shown drawn whole in one frame at `instant`: every item of it in its look now,
    /// none left waiting.
    func drawWholePage(at instant: MonotonicInstant) {
        _ = looks.takeDirty()
        dirty = ItemSet()
        // The page waits under the saver: it is drawn whole when the saver ends.
        if isScreensaverShown { drawSaver(at: instant); return }
        surface?.drawAll(pageLooks(), page: shownPage)
        surface?.frameDone(at: instant)
    }

    /// When the page shown gives way to the first, counted from `instant` (the page shown, or
    /// the last touch); nil on the first page and on one without `home_after_s`.
    private func homeDeadline(after instant: MonotonicInstant) -> MonotonicInstant? {
        guard shownPage != 0, let homeAfter = config.pages[shownPage].homeAfter else { return nil }
        return instant + homeAfter
    }

    /// The page `target` leads to from the one shown.
    func pageIndex(for target: PageTarget) -> Int {
        pages.page(for: target)
    }

    /// Whether the item at `place` is on the page shown.
    func isShown(_ place: Int) -> Bool {
        placePages[place] == shownPage || placePages[place] == PageLayout.allPages
    }

    /// What the item at `place` looks like now: the one question a repaint asks of each kind.
    func look(of place: Int) -> ItemLook {
        if place < firstText { return .button(looks.visualState(ofButton: place)) }
        if place < firstSlider { return .text(texts.shown[place - firstText].isUnknown ? .unknown : .normal) }
        if place < firstQRCode { return .slider(sliders.look(place - firstSlider)) }
        if place < firstChart { return .qrCode }
        return .chart(charts.look(place - firstChart))
    }

    /// What the page shown draws: each item's look, nil for those on other pages.
    private func pageLooks() -> [ItemLook?] {
        (0..<placePages.count).map { isShown($0) ? look(of: $0) : nil }
    }

    /// Whether `event` ran one of its button's actions (a bound button's look then waits for
    /// its device).
    private func ranAction(_ event: GestureEvent) -> Bool {
        let button = config.buttons[event.button]
        switch event.kind {
        case .tap(let taps): return button.action(forTaps: taps) != nil
        case .longPress: return button.onLongPress != nil
        case .repeat: return button.onRepeat != nil
        case .pressed: return button.onPress != nil
        case .released, .cancelled, .exit, .enter: return false
        }
    }

    /// Tells the classifier which interlocked buttons still run a command: such a button
    /// keeps its group until the command ends.
    private func refreshInterlocks() {
        for index in interlocked {
            pipeline.setCommandsRunning(index, actions.exec.runningCount(of: config.buttons[index].name) > 0)
        }
    }

    /// Paints the items whose look changed, in place order; true if any was.
    @discardableResult
    private func repaintDirty(at instant: MonotonicInstant, edge: MonotonicInstant? = nil) -> Bool {
        var items = dirty
        items.formUnion(looks.takeDirty())
        dirty = ItemSet()
        guard !items.isEmpty, let surface else { return false }
        if isScreensaverShown { return repaintUnderSaver(items, at: instant) }
        // Items on other pages keep their looks, and are drawn with their page.
        var drawn = false
        while let place = items.popFirst() {
            guard isShown(place) else { continue }
            surface.draw(item: place, look: look(of: place))
            drawn = true
        }
        guard drawn else { return false }
        surface.frameDone(at: instant, edge: edge)
        return true
    }
}

/// Collects one pipeline call's events; its storage is reserved once and reused. With a
/// transition log, every gesture and power transition is logged as it happens.
struct EventCollector: GestureEventSink {
    private var events: [GestureEvent] = []
    /// Idle blanking's changes during the call, oldest first, each with its instant.
    private var powerChanges: [(power: PanelPower, at: MonotonicInstant)] = []
    /// Downs the call ignored for an interlock: the button and the one holding its group.
    private var interlockRefusals: [(button: Int, holder: Int)] = []
    private let gestures: GestureDebugLog?
    private let transitions: TransitionLog?

    init(gestures: GestureDebugLog? = nil, transitions: TransitionLog? = nil) {
        self.gestures = gestures
        self.transitions = transitions
        events.reserveCapacity(64)
    }

    var count: Int { events.count }
    var isEmpty: Bool { events.isEmpty }
    subscript(index: Int) -> GestureEvent { events[index] }

    mutating func receive(_ event: GestureEvent) {
        events.append(event)
    }

    var observesTransitions: Bool { gestures != nil }

    mutating func transition(_ transition: GestureTransition) {
        gestures?.log(transition)
    }

    mutating func powerChanged(from previous: PanelPower, because input: PanelPower.Input, to power: PanelPower, at: MonotonicInstant) {
        transitions?.record(
            .power, at: at, of: "panel", from: TransitionText.power(previous), input: TransitionText.power(input),
            to: TransitionText.power(power))
        powerChanges.append((power, at))
    }

    mutating func interlocked(_ button: Int, heldBy holder: Int, at: MonotonicInstant) {
        interlockRefusals.append((button, holder))
    }

    /// Swipes the call ended, oldest first.
    private var swipes: [(direction: SwipeDirection, page: Int, at: MonotonicInstant)] = []

    mutating func swiped(_ direction: SwipeDirection, onPage page: Int, at: MonotonicInstant) {
        swipes.append((direction, page, at))
    }

    /// The call's swipes, taken (most calls have none: then no array is made).
    mutating func takeSwipes() -> [(direction: SwipeDirection, page: Int, at: MonotonicInstant)] {
        guard !swipes.isEmpty else { return [] }
        defer { swipes.removeAll(keepingCapacity: true) }
        return swipes
    }

    mutating func takeInterlockRefusal() -> (button: Int, holder: Int)? {
        interlockRefusals.isEmpty ? nil : interlockRefusals.removeFirst()
    }

    /// The oldest power change not yet taken.
    mutating func takePowerChange() -> (power: PanelPower, at: MonotonicInstant)? {
        powerChanges.isEmpty ? nil : powerChanges.removeFirst()
    }

    /// The call's slider events, oldest first; read from `nextSliderEvent` on.
    private var sliderEvents: [SliderEvent] = []
    private var nextSliderEvent = 0

    mutating func slider(_ event: SliderEvent) {
        sliderEvents.append(event)
    }

    var hasSliderEvents: Bool { nextSliderEvent < sliderEvents.count }

    /// The first slider `pressed` not yet taken whose slider `plays`.
    func firstSliderPress(_ plays: (Int) -> Bool) -> MonotonicInstant? {
        var index = nextSliderEvent
        while index < sliderEvents.count {
            if case .pressed = sliderEvents[index].kind, plays(sliderEvents[index].slider) { return sliderEvents[index].at }
            index += 1
        }
        return nil
    }

    /// The oldest slider event not yet taken.
    mutating func takeSliderEvent() -> SliderEvent? {
        guard nextSliderEvent < sliderEvents.count else { return nil }
        defer { nextSliderEvent += 1 }
        return sliderEvents[nextSliderEvent]
    }

    mutating func sliderTransition(_ transition: SliderTransition) {
        gestures?.log(transition)
    }

    mutating func removeAll() {
        sliderEvents.removeAll(keepingCapacity: true)
        nextSliderEvent = 0
        events.removeAll(keepingCapacity: true)
        powerChanges.removeAll(keepingCapacity: true)
        interlockRefusals.removeAll(keepingCapacity: true)
    }
}
