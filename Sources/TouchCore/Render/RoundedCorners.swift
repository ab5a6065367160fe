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
    /// count from the corner's edges. 16 outside the square. The samples sit at 1/8, 3/8, 5/8
    /// and 7/8 of the pixel both ways.
    static func cornerCoverage(_ i: Int, _ j: Int, radius: Int) -> Int {
        guard i < radius && j < radius else { return 16 }
        let reach = SampleRows(row: j, radius: radius)
        return reach.coverage(column: i)
    }

    /// For one row of a corner square, how far across each of its four rows of samples the
    /// circle reaches: a sample at `dx` eighths from the centre's column (and `dy` from its row)
    /// is inside when dx² + dy² ≤ (8 radius)², that is when dx is at most the integer square
    /// root of (8 radius)² - dy². Worked out once a row, so that a pixel's coverage is four
    /// comparisons, not sixteen squares.
    struct SampleRows {
        let radius: Int
        /// Per sample row, the largest dx inside (-1: none).
        var reach: (Int, Int, Int, Int) = (-1, -1, -1, -1)

        init(row j: Int, radius: Int) {
            self.radius = radius
            guard j < radius else { return }
            let r8 = 8 * radius
            func reachOf(_ sy: Int) -> Int {
                let dy = r8 - (8 * j + 2 * sy + 1)
                return SampleRows.squareRoot(r8 * r8 - dy * dy)
            }
            reach = (reachOf(0), reachOf(1), reachOf(2), reachOf(3))
        }

        /// The samples of pixel `i` of this row inside the circle, 0 to 16; 16 past the square.
        func coverage(column i: Int) -> Int {
            guard i < radius else { return 16 }
            // The samples sit at dx = 8 radius - (8 i + 2 sx + 1), sx = 0...3: inside where
            // 2 sx >= 8 radius - 8 i - 1 - reach.
            let first = 8 * radius - 8 * i - 1
            @inline(__always) func inside(_ reach: Int) -> Int {
                guard reach >= 0 else { return 0 }
                let k = first - reach
                return k <= 0 ? 4 : max(0, 4 - (k + 1) / 2)
            }
            return inside(reach.0) + inside(reach.1) + inside(reach.2) + inside(reach.3)
        }

        /// The integer square root of `n` (-1 for a negative `n`).
        static func squareRoot(_ n: Int) -> Int {
            guard n >= 0 else { return -1 }
            guard n > 1 else { return n }
            var x = n
            var y = (x + 1) / 2
            while y < x {
                x = y
                y = (x + n / x) / 2
            }
            return x
        }
    }

    /// The corners of a button at `rect` whose frame (`fill` inside the border) is painted
    /// already: only pixels that differ from the frame are written, and only those inside this
    /// painter's bounds. What is behind is read from `layers.backdrop` at the pixel's place on
    /// `screen`, `shiftX`/`shiftY` from this painter's (a look's block is a small framebuffer
    /// of its own whose origin lies there on the screen). The four corners are mirror images:
    /// each pixel's shares are worked out once for all four.
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
        for j in 0..<radius {
            let outerRow = SampleRows(row: j, radius: radius)
            let innerRow = SampleRows(row: j - borderPx, radius: innerRadius)
            for i in 0..<radius {
                let outer = outerRow.coverage(column: i)
                // Inside the border's inner edge: how much of the pixel is fill.
                let inInner = i >= borderPx && j >= borderPx
                let inner = inInner ? innerRow.coverage(column: i - borderPx) : 0
                let fillShare = min(inner, outer)
                // What the square frame painted there already.
                if outer == 16 && fillShare == (inInner ? 16 : 0) { continue }
                for corner in 0..<4 {
                    let x = corner & 1 == 1 ? rect.x &+ rect.width &- 1 &- Int32(i) : rect.x &+ Int32(i)
                    let y = corner & 2 == 2 ? rect.y &+ rect.height &- 1 &- Int32(j) : rect.y &+ Int32(j)
                    guard let offset = layout.byteOffset(x: x, y: y) else { continue }
                    var behind = layers.behind
                    if outer < 16, let backdrop, let at = screen.byteOffset(x: x &+ shiftX, y: y &+ shiftY) {
                        var value: UInt32 = 0
                        for k in 0..<screenBytes {
                            value |= UInt32(backdrop.load(fromByteOffset: at + k, as: UInt8.self)) << (8 * UInt32(k))
                        }
                        behind = screen.format.decode(value)
                    }
                    let color = FramebufferPainter.mix(fill, fillShare, border, outer - fillShare, behind, 16 - outer)
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
