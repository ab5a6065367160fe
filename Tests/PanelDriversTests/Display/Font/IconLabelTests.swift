import PanelConfig
@testable import PanelDrivers
import PanelEngine
import Testing
import TouchCore

/// Icons from Debian's fonts-materialdesignicons-webfont (Material Design Icons 1.6.50, whose
/// glyphs carry their names): looked up by name, composed with the label into one bitmap,
/// one per look that has an icon of its own.
@Suite("Font: icons beside labels")
struct IconLabelTests {
    static let mdi = DisplayConfig.materialDesignIconsFont

    @Test func anIconIsFoundByItsNameOrItsCodePoint() throws {
        let font = try IconFont(path: Self.mdi)
        // The font's own style sheet: mdi-fan F210, mdi-lightbulb F335, mdi-lightbulb-outline F336.
        #expect(font.character(for: .named("fan")) == Unicode.Scalar(0xF210))
        #expect(font.character(for: .named("lightbulb")) == Unicode.Scalar(0xF335))
        #expect(font.character(for: .named("lightbulb-outline")) == Unicode.Scalar(0xF336))
        #expect(font.character(for: .named("garage")) == nil)   // newer than 1.6.50
        #expect(font.character(for: .codePoint(0xF335)) == Unicode.Scalar(0xF335))
        #expect(font.character(for: .codePoint(0x41)) == nil)   // no letters in an icon font
        // DejaVu Sans has no glyph names to look up, and no glyph for an emoji.
        let dejaVu = try FontRasterizer(path: FontRasterizer.defaultFontPath, pixelSize: 24)
        #expect(dejaVu.character(ofGlyphNamed: "lightbulb") == nil)
        #expect(!dejaVu.hasGlyph(for: "💡") && dejaVu.hasGlyph(for: "A"))
    }

    /// A 3x2 icon and a 4-wide label of one ink row (row 1 of a 3-row line), 2 pixels apart.
    @Test func theIconAndTheLabelAreComposedExactly() {
        let icon = LabelBitmap(width: 3, height: 2, pixels: [10, 20, 30, 40, 50, 60])
        let label = LabelBitmap(width: 4, height: 1, pixels: [1, 2, 3, 4], top: 1, lineHeight: 3)
        // Above: centred across the wider label (half of the one column to spare, rounded
        // down: none), the label's line 2 rows below; the line's empty last row trimmed, the
        // composite still placed by its 7 rows.
        var parts = IconParts(text: label, normal: .coverage(icon), position: .top, gapPx: 2, boxWidth: 3, boxHeight: 2)
        let top = IconLabel.compose(parts, icon: .coverage(icon)).label
        #expect(top.width == 4 && top.height == 6 && top.top == 0 && top.lineHeight == 7)
        #expect(top.pixels == [
            10, 20, 30, 0,
            40, 50, 60, 0,
            0, 0, 0, 0,
            0, 0, 0, 0,
            0, 0, 0, 0,
            1, 2, 3, 4,
        ])
        // Before it: the icon centred on the label's line of 3 rows (half the row to spare,
        // rounded down: at the top), the label's ink row level with the icon's second; the
        // empty third row trimmed.
        parts.position = .left
        let left = IconLabel.compose(parts, icon: .coverage(icon)).label
        #expect(left.width == 9 && left.height == 2 && left.top == 0 && left.lineHeight == 3)
        #expect(left.pixels == [
            10, 20, 30, 0, 0, 0, 0, 0, 0,
            40, 50, 60, 0, 0, 1, 2, 3, 4,
        ])
        // Centred: the icon alone.
        parts.position = .center
        #expect(IconLabel.compose(parts, icon: .coverage(icon)).label == icon)
        // A smaller icon of another look is centred in the box of the largest, so the label
        // keeps its place: a 1x1 icon in the 3x2 box, above the same label as before.
        parts.position = .top
        let dot = IconLabel.compose(parts, icon: .coverage(LabelBitmap(width: 1, height: 1, pixels: [99]))).label
        #expect(dot.width == 4 && dot.height == 6 && dot.top == 0 && dot.lineHeight == 7)
        #expect(dot.pixels == [
            0, 99, 0, 0,
            0, 0, 0, 0,
            0, 0, 0, 0,
            0, 0, 0, 0,
            0, 0, 0, 0,
            1, 2, 3, 4,
        ])
    }

    /// Issue 27's memory: each icon is kept once, packed, and not in the glyph cache too; the
    /// face is closed once the labels are made, and an icon not drawn yet opens it again.
    /// A label with a colour glyph keeps its colours beside the icon, at the label's place: a
    /// 2x1 label (its second pixel red) left of a 1x1 icon with a gap of 1.
    @Test func aLabelsColourGlyphsKeepTheirPlaceBesideTheIcon() {
        let icon = LabelBitmap(width: 1, height: 1, pixels: [77])
        var label = LabelBitmap(width: 2, height: 1, pixels: [9, 255])
        label.colour = [0, 0, 0, 0, 255, 0, 0, 255]
        let parts = IconParts(text: label, normal: .coverage(icon), position: .left, gapPx: 1, boxWidth: 1, boxHeight: 1)
        let composed = IconLabel.compose(parts, icon: .coverage(icon)).label
        #expect(composed.pixels == [77, 0, 9, 255])
        #expect(composed.colour == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 0, 0, 255])
        // Without colour glyphs, none.
        #expect(IconLabel.compose(IconParts(text: LabelBitmap(width: 1, height: 1, pixels: [5]), normal: .coverage(icon),
                                            position: .left, gapPx: 1, boxWidth: 1, boxHeight: 1), icon: .coverage(icon)).label.colour == nil)
    }

    @Test func iconsAreKeptPackedAndTheFaceClosedUntilNeeded() throws {
        let font = try IconFont(path: Self.mdi)
        let fan = font.bitmap(for: .named("fan"), sizePx: 76)
        let drawn = try FontRasterizer(path: Self.mdi, pixelSize: 76).rasterize("\u{F210}").trimmed
        #expect(fan.isPacked && fan == drawn && fan.pixels == drawn.pixels)
        #expect(fan.byteCount * 3 < drawn.byteCount)
        #expect(font.rasterizer.glyphCacheCount == 0 && font.rasterizer.glyphCacheByteCount == 0)
        #expect(font.rasterizer.isFaceOpen)
        font.closeFace()
        #expect(!font.rasterizer.isFaceOpen)
        // Drawn before: from what is kept, the face stays closed.
        #expect(font.bitmap(for: .named("fan"), sizePx: 76).bytes.withUnsafeBufferPointer { $0.baseAddress }
            == fan.bytes.withUnsafeBufferPointer { $0.baseAddress })
        #expect(font.character(for: .named("fan")) == Unicode.Scalar(0xF210))
        #expect(!font.rasterizer.isFaceOpen)
        // Not drawn yet: the face opens again, and draws it as a font just opened does.
        let lightbulb = font.bitmap(for: .named("lightbulb"), sizePx: 40)
        #expect(font.rasterizer.isFaceOpen)
        let fresh = try IconFont(path: Self.mdi)
        #expect(lightbulb == fresh.bitmap(for: .named("lightbulb"), sizePx: 40))
        #expect(lightbulb.width > 0)
    }

    @Test func theFittedSizeFollowsThePosition() {
        #expect(IconLabel.fittedSizePx(.top, width: 168, height: 88) == 52)
        #expect(IconLabel.fittedSizePx(.left, width: 168, height: 88) == 67)
        #expect(IconLabel.fittedSizePx(.center, width: 168, height: 88) == 70)
        #expect(IconLabel.fittedSizePx(.top, width: 10, height: 5) == 8)   // never below 8
    }

    /// A lamp whose on look has its own icon: its resting label and its on label differ, each
    /// the icon above the text; a button without an icon keeps its plain label.
    @Test func aLookWithItsOwnIconGetsItsOwnLabel() throws {
        let config = try PanelConfigLoader.parse(text: """
            [display]
            width = 800
            height = 480
            icon_font = \(Self.mdi)
            [theme]
            font_size = 24
            [controller]
            model = ft5406
            [button lamp]
            rect = 20, 20, 200, 160
            label = Lamp
            icon = mdi:lightbulb-outline
            on_icon = mdi:lightbulb
            latch = yes
            on_tap = emit
            [button plain]
            rect = 240, 20, 200, 160
            label = Lamp
            on_tap = emit
            [button fan]
            rect = 460, 20, 200, 160
            icon = mdi:fan
            on_tap = emit
            [button fan2]
            rect = 20, 200, 200, 160
            icon = mdi:fan
            on_tap = emit
            """, file: "panel.ini", presetSearchPath: [])
        let labels = try FramebufferSurface.rasterizeLabels(for: config)
        // Every icon drawn, the icon font's face is closed.
        #expect(labels.iconFont?.rasterizer.isFaceOpen == false)
        let parts = try #require(labels.iconParts[0])
        #expect(labels.iconParts[1] == nil && labels.iconParts[2] != nil)
        // The lamp keeps parts, not a picture: its own bitmap is empty.
        #expect(labels.bitmaps[0] == .empty && labels.bitmaps[1].width > 0)
        #expect(parts.on != nil && parts.pressed == nil && parts.disabled == nil && parts.position == .top)
        // The room: 200x160 less 2 x (2 border + 4 padding) = 188x148; the icon 3/5 of 148 = 88
        // px, its gap 11; the text "Lamp" at 24 px as a plain button draws it.
        let font = try FontRasterizer(path: FontRasterizer.defaultFontPath, pixelSize: 24)
        #expect(parts.gapPx == 11)
        #expect(parts.text == font.rasterize("Lamp").trimmed)
        let resting = parts.composed(for: .normal).label, on = parts.composed(for: .on).label
        #expect(parts.composed(for: .pressed).label == resting && parts.composed(for: .pending).label == resting)
        #expect(resting.width == on.width && resting.height == on.height && resting.pixels != on.pixels)
        // The label's rows are the last of both: the same text under different icons.
        let rowBytes = Int(resting.width), textRows = Int(parts.text.height)
        #expect(Array(resting.pixels.suffix(rowBytes * textRows)) == Array(on.pixels.suffix(rowBytes * textRows)))
        // The fan's icon is drawn once for both buttons that show it at this size: one copy of
        // its bytes, packed; the lamp's text is kept as its glyphs' places.
        let fanA = try #require(labels.iconParts[2]), fanB = try #require(labels.iconParts[3])
        guard case .coverage(let a) = fanA.normal, case .coverage(let b) = fanB.normal else {
            Issue.record("the fan's icon is a glyph")
            return
        }
        #expect(a.isPacked && parts.text.isGlyphs)
        #expect(a.bytes.withUnsafeBufferPointer { $0.baseAddress } == b.bytes.withUnsafeBufferPointer { $0.baseAddress })
    }
}
