/// Rounded corners, drawn over a button's square frame: each pixel of the four corner squares
/// (`radiusPx` on a side) gets the fill, the border and what is behind in the shares a 4x4 grid
/// of samples inside it finds for each (17 levels of coverage: smooth enough at a few pixels of
/// radius, and worked out once, when a look is prepared). The inside of the border is rounded
/// too, by the radius less the border's width, so a border keeps its width around the corner.
extension FramebufferPainter {
    /// The radius drawn on `rect`: `style.radiusPx`, at most half the rect's smaller side.
    static func radiusPx(of rect: Rect, style: ButtonStyle) -> Int {
        max(0, min(Int(style.radiusPx), min(Int(rect.width), Int(rect.height)) / 2))
    }

    /// How many of the 16 samples of pixel (`i`, `j`) of a corner square lie inside a quarter
    /// circle of radius `radius` (in pixels, its centre `radius` from both edges); `i` and `j`
    /// count from the corner's edges. 16 outside the square.
    static func cornerCoverage(_ i: Int, _ j: Int, radius: Int) -> Int {
        guard i < radius && j < radius else { return 16 }
        // In eighths of a pixel: the samples sit at 1/8, 3/8, 5/8 and 7/8 of the pixel.
        let r8 = 8 * radius
        var inside = 0
        for sy in 0..<4 {
            let dy = r8 - (8 * j + 2 * sy + 1)
            for sx in 0..<4 {
                let dx = r8 - (8 * i + 2 * sx + 1)
                if dx * dx + dy * dy <= r8 * r8 { inside += 1 }
            }
        }
        return inside
    }

    /// The corners of a button at `rect` whose frame (`fill` inside the border) is painted
    /// already: only pixels that differ from the frame are written, and only those inside this
    /// painter's bounds. What is behind is read from `layers.backdrop` at the pixel's place on
    /// `screen`, `shiftX`/`shiftY` from this painter's (a look's block is a small framebuffer
    /// of its own whose origin lies there on the screen).
    func paintCorners(
        rect: Rect, style: ButtonStyle, fill: RGBColor, layers: ButtonLayers, screen: FramebufferLayout, shiftX: Int32,
        shiftY: Int32, base: UnsafeMutableRawPointer
    ) {
        let radius = FramebufferPainter.radiusPx(of: rect, style: style)
        guard radius > 0 else { return }
        // A button that is all border has no inside to round.
        let hasInside = style.borderWidth <= 0 || rect.inset(by: style.borderWidth) != nil
        let borderPx = hasInside ? max(0, Int(style.borderWidth)) : Int(rect.width)
        let innerRadius = max(0, radius - borderPx)
        let border = style.borderWidth > 0 ? style.border : fill
        let backdrop = layers.backdrop.flatMap { $0.count >= screen.bufferSize ? $0.baseAddress : nil }
        let screenBytes = screen.format.bytesPerPixel
        for corner in 0..<4 {
            let right = corner & 1 == 1
            let bottom = corner & 2 == 2
            for j in 0..<radius {
                for i in 0..<radius {
                    let outer = FramebufferPainter.cornerCoverage(i, j, radius: radius)
                    // Inside the border's inner edge: how much of the pixel is fill.
                    let inInner = i >= borderPx && j >= borderPx
                    let inner = inInner ? FramebufferPainter.cornerCoverage(i - borderPx, j - borderPx, radius: innerRadius) : 0
                    let fillShare = min(inner, outer)
                    // What the square frame painted there already.
                    if outer == 16 && fillShare == (inInner ? 16 : 0) { continue }
                    let x = right ? rect.x &+ rect.width &- 1 &- Int32(i) : rect.x &+ Int32(i)
                    let y = bottom ? rect.y &+ rect.height &- 1 &- Int32(j) : rect.y &+ Int32(j)
                    guard let offset = layout.byteOffset(x: x, y: y) else { continue }
                    var behind = layers.behind
                    if outer < 16, let backdrop, let at = screen.byteOffset(x: x &+ shiftX, y: y &+ shiftY) {
                        var value: UInt32 = 0
                        for k in 0..<screenBytes { value |= UInt32(backdrop.load(fromByteOffset: at + k, as: UInt8.self)) << (8 * UInt32(k)) }
                        behind = screen.format.decode(value)
                    }
                    let color = FramebufferPainter.mix(
                        fill, fillShare, border, outer - fillShare, behind, 16 - outer)
                    store(layout.format.encode(color), at: offset, base: base)
                }
            }
        }
    }

    /// Three colours in sixteenths (the shares add up to 16), rounded to nearest.
    @inline(__always)
    static func mix(_ a: RGBColor, _ aShare: Int, _ b: RGBColor, _ bShare: Int, _ c: RGBColor, _ cShare: Int) -> RGBColor {
        @inline(__always) func channel(_ x: UInt8, _ y: UInt8, _ z: UInt8) -> UInt8 {
            UInt8(truncatingIfNeeded: (Int(x) * aShare + Int(y) * bShare + Int(z) * cShare + 8) >> 4)
        }
        return RGBColor(r: channel(a.r, b.r, c.r), g: channel(a.g, b.g, c.g), b: channel(a.b, b.b, c.b))
    }
}
