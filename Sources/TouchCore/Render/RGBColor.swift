/// A colour as 8-bit sRGB channels: what configuration gives and what the painter encodes
/// into whatever the framebuffer's pixel format is.
public struct RGBColor: Hashable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    public static let black = RGBColor(r: 0, g: 0, b: 0)
    public static let white = RGBColor(r: 255, g: 255, b: 255)

    /// `self` drawn with coverage `alpha` (0 = none, 255 = full) over `background`, per
    /// channel `(self*a + background*(255-a) + 127) / 255`: integer-only, so the result is
    /// exact on every target and the ends are exact (alpha 0 gives `background`, 255 `self`).
    public func blended(over background: RGBColor, alpha: UInt8) -> RGBColor {
        RGBColor(
            r: Self.blend(r, background.r, alpha),
            g: Self.blend(g, background.g, alpha),
            b: Self.blend(b, background.b, alpha))
    }

    @inline(__always)
    static func blend(_ foreground: UInt8, _ background: UInt8, _ alpha: UInt8) -> UInt8 {
        let a = UInt32(alpha)
        let mixed = UInt32(foreground) * a + UInt32(background) * (255 - a) + 127
        return UInt8(truncatingIfNeeded: mixed / 255)
    }
}
