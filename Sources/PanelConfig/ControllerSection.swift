import TouchCore

/// The keys of `[controller]`: which FT5x06 the panel has, how its axes sit relative to
/// the display, and where it is wired (bus, address, interrupt and reset lines).
enum ControllerKey: String, SectionKey {
    case model
    case width
    case height
    case invertX = "invert_x"
    case invertY = "invert_y"
    case swapXY = "swap_xy"
    case bus
    case address
    case interruptChip = "interrupt_chip"
    case interruptLine = "interrupt_line"
    case pollMs = "poll_ms"
    case resetChip = "reset_chip"
    case resetLine = "reset_line"
    case threshold
    case reportPeriod = "report_period"
}

extension FT5x06Model {
    /// Every model, in the order config messages list them. Kept beside the names so that a
    /// model added to TouchCore is added here too (FT5x06Model is not CaseIterable).
    static let configurable: [FT5x06Model] = [.ft5206, .ft5306, .ft5406, .ft5506, .ft5x26, .ft6206, .ft6236]

    /// The spelling in config files, as a String.
    var configName: String {
        name.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
    }
}

/// `[controller]` while it is read. Every key is optional: the defaults are the FT5406 of the
/// official 7" display, reporting in display pixels, axes as the display's, and no hardware
/// (no `bus`): the simulated board.
struct ControllerDraft: MergeableDraft {
    /// FT5x06 coordinates are 12 bits.
    static let rangeLimits: ClosedRange<Int> = 1...4096
    static let defaultModel = FT5x06Model.ft5406
    static let busRange: ClosedRange<Int> = 0...255
    static let pollRange: ClosedRange<Int> = 1...1000
    static let registerRange: ClosedRange<Int> = 0...255

    let title = "controller"
    let header: SourceLine
    var keyLines: [ControllerKey: SourceLine] = [:]
    var texts: [ControllerKey: String] = [:]
    var model: FT5x06Model?
    var width: Int32?
    var height: Int32?
    var invertX: Bool?
    var invertY: Bool?
    var swapXY: Bool?
    var bus: Int?
    var address: UInt8?
    var interruptChip: String?
    /// Nil for `interrupt_line = none` as well as when absent; `keyLines` tells them apart.
    var interruptLine: LineRef?
    var pollMs: Int?
    var resetChip: String?
    var resetLine: LineRef?
    var threshold: UInt8?
    var reportPeriod: UInt8?

    init(header: SourceLine) {
        self.header = header
    }

    mutating func set(_ key: ControllerKey, from value: String) throws(ValueProblem) {
        switch key {
        case .model: model = try ControllerDraft.model(named: value)
        case .width: width = Int32(try ValueSyntax.integer(value, in: ControllerDraft.rangeLimits, unit: " (controller units)"))
        case .height: height = Int32(try ValueSyntax.integer(value, in: ControllerDraft.rangeLimits, unit: " (controller units)"))
        case .invertX: invertX = try ValueSyntax.boolean(value)
        case .invertY: invertY = try ValueSyntax.boolean(value)
        case .swapXY: swapXY = try ValueSyntax.boolean(value)
        case .bus: bus = try ValueSyntax.integer(value, in: ControllerDraft.busRange, unit: " (the N of /dev/i2c-N)")
        case .address: address = try ValueSyntax.i2cAddress(value)
        case .interruptChip: interruptChip = try ValueSyntax.gpioChip(value)
        case .interruptLine: interruptLine = try ValueSyntax.lineRef(value, allowingNone: true)
        case .pollMs: pollMs = try ValueSyntax.integer(value, in: ControllerDraft.pollRange, unit: " (milliseconds)")
        case .resetChip: resetChip = try ValueSyntax.gpioChip(value)
        case .resetLine: resetLine = try ValueSyntax.lineRef(value, allowingNone: true)
        case .threshold:
            threshold = UInt8(try ValueSyntax.integer(value, in: ControllerDraft.registerRange, unit: " (written to register 0x80)"))
        case .reportPeriod:
            reportPeriod = UInt8(try ValueSyntax.integer(value, in: ControllerDraft.registerRange, unit: " (written to register 0x88)"))
        }
    }

    static func model(named text: String) throws(ValueProblem) -> FT5x06Model {
        var names = ""
        for model in FT5x06Model.configurable {
            if model.configName == text { return model }
            names += names.isEmpty ? model.configName : ", \(model.configName)"
        }
        throw .expected("one of \(names)", found: text)
    }

    /// The controller, with its coordinate range defaulting to the display's size as the
    /// controller sees it: with `swap_xy` the controller's X runs along the display's height,
    /// so an unscaled rotated panel needs no `width`/`height` here.
    ///
    /// The default range must still fit 12 bits; a larger display needs the controller's real
    /// range given explicitly; the complaint points at the display size it was derived from.
    func finish(display: DisplayConfig, from displayDraft: DisplayDraft, errors: inout ErrorCollector) -> ControllerConfig? {
        let swap = swapXY ?? false
        let resolvedWidth = width ?? (swap ? display.height : display.width)
        let resolvedHeight = height ?? (swap ? display.width : display.height)
        var fits = true
        if width == nil && !ControllerDraft.rangeLimits.contains(Int(resolvedWidth)) {
            fits = false
            ControllerDraft.complainTooLarge(resolvedWidth, as: "width", from: swap ? .height : .width, of: displayDraft, errors: &errors)
        }
        if height == nil && !ControllerDraft.rangeLimits.contains(Int(resolvedHeight)) {
            fits = false
            ControllerDraft.complainTooLarge(resolvedHeight, as: "height", from: swap ? .width : .height, of: displayDraft, errors: &errors)
        }
        let interruptComplete = requireLine(.interruptLine, for: .interruptChip, errors: &errors)
        let resetComplete = requireLine(.resetLine, for: .resetChip, errors: &errors)
        guard fits && interruptComplete && resetComplete else { return nil }
        let chip = ControllerConfig.defaultChip
        return ControllerConfig(
            model: model ?? ControllerDraft.defaultModel, width: resolvedWidth, height: resolvedHeight,
            invertX: invertX ?? false, invertY: invertY ?? false, swapXY: swap,
            bus: bus, address: address ?? ControllerConfig.defaultAddress,
            interrupt: interruptLine.map { InterruptLineConfig(chip: interruptChip ?? chip, line: $0) },
            pollIntervalMs: pollMs ?? ControllerConfig.defaultPollIntervalMs,
            reset: resetLine.map { OutputLineConfig(chip: resetChip ?? chip, line: $0) },
            threshold: threshold, reportPeriod: reportPeriod)
    }

    /// A chip key given without its line key would be silently ignored; it is a mistake
    /// (a line left out), or a leftover that should go. `line = none` counts as given.
    private func requireLine(_ line: ControllerKey, for chip: ControllerKey, errors: inout ErrorCollector) -> Bool {
        guard let chipPlace = keyLines[chip], keyLines[line] == nil else { return true }
        errors.add(at: chipPlace, section: title, key: chip.rawValue,
                   "given without \(line.rawValue); add \(line.rawValue) = OFFSET or NAME (like 24 or GPIO24), "
                   + "or remove \(chip.rawValue)")
        return false
    }

    private static func complainTooLarge(
        _ size: Int32, as controllerKey: String, from displayKey: DisplayKey, of displayDraft: DisplayDraft,
        errors: inout ErrorCollector
    ) {
        errors.add(at: displayDraft.keyLines[displayKey] ?? displayDraft.header,
                   section: displayDraft.title, key: displayKey.rawValue,
                   "\(size) pixels is more than an FT5x06 controller reports (at most 4096); "
                   + "give the controller's own range as \(controllerKey) in [controller]")
    }
}
