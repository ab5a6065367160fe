import PanelConfig
@testable import PanelDrivers
import Testing
import TouchCore

/// A switch button on the surface: its label fitted to the room past the switch and drawn
/// there, the switch over its tile in the panel's colours.
@Suite("Switch buttons on the surface: the label beside the switch")
struct SwitchLabelTests {
    /// `heat` is a 200x60 switch at (0, 0) with the default 2-pixel border: its track at (16, 16),
    /// 56x28, and its label's column 84 past the border, 112 wide (`SwitchLook`).
    static let config = """
        [display]
        width = 240
        height = 120
        [controller]
        model = ft5406
        [button heat]
        rect = 0, 0, 200, 60
        label = Heat
        latch = yes
        look = switch
        on_tap = emit
        [button plain]
        rect = 0, 60, 200, 60
        label = Plain
        on_tap = emit
        """

    @Test func theLabelIsFittedToTheRoomPastTheSwitch() throws {
        let config = try PanelConfigLoader.parse(text: Self.config, file: "switch.ini")
        #expect(config.display.borderPx == 2)
        // 112 of label, the padding after it, the border on both sides: 120, at the right.
        #expect(FramebufferSurface.labelRect(of: config.buttons[0], borderPx: 2) == Rect(x: 80, y: 0, width: 120, height: 60))
        #expect(FramebufferSurface.labelRect(of: config.buttons[1], borderPx: 2) == config.buttons[1].rect)
    }

    @Test func drawnOnTheLabelStartsPastTheSwitch() throws {
        let config = try PanelConfigLoader.parse(text: Self.config, file: "switch.ini")
        let labels = try FramebufferSurface.rasterizeLabels(for: config)
        let layout = try #require(FramebufferLayout(physicalWidth: 240, physicalHeight: 120, format: .xrgb8888))
        var memory = [UInt8](repeating: 0, count: layout.bufferSize)
        memory.withUnsafeMutableBytes { pixels in
            let surface = FramebufferSurface(layout: layout, pixels: pixels, config: config, labels: labels)
            surface.drawAll([.button(.on), .button(.normal)], page: 0)
        }
        func pixel(_ x: Int, _ y: Int) -> RGBColor {
            let at = y * layout.strideBytes + x * 4
            return RGBColor(r: memory[at + 2], g: memory[at + 1], b: memory[at])
        }
        let colors = PanelColors.defaults
        // On: the knob (the label's colour) at the right of the track (the on fill).
        #expect(pixel(58, 30) == colors.text)
        #expect(pixel(30, 30) == colors.onFill)
        #expect(pixel(1, 30) == colors.border)
        // Between the border and the track, and between the track and the label's column,
        // only the tile's resting fill; the label's ink from its column on.
        var inkColumns = Set<Int>()
        for y in 2..<58 {
            for x in 2..<200 - 2 {
                let inSwitch = x >= 16 && x < 72 && y >= 16 && y < 44
                if x < 2 + 84 && !inSwitch {
                    #expect(pixel(x, y) == colors.fill, "(\(x), \(y))")
                } else if x >= 2 + 84 && pixel(x, y) != colors.fill {
                    inkColumns.insert(x)
                }
            }
        }
        #expect(inkColumns.min() == 2 + 84)
        // The plain button below still centres its label.
        #expect(pixel(30, 90) == colors.fill)
    }

    /// `check`'s count of a page's looks is what the surface holds: a switch's tile and label
    /// looks are made with the style the surface paints them with.
    @Test func checkCountsTheLooksTheSurfaceHolds() throws {
        let config = try PanelConfigLoader.parse(text: Self.config, file: "switch.ini")
        let labels = try FramebufferSurface.rasterizeLabels(for: config)
        let layout = try #require(FramebufferLayout(physicalWidth: 240, physicalHeight: 120, format: .xrgb8888))
        var memory = [UInt8](repeating: 0, count: layout.bufferSize)
        memory.withUnsafeMutableBytes { pixels in
            let surface = FramebufferSurface(layout: layout, pixels: pixels, config: config, labels: labels, lookByteLimit: 1 << 20)
            #expect(PreparedLookSizesTests.heldAfterShowing(0, surface: surface, config: config)
                == PreparedLookSizes.bytesPerPage(of: config, font: labels.font, format: .xrgb8888)[0])
        }
    }
}
