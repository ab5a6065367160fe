import PanelConfig
import Testing
import TouchCore

/// Invisible zones (`fill = none`), colours with alpha, and `[page NAME] image` as read from
/// the config, with their errors at file:line.
@Suite("Invisible zones, #RRGGBBAA and page images: read, defaulted, written back and refused")
struct ZoneConfigTests {
    static let page = display800x480 + "[page plan]\nimage = /srv/plan.png\n"

    @Test func fillNoneMakesAZoneWithHalfOpaquePanelFillsAndNoLabel() throws {
        let config = try #require(parsed(Self.page + """
            [button kitchen]
            page = plan
            rect = 10, 10, 100, 100
            fill = none
            border_px = 0
            """))
        let button = config.buttons[0]
        let panel = PanelColors.defaults
        #expect(button.zone == ZoneLook(
            borderPx: 0, pressedFill: TranslucentColor(panel.pressedFill, alpha: 0x80), onFill: TranslucentColor(panel.onFill, alpha: 0x80),
            pendingFill: TranslucentColor(panel.onFill.dimmed, alpha: 0x80), disabledFill: nil, unknownFill: nil))
        #expect(button.label == "")
        #expect(button.displayTitle == "kitchen")
        #expect(config.pages[0].image == "/srv/plan.png")
    }

    @Test func alphaOnAZonesFillsAndTheBorderFromDisplay() throws {
        let config = try #require(parsed(Self.page + """
            [button bath]
            page = plan
            rect = 10, 10, 100, 100
            fill = none
            pressed_fill = #4A6FA560
            on_fill = #FFC107
            unknown_fill = #00000080
            label = Bath
            """))
        let zone = try #require(config.buttons[0].zone)
        #expect(zone.borderPx == DisplayConfig.defaultBorderPx)
        #expect(zone.pressedFill == TranslucentColor(RGBColor(r: 0x4A, g: 0x6F, b: 0xA5), alpha: 0x60))
        // #RRGGBB stays opaque.
        #expect(zone.onFill == TranslucentColor(RGBColor(r: 0xFF, g: 0xC1, b: 0x07), alpha: 0xFF))
        #expect(zone.unknownFill == TranslucentColor(.black, alpha: 0x80))
        #expect(config.buttons[0].label == "Bath")
        let text = config.effectiveText()
        #expect(text.contains("fill = none\nborder_px = 2\npressed_fill = #4A6FA560\n; disabled_fill: not set (nothing over the background)\non_fill = #FFC107\n"))
        #expect(text.contains("image = /srv/plan.png\n"))
    }

    @Test func aRelativeImageIsFoundBesideTheConfig() throws {
        let config = try #require(parsed(display800x480 + "[page plan]\nimage = plans/flat.png\n", file: "/etc/touchpanel/panel.ini"))
        #expect(config.pages[0].image == "/etc/touchpanel/plans/flat.png")
        #expect(config.namedFiles.all.contains(NamedFile(
            section: "page plan", key: "image", path: "/etc/touchpanel/plans/flat.png", file: "/etc/touchpanel/panel.ini", line: 5)))
    }

    @Test func alphaWhereNothingShowsThroughIsRefusedAtItsLine() {
        #expect(renderedErrors(display800x480 + "background = #10121480\n") == [
            "panel.ini:4: [display] background: \"#10121480\" has alpha, which only an invisible zone's fills take ([button] with fill = none: "
                + "pressed_fill, disabled_fill, on_fill, pending_fill, unknown_fill); here give #RRGGBB",
        ])
        #expect(renderedErrors(display800x480 + "pressed_fill = #10121480\n") == [
            "panel.ini:4: [display] pressed_fill: \"#10121480\" has alpha, which only an invisible zone's fills take ([button] with fill = none: "
                + "pressed_fill, disabled_fill, on_fill, pending_fill, unknown_fill); here give #RRGGBB",
        ])
        #expect(renderedErrors(display800x480 + "[button a]\nrect = 0, 0, 10, 10\nfill = none\ntext = #FFFFFF80\n") == [
            "panel.ini:7: [button a] text: \"#FFFFFF80\" has alpha, which only an invisible zone's fills take ([button] with fill = none: "
                + "pressed_fill, disabled_fill, on_fill, pending_fill, unknown_fill); here give #RRGGBB",
        ])
        #expect(renderedErrors(display800x480 + "[button a]\nrect = 0, 0, 10, 10\npressed_fill = #FFFFFF80\n") == [
            "panel.ini:6: [button a] pressed_fill: a colour with alpha (#RRGGBBAA) needs fill = none: only an invisible zone shows the background through its fills",
        ])
        #expect(renderedErrors(display800x480 + "[button a]\nrect = 0, 0, 10, 10\nfill = none\npressed_fill = #FFFFFFZZ\n") == [
            "panel.ini:7: [button a] pressed_fill: expected a colour with alpha as #RRGGBBAA (hex, like #4A6FA580), found \"#FFFFFFZZ\"",
        ])
        #expect(renderedErrors(display800x480 + "fill = none\n") == [
            "panel.ini:4: [display] fill: expected a colour as #RRGGBB (hex, like #2A2E33), found \"none\"",
        ])
    }

    @Test func borderPxBelongsToZones() {
        #expect(renderedErrors(display800x480 + "[button a]\nrect = 0, 0, 10, 10\nborder_px = 0\n") == [
            "panel.ini:6: [button a] border_px: border_px on a button is the outline of an invisible zone (fill = none); other buttons take [theme] border_px",
        ])
        #expect(renderedErrors(display800x480 + "[button a]\nrect = 0, 0, 10, 10\nfill = none\nborder_px = 21\n") == [
            "panel.ini:7: [button a] border_px: expected an integer 0..20 (pixels), found \"21\"",
        ])
        #expect(renderedErrors(display800x480 + "[page p]\nimage =\n") == [
            "panel.ini:5: [page p] image: expected the path of a PNG image, found \"\"",
        ])
    }
}
