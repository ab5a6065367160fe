import LinuxSystem
import PanelDrivers
import PanelEngine

/// A PNG the panel wrote, read back through libpng (PNGDecoder) as RGB: what PNGWriter
/// writes is 8-bit RGB, so every pixel must come back opaque.
struct DecodedPNG {
    var width: Int
    var height: Int
    /// IHDR's bit depth and colour type (8 and 2: 8-bit RGB).
    var bitDepth: UInt8
    var colourType: UInt8
    /// `width * 3` bytes a row, top row first.
    var pixels: [UInt8]

    enum Failure: Error, Equatable {
        case notOpaque(x: Int, y: Int, alpha: UInt8)
    }

    init(_ png: [UInt8]) throws {
        let image = try PNGDecoder.decode(bytes: png, source: "the PNG under test")
        width = image.widthPx
        height = image.heightPx
        // PNGDecoder has checked that IHDR comes first: its 13 bytes start at byte 16.
        bitDepth = png[24]
        colourType = png[25]
        pixels = []
        pixels.reserveCapacity(width * height * 3)
        for index in 0..<width * height {
            let rgba = image.pixels[index * 4..<index * 4 + 4]
            guard rgba.last == 255 else { throw Failure.notOpaque(x: index % width, y: index / width, alpha: rgba.last!) }
            pixels.append(contentsOf: rgba.prefix(3))
        }
    }
}
