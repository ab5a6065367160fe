import TouchCore

/// The keys of `[controller]`: which FT5x06 the panel has and how its axes sit relative to
/// the display.
enum ControllerKey: String, SectionKey {
    case model
    case width
    case height
    case invertX = "invert_x"
    case invertY = "invert_y"
    case swapXY = "swap_xy"
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
/// official 7" display, reporting in display pixels, axes as the display's.
struct ControllerDraft: SectionDraft {
    /// FT5x06 coordinates are 12 bits.
    static let rangeLimits: ClosedRange<Int> = 1...4096
    static let defaultModel = FT5x06Model.ft5406

    let title = "controller"
    let headerLine: Int
    var keyLines: [ControllerKey: Int] = [:]
    var model: FT5x06Model?
    var width: Int32?
    var height: Int32?
    var invertX: Bool?
    var invertY: Bool?
    var swapXY: Bool?

    init(headerLine: Int) {
        self.headerLine = headerLine
    }

    mutating func set(_ key: ControllerKey, from value: String) throws(ValueProblem) {
        switch key {
        case .model: model = try ControllerDraft.model(named: value)
        case .width: width = Int32(try ValueSyntax.integer(value, in: ControllerDraft.rangeLimits, unit: " (controller units)"))
        case .height: height = Int32(try ValueSyntax.integer(value, in: ControllerDraft.rangeLimits, unit: " (controller units)"))
        case .invertX: invertX = try ValueSyntax.boolean(value)
        case .invertY: invertY = try ValueSyntax.boolean(value)
        case .swapXY: swapXY = try ValueSyntax.boolean(value)
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
        guard fits else { return nil }
        return ControllerConfig(
            model: model ?? ControllerDraft.defaultModel, width: resolvedWidth, height: resolvedHeight,
            invertX: invertX ?? false, invertY: invertY ?? false, swapXY: swap)
    }

    private static func complainTooLarge(
        _ size: Int32, as controllerKey: String, from displayKey: DisplayKey, of displayDraft: DisplayDraft,
        errors: inout ErrorCollector
    ) {
        errors.add(line: displayDraft.keyLines[displayKey] ?? displayDraft.headerLine,
                   section: displayDraft.title, key: displayKey.rawValue,
                   "\(size) pixels is more than an FT5x06 controller reports (at most 4096); "
                   + "give the controller's own range as \(controllerKey) in [controller]")
    }
}
