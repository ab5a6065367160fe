/// The keys of `[feedback]`: a GPIO line (as `[output NAME]` gives one) or a PWM channel, and
/// the pulse's length.
enum FeedbackKey: String, SectionKey {
    case chip
    case line
    case activeLow = "active_low"
    case pwm
    case hz
    case pulseMs = "pulse_ms"

    var doc: KeyDoc {
        switch self {
        case .chip: .words("required with `line`", "the GPIO chip of `line`: a name, label or /dev path, like `gpiochip0`")
        case .line: .words("required unless `pwm`", "the buzzer's or motor's GPIO line: its offset 0..1023 or its name (`GPIO18`), as `[output NAME]` takes it")
        case .activeLow: .value("no", "with `line`: `yes`: on is low")
        case .pwm: .words("required unless `line`", "`CHIP:CHANNEL`, like `0:1`: channel 1 of /sys/class/pwm/pwmchip0, for a passive buzzer")
        case .hz: .value("\(FeedbackConfig.defaultHz)", "with `pwm`: the tone, \(KeyDoc.span(FeedbackDraft.hzRange)) Hz, at a 50 % duty cycle")
        case .pulseMs: .value("\(FeedbackConfig.defaultPulseMs)", "how long each pulse lasts, \(KeyDoc.span(FeedbackDraft.pulseMsRange)) ms")
        }
    }
}

/// `[feedback]` while it is read.
struct FeedbackDraft: SectionDraft {
    static let pulseMsRange: ClosedRange<Int> = 1...1_000
    static let hzRange: ClosedRange<Int> = 20...50_000
    /// pwmchipN and its channel: as many as a GPIO chip has lines.
    static let pwmRange: ClosedRange<Int> = 0...1_023

    let title = "feedback"
    let header: SourceLine
    var given = GivenKeys()
    var chip: String?
    var line: LineRef?
    var activeLow: Bool?
    var pwm: (chip: Int, channel: Int)?
    var hz: Int?
    var pulseMs: Int?

    init(header: SourceLine) {
        self.header = header
    }

    mutating func set(_ key: FeedbackKey, from value: String) throws(ValueProblem) {
        switch key {
        case .chip:
            let words = ValueSyntax.words(value)
            guard words.count == 1 else { throw .expected("one chip name, label or path, like gpiochip0", found: value) }
            chip = words[0]
        case .line: line = try ValueSyntax.lineRef(value, allowingNone: false)
        case .activeLow: activeLow = try ValueSyntax.boolean(value)
        case .pwm: pwm = try FeedbackDraft.pwmChannel(value)
        case .hz: hz = try ValueSyntax.integer(value, in: FeedbackDraft.hzRange, unit: " (Hz)")
        case .pulseMs: pulseMs = try ValueSyntax.integer(value, in: FeedbackDraft.pulseMsRange, unit: " (ms)")
        }
    }

    /// `0:1` or `pwmchip0:1`: a chip's number in /sys/class/pwm and a channel of it.
    static func pwmChannel(_ text: String) throws(ValueProblem) -> (chip: Int, channel: Int) {
        let expected = "CHIP:CHANNEL, like 0:1 (channel 1 of /sys/class/pwm/pwmchip0)"
        var rest = Substring(text)
        if rest.hasPrefix("pwmchip") { rest = rest.dropFirst(7) }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let chip = ValueSyntax.integer(parts[0].utf8), let channel = ValueSyntax.integer(parts[1].utf8),
            pwmRange.contains(chip), pwmRange.contains(channel)
        else { throw .expected(expected, found: text) }
        return (chip, channel)
    }

    /// The section, or nil (and why in `errors`): exactly one of `line` and `pwm`, and each
    /// key with the one it belongs to. `outputs`: the lines the panel drives already, which
    /// the feedback may not share; `controller`: its lines are refused too.
    func finish(outputs: [OutputConfig], controller: ControllerConfig?, errors: inout ErrorCollector) -> FeedbackConfig? {
        var ok = true
        func refuse(_ key: FeedbackKey, _ message: String) {
            errors.add(at: place(key) ?? header, section: title, key: key.rawValue, message)
            ok = false
        }
        switch (line, pwm) {
        case (nil, nil):
            // A bad value was reported where it stands; only a section that names neither is told.
            if place(.line) == nil, place(.pwm) == nil {
                errors.add(at: header, section: title, key: nil,
                           "[feedback] needs line = (a GPIO line, with chip =) or pwm = CHIP:CHANNEL: what the pulse drives")
            }
            return nil
        case (.some, .some):
            refuse(.pwm, "give line or pwm, not both: the pulse drives one buzzer")
        case (.some, nil):
            if place(.hz) != nil { refuse(.hz, "hz needs pwm = CHIP:CHANNEL; a GPIO line is only on or off") }
            requireKey(.chip, "the GPIO chip of line, like chip = gpiochip0", errors: &errors)
            if chip == nil { ok = false }
        case (nil, .some):
            for key in [FeedbackKey.chip, .activeLow] where place(key) != nil {
                refuse(key, "\(key.rawValue) goes with line = ...; pwm = CHIP:CHANNEL names its chip itself")
            }
        }
        let pulseMs = pulseMs ?? FeedbackConfig.defaultPulseMs
        if let pwm {
            return ok ? FeedbackConfig(device: .pwm(chip: pwm.chip, channel: pwm.channel, hz: hz ?? FeedbackConfig.defaultHz), pulseMs: pulseMs) : nil
        }
        guard ok, let chip, let line else { return nil }
        if outputs.contains(where: { $0.line == line && OutputConfig.sameChip($0.chip, chip) }) {
            refuse(.line, "\(chip) line \(line.configValue) is already an output of the panel ([output NAME] or a gpio action); "
                   + "the feedback pulse needs a line of its own")
        } else if let problem = controller?.problemDriving(chip: chip, line: line) {
            refuse(.line, problem)
        } else if let other = OutputConfig.otherNaming(chip: chip, line: line, among: outputs) {
            refuse(.line, OutputConfig.otherNamingMessage(chip: chip, line: line, other: other))
        }
        return ok ? FeedbackConfig(device: .line(OutputConfig(chip: chip, line: line, activeLow: activeLow ?? false)), pulseMs: pulseMs) : nil
    }
}
