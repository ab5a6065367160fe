import LinuxSystem
import PanelEngine
import TouchCore

/// A rasterised label that owns its coverage bytes: made once at start-up, painted from on
/// every repaint through `withAlphaBitmap`. It keeps only the rows with ink (`trimmed`): a
/// panel of many buttons holds every label, and most of a line's rows are empty.
public struct LabelBitmap: Equatable, Sendable {
    public let width: Int32
    /// The rows held, from row `top` of the label's line, which is `lineHeight` tall.
    public let height: Int32
    public let top: Int32
    public let lineHeight: Int32
    /// `width * height` bytes, row by row, 0 = transparent, 255 = solid.
    public let pixels: [UInt8]

    /// A bitmap of the whole line, or of rows `top..<top + height` of a line `lineHeight` tall.
    public init(width: Int32, height: Int32, pixels: [UInt8], top: Int32 = 0, lineHeight: Int32? = nil) {
        precondition(width >= 0 && height >= 0 && pixels.count == Int(width) * Int(height), "LabelBitmap size")
        precondition(top >= 0 && (lineHeight ?? height) >= top + height, "LabelBitmap rows")
        self.width = width
        self.height = height
        self.top = top
        self.lineHeight = lineHeight ?? height
        self.pixels = pixels
    }

    /// The same label without its empty rows above and below the ink; placed as before.
    public var trimmed: LabelBitmap {
        let rowBytes = Int(width)
        guard rowBytes > 0, height > 0 else { return self }
        func empty(_ row: Int) -> Bool { !pixels[(row * rowBytes)..<((row + 1) * rowBytes)].contains { $0 != 0 } }
        var first = 0, last = Int(height) - 1
        while first <= last && empty(first) { first += 1 }
        while last >= first && empty(last) { last -= 1 }
        guard first > 0 || last < Int(height) - 1 else { return self }
        guard first <= last else { return LabelBitmap(width: 0, height: 0, pixels: []) }
        return LabelBitmap(
            width: width, height: Int32(last - first + 1), pixels: Array(pixels[(first * rowBytes)..<((last + 1) * rowBytes)]),
            top: top + Int32(first), lineHeight: lineHeight)
    }

    public static let empty = LabelBitmap(width: 0, height: 0, pixels: [])

    /// The coverage at (x, y), both inside the bitmap.
    public func coverage(x: Int, y: Int) -> UInt8 {
        pixels[y * Int(width) + x]
    }

    /// Lends the painter a view of the bytes for the duration of `body`.
    public func withAlphaBitmap<R>(_ body: (AlphaBitmap) -> R) -> R {
        pixels.withUnsafeBytes { bytes in
            // The sizes match the bytes by construction, so the view always exists.
            body(AlphaBitmap(width: width, height: height, stride: Int(width), pixels: bytes, top: top, lineHeight: lineHeight)!)
        }
    }
}
