import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

@Suite("Label colour per state, and a disabled look that reads as disabled")
struct LabelColorTests {
    @Test func eachStateHasItsLabelColour() throws {
        let config = try PanelConfigLoader.parse(text: """
            [display]
            width = 800
            height = 480
            text = #FFFFFF
            pressed_text = #000000

            [button a]
            rect = 0, 0, 100, 100
            on_text = #FFEE00

            [button b]
            rect = 200, 0, 100, 100
            text = #102030
            disabled_text = #405060
            """, file: "colors.ini")
        let a = FramebufferSurface.style(for: config.buttons[0], borderPx: 2)
        #expect(a.normal.text == RGBColor(r: 0xFF, g: 0xFF, b: 0xFF))
        #expect(a.pressed.text == RGBColor(r: 0, g: 0, b: 0))
        #expect(a.on.text == RGBColor(r: 0xFF, g: 0xEE, b: 0))
        #expect(a.disabled.text == RGBColor(r: 0x6B, g: 0x70, b: 0x78))
        // Without its own pressed_text a button takes the display's; on_text follows its text.
        let b = FramebufferSurface.style(for: config.buttons[1], borderPx: 2)
        #expect(b.normal.text == RGBColor(r: 0x10, g: 0x20, b: 0x30))
        #expect(b.pressed.text == RGBColor(r: 0, g: 0, b: 0))
        #expect(b.on.text == RGBColor(r: 0x10, g: 0x20, b: 0x30))
        #expect(b.disabled.text == RGBColor(r: 0x40, g: 0x50, b: 0x60))
    }

    @Test func byDefaultADisabledLabelIsDimmedAndTheOthersAreOffWhite() throws {
        let config = try PanelConfigLoader.parse(text: "[display]\nwidth = 800\nheight = 480\n[button a]\nrect = 0, 0, 100, 100\n", file: "d.ini")
        let style = FramebufferSurface.style(for: config.buttons[0], borderPx: 2)
        let offWhite = RGBColor(r: 0xF2, g: 0xF2, b: 0xF2)
        #expect([style.normal.text, style.pressed.text, style.on.text] == [offWhite, offWhite, offWhite])
        #expect(style.disabled.text == RGBColor(r: 0x6B, g: 0x70, b: 0x78))
        #expect(style.disabled.fill == RGBColor(r: 0x1A, g: 0x1C, b: 0x1F))
    }
}
