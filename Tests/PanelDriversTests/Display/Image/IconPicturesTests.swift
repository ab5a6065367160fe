import Foundation
import PanelConfig
@testable import PanelDrivers
import PanelEngine
import Testing
import TouchCore

private let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("PNGFixtures").path

/// PNG icons (`icon = lamp.png`): a bad file is an error at its key's line; a good one is
/// decoded once, fitted into the icon's square, and placed beside the label as a picture.
@Suite("Icons: PNG pictures beside labels")
struct IconPicturesTests {
    static func config(_ keys: String) throws -> PanelConfiguration {
        try PanelConfigLoader.parse(
            text: "[display]\nwidth = 800\nheight = 480\n[button lamp]\nrect = 0, 0, 200, 160\nlabel = Lamp\n" + keys + "\n",
            file: "panel.ini", presetSearchPath: [])
    }

    @Test func eachBadPictureIsAnErrorAtItsKeysLine() throws {
        let config = try Self.config("""
            icon = \(fixtures)/rgba8.png
            on_icon = \(fixtures)/missing.png
            pressed_icon = \(fixtures)/truncated-idat.png
            disabled_icon = \(fixtures)/not-png.png
            """)
        #expect(IconPictures.problems(config) == [
            "panel.ini:8: [button lamp] on_icon: \(fixtures)/missing.png: cannot open: No such file or directory",
            "panel.ini:9: [button lamp] pressed_icon: \(fixtures)/truncated-idat.png: "
                + PNGError(source: "", reason: .truncated).reasonText,
            "panel.ini:10: [button lamp] disabled_icon: \(fixtures)/not-png.png: " + PNGError(source: "", reason: .notPNG).reasonText,
        ])
        #expect(IconPictures.problems(try Self.config("icon = \(fixtures)/rgba8.png")) == [])
    }

    /// A picture of the icon's size is kept as it is; a larger one shrinks to the largest size
    /// of its shape that fits, a colour of one alpha kept (through premultiplied alpha and
    /// back: 200 at alpha 128 is 100, back (100 * 255 + 64) / 128 = 199).
    @Test func aPictureIsFittedIntoTheIconsSquare() {
        let red: [UInt8] = [200, 10, 20, 255]
        let image = RGBAImage(widthPx: 4, heightPx: 2, pixels: Array([[UInt8]](repeating: red, count: 8).joined()))
        #expect(IconPictures.fitted(image, sizePx: 4) == image)
        let half = IconPictures.fitted(image, sizePx: 2)
        #expect(half.widthPx == 2 && half.heightPx == 1 && half.pixels == red + red)
        let faint: [UInt8] = [200, 10, 20, 128]
        let square = RGBAImage(widthPx: 4, heightPx: 4, pixels: Array([[UInt8]](repeating: faint, count: 16).joined()))
        #expect(IconPictures.fitted(square, sizePx: 2).pixels == Array([[UInt8]](repeating: [199, 10, 20, 128], count: 4).joined()))
    }

    /// A picture icon is not drawn into the label's bitmap: the bitmap keeps the box's width
    /// and line, and the picture goes where a glyph would.
    @Test func aPictureIconIsPlacedFromTheLabelsLine() {
        let picture = RGBAImage(widthPx: 3, heightPx: 2, pixels: [UInt8](repeating: 255, count: 24))
        let label = LabelBitmap(width: 4, height: 1, pixels: [1, 2, 3, 4], top: 1, lineHeight: 3)
        var parts = IconParts(text: label, normal: .picture(picture), position: .top, gapPx: 2, boxWidth: 3, boxHeight: 2)
        let top = IconLabel.compose(parts, icon: .picture(picture))
        // The label's ink row is row 5 of a 7-row line (2 of icon, 2 of gap, its line's row 1).
        #expect(top.label == LabelBitmap(width: 4, height: 1, pixels: [1, 2, 3, 4], top: 5, lineHeight: 7))
        #expect(top.picture == picture && top.pictureX == 0 && top.pictureY == 0)
        parts.position = .left
        let left = IconLabel.compose(parts, icon: .picture(picture))
        #expect(left.label == LabelBitmap(width: 9, height: 1, pixels: [0, 0, 0, 0, 0, 1, 2, 3, 4], top: 1, lineHeight: 3))
        #expect(left.pictureX == 0 && left.pictureY == 0)
        // Alone in the middle: a bitmap with no rows, as wide and as tall as the picture.
        parts.position = .center
        let alone = IconLabel.compose(parts, icon: .picture(picture))
        #expect(alone.label == LabelBitmap(width: 3, height: 0, pixels: [], top: 0, lineHeight: 2))
        #expect(alone.picture == picture && alone.pictureX == 0 && alone.pictureY == 0)
    }

    /// On the simulated board's surface the picture's opaque pixels are its own colour, in
    /// every look, and the look prepared once repaints the same pixels.
    @Test func aButtonDrawsItsPictureInItsOwnColours() throws {
        let config = try Self.config("icon = \(fixtures)/rgba8.png\nicon_size = 64\nicon_position = center")
        let image = try PNGDecoder.load(path: "\(fixtures)/rgba8.png")
        let labels = try FramebufferSurface.rasterizeLabels(for: config)
        let parts = try #require(labels.iconParts[0])
        guard case .picture(let fitted) = parts.normal else {
            Issue.record("the icon is not a picture")
            return
        }
        #expect(fitted == IconPictures.fitted(image, sizePx: 64))
        let layout = try #require(FramebufferLayout(physicalWidth: 800, physicalHeight: 480, format: .xrgb8888))
        var first = [UInt8](repeating: 0, count: layout.bufferSize)
        var again = first
        first.withUnsafeMutableBytes { pixels in
            let surface = FramebufferSurface(layout: layout, pixels: pixels, config: config, labels: labels)
            surface.drawAll([.normal])
            surface.draw(button: 0, state: .pressed)
            surface.draw(button: 0, state: .normal)
        }
        again.withUnsafeMutableBytes { pixels in
            let surface = FramebufferSurface(layout: layout, pixels: pixels, config: config, labels: labels)
            surface.drawAll([.normal])
        }
        // The whole frame (painted straight) and the repaint from the prepared look agree.
        #expect(first == again)
        // The picture is centred in the 200x160 button: at ((200 - w) / 2, (160 - h) / 2), each
        // pixel blended by its alpha over the resting fill.
        let fill = FramebufferSurface.style(for: config.buttons[0], borderPx: config.display.borderPx).normal.fill
        let x0 = (200 - fitted.widthPx) / 2, y0 = (160 - fitted.heightPx) / 2
        var opaque = 0
        for y in 0..<fitted.heightPx {
            for x in 0..<fitted.widthPx where fitted.pixels[fitted.offset(x: x, y: y) + 3] > 0 {
                let at = fitted.offset(x: x, y: y)
                let color = RGBColor(r: fitted.pixels[at], g: fitted.pixels[at + 1], b: fitted.pixels[at + 2])
                    .blended(over: fill, alpha: fitted.pixels[at + 3])
                let offset = (y0 + y) * layout.strideBytes + (x0 + x) * 4
                #expect(Array(first[offset..<offset + 3]) == [color.b, color.g, color.r], "pixel \(x),\(y)")
                opaque += 1
            }
        }
        #expect(opaque > 0)
    }
}
