/// A GPIO output the panel drives for its buttons' `gpio` actions: declared in an
/// `[output NAME]` section, or named by chip and line in an action and then taken with the
/// defaults (active high, off at start).
public struct OutputConfig: Equatable, Sendable {
    /// The section's name; nil for a line only named in an action.
    public var name: String?
    /// A chip name (`gpiochip0`), label or path, as `gpio` actions name it.
    public var chip: String
    public var line: Int
    /// The line is active (on) when low: relay boards that switch on a low input.
    public var activeLow: Bool
    /// The level the line is requested at when the panel starts: on (active) or off.
    /// Off by default, so that no relay switches when the panel starts.
    public var startsOn: Bool

    public init(name: String? = nil, chip: String, line: Int, activeLow: Bool = false, startsOn: Bool = false) {
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
