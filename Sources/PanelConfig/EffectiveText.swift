import CLinux
import TouchCore

extension PanelConfiguration {
    /// The configuration the panel runs with, as a config file: the board preset applied,
    /// every default filled in, every key of every section written with its value, sections
    /// in a fixed order (`[board]`, `[display]`, `[touch]`, `[controller]`, the outputs, then
    /// the buttons, each in file order); actions name outputs by chip and line, or by the
    /// output's name where its section names the line (`gpio CHIP LINE` takes offsets only).
    /// A leading comment names the preset file. Optional keys that are not set are written as
    /// comments, since they have no value; `interrupt_line = none` and `reset_line = none`
    /// stand for no line.
    ///
    /// Parsing it (with the same file name and preset search path) gives this configuration
    /// back; only the buttons' `line` differs, being where they stand in this text.
    public func effectiveText() -> String {
        var out = IniWriter()
        out.comment("Effective configuration of \(file), every default filled in.")
        if let presetFile = board.presetFile {
            out.comment("Board preset: \(presetFile), with the values of \(file) put over it.")
        } else {
            out.comment("Board preset: none.")
        }

        out.section("board")
        if let presetName = board.presetName {
            out.key("preset", presetName)
        } else {
            out.unset("preset", "no board preset")
        }
        out.key("simulated", IniWriter.yesNo(board.simulated))

        out.section("display")
        out.key("width", "\(display.width)")
        out.key("height", "\(display.height)")
        out.key("output", display.output.rawValue)
        out.key("framebuffer", display.framebuffer)
        if let card = display.card {
            out.key("card", card)
        } else {
            out.unset("card", "the first card with a connected display")
        }
        if let connector = display.connector {
            out.key("connector", connector)
        } else {
            out.unset("connector", "the first connected one")
        }
        out.key("drm_format", display.drmFormat.rawValue)
        out.key("rotation", "\(display.rotation.degrees)")
        out.key("font", display.font)
        out.key("font_size", "\(display.fontSize)")
        out.key("background", display.colors.background.hexString)
        out.colors(display.colors.buttons)
        out.key("border_px", "\(display.borderPx)")
        if let budget = display.budgetUs {
            out.key("budget_us", "\(budget)")
        } else {
            out.unset("budget_us", "no latency budget")
        }

        out.section("touch")
        out.timings(timings)
        out.key("lost_ms", "\(lostAfter.nanoseconds / 1_000_000)")

        out.section("controller")
        out.key("model", controller.model.configName)
        if controller.model.family != .ft5x06 && !controller.rangeGiven {
            out.unset("width", "read from the \(controller.model.family == .evdev ? "device" : "chip") at start; \(controller.width) in replay")
            out.unset("height", "read from the \(controller.model.family == .evdev ? "device" : "chip") at start; \(controller.height) in replay")
        } else {
            out.key("width", "\(controller.width)")
            out.key("height", "\(controller.height)")
        }
        out.key("invert_x", IniWriter.yesNo(controller.invertX))
        out.key("invert_y", IniWriter.yesNo(controller.invertY))
        out.key("swap_xy", IniWriter.yesNo(controller.swapXY))
        if let calibration = controller.calibration {
            out.key("calibration", [calibration.a, calibration.b, calibration.c, calibration.d, calibration.e, calibration.f]
                .map(IniWriter.fixedPoint16).joined(separator: " "))
        } else {
            out.unset("calibration", "none")
        }
        if controller.model.family == .evdev {
            if let device = controller.device {
                out.key("device", device)
            } else if let name = controller.deviceName {
                out.key("name", name)
            } else {
                out.unset("device", "no input device")
            }
            out.key("grab", IniWriter.yesNo(controller.grab))
        } else {
            if let bus = controller.bus {
                out.key("bus", "\(bus)")
            } else {
                out.unset("bus", "no controller hardware")
            }
            out.key("address", IniWriter.hexByte(controller.address))
            out.key("interrupt_chip", controller.interrupt?.chip ?? ControllerConfig.defaultChip)
            out.key("interrupt_line", IniWriter.line(controller.interrupt?.line))
            out.key("poll_ms", "\(controller.pollIntervalMs)")
            out.key("reset_chip", controller.reset?.chip ?? ControllerConfig.defaultChip)
            out.key("reset_line", IniWriter.line(controller.reset?.line))
            out.key("stuck_ms", "\(controller.stuckMs)")
        }
        if controller.model.family == .ft5x06 {
            if let threshold = controller.threshold {
                out.key("threshold", "\(threshold)")
            } else {
                out.unset("threshold", "the controller keeps its own")
            }
            if let reportPeriod = controller.reportPeriod {
                out.key("report_period", "\(reportPeriod)")
            } else {
                out.unset("report_period", "the controller keeps its own")
            }
        }

        if let backlight {
            out.section("backlight")
            if let device = backlight.device {
                out.key("device", device)
            } else {
                out.unset("device", "the only device in /sys/class/backlight")
            }
            out.key("brightness", "\(backlight.brightnessPercent)")
            out.key("dim_brightness", "\(backlight.dimBrightnessPercent)")
            out.key("dim_after_s", "\(backlight.dimAfterS)")
            out.key("off_after_s", "\(backlight.offAfterS)")
        }

        if let control {
            out.section("control")
            out.key("socket", control.socketPath)
            out.key("mode", "0\(control.mode >> 6 & 7)\(control.mode >> 3 & 7)\(control.mode & 7)")
        }

        if let mqtt {
            out.section("mqtt")
            out.key("host", mqtt.host)
            if let port = mqtt.port { out.key("port", "\(port)") } else { out.unset("port", "\(mqtt.effectivePort)") }
            if let clientID = mqtt.clientID { out.key("client_id", clientID) } else { out.unset("client_id", "touchpanel-HOSTNAME") }
            if let prefix = mqtt.topicPrefix { out.key("topic_prefix", prefix) } else { out.unset("topic_prefix", "touchpanel/NODE, NODE the client_id made topic-safe") }
            if let username = mqtt.username { out.key("username", username) } else { out.unset("username", "none") }
            if let file = mqtt.passwordFile { out.key("password_file", file) } else { out.unset("password_file", "none") }
            if let file = mqtt.caFile { out.key("ca_file", file) } else { out.unset("ca_file", "plain TCP, no TLS") }
            if let file = mqtt.certFile { out.key("cert_file", file) }
            if let file = mqtt.keyFile { out.key("key_file", file) }
            out.key("keepalive_s", "\(mqtt.keepaliveS)")
            out.key("qos", "\(mqtt.qos)")
            out.key("queue", "\(mqtt.queueEvents)")
            out.key("discovery", IniWriter.yesNo(mqtt.discovery))
            out.key("discovery_prefix", mqtt.discoveryPrefix)
            if let name = mqtt.deviceName { out.key("name", name) } else { out.unset("name", "the host name") }
        }

        for output in outputs {
            guard let name = output.name else { continue }
            out.section("output \(name)")
            out.key("chip", output.chip)
            out.key("line", output.line.configValue)
            out.key("active_low", IniWriter.yesNo(output.activeLow))
            out.key("start", output.startsOn ? "on" : "off")
        }

        for button in buttons {
            out.section("button \(button.name)")
            let rect = button.rect
            out.key("rect", "\(rect.x), \(rect.y), \(rect.width), \(rect.height)")
            out.key("label", LabelText.escaped(button.label))
            out.key("enabled", IniWriter.yesNo(button.enabled))
            out.key("latch", IniWriter.yesNo(button.latch))
            out.action("on_tap", button.onTap, outputs: outputs)
            out.action("on_double_tap", button.onDoubleTap, outputs: outputs)
            out.action("on_triple_tap", button.onTripleTap, outputs: outputs)
            out.action("on_long_press", button.onLongPress, outputs: outputs)
            out.action("on_repeat", button.onRepeat, outputs: outputs)
            out.action("on_press", button.onPress, outputs: outputs)
            out.action("on_release", button.onRelease, outputs: outputs)
            out.key("exec_limit", "\(button.execLimits.maxRunning)")
            out.key("exec_timeout_ms", "\(button.execLimits.timeoutMs)")
            out.timings(button.timings)
            out.key("font_size", "\(button.fontSize)")
            out.colors(button.colors)
        }
        return out.text
    }
}

extension AffineCalibration {
    /// `a b c d e f` as `[controller] calibration` takes it, reading back to the same matrix.
    public var configValue: String {
        [a, b, c, d, e, f].map(IniWriter.fixedPoint16).joined(separator: " ")
    }
}

/// Writes config text that libinih reads back to the same values.
private struct IniWriter {
    var text = ""

    /// The longest line IniSession hands to libinih.
    static let longestLine = Int(clinux_ini_max_line()) - 2

    mutating func comment(_ line: String) {
        text += "; \(line)\n"
    }

    mutating func section(_ title: String) {
        text += "\n[\(title)]\n"
    }

    /// `key = value`, or `key=value` where the spaces would cost the value: a value starting
    /// with `;` (libinih takes ` ;` as a comment), or a line that would grow too long (the
    /// value was read from a line of at most that length, written `key=value` at the least).
    mutating func key(_ name: String, _ value: String) {
        let spaced = "\(name) = \(value)"
        if value.utf8.first == UInt8(ascii: ";") || spaced.utf8.count > IniWriter.longestLine {
            text += "\(name)=\(value)\n"
        } else {
            text += spaced + "\n"
        }
    }

    /// An optional key without a value, as a comment saying what its absence means.
    mutating func unset(_ name: String, _ meaning: String) {
        text += "; \(name): not set (\(meaning))\n"
    }

    mutating func timings(_ timings: GestureTimings) {
        key("multi_tap_ms", "\(timings.multiTap.nanoseconds / 1_000_000)")
        key("long_press_ms", "\(timings.longPress.nanoseconds / 1_000_000)")
        key("repeat_ms", "\(timings.repeatInterval.nanoseconds / 1_000_000)")
        key("slop_px", "\(timings.slopPx)")
        key("multi_tap_slop_px", "\(timings.multiTapSlopPx)")
    }

    mutating func colors(_ colors: ButtonPalette) {
        key("fill", colors.fill.hexString)
        key("pressed_fill", colors.pressedFill.hexString)
        key("disabled_fill", colors.disabledFill.hexString)
        key("on_fill", colors.onFill.hexString)
        key("border", colors.border.hexString)
        key("text", colors.text.hexString)
        if let pressedText = colors.pressedText {
            key("pressed_text", pressedText.hexString)
        } else {
            unset("pressed_text", "as text")
        }
        if let onText = colors.onText {
            key("on_text", onText.hexString)
        } else {
            unset("on_text", "as text")
        }
        key("disabled_text", colors.disabledText.hexString)
    }

    /// A line `gpio CHIP LINE` cannot give (a name) is written as its output's name, which
    /// reads back to the same chip and line.
    mutating func action(_ name: String, _ action: ButtonAction?, outputs: [OutputConfig]) {
        guard let action else {
            unset(name, "no action")
            return
        }
        switch action {
        case .emit:
            key(name, "emit")
        case .exec(let command):
            key(name, "exec \(ButtonAction.escapingSemicolons(command))")
        case .gpio(let chip, let line, let operation):
            let verb = switch operation {
            case .on: "on"
            case .off: "off"
            case .toggle: "toggle"
            case .pulse(let ms): "pulse \(ms)"
            }
            if case .name = line,
               let outputName = outputs.first(where: { $0.chip == chip && $0.line == line })?.name
            {
                key(name, "gpio \(outputName) \(verb)")
            } else {
                key(name, "gpio \(chip) \(line.configValue) \(verb)")
            }
        }
    }

    static func yesNo(_ value: Bool) -> String {
        value ? "yes" : "no"
    }

    static func line(_ line: LineRef?) -> String {
        line?.configValue ?? "none"
    }

    /// `0x38`: two lower-case hex digits.
    static func hexByte(_ value: UInt8) -> String {
        let digits: StaticString = "0123456789abcdef"
        var text = "0x"
        text.unicodeScalars.append(Unicode.Scalar(digits.utf8Start[Int(value >> 4)]))
        text.unicodeScalars.append(Unicode.Scalar(digits.utf8Start[Int(value & 0x0F)]))
        return text
    }

    /// A 16.16 fixed-point value as the shortest decimal that reads back to it (at most six
    /// fraction digits): `1`, `-0.5`, `0.000015`.
    static func fixedPoint16(_ value: Int64) -> String {
        let negative = value < 0
        let magnitude = negative ? -value : value
        let whole = magnitude >> 16
        var fraction = ((magnitude & 0xFFFF) * 1_000_000 + 32_768) >> 16
        var text = (negative ? "-" : "") + "\(whole)"
        guard fraction > 0 else { return text }
        var digits = 6
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let fractionText = "\(fraction)"
        text += "." + String(repeating: "0", count: digits - fractionText.utf8.count) + fractionText
        return text
    }
}
