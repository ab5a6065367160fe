import LinuxSystem
import PanelEngine

/// Where one colour channel sits in a pixel (`struct fb_bitfield`): bit offset from the least
/// significant bit, and width in bits. 32-bit XRGB8888 has red at 16/8, green 8/8, blue 0/8;
/// RGB565 has red 11/5, green 5/6, blue 0/5.
public struct ColorBitfield: Equatable, Sendable {
    public var offset: Int
    public var length: Int

    public init(offset: Int, length: Int) {
        self.offset = offset
        self.length = length
    }
}
