/// A decoded picture as 8-bit RGBA: `heightPx` rows, top row first, of `widthPx` pixels, each
/// 4 bytes in the order red, green, blue, alpha. Alpha is straight (not premultiplied): a pixel
/// with alpha 0 keeps the colour its file gave it. Colours are the file's bytes as they are
/// (taken as sRGB; no gamma applied).
public struct RGBAImage: Equatable, Sendable {
    public static let bytesPerPixel = 4

    public let widthPx: Int
    public let heightPx: Int
    /// `heightPx * rowBytes` bytes.
    public let pixels: [UInt8]

    public init(widthPx: Int, heightPx: Int, pixels: [UInt8]) {
        precondition(widthPx > 0 && heightPx > 0, "RGBAImage: empty image")
        precondition(pixels.count == widthPx * heightPx * RGBAImage.bytesPerPixel, "RGBAImage: pixel bytes do not match the size")
        self.widthPx = widthPx
        self.heightPx = heightPx
        self.pixels = pixels
    }

    /// Bytes from one row to the next.
    public var rowBytes: Int { widthPx * RGBAImage.bytesPerPixel }

    /// The index in `pixels` of the red byte of the pixel at column `x`, row `y`.
    public func offset(x: Int, y: Int) -> Int {
        precondition(x >= 0 && x < widthPx && y >= 0 && y < heightPx, "RGBAImage: pixel outside the image")
        return y * rowBytes + x * RGBAImage.bytesPerPixel
    }
}
