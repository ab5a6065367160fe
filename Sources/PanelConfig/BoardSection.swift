import TouchCore

/// The keys of `[board]`.
enum BoardKey: String, SectionKey {
    case preset
    case simulated
    case placeholders

    var doc: KeyDoc {
        switch self {
        case .preset:
            .words("none", "NAME of `boards/NAME.ini`, applied first: 1 to \(BoardDraft.maxPresetNameLength) "
                   + "of A-Z a-z 0-9 `_ . -`; not in a preset")
        case .simulated:
            .words("`yes` without controller hardware, `no` with it",
                   "`no` runs on the hardware, which needs a `bus` (or for evdev a `device` or `name`)")
        case .placeholders:
            .words("none", "`size`, `device` or both, comma-separated: in a preset, its display size or touch device "
                   + "stands in for the user's, so a panel config that gives its own is not warned of; "
                   + "nothing in a panel config")
        }
    }
}

/// A value of a board preset that only stands in for the user's own (the 800x480 and the
/// event0 of `generic-evdev`): a panel config that replaces it does what the preset asks, so
/// `check` does not warn of it.
enum PresetPlaceholder: String {
    /// `[display] width` and `height`.
    case size
    /// `[controller] device` or `name`.
    case device
}

/// `[board]` while it is read. In a board preset `preset` is refused: presets do not nest.
struct BoardDraft: MergeableDraft {
    /// Preset names become file names, so they keep to the characters of button names.
    static let maxPresetNameLength = 64

    let title = "board"
    let header: SourceLine
    /// True for the `[board]` of a board preset file.
    let inPreset: Bool
    var given = GivenKeys()
    var preset: String?
    var simulated: Bool?
    /// What the preset leaves for the panel config to set (`placeholders = size, device`).
    var placeholders: [PresetPlaceholder] = []

    init(header: SourceLine) {
        self.init(header: header, inPreset: false)
    }

    init(header: SourceLine, inPreset: Bool) {
        self.header = header
        self.inPreset = inPreset
    }

    mutating func set(_ key: BoardKey, from value: String) throws(ValueProblem) {
        switch key {
        case .preset:
            guard !inPreset else {
                throw ValueProblem("a board preset cannot name another preset; presets do not nest")
            }
            preset = try BoardDraft.presetName(value)
        case .simulated: simulated = try ValueSyntax.boolean(value)
        case .placeholders:
            placeholders = try BoardDraft.placeholderList(value)
        }
    }

    /// `size`, `device` or both, comma-separated, each once.
    static func placeholderList(_ text: String) throws(ValueProblem) -> [PresetPlaceholder] {
        var list: [PresetPlaceholder] = []
        for part in Array(text.utf8).split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            let word = String(decoding: ValueSyntax.trimmed(part), as: UTF8.self)
            guard let placeholder = PresetPlaceholder(rawValue: word), !list.contains(placeholder) else {
                throw .expected("size, device or \"size, device\"", found: text)
            }
            list.append(placeholder)
        }
        return list
    }

    /// NAME of `boards/NAME.ini`: 1 to 64 of `A-Z a-z 0-9 _ . -`, not starting with a dot, so
    /// that it can only name a file in a boards directory.
    static func presetName(_ text: String) throws(ValueProblem) -> String {
        let bytes = Array(text.utf8)
        if bytes.count > 4 && bytes.suffix(4).elementsEqual(".ini".utf8) {
            let name = String(decoding: bytes[..<(bytes.count - 4)], as: UTF8.self)
            throw .expected("the preset's name without .ini, like \(name)", found: text)
        }
        guard !bytes.isEmpty, bytes.count <= maxPresetNameLength, bytes[0] != UInt8(ascii: "."),
              bytes.allSatisfy(ValueSyntax.isNameByte)
        else {
            throw .expected("a preset name (the NAME of a boards/NAME.ini file): 1 to 64 characters of "
                            + "A-Z a-z 0-9 _ . -, not starting with .", found: text)
        }
        return text
    }

    /// The board. Running on hardware needs a controller to run with: `simulated = no`
    /// without a `bus` (or, for evdev, an input device) is an error, found here because the
    /// hardware may come from the preset.
    func finish(presetFile: String?, controller: ControllerConfig?, errors: inout ErrorCollector) -> BoardConfig? {
        let hasHardware = controller?.hasHardware ?? false
        if simulated == false && controller != nil && !hasHardware, let simulatedPlace = place(.simulated) {
            let what = controller?.model.family == .evdev
                ? "the input device; set device or name in [controller]"
                : "the controller's I2C bus; set bus in [controller]"
            errors.add(at: simulatedPlace, section: title, key: BoardKey.simulated.rawValue,
                       "simulated = no runs on the hardware, which needs \(what) (or name a board preset that does)")
            return nil
        }
        return BoardConfig(presetName: preset, presetFile: presetFile, simulated: simulated ?? !hasHardware)
    }
}
