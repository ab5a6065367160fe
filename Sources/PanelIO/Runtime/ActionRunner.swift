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
    /// Outputs by `ActionRunner.outputKey`, opened before the panel starts.
    private let outputs: [String: DigitalOutput]
    /// The level each output was last driven to, by `outputKey`.
    public private(set) var levels: [String: Bool]
    private var pulseEnds: [String: MonotonicInstant] = [:]
    public private(set) var latched: [Bool]

    /// `levels` and `latchedButtons` (by button name) carry what a reload must not forget:
    /// a relay switched on stays on, a toggle button stays latched.
    public init(
        buttons: [ButtonConfig], exec: ExecSupervisor, outputs: [String: DigitalOutput], log: PanelLog,
        levels: [String: Bool] = [:], latchedButtons: [String] = []
    ) {
        self.buttons = buttons
        self.exec = exec
        self.outputs = outputs
        self.log = log
        self.levels = levels
        latched = buttons.map { $0.latch && latchedButtons.contains($0.name) }
    }

    /// The names of the latched buttons that are on, to hand to the next session.
    public var latchedButtons: [String] {
        buttons.indices.filter { latched[$0] }.map { buttons[$0].name }
    }

    /// `gpiochip0:17`; `/dev/gpiochip0` and `gpiochip0` are one chip.
    public static func outputKey(chip: String, line: Int) -> String {
        "\(chip.hasPrefix("/dev/") ? String(chip.dropFirst(5)) : chip):\(line)"
    }

    /// The earliest instant a pulse must end or a command is due a signal.
    public var nextDeadline: MonotonicInstant? {
        var earliest = exec.nextDeadline
        for (_, end) in pulseEnds where earliest == nil || end < earliest! {
            earliest = end
        }
        return earliest
    }

    /// Runs the action, if any, for one event. Returns true when a latched button flipped.
    @discardableResult
    public func handle(_ event: GestureEvent) -> Bool {
        let button = buttons[event.button]
        var flipped = false
        let action: ButtonAction?
        var environment: [(String, String)] = [("TOUCHPANEL_BUTTON", button.name)]
        switch event.kind {
        case .tap(let taps):
            action = button.action(forTaps: taps)
            environment.append(("TOUCHPANEL_EVENT", "tap"))
            environment.append(("TOUCHPANEL_TAPS", "\(taps)"))
            if button.latch {
                latched[event.button].toggle()
                flipped = true
            }
        case .longPress(let taps):
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
        switch action {
        case .emit:
            break
        case .exec(let command):
            exec.launch(command: command, environment: environment, button: button.name, limits: button.execLimits, now: event.at)
        case .gpio(let chip, let line, let operation):
            let key = ActionRunner.outputKey(chip: chip, line: line)
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
            case .pulse(let ms):
                drive(key, true, for: button)
                pulseEnds[key] = event.at + .milliseconds(Int64(ms))
            }
        }
        return flipped
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

    private func drive(_ key: String, _ high: Bool, for button: ButtonConfig?) {
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
