import LinuxSystem
import PanelEngine
import TouchCore

/// A rasterised label that owns its coverage bytes: made once at start-up, painted from on
/// every repaint through `withAlphaBitmap`.
public struct LabelBitmap: Equatable, Sendable {
    public let width: Int32
    public let height: Int32
    /// `width * height` bytes, row by row, 0 = transparent, 255 = solid.
    public let pixels: [UInt8]

    public init(width: Int32, height: Int32, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == Int(width) * Int(height), "LabelBitmap size")
        self.width = width
        self.height = height
        self.pixels = pixels
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
            body(AlphaBitmap(width: width, height: height, stride: Int(width), pixels: bytes)!)
        }
    }
}
