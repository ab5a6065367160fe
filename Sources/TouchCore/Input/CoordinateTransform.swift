/// Maps controller coordinates to the logical display pixels buttons are laid out in, in
/// three steps:
///
/// 1. The controller's axes onto the panel in its native orientation (the framebuffer's
///    memory order), in the kernel's order: touchscreen-inverted-x/y first, then
///    touchscreen-swapped-x-y, then scaled from the controller's range to the panel's size.
///    A board preset carries these for its panel, so a user never works them out.
/// 2. `[display] rotation`, the same turn the renderer gives the picture (`DisplayRotation`),
///    so that rotating the display turns the touch with it.
/// 3. An optional affine calibration in logical pixels, for a panel whose touch is off.
public struct CoordinateTransform: Equatable, Sendable {
    /// The controller's coordinate range along its own X and Y axes.
    public var controllerWidth: Int32
    public var controllerHeight: Int32
    /// The panel's size in its native orientation (the framebuffer's xres and yres).
    public var panelWidth: Int32
    public var panelHeight: Int32
    public var invertX: Bool
    public var invertY: Bool
    public var swapXY: Bool
    public var rotation: DisplayRotation
    public var calibration: AffineCalibration?

    public init(
        controllerWidth: Int32, controllerHeight: Int32,
        panelWidth: Int32, panelHeight: Int32,
        invertX: Bool = false, invertY: Bool = false, swapXY: Bool = false,
        rotation: DisplayRotation = .degrees0, calibration: AffineCalibration? = nil
    ) {
        self.controllerWidth = controllerWidth
        self.controllerHeight = controllerHeight
        self.panelWidth = panelWidth
        self.panelHeight = panelHeight
        self.invertX = invertX
        self.invertY = invertY
        self.swapXY = swapXY
        self.rotation = rotation
        self.calibration = calibration
    }

    /// A transform that changes nothing on a display of the given size.
    public static func identity(width: Int32, height: Int32) -> CoordinateTransform {
        CoordinateTransform(controllerWidth: width, controllerHeight: height, panelWidth: width, panelHeight: height)
    }

    /// The logical display's size: the panel's, turned by the rotation.
    public var logicalWidth: Int32 { rotation.swapsAxes ? panelHeight : panelWidth }
    public var logicalHeight: Int32 { rotation.swapsAxes ? panelWidth : panelHeight }

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
        let panel = Point(
            x: CoordinateTransform.scale(x, from: rangeX, to: panelWidth),
            y: CoordinateTransform.scale(y, from: rangeY, to: panelHeight))
        let logical = rotation.logicalPoint(ofPhysical: panel, physicalWidth: panelWidth, physicalHeight: panelHeight)
        guard let calibration else { return logical }
        return calibration.apply(logical)
    }

    /// The controller coordinates that `apply` maps onto display pixel `point`: what the
    /// simulated board's controller reports for a trace's point line. Each step of `apply`
    /// undone in reverse order; the scaling rounds up, so that `apply`'s rounding down lands
    /// on the same pixel whenever the controller's range is at least the panel's size. Not on
    /// the touch path: built for size.
    @_optimize(size)
    public func controllerPoint(for point: Point) -> Point {
        let logical = calibration?.preimage(of: point) ?? point
        let panel = rotation.physicalPoint(ofLogical: logical, physicalWidth: panelWidth, physicalHeight: panelHeight)
        let rangeX = swapXY ? controllerHeight : controllerWidth
        let rangeY = swapXY ? controllerWidth : controllerHeight
        var x = CoordinateTransform.unscale(panel.x, to: rangeX, from: panelWidth)
        var y = CoordinateTransform.unscale(panel.y, to: rangeY, from: panelHeight)
        if swapXY { swap(&x, &y) }
        if invertX { x = controllerWidth - 1 - x }
        if invertY { y = controllerHeight - 1 - y }
        return Point(x: x, y: y)
    }

    private static func scale(_ value: Int32, from source: Int32, to target: Int32) -> Int32 {
        if source == target || source <= 0 { return value }
        let scaled = widen(value) * widen(target) / widen(source)
        return Int32(truncatingIfNeeded: scaled)
    }

    /// `scale` backwards, rounding up and kept within the controller's range.
    private static func unscale(_ value: Int32, to range: Int32, from display: Int32) -> Int32 {
        if range == display || display <= 0 { return value }
        let scaled = (widen(value) * widen(range) + widen(display) - 1) / widen(display)
        return Int32(truncatingIfNeeded: max(0, min(scaled, widen(range) - 1)))
    }
}

/// A 6-number affine calibration in tslib's order: x' = a·x + b·y + c, y' = d·x + e·y + f,
/// in logical display pixels (tslib's pointercal with its divisor already applied). Held in
/// 16.16 fixed point so the board needs no floating point on the touch path.
public struct AffineCalibration: Equatable, Sendable {
    /// a, b, c, d, e, f, each scaled by 65536.
    public var a: Int64, b: Int64, c: Int64, d: Int64, e: Int64, f: Int64

    public static let one: Int64 = 65_536

    public init(a: Int64, b: Int64, c: Int64, d: Int64, e: Int64, f: Int64) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.e = e
        self.f = f
    }

    public static let identity = AffineCalibration(a: one, b: 0, c: 0, d: 0, e: one, f: 0)

    public func apply(_ point: Point) -> Point {
        let x = widen(point.x)
        let y = widen(point.y)
        let outX = (a &* x &+ b &* y &+ c) &>> 16
        let outY = (d &* x &+ e &* y &+ f) &>> 16
        return Point(x: AffineCalibration.clamp(outX), y: AffineCalibration.clamp(outY))
    }

    /// The point that `apply` maps onto `point`: the inverse matrix at the middle of the
    /// pixel, then a search of the neighbours for the one that lands exactly on it (the fixed
    /// point rounds down). In whole numbers, as `apply`; a matrix without an inverse leaves
    /// the point as it is, and one too wild for 64 bits gives some point, never a trap. Not on
    /// the touch path: built for size.
    @_optimize(size)
    public func preimage(of point: Point) -> Point {
        let determinant = a &* e &- b &* d
        guard determinant != 0 else { return point }
        let px = widen(point.x) &* AffineCalibration.one &+ AffineCalibration.one / 2 &- c
        let py = widen(point.y) &* AffineCalibration.one &+ AffineCalibration.one / 2 &- f
        let guess = Point(
            x: AffineCalibration.clamp((e &* px &- b &* py).dividedReportingOverflow(by: determinant).partialValue),
            y: AffineCalibration.clamp((a &* py &- d &* px).dividedReportingOverflow(by: determinant).partialValue))
        for dy in Int32(-2)...2 {
            for dx in Int32(-2)...2 {
                let candidate = Point(x: guess.x + dx, y: guess.y + dy)
                if apply(candidate) == point { return candidate }
            }
        }
        return guess
    }

    /// Keeps a wild matrix from wrapping a coordinate around: far off the display is off it.
    private static func clamp(_ value: Int64) -> Int32 {
        if value > 1_048_576 { return 1_048_576 }
        if value < -1_048_576 { return -1_048_576 }
        return Int32(truncatingIfNeeded: value)
    }
}
