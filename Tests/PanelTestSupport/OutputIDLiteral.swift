import PanelConfig

/// `"gpiochip0:17"` and `"gpiochip0:GPIO17"` as output ids in tests, written as logs show them.
extension OutputID: ExpressibleByStringLiteral {
    public init(stringLiteral text: String) {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        let line: LineRef = Int(parts[1]).map { .offset($0) } ?? .name(parts[1])
        self.init(chip: parts[0], line: line)
    }
}
