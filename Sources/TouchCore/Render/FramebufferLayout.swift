/// The geometry of a framebuffer's memory and how the logical picture maps onto it: the
/// visible physical size (`xres`, `yres`), the line length in bytes (which may exceed
/// `xres * bytesPerPixel`; the padding is never written), the pixel format and the rotation
/// (see `DisplayRotation` for the convention).
public struct FramebufferLayout: Hashable, Sendable {
    /// The framebuffer's visible width in pixels (`fb_var_screeninfo.xres`).
    public let physicalWidth: Int32
    /// The framebuffer's visible height in pixels (`fb_var_screeninfo.yres`).
    public let physicalHeight: Int32
    /// Bytes from one row to the next (`fb_fix_screeninfo.line_length`).
    public let strideBytes: Int
    public let format: PixelFormat
    public let rotation: DisplayRotation

    /// Nil unless both sizes are positive, a row fits in the stride and the whole buffer's
    /// size fits in an `Int` (32 bits on armhf).
    public init?(
        physicalWidth: Int32, physicalHeight: Int32, strideBytes: Int, format: PixelFormat,
        rotation: DisplayRotation = .degrees0
    ) {
        guard physicalWidth > 0, physicalHeight > 0 else { return nil }
        let row = Int(physicalWidth).multipliedReportingOverflow(by: format.bytesPerPixel)
        guard !row.overflow, strideBytes >= row.partialValue else { return nil }
        guard !strideBytes.multipliedReportingOverflow(by: Int(physicalHeight)).overflow else { return nil }
        self.physicalWidth = physicalWidth
        self.physicalHeight = physicalHeight
        self.strideBytes = strideBytes
        self.format = format
        self.rotation = rotation
    }

    /// A layout whose rows are exactly `width` pixels long.
    public init?(
        physicalWidth: Int32, physicalHeight: Int32, format: PixelFormat, rotation: DisplayRotation = .degrees0
    ) {
        let row = Int(physicalWidth).multipliedReportingOverflow(by: format.bytesPerPixel)
        guard !row.overflow else { return nil }
        self.init(
            physicalWidth: physicalWidth, physicalHeight: physicalHeight, strideBytes: row.partialValue,
            format: format, rotation: rotation)
    }

    /// The bytes a buffer must have: `strideBytes * yres`. Painting into a smaller buffer
    /// writes nothing.
    public var bufferSize: Int {
        strideBytes * Int(physicalHeight)
    }

    /// The width of the picture as the user sees it: the physical height at 90 and 270.
    public var logicalWidth: Int32 {
        rotation.swapsAxes ? physicalHeight : physicalWidth
    }

    /// The height of the picture as the user sees it: the physical width at 90 and 270.
    public var logicalHeight: Int32 {
        rotation.swapsAxes ? physicalWidth : physicalHeight
    }

    /// The whole logical picture, as a rect to clip against.
    public var logicalBounds: Rect {
        Rect(x: 0, y: 0, width: logicalWidth, height: logicalHeight)
    }

    /// Where a logical pixel lands in physical coordinates (see `DisplayRotation`), or nil
    /// when it is off the screen.
    public func physicalPoint(ofLogical point: Point) -> Point? {
        guard point.x >= 0, point.y >= 0, point.x < logicalWidth, point.y < logicalHeight else { return nil }
        return rotation.physicalPoint(ofLogical: point, physicalWidth: physicalWidth, physicalHeight: physicalHeight)
    }

    /// The physical rect covered by a logical rect, after clipping it to the screen; nil when
    /// nothing of it is visible. A rotation by a multiple of 90 degrees maps rects to rects,
    /// so fills can run along physical rows whatever the rotation.
    public func physicalRect(ofLogical rect: Rect) -> Rect? {
        guard let r = rect.clipped(to: logicalBounds) else { return nil }
        switch rotation {
        case .degrees0:
            return r
        case .degrees90:
            return Rect(x: physicalWidth - r.y - r.height, y: r.x, width: r.height, height: r.width)
        case .degrees180:
            return Rect(
                x: physicalWidth - r.x - r.width, y: physicalHeight - r.y - r.height,
                width: r.width, height: r.height)
        case .degrees270:
            return Rect(x: r.y, y: physicalHeight - r.x - r.width, width: r.height, height: r.width)
        }
    }

    /// The byte offset of a logical pixel's first (least significant) byte, or nil when the
    /// pixel is off the screen.
    public func byteOffset(x: Int32, y: Int32) -> Int? {
        guard let p = physicalPoint(ofLogical: Point(x: x, y: y)) else { return nil }
        return physicalByteOffset(p)
    }

    /// The byte offset of a physical pixel that is known to be on the screen.
    @inline(__always)
    func physicalByteOffset(_ p: Point) -> Int {
        Int(p.y) * strideBytes + Int(p.x) * format.bytesPerPixel
    }

    /// How far the byte offset moves for one logical step right (`x`) and one logical step
    /// down (`y`): walking a logical row costs an addition per pixel in every rotation.
    public var logicalSteps: (x: Int, y: Int) {
        let bpp = format.bytesPerPixel
        switch rotation {
        case .degrees0: return (bpp, strideBytes)
        case .degrees90: return (strideBytes, -bpp)
        case .degrees180: return (-bpp, -strideBytes)
        case .degrees270: return (-strideBytes, bpp)
        }
    }
}
