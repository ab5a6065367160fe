import Foundation
import LinuxSystem
@testable import PanelApp
import PanelConfig
import PanelDrivers
@testable import PanelTestSupport
import Testing
import TouchCore

/// `touchpanel preview` draws `[qr NAME]`: a real decoder (Debian's zbarimg) reads the exact
/// texts back off the picture at every rotation, and each module is whole pixels where the
/// layout says.
@Suite("Preview: QR codes read back by zbarimg", .serialized)
struct QRCodePreviewTests {
    static let guestText = "https://example.org/guest"
    static let wifiText = "WIFI:S:home;T:WPA;P:correct horse;;"

    static func config(rotation: Int) throws -> PanelConfiguration {
        try PanelConfigLoader.parse(text: """
            [display]
            width = 800
            height = 480
            rotation = \(rotation)
            [controller]
            model = ft5406
            [button lamp]
            rect = 10, 320, 150, 150
            label = Lamp
            on_tap = emit
            [qr guest]
            rect = 10, 10, 300, 300
            text = \(guestText)
            [qr wifi]
            rect = 320, 10, 150, 150
            text = \(wifiText)
            dark = #203040
            fill = #F0F0E0
            """, file: "panel.ini", presetSearchPath: [])
    }

    static func png(rotation: Int) throws -> [UInt8] {
        let preview = try PagePreview(config: try config(rotation: rotation), pages: [0], format: .xrgb8888, log: nil)
        return try preview.png(page: 0, looks: [:]).get()
    }

    /// What zbarimg reads off `png`, one symbol a line, sorted.
    static func decoded(_ png: [UInt8], name: String) throws -> [String] {
        let path = NSTemporaryDirectory() + "touchpanel-qr-\(name)-\(getpid()).png"
        try Data(png).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        process.arguments = ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init).sorted()
    }

    @Test(arguments: [0, 90, 180, 270])
    func zbarimgReadsTheExactTexts(rotation: Int) throws {
        let png = try Self.png(rotation: rotation)
        #expect(try Self.decoded(png, name: "rot\(rotation)") == [Self.guestText, Self.wifiText].sorted())
    }

    @Test func everyModuleIsWholePixelsInsideItsQuietZone() throws {
        let image = try DecodedPNG(try Self.png(rotation: 0))
        #expect(image.width == 800 && image.height == 480)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            let at = (y * image.width + x) * 3
            return Array(image.pixels[at..<(at + 3)])
        }
        let symbol = try QRSymbol.encode(Self.guestText).get()
        // 25 bytes: version 2, 25 modules; 33 with the quiet zone, 9 pixels each in 300.
        #expect(symbol.widthModules == 25)
        let layout = try #require(QRLayout(widthModules: symbol.widthModules, in: Rect(x: 10, y: 10, width: 300, height: 300)))
        #expect([layout.modulePx, layout.originX, layout.originY, layout.widthModules] == [9, 47, 47, 25])
        let black: [UInt8] = [0, 0, 0], white: [UInt8] = [255, 255, 255]
        var wrong = 0
        for y in 10..<310 {
            for x in 10..<310 {
                let column = (x - 47) / 9, row = (y - 47) / 9
                let inCode = x >= 47 && y >= 47 && column < 25 && row < 25
                let expected = inCode && symbol.isDark(x: column, y: row) ? black : white
                if pixel(x, y) != expected { wrong += 1 }
            }
        }
        #expect(wrong == 0)
        // The quiet zone is at least 4 modules of 9 pixels: 37 pixels from the rect's edge.
        #expect(pixel(46, 46) == white && pixel(47, 47) == black)
    }
}
