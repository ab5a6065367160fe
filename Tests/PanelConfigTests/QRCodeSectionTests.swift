import Foundation
import PanelConfig
import Testing
import TouchCore

@Suite("[qr NAME]: its text or text_file, its colours, and a code too large for its rect")
struct QRCodeSectionTests {
    /// `[qr guest]` on line 4, its keys from line 5.
    private func qr(_ keys: String) -> String {
        display800x480 + "[qr guest]\n" + keys + "\n"
    }

    @Test func aTextWithEveryKey() throws {
        let config = try #require(parsed(qr("""
            rect = 600, 300, 180, 170
            text = https://example.org/guest
            dark = #102030
            fill = #F0F0E0
            """)))
        #expect(config.qrCodes == [QRCodeConfig(
            name: "guest", rect: Rect(x: 600, y: 300, width: 180, height: 170), text: "https://example.org/guest",
            dark: RGBColor(r: 0x10, g: 0x20, b: 0x30), fill: RGBColor(r: 0xF0, g: 0xF0, b: 0xE0), line: 4)])
        #expect(config.itemCount == 1)
        #expect(config.firstPlace(of: .qrCode) == 0)
        let back = try PanelConfigLoader.parse(text: config.effectiveText(), file: "panel.ini")
        #expect(back.qrCodes.map { [$0.name, $0.text, $0.dark.hexString, $0.fill.hexString] } == [
            ["guest", "https://example.org/guest", "#102030", "#F0F0E0"],
        ])
        #expect(back.qrCodes.map { $0.rect } == config.qrCodes.map { $0.rect })
    }

    @Test func darkOnWhiteByDefault() throws {
        let config = try #require(parsed(qr("rect = 0, 0, 100, 100\ntext = hello")))
        #expect(config.qrCodes[0].dark == .black)
        #expect(config.qrCodes[0].fill == .white)
        #expect(config.qrCodes[0].textFile == nil)
    }

    @Test func theTextOfAFileNextToTheConfig() throws {
        let directory = NSTemporaryDirectory() + "touchpanel-qr-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "WIFI:S:home;T:WPA;P:correct horse;;\n".write(toFile: directory + "/wifi.txt", atomically: true, encoding: .utf8)
        let config = try PanelConfigLoader.parse(
            text: qr("rect = 0, 0, 200, 200\ntext_file = wifi.txt"), file: directory + "/panel.ini", presetSearchPath: [])
        #expect(config.qrCodes[0].text == "WIFI:S:home;T:WPA;P:correct horse;;")
        #expect(config.qrCodes[0].textFile == "wifi.txt")
        // The effective config names the file and never holds its text.
        let effective = config.effectiveText()
        #expect(effective.contains("text_file = wifi.txt"))
        #expect(!effective.contains("correct horse"))
        // A text longer than a config line takes, and one longer than any QR code holds.
        try String(repeating: "x", count: 2331).write(toFile: directory + "/long.txt", atomically: true, encoding: .utf8)
        try String(repeating: "x", count: 2332).write(toFile: directory + "/longer.txt", atomically: true, encoding: .utf8)
        #expect(renderedErrors(qr("rect = 0, 0, 185, 185\ntext_file = long.txt"), file: directory + "/panel.ini") == [])
        #expect(renderedErrors(qr("rect = 0, 0, 400, 400\ntext_file = longer.txt"), file: directory + "/panel.ini") == [
            "\(directory)/panel.ini:6: [qr guest] text_file: its 2332 bytes are more than a QR code holds (2331 at error correction M)",
        ])
        #expect(renderedErrors(qr("rect = 0, 0, 200, 200\ntext_file = missing.txt"), file: directory + "/panel.ini") == [
            "\(directory)/panel.ini:6: [qr guest] text_file: \(directory)/missing.txt: cannot open: No such file or directory",
        ])
    }

    @Test func aCodeTooLargeForItsRectIsAnErrorAtItsKey() {
        // "hello" is a version 1 code, 21 modules: with the quiet zone 29 pixels at one a module.
        #expect(renderedErrors(qr("rect = 0, 0, 28, 40\ntext = hello")) == [
            "panel.ini:6: [qr guest] text: its 5 bytes make a code of 21x21 modules, 29x29 pixels at the least with its quiet zone; "
                + "the rect is 28x40: make the rect larger or the text shorter",
        ])
        #expect(renderedErrors(qr("rect = 0, 0, 29, 29\ntext = hello")) == [])
    }

    @Test func oneOfTextAndTextFile() {
        #expect(renderedErrors(qr("rect = 0, 0, 100, 100")) == [
            "panel.ini:4: [qr guest]: a QR code needs what it holds: give text = ..., text_file = ..., topic = ... or entity = ...",
        ])
        #expect(renderedErrors(qr("rect = 0, 0, 100, 100\ntext = a\ntext_file = b")) == [
            "panel.ini:7: [qr guest] text_file: a QR code holds text or text_file, not both: give one of them",
        ])
        #expect(renderedErrors(qr("text = a")) == [
            "panel.ini:4: [qr guest] rect: missing; expected the QR code's place as rect = x, y, width, height in display pixels",
        ])
    }

    @Test func aTopicsMessagesWithAFirstTextOrNone() throws {
        let broker = "[mqtt]\nhost = 127.0.0.1\n"
        let config = try #require(parsed(display800x480 + broker + """
            [qr guest]
            rect = 0, 0, 100, 100
            topic = panel/guest_url
            text = https://example.org
            [qr later]
            rect = 200, 0, 100, 100
            topic = panel/later
            """))
        #expect(config.qrCodes.map { $0.topic } == ["panel/guest_url", "panel/later"])
        #expect(config.qrCodes.map { $0.text } == ["https://example.org", ""])
        let back = try PanelConfigLoader.parse(text: config.effectiveText(), file: "panel.ini")
        #expect(back.qrCodes.map { $0.topic } == ["panel/guest_url", "panel/later"])
        #expect(back.qrCodes.map { $0.text } == ["https://example.org", ""])
        #expect(renderedErrors(qr("rect = 0, 0, 100, 100\ntopic = a")) == [
            "panel.ini:6: [qr guest] topic: topic needs an [mqtt] section: the broker the text comes from",
        ])
    }

    @Test func anEntitysState() throws {
        let homeAssistant = "[homeassistant]\nurl = http://127.0.0.1:8123\ntoken_file = /etc/touchpanel/ha-token\n"
        let config = try #require(parsed(display800x480 + homeAssistant + "[qr guest]\nrect = 0, 0, 100, 100\nentity = input_text.guest_url\n"))
        #expect(config.qrCodes.map { $0.entity?.description } == ["input_text.guest_url"])
        #expect(config.qrCodes.map { $0.text } == [""])
        let back = try PanelConfigLoader.parse(text: config.effectiveText(), file: "panel.ini")
        #expect(back.qrCodes.map { $0.entity } == config.qrCodes.map { $0.entity })
        #expect(renderedErrors(qr("rect = 0, 0, 100, 100\nentity = input_text.guest_url")) == [
            "panel.ini:6: [qr guest] entity: entity needs a [homeassistant] section: the Home Assistant the entity lives in",
        ])
        #expect(renderedErrors(display800x480 + homeAssistant + "[mqtt]\nhost = 127.0.0.1\n[qr guest]\nrect = 0, 0, 100, 100\n"
            + "topic = a\nentity = input_text.guest_url\n") == [
            "panel.ini:12: [qr guest] entity: a QR code follows a topic or an entity, not both: give one of them",
        ])
    }

    @Test func itSharesNamesWithTheOtherItems() {
        #expect(renderedErrors(display800x480 + "[text guest]\nrect = 0, 0, 100, 40\ntime = %H\n[qr guest]\nrect = 0, 50, 100, 100\ntext = a\n") == [
            "panel.ini:7: [qr guest]: overlapping names: a qr named \"guest\" is already defined on line 4",
        ])
    }
}
