import Testing
import TouchCore

@Suite("Render: pixel formats and colours")
struct RenderPixelFormatTests {
    @Test func rgb565TakesTheTopBitsOfEachChannel() {
        #expect(PixelFormat.rgb565.encode(RGBColor(r: 0xFF, g: 0, b: 0)) == 0xF800)
        #expect(PixelFormat.rgb565.encode(RGBColor(r: 0, g: 0xFF, b: 0)) == 0x07E0)
        #expect(PixelFormat.rgb565.encode(RGBColor(r: 0, g: 0, b: 0xFF)) == 0x001F)
        #expect(PixelFormat.rgb565.encode(.white) == 0xFFFF)
        // 0x12 >> 3 = 2, 0x34 >> 2 = 0x0D, 0x56 >> 3 = 0x0A
        #expect(PixelFormat.rgb565.encode(sample) == 0x11AA)
        #expect(PixelFormat.rgb565.bytesPerPixel == 2)
    }

    @Test func eightBitFormats() {
        #expect(PixelFormat.xrgb8888.encode(sample) == 0x0012_3456)
        #expect(PixelFormat.rgb888.encode(sample) == 0x12_3456)
        #expect(vfbRGBX.encode(sample) == 0x0056_3412)
        #expect(PixelFormat.xrgb8888.bytesPerPixel == 4)
        #expect(PixelFormat.rgb888.bytesPerPixel == 3)
    }

    @Test func decodeReplicatesHighBitsIntoLowOnes() {
        #expect(PixelFormat.rgb565.decode(0xFFFF) == .white)
        #expect(PixelFormat.rgb565.decode(0xF800) == RGBColor(r: 0xFF, g: 0, b: 0))
        #expect(PixelFormat.rgb565.decode(0x07E0) == RGBColor(r: 0, g: 0xFF, b: 0))
        // 5-bit 00001 -> 00001000 (+ 01 from the repeat, cut off) = 8; 6-bit 000010 -> 8.
        #expect(PixelFormat.rgb565.decode(0x0841) == RGBColor(r: 8, g: 8, b: 8))
        // 5-bit 10000 -> 10000100 = 0x84; 6-bit 100000 -> 10000010 = 0x82.
        #expect(PixelFormat.rgb565.decode(0x8410) == RGBColor(r: 0x84, g: 0x82, b: 0x84))
        #expect(PixelFormat.xrgb8888.decode(0xFF12_3456) == sample)   // X byte ignored
        #expect(vfbRGBX.decode(0x0056_3412) == sample)
    }

    @Test(arguments: FormatCase.all)
    func eightBitChannelsRoundTrip(_ format: FormatCase) {
        guard format.format != .rgb565 else { return }
        for value in [0, 1, 0x7F, 0x80, 0xFE, 0xFF] as [UInt8] {
            let color = RGBColor(r: value, g: 255 - value, b: value / 2)
            #expect(format.format.decode(format.format.encode(color)) == color)
        }
    }

    @Test func unsupportedFormatsAreRefused() {
        let byte = PixelFormat.Field(offset: 0, length: 8)
        #expect(PixelFormat(bytesPerPixel: 1, red: byte, green: byte, blue: byte) == nil)
        #expect(PixelFormat(bytesPerPixel: 5, red: byte, green: byte, blue: byte) == nil)
        #expect(PixelFormat(bytesPerPixel: 4, red: .init(offset: 0, length: 0), green: byte, blue: byte) == nil)
        #expect(PixelFormat(bytesPerPixel: 4, red: .init(offset: 20, length: 10), green: byte, blue: byte) == nil)
        #expect(PixelFormat(bytesPerPixel: 2, red: .init(offset: 10, length: 8), green: byte, blue: byte) == nil)
        #expect(PixelFormat(bytesPerPixel: 3, red: .init(offset: 16, length: 8), green: byte, blue: byte) != nil)
    }

    @Test func blendIsExactAtTheEndsAndRoundsToNearest() {
        let fg = RGBColor(r: 250, g: 20, b: 100)
        let bg = RGBColor(r: 10, g: 200, b: 30)
        #expect(fg.blended(over: bg, alpha: 0) == bg)
        #expect(fg.blended(over: bg, alpha: 255) == fg)
        // (250*128 + 10*127 + 127) / 255 = 130, (20*128 + 200*127 + 127) / 255 = 110,
        // (100*128 + 30*127 + 127) / 255 = 65
        #expect(fg.blended(over: bg, alpha: 128) == RGBColor(r: 130, g: 110, b: 65))
        #expect(RGBColor.white.blended(over: .black, alpha: 128) == RGBColor(r: 128, g: 128, b: 128))
        #expect(RGBColor.white.blended(over: .black, alpha: 127) == RGBColor(r: 127, g: 127, b: 127))
        for a in 0...255 {
            let grey = RGBColor.white.blended(over: .black, alpha: UInt8(a))
            #expect(grey.r == UInt8(a))   // white over black is the coverage itself
        }
    }
}
