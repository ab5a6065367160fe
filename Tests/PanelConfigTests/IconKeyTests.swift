import PanelConfig
import Testing
import TouchCore

@Suite("icon_font and a button's icon keys: read, defaulted, written back and refused")
struct IconKeyTests {
    private let font = "/usr/share/fonts/truetype/materialdesignicons-webfont/materialdesignicons-webfont.ttf"

    private func button(_ keys: String, iconFont: Bool = true) -> String {
        "[display]\nwidth = 800\nheight = 480\n" + (iconFont ? "icon_font = \(font)\n" : "")
            + "[button lamp]\nrect = 0, 0, 200, 160\n" + keys + "\n"
    }

    @Test func anIconWithItsDefaults() throws {
        let config = try #require(parsed(button("icon = mdi:lightbulb")))
        #expect(config.display.iconFont == font)
        let icons = try #require(config.buttons[0].icons)
        #expect(icons == ButtonIcons(normal: .named("lightbulb"), position: .top, lines: (7, 0, 0, 0)))
        // Every look shows it.
        for state in [ButtonVisualState.normal, .on, .pressed, .disabled, .pending, .unknown] {
            #expect(icons.glyph(for: state) == .named("lightbulb"))
        }
    }

    @Test func everyKeyGivenAndEachLookItsIcon() throws {
        let config = try #require(parsed(button("""
            icon = mdi:lightbulb-outline
            on_icon = mdi:lightbulb
            pressed_icon = U+F335
            disabled_icon = u+f336
            icon_size = 48
            icon_position = left
            """)))
        let icons = try #require(config.buttons[0].icons)
        #expect(icons == ButtonIcons(
            normal: .named("lightbulb-outline"), on: .named("lightbulb"), pressed: .codePoint(0xF335), disabled: .codePoint(0xF336),
            sizePx: 48, position: .left, lines: (7, 8, 9, 10)))
        #expect(icons.glyph(for: ButtonVisualState.normal) == .named("lightbulb-outline"))
        #expect(icons.glyph(for: ButtonVisualState.on) == .named("lightbulb"))
        #expect(icons.glyph(for: ButtonVisualState.pressed) == .codePoint(0xF335))
        #expect(icons.glyph(for: ButtonVisualState.disabled) == .codePoint(0xF336))
        // Pending asks for either state: the resting icon, as unknown.
        #expect(icons.glyph(for: ButtonVisualState.pending) == .named("lightbulb-outline"))
        #expect(icons.given.map { "\($0.key)=\($0.glyph.written)@\($0.line)" }
            == ["icon=mdi:lightbulb-outline@7", "on_icon=mdi:lightbulb@8", "pressed_icon=U+F335@9", "disabled_icon=U+F336@10"])
        // The effective config writes them back, and reads back the same.
        let text = config.effectiveText()
        #expect(text.contains("icon_font = \(font)\n"))
        #expect(text.contains("icon = mdi:lightbulb-outline\non_icon = mdi:lightbulb\npressed_icon = U+F335\ndisabled_icon = U+F336\n"
            + "icon_size = 48\nicon_position = left\n"))
        let again = try #require(parsed(text))
        #expect(again.buttons[0].icons?.normal == icons.normal && again.buttons[0].icons?.pressed == icons.pressed)
        #expect(again.buttons[0].icons?.sizePx == 48 && again.buttons[0].icons?.position == .left)
    }

    @Test func badValuesAndCombinationsAreRefusedWithTheirLine() {
        #expect(renderedErrors(button("icon = lightbulb")) == [
            "panel.ini:7: [button lamp] icon: expected mdi:NAME (mdi:lightbulb), a code point U+F335 or a PNG file (lamp.png), found \"lightbulb\"",
        ])
        #expect(renderedErrors(button("icon = mdi:Light Bulb")) == [
            "panel.ini:7: [button lamp] icon: expected mdi:NAME (mdi:lightbulb), a code point U+F335 or a PNG file (lamp.png), found \"mdi:Light Bulb\"",
        ])
        #expect(renderedErrors(button("icon = U+D800")) == [
            "panel.ini:7: [button lamp] icon: expected a code point U+0020 to U+10FFFF (mdi:NAME (mdi:lightbulb), a code point U+F335 or a PNG file (lamp.png)), found \"U+D800\"",
        ])
        #expect(renderedErrors(button("icon = /etc/touchpanel/lamp.jpg")) == [
            "panel.ini:7: [button lamp] icon: expected a PNG file ending .png, or mdi:NAME (mdi:lightbulb), a code point U+F335 or a PNG file (lamp.png), found \"/etc/touchpanel/lamp.jpg\"",
        ])
        // A glyph among PNG icons still needs the icon font, said at its own key.
        #expect(renderedErrors(button("icon = lamp.png\npressed_icon = mdi:fan", iconFont: false)) == [
            "panel.ini:7: [button lamp] pressed_icon: pressed_icon = mdi:fan needs [display] icon_font = PATH, an icon font such as "
                + "\(font) (Debian's fonts-materialdesignicons-webfont)",
        ])
        #expect(renderedErrors(button("icon = mdi:fan\nicon_size = 4")) == [
            "panel.ini:8: [button lamp] icon_size: expected an integer 8..512 (pixels), found \"4\"",
        ])
        #expect(renderedErrors(button("icon = mdi:fan\nicon_position = bottom")) == [
            "panel.ini:8: [button lamp] icon_position: expected top, left or center, found \"bottom\"",
        ])
        #expect(renderedErrors(button("on_icon = mdi:fan")) == [
            "panel.ini:7: [button lamp] on_icon: on_icon needs icon: the icon the button shows at rest",
        ])
        #expect(renderedErrors(button("icon = mdi:fan", iconFont: false)) == [
            "panel.ini:6: [button lamp] icon: icon = mdi:fan needs [display] icon_font = PATH, an icon font such as "
                + "\(font) (Debian's fonts-materialdesignicons-webfont)",
        ])
        #expect(renderedErrors("[display]\nwidth = 800\nheight = 480\nicon_font = fonts/mdi.ttf\n") == [
            "panel.ini:4: [display] icon_font: expected an absolute path to an icon font file, such as \(font), found \"fonts/mdi.ttf\"",
        ])
    }

    @Test func theIconFontIsAFileTheConfigNames() throws {
        let config = try #require(parsed(button("icon = mdi:fan")))
        #expect(config.namedFiles.all.map { "\($0.section) \($0.key) \($0.path) \($0.line)" }
            == ["display font /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf 0", "display icon_font \(font) 4"])
    }

    /// A PNG icon: its path taken from the config file's folder when relative, an absolute one
    /// as it is; no icon font needed; each file a file the config names, at its key's line.
    @Test func aPNGIconIsAFileBesideTheConfig() throws {
        let config = try #require(parsed(button("icon = icons/lamp-off.png\non_icon = /srv/lamp-on.PNG", iconFont: false),
                                         file: "/etc/touchpanel/panel.ini"))
        let icons = try #require(config.buttons[0].icons)
        #expect(icons.normal == .picture("/etc/touchpanel/icons/lamp-off.png"))
        #expect(icons.on == .picture("/srv/lamp-on.PNG"))
        #expect(icons.glyph(for: .on) == .picture("/srv/lamp-on.PNG"))
        #expect(!icons.normal.isGlyph && IconGlyph.named("fan").isGlyph)
        #expect(config.namedFiles.all.filter { $0.section == "button lamp" }.map { "\($0.key) \($0.path) \($0.file):\($0.line)" } == [
            "icon /etc/touchpanel/icons/lamp-off.png /etc/touchpanel/panel.ini:6",
            "on_icon /srv/lamp-on.PNG /etc/touchpanel/panel.ini:7",
        ])
        // A config in the working folder keeps a relative path as written.
        let here = try #require(parsed(button("icon = lamp.png", iconFont: false)))
        #expect(here.buttons[0].icons?.normal == .picture("lamp.png"))
    }
}
