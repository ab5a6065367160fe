/// One GPIO output as the panel keys it: its chip, without `/dev/`, and its line as the
/// config names it. `gpiochip0:17` and `gpiochip0:GPIO17` are two ids: the config refuses
/// outputs that mix the two namings on one chip (`OutputConfig.otherNaming`), so one line
/// never has two.
public struct OutputID: Hashable, Sendable, CustomStringConvertible {
    /// The chip name, label or path with any `/dev/` taken off.
    public let chip: String
    public let line: LineRef

    public init(chip: String, line: LineRef) {
        self.chip = chip.hasPrefix("/dev/") ? String(chip.dropFirst(5)) : chip
        self.line = line
    }

    /// `gpiochip0:17`, or `gpiochip0:GPIO17` for a named line: what logs and errors say.
    public var description: String { "\(chip):\(line.configValue)" }
}

extension OutputConfig {
    public var id: OutputID { OutputID(chip: chip, line: line) }
}
