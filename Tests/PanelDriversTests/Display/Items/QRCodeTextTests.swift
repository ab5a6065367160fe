import LinuxSystem
import PanelConfig
@testable import PanelDrivers
import Testing
import TouchCore

/// A QR code's text set at run time (its topic's messages): drawn exactly as a code given that
/// text in its config; a text whose code does not fit keeps the code shown, with the reason.
@Suite("A QR code's text set at run time")
struct QRCodeTextTests {
    static func config(_ keys: String) -> String {
        """
        [display]
        width = 400
        height = 240

        [controller]
        model = ft5406

        [mqtt]
        host = 127.0.0.1

        [qr guest]
        rect = 20, 20, 100, 100
        topic = panel/guest
        \(keys)
        """
    }

    /// The pixels of the QR code drawn whole, after its text is set to `setText` where given;
    /// `refusal` is what the surface answered.
    static func pixels(_ keys: String, setText: String? = nil, refusal: inout String?) throws -> [UInt8] {
        let config = try PanelConfigLoader.parse(text: config(keys), file: "qr.ini")
        let labels = try FramebufferSurface.rasterizeLabels(for: config)
        let layout = try #require(FramebufferLayout(physicalWidth: 400, physicalHeight: 240, format: .xrgb8888))
        var memory = [UInt8](repeating: 0, count: layout.bufferSize)
        var answer: String?
        memory.withUnsafeMutableBytes { pixels in
            let surface = FramebufferSurface(layout: layout, pixels: pixels, config: config, labels: labels)
            surface.draw(item: 0, look: .qrCode)
            if let setText { answer = surface.setLabel(button: config.firstPlace(of: .qrCode), text: setText) }
            surface.draw(item: 0, look: .qrCode)
        }
        refusal = answer
        return memory
    }

    @Test func aNewTextIsDrawnAsAConfiguredOneIs() throws {
        var refusal: String?
        let configured = try Self.pixels("text = second", refusal: &refusal)
        let first = try Self.pixels("text = first", refusal: &refusal)
        let set = try Self.pixels("text = first", setText: "second", refusal: &refusal)
        #expect(refusal == nil)
        #expect(first != configured)
        #expect(set == configured)
    }

    @Test func aTextTooLongForTheRectKeepsTheCodeShown() throws {
        var refusal: String?
        let first = try Self.pixels("text = first", refusal: &refusal)
        let long = String(repeating: "x", count: 1000)
        let kept = try Self.pixels("text = first", setText: long, refusal: &refusal)
        #expect(kept == first)
        #expect(refusal == "its 1000 bytes make a code of 121x121 modules, 129 pixels a side at the least; "
            + "the rect is 100x100: the previous code is kept")
        _ = try Self.pixels("text = first", setText: "", refusal: &refusal)
        #expect(refusal == "an empty text makes no QR code: the previous code is kept")
    }

    @Test func beforeItsFirstMessageATopicsCodeIsItsFillAlone() throws {
        var refusal: String?
        let blank = try Self.pixels("", refusal: &refusal)
        // XRGB8888: the rect white, the rest of the screen as it was (zero).
        let row = 50 * 400 * 4
        #expect(Array(blank[(row + 20 * 4)..<(row + 20 * 4 + 4)]) == [255, 255, 255, 0])
        #expect(Array(blank[(row + 119 * 4)..<(row + 119 * 4 + 4)]) == [255, 255, 255, 0])
        #expect(Array(blank[(row + 120 * 4)..<(row + 120 * 4 + 4)]) == [0, 0, 0, 0])
        let set = try Self.pixels("", setText: "second", refusal: &refusal)
        let configured = try Self.pixels("text = second", refusal: &refusal)
        #expect(set == configured)
    }
}
