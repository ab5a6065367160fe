/// How a colour is laid out in one framebuffer pixel, in the terms of the kernel's
/// `fb_var_screeninfo`: bytes per pixel and, per channel, a bit field (offset from the least
/// significant bit, length). Pixels are stored little-endian, as on every Pi framebuffer.
public struct PixelFormat: Hashable, Sendable {
    /// One channel's bits within the pixel value, like the kernel's `fb_bitfield`.
    public struct Field: Hashable, Sendable {
        public var offset: Int
        public var length: Int

        public init(offset: Int, length: Int) {
            self.offset = offset
            self.length = length
        }

        /// The top `length` bits of an 8-bit channel, in place.
        @inline(__always)
        func encode(_ channel: UInt8) -> UInt32 {
            guard length > 0 else { return 0 }
            return (UInt32(channel) &>> UInt32(8 - length)) &<< UInt32(offset)
        }

        /// The field widened back to 8 bits by repeating its bits (0x1F of 5 bits is 0xFF,
        /// not 0xF8), so that full intensity stays full in snapshots.
        @inline(__always)
        func decode(_ value: UInt32) -> UInt8 {
            guard length > 0 else { return 0 }
            let bits = (value &>> UInt32(offset)) & ((1 &<< UInt32(length)) - 1)
            var wide: UInt32 = 0
            var filled = 0
            while filled < 8 {
                wide = (wide &<< UInt32(length)) | bits
                filled += length
            }
            return UInt8(truncatingIfNeeded: wide &>> UInt32(filled - 8))
        }
    }

    public let bytesPerPixel: Int
    public let red: Field
    public let green: Field
    public let blue: Field

    /// A format as a framebuffer reports it; nil unless it has 2, 3 or 4 bytes per pixel and
    /// every channel is 1 to 8 bits wide and lies inside the pixel (formats with wider
    /// channels, like 10-bit ones, are not supported).
    public init?(bytesPerPixel: Int, red: Field, green: Field, blue: Field) {
        guard bytesPerPixel >= 2 && bytesPerPixel <= 4 else { return nil }
        guard Self.fits(red, bytesPerPixel: bytesPerPixel), Self.fits(green, bytesPerPixel: bytesPerPixel),
            Self.fits(blue, bytesPerPixel: bytesPerPixel)
        else { return nil }
        self.bytesPerPixel = bytesPerPixel
        self.red = red
        self.green = green
        self.blue = blue
    }

    private init(preset bytesPerPixel: Int, _ red: Field, _ green: Field, _ blue: Field) {
        self.bytesPerPixel = bytesPerPixel
        self.red = red
        self.green = green
        self.blue = blue
    }

    private static func fits(_ field: Field, bytesPerPixel: Int) -> Bool {
        field.length >= 1 && field.length <= 8 && field.offset >= 0
            && field.offset + field.length <= bytesPerPixel * 8
    }

    /// 16 bpp, the Pi's default console depth and the official 7" display's native format.
    public static let rgb565 = PixelFormat(
        preset: 2, Field(offset: 11, length: 5), Field(offset: 5, length: 6), Field(offset: 0, length: 5))
    /// 32 bpp with the top byte unused (bytes B, G, R, X in memory).
    public static let xrgb8888 = PixelFormat(
        preset: 4, Field(offset: 16, length: 8), Field(offset: 8, length: 8), Field(offset: 0, length: 8))
    /// 24 bpp packed (bytes B, G, R in memory).
    public static let rgb888 = PixelFormat(
        preset: 3, Field(offset: 16, length: 8), Field(offset: 8, length: 8), Field(offset: 0, length: 8))

    /// The pixel value of `color`; bits outside the three fields are 0.
    public func encode(_ color: RGBColor) -> UInt32 {
        red.encode(color.r) | green.encode(color.g) | blue.encode(color.b)
    }

    /// The colour of a pixel value, each channel widened to 8 bits by bit replication.
    public func decode(_ value: UInt32) -> RGBColor {
        RGBColor(r: red.decode(value), g: green.decode(value), b: blue.decode(value))
    }
}
