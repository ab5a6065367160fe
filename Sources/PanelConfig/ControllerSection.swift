import LinuxSystem
import TouchCore

/// The keys of `[controller]`: which controller the panel has (a row of the model table),
/// how its axes sit on the panel in its native orientation, and where it is: bus, address,
/// interrupt and reset lines for an I2C chip, or the input device for evdev.
enum ControllerKey: String, SectionKey {
    case model
    case width
    case height
    case invertX = "invert_x"
    case invertY = "invert_y"
    case swapXY = "swap_xy"
    case calibration
    case bus
    case address
    case interruptChip = "interrupt_chip"
    case interruptLine = "interrupt_line"
    case pollMs = "poll_ms"
    case resetChip = "reset_chip"
    case resetLine = "reset_line"
    case stuckMs = "stuck_ms"
    case threshold
    case reportPeriod = "report_period"
    case device
    case name
    case grab

    var doc: KeyDoc {
        let axis = "the display's, in the controller's axes"
        let range = "\(KeyDoc.span(ControllerDraft.rangeLimits)) (FT5x06: \(KeyDoc.span(ControllerDraft.ft5x06RangeLimits))); "
            + "a GT911 or an input device reports its own at start, used unless this is given"
        let register = "FT5x06: \(KeyDoc.span(ControllerDraft.registerRange)), written to register"
        return switch self {
        case .model: .value(ControllerDraft.defaultModel.configName, ControllerKey.modelList)
        case .width: .words(axis, "the controller's X range, " + range)
        case .height: .words(axis, "the controller's Y range, " + range)
        case .invertX: .value("no", "the controller's X axis against the panel's native orientation, inverted before any swap")
        case .invertY: .value("no", "the same for Y")
        case .swapXY: .value("no", "then X and Y swapped")
        case .calibration:
            .words("none", "six numbers `a b c d e f`: x' = a·x + b·y + c, y' = d·x + e·y + f in display pixels, "
                   + "after the rotation (tslib's order)")
        case .bus: .words("none: no hardware", "I2C: the N of /dev/i2c-N, \(KeyDoc.span(ControllerDraft.busRange))")
        case .address:
            .words("`\(HexText.byte(ControllerModel.ft5406.defaultAddress ?? 0))` (FT5x06), "
                   + "`\(HexText.byte(ControllerModel.gt911.defaultAddress ?? 0))` (Goodix)",
                   "I2C: 0x03..0x77: hex after `0x` (`0x38`, `0x0038`) or decimal; `probe --address` takes the same")
        case .interruptChip: .value(ControllerConfig.defaultChip, "I2C: the chip of `interrupt_line`: a name, label or /dev path")
        case .interruptLine: .words("none: polling", "I2C: the INT line: an offset 0..1023, a name like `GPIO24`, or `none`")
        case .pollMs:
            .value("\(ControllerConfig.defaultPollInterval.nanoseconds / 1_000_000)",
                   "I2C: how often to read the controller without an INT line, \(KeyDoc.span(ControllerDraft.pollRange)) ms")
        case .resetChip: .value(ControllerConfig.defaultChip, "I2C: the chip of `reset_line`")
        case .resetLine: .words("none", "I2C: an output to the controller's reset: an offset, a name, or `none`")
        case .stuckMs:
            .value("\(ControllerConfig.defaultStuckAfter.nanoseconds / 1_000_000)",
                   "I2C: the same report with touches down this long is a frozen controller, which the watchdog "
                   + "resets; \(KeyDoc.span(ControllerDraft.stuckRange)) ms, 0: never")
        case .threshold: .words("the controller's", "\(register) 0x80 (touch threshold)")
        case .reportPeriod: .words("the controller's", "\(register) 0x88 (report period)")
        case .device: .words("none", "evdev: `/dev/input/eventN`, or a `/dev/input/by-path/...` or `by-id/...` link")
        case .name: .words("none", "evdev: the device's name (`/proc/bus/input/devices`), instead of `device`")
        case .grab: .value("no", "evdev: take the device exclusively (EVIOCGRAB), so no desktop acts on the same touches")
        }
    }

    /// `ft5206` ... `ft6336` (FocalTech), `gt911` `gt9271` (Goodix), `evdev` (an input device):
    /// the models in table order, each family's after its last.
    private static var modelList: String {
        var text = ""
        let models = ControllerModel.all
        for (index, model) in models.enumerated() {
            text += "`\(model.configName)`"
            guard index + 1 < models.count, models[index + 1].family == model.family else {
                let name = switch model.family {
                case .ft5x06: "FocalTech"
                case .goodix: "Goodix"
                case .evdev: "an input device"
                }
                text += " (\(name))" + (index + 1 < models.count ? ", " : "")
                continue
            }
            text += " "
        }
        return text
    }
}

extension ControllerModel {
    /// Every row of the table, in its order (the order config messages list them).
    static var all: [ControllerModel] {
        (0..<ControllerModel.count).compactMap { ControllerModel(rawValue: $0) }
    }

    /// The spelling in config files, as a String.
    public var configName: String {
        name.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
    }
}

/// `[controller]` while it is read. Every key is optional: the defaults are the FT5406 of the
/// official 7" display, reporting in display pixels, axes as the display's, and no hardware
/// (no `bus`, no input device): the simulated board.
struct ControllerDraft: MergeableDraft {
    /// FT5x06 coordinates are 12 bits; GT911 and evdev ranges are 16 bits.
    static let rangeLimits: ClosedRange<Int> = 1...65535
    static let ft5x06RangeLimits: ClosedRange<Int> = 1...4096
    static let defaultModel = ControllerModel.ft5406
    static let busRange: ClosedRange<Int> = 0...255
    static let pollRange: ClosedRange<Int> = 1...1000
    static let registerRange: ClosedRange<Int> = 0...255
    /// Up to ten minutes; 0 turns the stuck-report check off.
    static let stuckRange: ClosedRange<Int> = 0...600_000

    let title = "controller"
    let header: SourceLine
    var given = GivenKeys()
    var model: ControllerModel?
    var width: Int32?
    var height: Int32?
    var invertX: Bool?
    var invertY: Bool?
    var swapXY: Bool?
    var calibration: AffineCalibration?
    var bus: Int?
    var address: UInt8?
    var interruptChip: String?
    /// Nil for `interrupt_line = none` as well as when absent; `place(.interruptLine)` tells them apart.
    var interruptLine: LineRef?
    var pollMs: Int?
    var resetChip: String?
    var resetLine: LineRef?
    var stuckMs: Int?
    var threshold: UInt8?
    var reportPeriod: UInt8?
    var device: String?
    var deviceName: String?
    var grab: Bool?

    init(header: SourceLine) {
        self.header = header
    }

    /// A panel config's `name` replaces its preset's `device`, and the other way round.
    static let alternatives: [[ControllerKey]] = [[.device, .name]]

    mutating func set(_ key: ControllerKey, from value: String) throws(ValueProblem) {
        switch key {
        case .model: model = try ControllerDraft.model(named: value)
        case .width: width = Int32(try ValueSyntax.integer(value, in: ControllerDraft.rangeLimits, unit: " (controller units)"))
        case .height: height = Int32(try ValueSyntax.integer(value, in: ControllerDraft.rangeLimits, unit: " (controller units)"))
        case .invertX: invertX = try ValueSyntax.boolean(value)
        case .invertY: invertY = try ValueSyntax.boolean(value)
        case .swapXY: swapXY = try ValueSyntax.boolean(value)
        case .calibration: calibration = try ControllerDraft.calibration(value)
        case .bus: bus = try ValueSyntax.integer(value, in: ControllerDraft.busRange, unit: " (the N of /dev/i2c-N)")
        case .address: address = try ValueSyntax.i2cAddress(value)
        case .interruptChip: interruptChip = try ValueSyntax.gpioChip(value)
        case .interruptLine: interruptLine = try ValueSyntax.lineRef(value, allowingNone: true)
        case .pollMs: pollMs = try ValueSyntax.integer(value, in: ControllerDraft.pollRange, unit: " (milliseconds)")
        case .resetChip: resetChip = try ValueSyntax.gpioChip(value)
        case .resetLine: resetLine = try ValueSyntax.lineRef(value, allowingNone: true)
        case .stuckMs: stuckMs = try ValueSyntax.integer(value, in: ControllerDraft.stuckRange, unit: " (milliseconds, 0 for never)")
        case .threshold:
            threshold = UInt8(try ValueSyntax.integer(value, in: ControllerDraft.registerRange, unit: " (written to register 0x80)"))
        case .reportPeriod:
            reportPeriod = UInt8(try ValueSyntax.integer(value, in: ControllerDraft.registerRange, unit: " (written to register 0x88)"))
        case .device: device = try ValueSyntax.absolutePath(value, of: "an input device (/dev/input/eventN or a /dev/input/by-path link)")
        case .name:
            guard !value.isEmpty else { throw .expected("the input device's name, as /proc/bus/input/devices shows it", found: value) }
            deviceName = value
        case .grab: grab = try ValueSyntax.boolean(value)
        }
    }

    static func model(named text: String) throws(ValueProblem) -> ControllerModel {
        for model in ControllerModel.all where model.configName == text {
            return model
        }
        throw .expected("one of " + ControllerModel.all.map { $0.configName }.joined(separator: ", "), found: text)
    }

    /// Six numbers `a b c d e f`: x' = a·x + b·y + c, y' = d·x + e·y + f in display pixels
    /// (tslib's order), each a decimal such as `1`, `-0.5` or `12.25`.
    static func calibration(_ text: String) throws(ValueProblem) -> AffineCalibration {
        let words = ValueSyntax.words(text)
        var values: [Int64] = []
        for word in words {
            guard let value = ValueSyntax.fixedPoint16(word) else { break }
            values.append(value)
        }
        guard words.count == 6, values.count == 6 else {
            throw .expected("six numbers \"a b c d e f\" (x' = a*x + b*y + c, y' = d*x + e*y + f; identity: 1 0 0 0 1 0)", found: text)
        }
        return AffineCalibration(a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5])
    }

    /// The controller, with its coordinate range defaulting to the panel's size in its native
    /// orientation as the controller sees it: with `swap_xy` the controller's X runs along the
    /// panel's height. A GT911 or an input device reports its own range at start; the default
    /// then serves replay and the simulated board.
    ///
    /// An FT5x06's default range must still fit its 12 bits; a larger display needs the
    /// controller's real range given explicitly; the complaint points at the display size.
    func finish(display: DisplayConfig, from displayDraft: DisplayDraft, errors: inout ErrorCollector) -> ControllerConfig? {
        let model = model ?? ControllerDraft.defaultModel
        let swap = swapXY ?? false
        let panelWidth = display.width
        let panelHeight = display.height
        let resolvedWidth = width ?? (swap ? panelHeight : panelWidth)
        let resolvedHeight = height ?? (swap ? panelWidth : panelHeight)
        var fine = true
        if model.family == .ft5x06 {
            let limits = ControllerDraft.ft5x06RangeLimits
            for (value, key, displayKey) in [(resolvedWidth, ControllerKey.width, swap ? DisplayKey.height : .width),
                                             (resolvedHeight, ControllerKey.height, swap ? DisplayKey.width : .height)]
            where !limits.contains(Int(value)) {
                fine = false
                if let keyPlace = place(key) {
                    errors.add(at: keyPlace, section: title, key: key.rawValue,
                               "\(value) is more than an FT5x06 controller reports (12 bits: at most 4096)")
                } else {
                    ControllerDraft.complainTooLarge(value, as: key.rawValue, from: displayKey, of: displayDraft, errors: &errors)
                }
            }
        }
        fine = refuseKeys(notFor: model, errors: &errors) && fine
        if let devicePlace = place(.device), place(.name) != nil {
            fine = false
            errors.add(at: devicePlace, section: title, key: ControllerKey.device.rawValue,
                       "give device or name, not both")
        }
        let interruptComplete = requireLine(.interruptLine, for: .interruptChip, errors: &errors)
        let resetComplete = requireLine(.resetLine, for: .resetChip, errors: &errors)
        guard fine && interruptComplete && resetComplete else { return nil }
        let chip = ControllerConfig.defaultChip
        return ControllerConfig(
            // An FT5x06 reports no range of its own: its range is always the config's.
            model: model, width: resolvedWidth, height: resolvedHeight,
            rangeGiven: model.family == .ft5x06 || (width != nil && height != nil),
            invertX: invertX ?? false, invertY: invertY ?? false, swapXY: swap, calibration: calibration,
            bus: bus, address: address,
            interrupt: interruptLine.map { InterruptLineConfig(chip: interruptChip ?? chip, line: $0) },
            pollInterval: pollMs.map { .milliseconds(Int64($0)) } ?? ControllerConfig.defaultPollInterval,
            reset: resetLine.map { OutputLineConfig(chip: resetChip ?? chip, line: $0) },
            stuckAfter: stuckMs.map { $0 > 0 ? .milliseconds(Int64($0)) : nil } ?? ControllerConfig.defaultStuckAfter,
            threshold: threshold, reportPeriod: reportPeriod,
            device: device, deviceName: deviceName, grab: grab ?? false)
    }

    /// Keys that mean nothing for the model's family are errors, not silently ignored: an
    /// I2C bus for an input device, an input device for an I2C chip, FT5x06 registers for a
    /// GT911.
    private func refuseKeys(notFor model: ControllerModel, errors: inout ErrorCollector) -> Bool {
        let i2cKeys: [ControllerKey] = [.bus, .address, .interruptChip, .interruptLine, .pollMs, .resetChip, .resetLine, .stuckMs]
        let evdevKeys: [ControllerKey] = [.device, .name, .grab]
        let ft5x06Keys: [ControllerKey] = [.threshold, .reportPeriod]
        var refused: [(ControllerKey, String)] = []
        switch model.family {
        case .evdev:
            for key in i2cKeys + ft5x06Keys { refused.append((key, "is for controllers read over I2C; model = evdev reads an input device")) }
        case .goodix:
            for key in evdevKeys { refused.append((key, "is for model = evdev")) }
            for key in ft5x06Keys { refused.append((key, "is an FT5x06 register; a Goodix chip keeps its settings in its config block")) }
        case .ft5x06:
            for key in evdevKeys { refused.append((key, "is for model = evdev")) }
        }
        var fine = true
        for (key, reason) in refused {
            guard let keyPlace = place(key) else { continue }
            fine = false
            errors.add(at: keyPlace, section: title, key: key.rawValue, "\(key.rawValue) \(reason) (model = \(model.configName))")
        }
        return fine
    }

    /// A chip key given without its line key would be silently ignored; it is a mistake
    /// (a line left out), or a leftover that should go. `line = none` counts as given.
    private func requireLine(_ line: ControllerKey, for chip: ControllerKey, errors: inout ErrorCollector) -> Bool {
        guard let chipPlace = place(chip), place(line) == nil else { return true }
        errors.add(at: chipPlace, section: title, key: chip.rawValue,
                   "given without \(line.rawValue); add \(line.rawValue) = OFFSET or NAME (like 24 or GPIO24), "
                   + "or remove \(chip.rawValue)")
        return false
    }

    private static func complainTooLarge(
        _ size: Int32, as controllerKey: String, from displayKey: DisplayKey, of displayDraft: DisplayDraft,
        errors: inout ErrorCollector
    ) {
        errors.add(at: displayDraft.place(displayKey) ?? displayDraft.header,
                   section: displayDraft.title, key: displayKey.rawValue,
                   "\(size) pixels is more than an FT5x06 controller reports (at most 4096); "
                   + "give the controller's own range as \(controllerKey) in [controller]")
    }
}
