import LinuxSystem
import PanelConfig
import TouchCore

/// Runs the configured actions for gesture events: `exec` through the supervisor that keeps
/// each button's commands within their limits (never waiting for one), `gpio` on outputs
/// opened at start-up, pulses ended by a deadline (never a sleep), and the on/off state of
/// latched buttons.
public final class ActionRunner {
    private let buttons: [ButtonConfig]
    /// Shared with the sessions before and after a reload.
    public let exec: ExecSupervisor
    private let log: PanelLog
    /// Outputs by id, opened before the panel starts.
    private let outputs: [OutputID: DigitalOutput]
    /// The level each output was last driven to.
    public private(set) var levels: [OutputID: Bool]
    private var pulseEnds: [OutputID: MonotonicInstant] = [:]
    public private(set) var latched: [Bool]
    /// Each button's hold-to-run press (`idle` for buttons without `on_press`/`on_release`).
    public private(set) var holds: [HoldToRun]
    /// `--debug holds`: every hold-to-run transition logged.
    public var transitions: TransitionLog?
    /// Where `mqtt` actions publish: the broker connection, when the panel has one.
    public var publisher: DevicePublisher?
    /// Where `service` actions go: the Home Assistant link, when the panel has one.
    public var serviceCaller: ServiceCaller?

    /// `levels` and `latchedButtons` (by button name) carry what a reload must not forget:
    /// a relay switched on stays on, a toggle button stays latched.
    public init(
        buttons: [ButtonConfig], exec: ExecSupervisor, outputs: [OutputID: DigitalOutput], log: PanelLog,
        levels: [OutputID: Bool] = [:], latchedButtons: [String] = []
    ) {
        self.buttons = buttons
        self.exec = exec
        self.outputs = outputs
        self.log = log
        self.levels = levels
        latched = buttons.map { $0.latch && latchedButtons.contains($0.name) }
        holds = Array(repeating: .idle, count: buttons.count)
    }

    /// The names of the latched buttons that are on, to hand to the next session.
    public var latchedButtons: [String] {
        buttons.indices.filter { latched[$0] }.map { buttons[$0].name }
    }

    /// Sets a latch button's state from outside (the control socket); runs no action.
    public func setLatched(_ index: Int, _ on: Bool) {
        latched[index] = on
    }

    /// The earliest instant a pulse must end or a command is due a signal.
    public var nextDeadline: MonotonicInstant? {
        var earliest = exec.nextDeadline
        for (_, end) in pulseEnds { earliest = MonotonicInstant.earliest(earliest, end) }
        return earliest
    }

    /// Runs the action, if any, for one event. Returns true when a latched button flipped.
    /// `value`: what an `mqtt` action's `$VALUE` stands for, when the button is bound.
    @discardableResult
    public func handle(_ event: GestureEvent, value: String? = nil) -> Bool {
        let button = buttons[event.button]
        if button.holdsToRun, let input = HoldToRun.input(for: event.kind) {
            hold(event.button, input, now: event.at)
        }
        var flipped = false
        var tapCount: Int?
        let action: ButtonAction?
        var environment: [(String, String)] = [("TOUCHPANEL_BUTTON", button.name)]
        switch event.kind {
        case .tap(let taps):
            action = button.action(forTaps: taps)
            environment.append(("TOUCHPANEL_EVENT", "tap"))
            environment.append(("TOUCHPANEL_TAPS", "\(taps)"))
            if button.latch, taps == 1 {
                latched[event.button].toggle()
                flipped = true
            }
            tapCount = taps
        case .longPress(let taps):
            tapCount = taps
            action = button.onLongPress
            environment.append(("TOUCHPANEL_EVENT", "long_press"))
            environment.append(("TOUCHPANEL_TAPS", "\(taps)"))
        case .repeat(let n):
            action = button.onRepeat
            environment.append(("TOUCHPANEL_EVENT", "repeat"))
            environment.append(("TOUCHPANEL_REPEAT", "\(n)"))
        case .pressed, .released, .cancelled, .exit, .enter:
            return false
        }
        if button.latch {
            environment.append(("TOUCHPANEL_STATE", latched[event.button] ? "on" : "off"))
        }
        guard let action else { return flipped }
        let requested = value ?? (button.latch ? (latched[event.button] ? "ON" : "OFF") : "")
        run(action, for: button, environment: environment, at: event.at, taps: tapCount, value: requested)
        return flipped
    }

    /// `page` actions run and not yet carried out by the engine, oldest first.
    private var pageRequests: [PageTarget] = []

    /// The `page` actions run since the last call, oldest first.
    public func takePageRequests() -> [PageTarget] {
        guard !pageRequests.isEmpty else { return [] }
        defer { pageRequests.removeAll(keepingCapacity: true) }
        return pageRequests
    }

    /// A page's swipe ran `action` (rule 11). Its commands see `TOUCHPANEL_PAGE`, `TOUCHPANEL_EVENT=swipe` and
    /// `TOUCHPANEL_DIRECTION`; its `mqtt` payload's `$BUTTON` is the page's name. Its commands are
    /// counted and limited as a button of the page's name with the default limits.
    public func runSwipe(_ action: ButtonAction, page: PageConfig, direction: SwipeDirection, at: MonotonicInstant) {
        let actor = ButtonConfig(name: page.name, label: page.name, rect: Rect(x: 0, y: 0, width: 0, height: 0), line: page.line)
        let environment = [
            ("TOUCHPANEL_PAGE", page.name), ("TOUCHPANEL_EVENT", "swipe"), ("TOUCHPANEL_DIRECTION", "\(direction.name)"),
        ]
        run(action, for: actor, environment: environment, at: at)
    }

    /// A slider sent `value` (rule 12): its `on_change`. Commands see `TOUCHPANEL_SLIDER` (a
    /// dial's `TOUCHPANEL_DIAL`),
    /// `TOUCHPANEL_EVENT=value` and the value as `TOUCHPANEL_VALUE` and `VALUE` (so the shell
    /// expands a `$VALUE` in the command); an `mqtt` payload's `$VALUE` is the value. Its
    /// commands are counted and limited as a button of the slider's name with the default limits.
    public func runSlider(_ slider: SliderConfig, value: String, at: MonotonicInstant) {
        guard let action = slider.onChange else { return }
        let actor = ButtonConfig(name: slider.name, label: slider.name, rect: slider.rect, line: slider.line)
        let environment = [
            (slider.isDial ? "TOUCHPANEL_DIAL" : "TOUCHPANEL_SLIDER", slider.name), ("TOUCHPANEL_EVENT", "value"), ("TOUCHPANEL_VALUE", value), ("VALUE", value),
        ]
        run(action, for: actor, environment: environment, at: at, value: value, entity: slider.entity)
    }

    /// Commands that finished: a hold-to-run press whose `on_press` command failed while the
    /// finger is still down ends there, and runs its `on_release` at `now`.
    public func commandsFinished(_ finished: [ExecSupervisor.Finished], now: MonotonicInstant) {
        for command in finished where !command.succeeded {
            for index in holds.indices where holds[index] == .held(command: command.pid) {
                log.warning("[button \(buttons[index].name)] on_press command ended while held (\(command.how)); on_release runs now")
                hold(index, .commandFailed(pid: command.pid), now: now)
            }
        }
    }

    /// Steps one button's hold and runs what the step says; the input's name is the
    /// TOUCHPANEL_EVENT of the command it runs.
    private func hold(_ index: Int, _ input: HoldToRun.Input, now: MonotonicInstant) {
        let button = buttons[index]
        let (state, effect) = HoldToRun.next(holds[index], input)
        transitions?.record(
            .holds, at: now, of: button.name, from: TransitionText.hold(holds[index]), input: TransitionText.hold(input),
            to: TransitionText.hold(state))
        holds[index] = state
        switch effect {
        case .none:
            break
        case .runPress:
            guard let action = button.onPress else { return }
            let started = run(action, for: button, environment: holdEnvironment(button, event: input.name, index: index), at: now)
            if let started { holds[index] = .held(command: started) }
        case .runRelease:
            guard let action = button.onRelease else { return }
            run(action, for: button, environment: holdEnvironment(button, event: input.name, index: index), at: now)
        }
    }

    private func holdEnvironment(_ button: ButtonConfig, event: String, index: Int) -> [(String, String)] {
        var environment = [("TOUCHPANEL_BUTTON", button.name), ("TOUCHPANEL_EVENT", event)]
        if button.latch {
            environment.append(("TOUCHPANEL_STATE", latched[index] ? "on" : "off"))
        }
        return environment
    }

    /// Runs one action at `at`. Returns the pid of the command an `exec` started.
    @discardableResult
    private func run(
        _ action: ButtonAction, for button: ButtonConfig, environment: [(String, String)], at: MonotonicInstant,
        taps: Int? = nil, value: String = "", entity: EntityID? = nil
    ) -> Int32? {
        switch action {
        case .emit:
            return nil
        case .mqtt(let topic, let payload):
            let message = MQTTActionText.expand(payload, button: button.name, taps: taps, value: value)
            if let publisher {
                publisher.publishCommand(topic: topic, payload: message, button: button.name)
            } else {
                log.warning("[button \(button.name)] mqtt \(topic): dropped, the panel has no broker connection")
            }
            return nil
        case .service(let call):
            if let serviceCaller {
                serviceCaller.callService(call.expanded(value: value), entity: entity ?? button.binding?.entity, button: button.name)
            } else {
                log.warning("[button \(button.name)] service \(call.domain).\(call.service): dropped, the panel has no Home Assistant link")
            }
            return nil
        case .exec(let command):
            let outcome = exec.launch(command: command, environment: environment, button: button.name, limits: button.execLimits, now: at)
            if case .started(let pid) = outcome { return pid }
            return nil
        case .page(let target):
            pageRequests.append(target)
            return nil
        case .gpio(let chip, let line, let operation):
            let key = OutputID(chip: chip, line: line)
            switch operation {
            case .on:
                pulseEnds[key] = nil
                drive(key, true, for: button)
            case .off:
                pulseEnds[key] = nil
                drive(key, false, for: button)
            case .toggle:
                pulseEnds[key] = nil
                drive(key, !(levels[key] ?? false), for: button)
            case .pulse(let length):
                drive(key, true, for: button)
                pulseEnds[key] = at + length
            }
            return nil
        }
    }

    /// Ends the pulses due at `now`, and signals the commands past their time-out.
    public func tick(now: MonotonicInstant) {
        exec.tick(now: now)
        for (key, end) in pulseEnds where end <= now {
            pulseEnds[key] = nil
            drive(key, false, for: nil)
        }
    }

    /// On exit: pulses in progress end now rather than leave a relay on.
    public func endPulses() {
        for (key, _) in pulseEnds {
            drive(key, false, for: nil)
        }
        pulseEnds = [:]
    }

    private func drive(_ key: OutputID, _ high: Bool, for button: ButtonConfig?) {
        guard let output = outputs[key] else {
            log.error("gpio \(key): not opened")
            return
        }
        if let problem = output.drive(high) {
            let owner = button.map { "[button \($0.name)] " } ?? ""
            log.error("\(owner)gpio \(key): \(problem)")
            return
        }
        levels[key] = high
    }
}
