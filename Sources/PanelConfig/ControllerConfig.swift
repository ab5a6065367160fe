import TouchCore

/// `[controller]`: the touch controller's model, the range its coordinates run over, and how
/// its axes map onto the display's (the kernel's touchscreen-inverted-x/y and
/// touchscreen-swapped-x-y, applied in that order).
public struct ControllerConfig: Equatable, Sendable {
    public var model: FT5x06Model
    /// The controller's range along its own X and Y axes (before any swap).
    public var width: Int32
    public var height: Int32
    public var invertX: Bool
    public var invertY: Bool
    public var swapXY: Bool

    public init(
        model: FT5x06Model, width: Int32, height: Int32,
        invertX: Bool = false, invertY: Bool = false, swapXY: Bool = false
    ) {
        self.model = model
        self.width = width
        self.height = height
        self.invertX = invertX
        self.invertY = invertY
        self.swapXY = swapXY
    }
}
