import PanelConfig
@testable import PanelDrivers
import Testing
import TouchCore

/// A button without `font_size` (its own, `[theme]`'s or `[display]`'s) takes the largest size
/// at which its label fits, up to `font_size_max`: the sizes DejaVu Sans gives (2.37, through
/// FreeType 2.12, as the reference images).
@Suite("Fitted label sizes: the largest that fits the tile, up to font_size_max")
struct FittedFontSizeTests {
    static let config = """
        [display]
        width = 800
        height = 480
        icon_font = \(DisplayConfig.materialDesignIconsFont)
        [controller]
        model = ft5406
        [button play]
        rect = 0, 0, 185, 145
        label = Play
        [button room]
        rect = 200, 0, 120, 80
        label = Living room lights
        [button kitchen]
        rect = 340, 0, 200, 100
        label = Kitchen\\nfan
        [button on]
        rect = 560, 0, 100, 60
        label = On
        [button big]
        rect = 0, 160, 360, 300
        label = Lights
        font_size_max = 200
        [button lamp]
        rect = 380, 160, 200, 160
        label = Lamp
        icon = mdi:lightbulb
        [button tiny]
        rect = 600, 160, 40, 24
        label = Supercalifragilistic
        [button fixed]
        rect = 600, 200, 185, 145
        label = Play
        font_size = 24
        """

    @Test func eachLabelTakesTheLargestSizeThatFitsUpToItsMaximum() throws {
        let config = try PanelConfigLoader.parse(text: Self.config, file: "fitted.ini")
        #expect(config.buttons.map { $0.fontSize } == [48, 48, 48, 48, 200, 48, 48, 24])
        #expect(config.buttons.map { $0.fontSizeFitted } == [true, true, true, true, true, true, true, false])
        let font = try FontRasterizer(path: config.display.font, pixelSize: 24)
        let iconFont = try #require(try FramebufferSurface.openIconFont(for: config))
        let fits = FramebufferSurface.labelFits(for: config, font: font, iconFont: iconFont)
        #expect(fits.map { $0.pixelSize } == [48, 19, 37, 40, 120, 48, 8, 24])
        #expect(fits.map { $0.fits } == [true, true, true, true, true, true, false, true])
        #expect(fits[1].lines == ["Living", "room lights"])
        #expect(fits[2].lines == ["Kitchen", "fan"])
        // The largest: at every size above it, up to the button's maximum, the label does not
        // fit (a fit that starts there does not keep it). Buttons without an icon.
        let border = config.display.borderPx
        for index in [0, 1, 2, 3, 4] where fits[index].fits {
            let button = config.buttons[index]
            for size in stride(from: fits[index].pixelSize + 1, through: button.fontSize, by: 1) {
                let above = FramebufferSurface.fitLabel(button.label, rect: button.rect, fontSize: size, borderPx: border, font: font)
                #expect(above.pixelSize < size, "\(button.name) fits at \(size) px")
            }
        }
    }
}
