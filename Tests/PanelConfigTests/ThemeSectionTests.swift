import PanelConfig
import Testing
import TouchCore

@Suite("[theme]: the looks every item inherits, its items' overrides, and the keys [display] keeps")
struct ThemeSectionTests {
    /// A theme that gives every key, on lines 5 to 32.
    static let everyKey = """
        [display]
        width = 800
        height = 480
        [theme]
        font_size_max = 60
        background = #000001
        fill = #000002
        pressed_fill = #000003
        disabled_fill = #000004
        on_fill = #000005
        border = #000006
        text = #000007
        pressed_text = #000008
        on_text = #000009
        disabled_text = #00000A
        pending_fill = #00000B
        pending_text = #00000C
        unknown_fill = #00000D
        unknown_text = #00000E
        border_px = 3
        radius = 12
        sublabel_size = 14
        sublabel_color = #00000F
        icon_size = 40
        icon_position = left
        slider_track = #000010
        slider_fill = #000011
        slider_knob = #000012

        """

    static let themedColors = PanelColors(
        background: rgb(0x000001), fill: rgb(0x000002), pressedFill: rgb(0x000003), disabledFill: rgb(0x000004),
        onFill: rgb(0x000005), border: rgb(0x000006), text: rgb(0x000007), pressedText: rgb(0x000008), onText: rgb(0x000009),
        disabledText: rgb(0x00000A), pendingFill: rgb(0x00000B), pendingText: rgb(0x00000C), unknownFill: rgb(0x00000D),
        unknownText: rgb(0x00000E), sliderTrack: rgb(0x000010), sliderFill: rgb(0x000011), sliderKnob: rgb(0x000012))

    @Test func everyItemInheritsTheTheme() throws {
        let config = try #require(parsed(Self.everyKey + """
            [button lamp]
            rect = 0, 0, 200, 100
            sublabel = Off
            [text hall]
            rect = 300, 0, 200, 60
            time = %H:%M
            [slider dim]
            rect = 0, 300, 400, 60
            """))
        #expect(config.theme == ThemeConfig(
            fontSizeMax: 60, radiusPx: 12, sublabelSizePx: 14, sublabelColor: rgb(0x00000F), iconSizePx: 40, iconPosition: .left))
        #expect(config.display.colors == Self.themedColors)
        #expect(config.display.borderPx == 3)
        // Without font_size anywhere texts and sliders keep 24; buttons are fitted up to 60.
        #expect(config.display.fontSize == 24)
        let lamp = config.buttons[0]
        #expect(lamp.colors == Self.themedColors.buttons)
        #expect(lamp.fontSize == 60 && lamp.fontSizeFitted)
        #expect(lamp.radiusPx == 12)
        #expect(lamp.sublabel == ButtonSublabel(text: "Off", sizePx: 14, color: rgb(0x00000F)))
        let hall = config.texts[0]
        #expect(hall.fill == rgb(0x000001) && hall.text == rgb(0x000007) && hall.staleText == rgb(0x00000A) && hall.fontSize == 24)
        let dim = config.sliders[0]
        #expect(dim.colors == SliderColors(track: rgb(0x000010), fill: rgb(0x000011), knob: rgb(0x000012)))
        #expect(dim.textColor == rgb(0x000007) && dim.disabledTextColor == rgb(0x00000A))
    }

    @Test func anItemsOwnKeysWinOverTheTheme() throws {
        let config = try #require(parsed(Self.everyKey + """
            [button lamp]
            rect = 0, 0, 200, 100
            fill = #FF0000
            font_size = 30
            radius = 8
            sublabel = 21.5 °C
            sublabel_size = 20
            sublabel_color = #00FF00
            [button fan]
            rect = 0, 100, 200, 100
            font_size_max = 100
            """))
        let lamp = config.buttons[0]
        #expect(lamp.colors.fill == rgb(0xFF0000) && lamp.colors.border == rgb(0x000006))
        #expect(lamp.fontSize == 30 && !lamp.fontSizeFitted)
        #expect(lamp.radiusPx == 8)
        #expect(lamp.sublabel == ButtonSublabel(text: "21.5 °C", sizePx: 20, color: rgb(0x00FF00)))
        #expect(config.buttons[1].fontSize == 100 && config.buttons[1].fontSizeFitted)
    }

    @Test func theLabelSizeComesFromTheNearestSectionThatGivesOne() throws {
        func button(_ sections: String, _ keys: String = "") throws -> ButtonConfig {
            try #require(parsed(display800x480 + sections + "[button a]\nrect = 0, 0, 200, 100\n" + keys).map { $0.buttons[0] })
        }
        let fitted = try button("")
        #expect(fitted.fontSize == ThemeConfig.defaultFontSizeMax && fitted.fontSize == 48 && fitted.fontSizeFitted)
        let themeSize = try button("[theme]\nfont_size = 20\n")
        #expect(themeSize.fontSize == 20 && !themeSize.fontSizeFitted)
        // [display] font_size, as configs written before [theme] give it.
        let displaySize = try #require(parsed("[display]\nwidth = 800\nheight = 480\nfont_size = 22\n[button a]\nrect = 0, 0, 200, 100\n"))
        #expect(displaySize.buttons[0].fontSize == 22 && !displaySize.buttons[0].fontSizeFitted)
        #expect(displaySize.theme.fontSizeMax == nil)
        let themeMax = try button("[theme]\nfont_size_max = 72\n")
        #expect(themeMax.fontSize == 72 && themeMax.fontSizeFitted)
        // A button's own font_size_max beats the theme's font_size: the nearer section decides.
        let ownMax = try button("[theme]\nfont_size = 20\n", "font_size_max = 90\n")
        #expect(ownMax.fontSize == 90 && ownMax.fontSizeFitted)
        let ownSize = try button("[theme]\nfont_size_max = 90\n", "font_size = 18\n")
        #expect(ownSize.fontSize == 18 && !ownSize.fontSizeFitted)
    }

    @Test func aRadiusBeyondHalfTheSmallerSideIsClampedToIt() throws {
        let config = try #require(parsed(display800x480 + """
            [theme]
            radius = 30
            [button wide]
            rect = 0, 0, 200, 40
            [button pill]
            rect = 0, 100, 200, 100
            radius = 999
            [button round]
            rect = 300, 100, 81, 81
            radius = 4096
            [button square]
            rect = 400, 0, 100, 100
            radius = 0
            [button big]
            rect = 500, 0, 200, 200
            """))
        #expect(config.buttons.map { $0.radiusPx } == [20, 50, 40, 0, 30])
        #expect(ThemeConfig.clampedRadiusPx(999, width: 1, height: 1) == 0)
    }

    @Test func theSublabelsColourIsItsOwnAtRestAndTheLabelsInEveryOtherLook() throws {
        let palette = ButtonPalette(
            fill: rgb(0x111111), text: rgb(0xAAAAAA), pressedText: rgb(0xBBBBBB), onText: rgb(0xCCCCCC), disabledText: rgb(0x444444),
            pendingText: rgb(0x555555), unknownText: rgb(0x666666))
        let states: [ButtonVisualState] = [.normal, .pressed, .on, .disabled, .pending, .unknown]
        let given = ButtonSublabel(text: "Off", color: rgb(0x00FF00))
        #expect(states.map { given.color(in: $0, palette: palette) }
            == [rgb(0x00FF00), rgb(0xBBBBBB), rgb(0xCCCCCC), rgb(0x444444), rgb(0x555555), rgb(0x666666)])
        let following = ButtonSublabel(text: "Off")
        #expect(states.map { following.color(in: $0, palette: palette) }
            == [rgb(0xAAAAAA), rgb(0xBBBBBB), rgb(0xCCCCCC), rgb(0x444444), rgb(0x555555), rgb(0x666666)])
        #expect(following.sizePx == 16)
    }

    @Test func aKeyInBothDisplayAndThemeIsAnErrorNamingBothLines() {
        #expect(renderedErrors("""
            [display]
            width = 800
            height = 480
            fill = #112233
            border_px = 1
            font_size = 20
            [theme]
            fill = #445566
            border_px = 1
            radius = 4
            """) == [
            "panel.ini:8: [theme] fill: fill is given in [display] too, on line 4; give it once, in [theme] "
                + "([display] takes its looks only for configs written before [theme])",
            "panel.ini:9: [theme] border_px: border_px is given in [display] too, on line 5; give it once, in [theme] "
                + "([display] takes its looks only for configs written before [theme])",
        ])
        // A size to fit up to, beside a size to start from, says two things.
        #expect(renderedErrors(display800x480 + "font_size = 20\n[theme]\nfont_size_max = 60\n") == [
            "panel.ini:6: [theme] font_size_max: font_size_max caps the size labels are fitted to when no font_size is given; "
                + "[display] font_size on line 4 gives one: keep one of the two",
        ])
        #expect(renderedErrors(display800x480 + "[theme]\nfont_size = 20\nfont_size_max = 60\n") == [
            "panel.ini:6: [theme] font_size_max: font_size_max caps the size labels are fitted to when no font_size is given; "
                + "[theme] font_size on line 5 gives one: keep one of the two",
        ])
        #expect(renderedErrors(display800x480 + "[button a]\nrect = 0, 0, 100, 100\nfont_size = 20\nfont_size_max = 60\n") == [
            "panel.ini:7: [button a] font_size_max: font_size_max caps the size the label is fitted to when no font_size is given; "
                + "font_size on line 6 gives one: keep one of the two",
        ])
    }

    /// A preset's [display] is put under the panel's [theme] as under its [display]: the panel
    /// config wins, key by key, without an error (the user cannot edit the preset).
    @Test func aPresetsDisplayLookGivesWayToThePanelsTheme() throws {
        let dir = try TemporaryDirectory(["looks.ini": "[display]\nwidth = 800\nheight = 480\nfill = #010101\nfont_size = 20\n"])
        defer { dir.remove() }
        let config = try #require(parsed(
            "[board]\npreset = looks\n[theme]\nfill = #020202\nfont_size_max = 64\n[button a]\nrect = 0, 0, 100, 100\n",
            presets: [dir.path]))
        #expect(config.display.colors.fill == rgb(0x020202))
        #expect(config.buttons[0].colors.fill == rgb(0x020202))
        #expect(config.buttons[0].fontSize == 64 && config.buttons[0].fontSizeFitted)
        // Texts and sliders keep the preset's size.
        #expect(config.display.fontSize == 20)
    }

    @Test func misplacedUnknownAndRepeatedKeysAreRefusedWithTheirLine() throws {
        #expect(renderedErrors(display800x480 + "[theme]\nradus = 4\nfont = /x.ttf\nwidth = 480\n") == [
            "panel.ini:5: [theme] radus: unknown key; did you mean radius? valid keys: font_size, font_size_max, background, fill, "
                + "pressed_fill, disabled_fill, on_fill, border, text, pressed_text, on_text, disabled_text, pending_fill, pending_text, "
                + "unknown_fill, unknown_text, border_px, radius, sublabel_size, sublabel_color, icon_size, icon_position, slider_track, "
                + "slider_fill, slider_knob",
            "panel.ini:6: [theme] font: font is a file the panel opens with its display; set it in [display]",
            "panel.ini:7: [theme] width: width describes the display, not a look; set it in [display]",
        ])
        #expect(renderedErrors(display800x480 + "radius = 4\nsublabel_color = #FFFFFF\n") == [
            "panel.ini:4: [display] radius: radius is a look every item inherits; set it in [theme]",
            "panel.ini:5: [display] sublabel_color: sublabel_color is a look every item inherits; set it in [theme]",
        ])
        #expect(renderedErrors(display800x480 + "[theme]\nradius = -1\nicon_position = right\nfont_size_max = 5\n[theme]\n") == [
            "panel.ini:5: [theme] radius: expected an integer 0..4096 (pixels), found \"-1\"",
            "panel.ini:6: [theme] icon_position: expected top, left or center, found \"right\"",
            "panel.ini:7: [theme] font_size_max: expected an integer 6..200 (pixels), found \"5\"",
            "panel.ini:8: [theme]: section given twice; the first [theme] is on line 4; merge the two",
        ])
        let dir = try TemporaryDirectory(["themed.ini": "[display]\nwidth = 800\nheight = 480\n[theme]\nradius = 4\n"])
        defer { dir.remove() }
        #expect(renderedErrors("[board]\npreset = themed\n", presets: [dir.path]) == [
            "\(dir.path)/themed.ini:4: [theme]: a board preset holds no [theme]: looks are the panel's; put it in the panel config",
        ])
    }

    @Test func sublabelKeysAreRefusedWithoutASublabelAndAsMoreThanOneLine() {
        let button = display800x480 + "[button a]\nrect = 0, 0, 200, 100\n"
        #expect(renderedErrors(button + "sublabel_size = 12\nsublabel_color = #FFFFFF\n") == [
            "panel.ini:6: [button a] sublabel_size: sublabel_size needs sublabel: the second line it is the look of",
        ])
        #expect(renderedErrors(button + "sublabel = On\\nOff\n") == [
            "panel.ini:6: [button a] sublabel: expected one line of text, 1 to 256 bytes, such as 21.5 °C or Off, found \"On\\nOff\"",
        ])
        #expect(renderedErrors(button + "sublabel =\n") == [
            "panel.ini:6: [button a] sublabel: expected one line of text, 1 to 256 bytes, such as 21.5 °C or Off, found \"\"",
        ])
        #expect(renderedErrors(button + "radius = 4097\n") == [
            "panel.ini:6: [button a] radius: expected an integer 0..4096 (pixels), found \"4097\"",
        ])
    }

    @Test func theEffectiveTextWritesEveryLookInThemeAndReadsBackTheSame() throws {
        let config = try #require(parsed(Self.everyKey + """
            [button lamp]
            rect = 0, 0, 200, 100
            radius = 999
            sublabel=;21.5 °C
            [button fan]
            rect = 0, 100, 200, 100
            font_size = 30
            sublabel = Off
            sublabel_size = 20
            """))
        let text = config.effectiveText()
        #expect(text.contains("""

            [theme]
            ; font_size: not set (buttons: the largest size that fits, up to font_size_max; texts and sliders: 24)
            font_size_max = 60
            background = #000001
            fill = #000002
            pressed_fill = #000003
            disabled_fill = #000004
            on_fill = #000005
            border = #000006
            text = #000007
            pressed_text = #000008
            on_text = #000009
            disabled_text = #00000A
            pending_fill = #00000B
            pending_text = #00000C
            unknown_fill = #00000D
            unknown_text = #00000E
            border_px = 3
            radius = 12
            sublabel_size = 14
            sublabel_color = #00000F
            icon_size = 40
            icon_position = left
            slider_track = #000010
            slider_fill = #000011
            slider_knob = #000012

            [touch]
            """))
        #expect(text.contains("\nfont_size_max = 60\nradius = 50\nsublabel=;21.5 °C\nsublabel_size = 14\nsublabel_color = #00000F\nlook = button\nfill = #000002\n"))
        #expect(text.contains("\nfont_size = 30\nradius = 12\nsublabel = Off\nsublabel_size = 20\nsublabel_color = #00000F\nlook = button\nfill = #000002\n"))
        let back = try EffectiveTextTests.roundTrip(config)
        #expect(back == EffectiveTextTests.withLines(of: back, config))
        #expect(back.effectiveText() == text)
        // A [display] font_size is written as [theme]'s, and reads back the same.
        let sized = try #require(parsed(display800x480 + "font_size = 20\n[button a]\nrect = 0, 0, 100, 100\n"))
        #expect(sized.effectiveText().contains(
            "\n[theme]\nfont_size = 20\n; font_size_max: not set (font_size is given: every label starts from it)\nbackground = #101214\n"))
        let sizedBack = try EffectiveTextTests.roundTrip(sized)
        #expect(sizedBack == EffectiveTextTests.withLines(of: sizedBack, sized))
    }

    /// `radius` and `sublabel` are drawn: no warning where they are given, and each button
    /// keeps its own or the theme's.
    @Test func radiusAndSublabelAreDrawnWithoutAWarning() throws {
        let config = try #require(parsed(display800x480 + """
            [theme]
            radius = 8

            [button a]
            rect = 0, 0, 100, 100
            sublabel = 21 °C

            [button b]
            rect = 100, 0, 100, 100
            radius = 0

            [button c]
            rect = 200, 0, 100, 100
            radius = 6

            """))
        #expect(config.warnings.map { $0.rendered } == [])
        #expect(config.buttons.map { $0.radiusPx } == [8, 0, 6])
        #expect(config.buttons.map { $0.sublabel?.text } == ["21 °C", nil, nil])
    }
}

