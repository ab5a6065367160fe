import PanelConfig
@testable import PanelDrivers
import Testing
import TouchCore

/// A slider bound to an entity without a `label` takes the entity's friendly name when Home
/// Assistant states it: drawn exactly as a slider given that label in its config.
@Suite("A slider's label set at run time")
struct SliderLabelTests {
    static func config(label: String?) -> String {
        """
        [display]
        width = 400
        height = 240

        [controller]
        model = ft5406

        [homeassistant]
        url = http://127.0.0.1:8123
        token_file = /etc/touchpanel/ha-token

        [slider hall]
        rect = 20, 20, 360, 60
        entity = light.hall
        format = %d %%
        """ + (label.map { "\nlabel = \($0)\n" } ?? "\n")
    }

    /// The pixels of the slider at 40 % drawn whole, its label set at run time to `setLabel`
    /// first where given.
    static func pixels(label: String?, setLabel: String?) throws -> [UInt8] {
        let config = try PanelConfigLoader.parse(text: config(label: label), file: "slider.ini")
        let labels = try FramebufferSurface.rasterizeLabels(for: config)
        let layout = try #require(FramebufferLayout(physicalWidth: 400, physicalHeight: 240, format: .xrgb8888))
        var memory = [UInt8](repeating: 0, count: layout.bufferSize)
        var problem: String?
        memory.withUnsafeMutableBytes { pixels in
            let surface = FramebufferSurface(layout: layout, pixels: pixels, config: config, labels: labels)
            let slider = config.sliders[0]
            // Drawn once before, so that the label set later must repaint it whole.
            surface.draw(slider: 0, look: slider.look(step: 40))
            if let setLabel { problem = surface.setLabel(button: config.firstPlace(of: .slider), text: setLabel) }
            surface.draw(slider: 0, look: slider.look(step: 40))
        }
        #expect(problem == nil)
        return memory
    }

    @Test func theFriendlyNameIsDrawnAsAConfiguredLabelIs() throws {
        let configured = try Self.pixels(label: "Hall lamp", setLabel: nil)
        let unnamed = try Self.pixels(label: nil, setLabel: nil)
        let named = try Self.pixels(label: nil, setLabel: "Hall lamp")
        #expect(unnamed != configured)
        #expect(named == configured)
    }

    @Test func aSliderWithItsOwnLabelKeepsIt() throws {
        let config = try PanelConfigLoader.parse(text: Self.config(label: "Dimmer"), file: "slider.ini")
        #expect(!config.sliders[0].labelFromEntity)
        let labels = try FramebufferSurface.rasterizeLabels(for: config)
        let layout = try #require(FramebufferLayout(physicalWidth: 400, physicalHeight: 240, format: .xrgb8888))
        var memory = [UInt8](repeating: 0, count: layout.bufferSize)
        memory.withUnsafeMutableBytes { pixels in
            let surface = FramebufferSurface(layout: layout, pixels: pixels, config: config, labels: labels)
            #expect(surface.setLabel(button: config.firstPlace(of: .slider), text: "Hall lamp")
                == "no slider 0 whose label is set at run time")
        }
    }
}
