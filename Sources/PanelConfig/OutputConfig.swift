/// A GPIO output the panel drives for its buttons' `gpio` actions: declared in an
/// `[output NAME]` section, or named by chip and line in an action and then taken with the
/// defaults (active high, off at start).
public struct OutputConfig: Equatable, Sendable {
    /// The section's name; nil for a line only named in an action.
    public var name: String?
    /// A chip name (`gpiochip0`), label or path, as `gpio` actions name it.
    public var chip: String
    /// An offset (`17`), or a line name (`GPIO17`) when an `[output]` section gives one.
    public var line: LineRef
    /// The line is active (on) when low: relay boards that switch on a low input.
    public var activeLow: Bool
    /// The level the line is requested at when the panel starts: on (active) or off.
    /// Off by default, so that no relay switches when the panel starts.
    public var startsOn: Bool

    public init(name: String? = nil, chip: String, line: LineRef, activeLow: Bool = false, startsOn: Bool = false) {
        self.name = name
        self.chip = chip
        self.line = line
        self.activeLow = activeLow
        self.startsOn = startsOn
    }

    /// Whether two chip names are one chip as far as a config can tell: `gpiochip0` and
    /// `/dev/gpiochip0` are. (A label such as `pinctrl-bcm2711` is only known on the Pi.)
    static func sameChip(_ first: String, _ second: String) -> Bool {
        func plain(_ chip: String) -> Substring {
            chip.hasPrefix("/dev/") ? chip.dropFirst(5) : Substring(chip)
        }
        return plain(first) == plain(second)
    }

    /// A declared output on the same chip whose line is given the other way (by name where
    /// `line` is an offset, or the other way round). Whether the two are one line is only
    /// known once the chip is open, and two keys for one line would be two outputs: the
    /// config refuses the mix rather than find out at start.
    static func otherNaming(chip: String, line: LineRef, among outputs: [OutputConfig]) -> OutputConfig? {
        func isName(_ line: LineRef) -> Bool {
            if case .name = line { return true }
            return false
        }
        return outputs.first { isName($0.line) != isName(line) && sameChip($0.chip, chip) }
    }

    /// Why `chip` `line` cannot be driven beside `other` (from `otherNaming`).
    static func otherNamingMessage(chip: String, line: LineRef, other: OutputConfig) -> String {
        "gpio \(chip) \(line.configValue) may be the line of [output \(other.name ?? "")] (\(other.chip) \(other.line.configValue)): "
            + "a line name is matched to its offset only when the chip is opened; "
            + "give the lines of one chip all by offset or all by name"
    }

    /// Every line the panel drives: the declared outputs in file order, then each line that
    /// actions name by chip and line and no section declares, with the defaults.
    static func all(declared: [OutputConfig], usedBy buttons: [ButtonConfig]) -> [OutputConfig] {
        var result = declared
        for button in buttons {
            for action in button.allActions {
                guard case .gpio(let chip, let line, _) = action else { continue }
                if !result.contains(where: { $0.line == line && sameChip($0.chip, chip) }) {
                    result.append(OutputConfig(chip: chip, line: line))
                }
            }
        }
        return result
    }
}
