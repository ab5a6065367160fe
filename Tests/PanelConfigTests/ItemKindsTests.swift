import Foundation
@testable import PanelConfig
import Testing
import TouchCore

/// The closed set of item kinds: each has its places in the one index space (buttons, then
/// texts, then sliders, in file order, the order they are drawn) and a reference image that
/// draws it. A new kind fails to compile in `referenceImage(of:)` until it is given one.
@Suite("Item kinds: one index space, and a reference image for each")
struct ItemKindsTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let kinds: [ItemKind] = [.button, .text, .slider, .qrCode, .chart]

    /// The reference image (under Tests/ReferenceImages) that shows an item of `kind`.
    static func referenceImage(of kind: ItemKind) -> String {
        switch kind {
        case .button: "demo/0040-play-pressed.png"
        case .text: "live/0300-on-and-values.png"
        case .slider: "sliders/0020-dimmer-dragged.png"
        case .qrCode: "qr/states-rot0.png"
        case .chart: "chart/history-rot0.png"
        }
    }

    /// Written out of order (a QR code and a slider first, a text between buttons), placed by kind.
    static let config = """
        [display]
        width = 800
        height = 480

        [controller]
        model = ft5406

        [mqtt]
        host = localhost

        [chart power]
        rect = 600, 320, 150, 60
        topic = house/power

        [qr guest]
        rect = 600, 150, 150, 150
        text = https://example.org


        [slider dimmer]
        rect = 20, 400, 700, 60

        [button lamp]
        rect = 10, 10, 180, 100
        label = Lamp
        on_tap = emit

        [text temperature]
        rect = 200, 10, 180, 100
        time = %H:%M

        [button fan]
        rect = 400, 10, 180, 100
        label = Fan
        on_tap = emit
        """

    @Test func everyKindHasItsPlacesInDrawingOrder() throws {
        let config = try PanelConfigLoader.parse(text: Self.config, file: "kinds.ini")
        #expect(config.itemCount == 6)
        #expect(Self.kinds.map { config.firstPlace(of: $0) } == [0, 2, 3, 4, 5])
        let items = (0..<config.itemCount).map { config.item(at: $0) }
        #expect(items.map { $0.kind } == [.button, .button, .text, .slider, .qrCode, .chart])
        #expect(items.map { $0.index } == [0, 1, 0, 0, 0, 0])
        #expect(config.buttons.map { $0.name } == ["lamp", "fan"])
        #expect(config.itemPages == [0, 0, 0, 0, 0, 0])
    }

    @Test func everyKindHasAReferenceImage() {
        for kind in Self.kinds {
            let path = Self.root.appendingPathComponent("Tests/ReferenceImages/\(Self.referenceImage(of: kind))").path
            #expect(FileManager.default.fileExists(atPath: path), "\(kind): \(path)")
        }
    }
}
