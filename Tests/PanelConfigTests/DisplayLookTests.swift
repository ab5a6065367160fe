import PanelConfig
import Testing
import TouchCore

@Suite("[display] framebuffer, rotation, font, colours; per-button look and latch")
struct DisplayLookTests {
    static let defaultColors = PanelColors(
        background: rgb(0x101214), fill: rgb(0x2A2E33), pressedFill: rgb(0x4A6FA5), disabledFill: rgb(0x1A1C1F),
        onFill: rgb(0x2E7D32), border: rgb(0x5A6068), text: rgb(0xF2F2F2))

    @Test func defaultsAreTheDocumentedDarkTheme() throws {
        let config = try #require(parsed(display800x480 + "[button a]\nrect = 0, 0, 10, 10\n"))
        #expect(config.display == DisplayConfig(
            width: 800, height: 480, framebuffer: "/dev/fb0", rotation: .degrees0,
            font: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", fontSize: 24,
            colors: DisplayLookTests.defaultColors, borderPx: 2))
        #expect(PanelColors.defaults == DisplayLookTests.defaultColors)
        #expect(config.buttons[0].colors == DisplayLookTests.defaultColors.buttons)
        // No font_size anywhere: the label is fitted, up to font_size_max.
        #expect(config.buttons[0].fontSize == 48)
        #expect(config.buttons[0].fontSizeFitted)
        #expect(config.theme == ThemeConfig(fontSizeMax: 48, radiusPx: 0, sublabelSizePx: 16, sublabelColor: nil, iconSizePx: nil, iconPosition: .top))
        #expect(config.buttons[0].latch == false)
    }

    @Test func everyDisplayKeyParsesToItsExactValue() throws {
        let config = try #require(parsed("""
            [display]
            width = 480
            height = 800
            framebuffer = /dev/fb1
            rotation = 270
            font = /home/pi/My Fonts/Panel.otf
            font_size = 6
            background = #000000
            fill = #ffffff
            pressed_fill = #A0b1C2
            disabled_fill = #010203
            on_fill = #00FF00
            border = #123456
            text = #FEDCBA
            border_px = 0
            """))
        #expect(config.display == DisplayConfig(
            width: 480, height: 800, framebuffer: "/dev/fb1", rotation: .degrees270,
            font: "/home/pi/My Fonts/Panel.otf", fontSize: 6,
            colors: PanelColors(
                background: rgb(0x000000), fill: rgb(0xFFFFFF), pressedFill: rgb(0xA0B1C2), disabledFill: rgb(0x010203),
                onFill: rgb(0x00FF00), border: rgb(0x123456), text: rgb(0xFEDCBA)),
            borderPx: 0))
        #expect(config.display.rotation.degrees == 270)
    }

    @Test func everyRotation() throws {
        let rotations: [(String, DisplayRotation)] = [
            ("0", .degrees0), ("90", .degrees90), ("180", .degrees180), ("270", .degrees270),
        ]
        for (text, rotation) in rotations {
            let config = try #require(parsed(display800x480 + "rotation = \(text)\n"))
            #expect(config.display.rotation == rotation)
            #expect(config.display.rotation.degrees == Int(text))
        }
    }

    @Test func buttonsTakeThePanelLookUnderTheirOverrides() throws {
        let config = try #require(parsed(display800x480 + """
            font_size = 30
            fill = #111111
            text = #EEEEEE
            [button plain]
            rect = 0, 0, 10, 10
            [button own]
            rect = 10, 0, 10, 10
            latch = yes
            font_size = 200
            fill = #AA0000
            pressed_fill = #BB0000
            disabled_fill = #CC0000
            on_fill = #DD0000
            border = #EE0000
            text = #FF0000
            [button half]
            rect = 20, 0, 10, 10
            latch = no
            border = #0000AA
            """))
        let panel = ButtonPalette(
            fill: rgb(0x111111), pressedFill: rgb(0x4A6FA5), disabledFill: rgb(0x1A1C1F), onFill: rgb(0x2E7D32),
            border: rgb(0x5A6068), text: rgb(0xEEEEEE))
        #expect(config.display.colors.buttons == panel)
        #expect(config.buttons[0].colors == panel)
        #expect(config.buttons[0].fontSize == 30)
        #expect(config.buttons[0].latch == false)
        #expect(config.buttons[1].colors == ButtonPalette(
            fill: rgb(0xAA0000), pressedFill: rgb(0xBB0000), disabledFill: rgb(0xCC0000), onFill: rgb(0xDD0000),
            border: rgb(0xEE0000), text: rgb(0xFF0000)))
        #expect(config.buttons[1].fontSize == 200)
        #expect(config.buttons[1].latch == true)
        var half = panel
        half.border = rgb(0x0000AA)
        #expect(config.buttons[2].colors == half)
        #expect(config.buttons[2].latch == false)
    }

    @Test func colourHexString() {
        #expect(rgb(0x0A1B2C).hexString == "#0A1B2C")
        #expect(RGBColor(r: 255, g: 0, b: 16).hexString == "#FF0010")
    }

    @Test func outputCardAndConnector() throws {
        let defaults = try #require(parsed(display800x480)).display
        #expect(defaults.output == .auto && defaults.card == nil && defaults.connector == nil)
        let chosen = try #require(parsed(display800x480 + "output = drm\ncard = /dev/dri/card1\nconnector = DSI-1\n")).display
        #expect(chosen.output == .drm && chosen.card == "/dev/dri/card1" && chosen.connector == "DSI-1")
        #expect(try #require(parsed(display800x480 + "output = fbdev\n")).display.output == .fbdev)
        #expect(defaults.drmFormat == .xrgb8888)
        #expect(try #require(parsed(display800x480 + "drm_format = rgb565\n")).display.drmFormat == .rgb565)
        #expect(renderedErrors(display800x480 + "drm_format = argb8888\n") == [
            "panel.ini:4: [display] drm_format: expected xrgb8888 or rgb565, found \"argb8888\"",
        ])
        #expect(renderedErrors(display800x480 + "output = kms\ncard = card0\nconnector = HDMI A 1\n") == [
            "panel.ini:4: [display] output: expected auto, drm or fbdev, found \"kms\"",
            "panel.ini:5: [display] card: expected an absolute path to a DRM card like /dev/dri/card1, found \"card0\"",
            "panel.ini:6: [display] connector: expected a connector name such as HDMI-A-1 or DSI-1, found \"HDMI A 1\"",
        ])
    }

    @Test func latencyBudgetIsOptionalAndInMicroseconds() throws {
        #expect(try #require(parsed(display800x480)).display.budgetUs == nil)
        #expect(try #require(parsed(display800x480 + "budget_us = 2000\n")).display.budgetUs == 2000)
    }

    /// Debian's fonts-dejavu-core, fonts-noto-core and fonts-noto-cjk (scripts/build/deps.sh).
    @Test func aFontChainTakesPathsAndFileNamesFoundInTheSystemsFontFolders() throws {
        let config = try #require(parsed(display800x480 + """
            font = DejaVuSans.ttf, /usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf ,NotoSansCJK-Regular.ttc

            """))
        #expect(config.display.font == "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        #expect(config.display.fallbackFonts == [
            "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf", "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        ])
        #expect(config.display.fontsAsWritten == "DejaVuSans.ttf, /usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf ,NotoSansCJK-Regular.ttc")
        // Every font of the chain is a file the panel opens at start, named with the key's line.
        #expect(config.namedFiles.all.filter { $0.key == "font" }.map { "\($0.line) \($0.path)" } == [
            "4 /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "4 /usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf",
            "4 /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        ])
        // Paths alone are printed back as they are; names with the paths found under them.
        let byPath = try #require(parsed(display800x480 + "font = /a/One.ttf, /b/Two.otf\n"))
        #expect(byPath.display.fonts == ["/a/One.ttf", "/b/Two.otf"])
        #expect(byPath.display.fontsAsWritten == nil)
    }

    @Test func aFontChainRefusesAMissingNameARepeatAndMoreThanEightFonts() {
        #expect(renderedErrors(display800x480 + "font = DejaVuSans.ttf, NoSuchFont-Regular.ttf\n") == [
            "panel.ini:4: [display] font: no font file NoSuchFont-Regular.ttf in /usr/share/fonts or /usr/local/share/fonts or their "
                + "subfolders; install the package that has it (fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji) or give its absolute path",
        ])
        #expect(renderedErrors(display800x480 + "font = /a/One.ttf, /a/One.ttf\n") == [
            "panel.ini:4: [display] font: /a/One.ttf is in the chain twice",
        ])
        let nine = (1...9).map { "/f/\($0).ttf" }.joined(separator: ",")
        #expect(renderedErrors(display800x480 + "font = \(nine)\n") == [
            "panel.ini:4: [display] font: a chain of 9 fonts; at most 8",
        ])
        #expect(renderedErrors(display800x480 + "font = /a/One.ttf,\n") == [
            "panel.ini:4: [display] font: expected an absolute path to a TrueType or OpenType font file, or a font's file name, found \"\"",
        ])
    }

    @Test func badDisplayValues() {
        #expect(renderedErrors(display800x480 + """
            framebuffer = fb0
            rotation = 45
            font = fonts/DejaVuSans.ttf
            font_size = 5
            border_px = 21
            budget_us = 0
            """) == [
            "panel.ini:4: [display] framebuffer: expected an absolute path to a framebuffer device like /dev/fb0, found \"fb0\"",
            "panel.ini:5: [display] rotation: expected 0, 90, 180 or 270 (degrees clockwise), found \"45\"",
            "panel.ini:6: [display] font: expected an absolute path to a TrueType or OpenType font file, or a font's file name, found \"fonts/DejaVuSans.ttf\"",
            "panel.ini:7: [display] font_size: expected an integer 6..200 (pixels), found \"5\"",
            "panel.ini:8: [display] border_px: expected an integer 0..20 (pixels), found \"21\"",
            "panel.ini:9: [display] budget_us: expected an integer 1..1000000 (microseconds), found \"0\"",
        ])
        for rotation in ["-90", "360", "90deg", ""] {
            #expect(renderedErrors(display800x480 + "rotation = \(rotation)\n") == [
                "panel.ini:4: [display] rotation: expected 0, 90, 180 or 270 (degrees clockwise), found \"\(rotation)\"",
            ])
        }
        #expect(renderedErrors(display800x480 + "font_size = 201\n") == [
            "panel.ini:4: [display] font_size: expected an integer 6..200 (pixels), found \"201\"",
        ])
    }

    @Test func badColours() {
        for key in ["background", "fill", "pressed_fill", "disabled_fill", "on_fill", "border", "text"] {
            for colour in ["#12345", "123456", "#12345G", "red", "#1234567", "#", "", "# 123456"] {
                #expect(renderedErrors(display800x480 + "\(key) = \(colour)\n") == [
                    "panel.ini:4: [display] \(key): expected a colour as #RRGGBB (hex, like #2A2E33), found \"\(colour)\"",
                ])
            }
        }
    }

    /// A `#` that starts a colour is no comment; one after the value, meant as a comment, is
    /// explained.
    @Test func hashCommentAfterAColourGetsTheHint() {
        #expect(renderedErrors(display800x480 + "fill = #2A2E33 # grey\n") == [
            "panel.ini:4: [display] fill: expected a colour as #RRGGBB (hex, like #2A2E33), found \"#2A2E33 # grey\"; "
                + "after a value only ` ;` starts a comment, `#` only at the start of a line",
        ])
        #expect(renderedErrors(display800x480 + "fill = #2A2E33 ; grey\n") == [])
    }

    @Test func badButtonLook() {
        #expect(renderedErrors(display800x480 + """
            [button a]
            rect = 0, 0, 10, 10
            latch = maybe
            font_size = 201
            on_fill = green
            background = #000000
            border_px = 1
            font = /x.ttf
            """) == [
            "panel.ini:6: [button a] latch: expected yes/no, true/false, on/off or 1/0, found \"maybe\"",
            "panel.ini:7: [button a] font_size: expected an integer 6..200 (pixels), found \"201\"",
            "panel.ini:8: [button a] on_fill: expected a colour as #RRGGBB (hex, like #2A2E33), found \"green\"",
            "panel.ini:9: [button a] background: background applies to the whole display, not to one button; set it in [theme]",
            "panel.ini:10: [button a] border_px: border_px on a button is the outline of an invisible zone (fill = none); other buttons take [theme] border_px",
            "panel.ini:11: [button a] font: font applies to the whole display, not to one button; set it in [display]",
        ])
    }
}
