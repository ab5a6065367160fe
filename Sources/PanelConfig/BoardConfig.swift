/// `[board]`: which board preset the config builds on, and whether the panel runs on the
/// simulated board or on hardware.
public struct BoardConfig: Equatable, Sendable {
    /// `preset = NAME` as written; nil when the config names no preset.
    public var presetName: String?
    /// The preset file that was loaded (`DIR/NAME.ini`, DIR from the search path as given).
    public var presetFile: String?
    /// Run on the simulated board instead of the controller and framebuffer. The default is
    /// yes exactly when no controller hardware (an I2C `bus`, or an input device) is configured
    /// (after applying the preset).
    public var simulated: Bool

    public init(presetName: String? = nil, presetFile: String? = nil, simulated: Bool = true) {
        self.presetName = presetName
        self.presetFile = presetFile
        self.simulated = simulated
    }
}
