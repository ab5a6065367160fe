/// How the panel's logical picture (the coordinates buttons, touches and configuration use)
/// is turned on the framebuffer, clockwise, as seen on the physical panel in its native
/// orientation (memory row 0 at the top). The convention is fbcon's `rotate:` option:
///
/// | rotation | logical (x, y) lands at physical | logical (0, 0) at | logical size |
/// |---|---|---|---|
/// | 0   | (x, y)                          | top-left     | xres x yres |
/// | 90  | (xres - 1 - y, x)               | top-right    | yres x xres |
/// | 180 | (xres - 1 - x, yres - 1 - y)    | bottom-right | xres x yres |
/// | 270 | (y, yres - 1 - x)               | bottom-left  | yres x xres |
///
/// So with 90 the logical top edge runs down the physical right edge: a panel mounted with
/// its native right edge up (turned 90 degrees counter-clockwise) shows the picture upright.
/// The raw value is the angle in degrees, as a configuration writes it.
public enum DisplayRotation: Int, Sendable {
    case degrees0 = 0
    case degrees90 = 90
    case degrees180 = 180
    case degrees270 = 270

    /// 0, 90, 180 or 270, as the config's `rotation` key writes it.
    public var degrees: Int { rawValue }

    /// Whether logical width and height are the physical height and width.
    public var swapsAxes: Bool {
        self == .degrees90 || self == .degrees270
    }
}

extension DisplayRotation {
    /// The logical point shown at physical pixel `point` of a `physicalWidth` x
    /// `physicalHeight` panel: the inverse of the table above, so that a touch on a drawn
    /// button lands on that button at every rotation.
    public func logicalPoint(ofPhysical point: Point, physicalWidth: Int32, physicalHeight: Int32) -> Point {
        switch self {
        case .degrees0: point
        case .degrees90: Point(x: point.y, y: physicalWidth - 1 - point.x)
        case .degrees180: Point(x: physicalWidth - 1 - point.x, y: physicalHeight - 1 - point.y)
        case .degrees270: Point(x: physicalHeight - 1 - point.y, y: point.x)
        }
    }

    /// The physical pixel that shows logical `point`: the table above.
    public func physicalPoint(ofLogical point: Point, physicalWidth: Int32, physicalHeight: Int32) -> Point {
        switch self {
        case .degrees0: point
        case .degrees90: Point(x: physicalWidth - 1 - point.y, y: point.x)
        case .degrees180: Point(x: physicalWidth - 1 - point.x, y: physicalHeight - 1 - point.y)
        case .degrees270: Point(x: point.y, y: physicalHeight - 1 - point.x)
        }
    }
}
