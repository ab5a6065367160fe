/// Maps controller coordinates to display pixels, in the kernel's order
/// (touchscreen-inverted-x/y first, then touchscreen-swapped-x-y), then scales from the
/// controller's resolution to the display's.
public struct CoordinateTransform: Equatable, Sendable {
    /// The controller's coordinate range along its own X and Y axes.
    public var controllerWidth: Int32
    public var controllerHeight: Int32
    /// The display's size in pixels.
    public var displayWidth: Int32
    public var displayHeight: Int32
    public var invertX: Bool
    public var invertY: Bool
    public var swapXY: Bool

    public init(
        controllerWidth: Int32, controllerHeight: Int32,
        displayWidth: Int32, displayHeight: Int32,
        invertX: Bool = false, invertY: Bool = false, swapXY: Bool = false
    ) {
        self.controllerWidth = controllerWidth
        self.controllerHeight = controllerHeight
        self.displayWidth = displayWidth
        self.displayHeight = displayHeight
        self.invertX = invertX
        self.invertY = invertY
        self.swapXY = swapXY
    }

    /// A transform that changes nothing on a display of the given size.
    public static func identity(width: Int32, height: Int32) -> CoordinateTransform {
        CoordinateTransform(
            controllerWidth: width, controllerHeight: height, displayWidth: width, displayHeight: height)
    }

    public func apply(_ point: Point) -> Point {
        var x = point.x
        var y = point.y
        if invertX { x = controllerWidth - 1 - x }
        if invertY { y = controllerHeight - 1 - y }
        var rangeX = controllerWidth
        var rangeY = controllerHeight
        if swapXY {
            swap(&x, &y)
            swap(&rangeX, &rangeY)
        }
        return Point(
            x: CoordinateTransform.scale(x, from: rangeX, to: displayWidth),
            y: CoordinateTransform.scale(y, from: rangeY, to: displayHeight))
    }

    private static func scale(_ value: Int32, from source: Int32, to target: Int32) -> Int32 {
        if source == target || source <= 0 { return value }
        let scaled = widen(value) * widen(target) / widen(source)
        return Int32(truncatingIfNeeded: scaled)
    }
}
