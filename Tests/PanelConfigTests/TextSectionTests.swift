import PanelConfig
import Testing
import TouchCore

@Suite("[text NAME]: a topic or the time, its format and look, and its errors")
struct TextSectionTests {
    private let broker = "[mqtt]\nhost = 127.0.0.1\n"

    private func text(_ keys: String, mqtt: Bool = true) -> String {
        display800x480 + (mqtt ? broker : "") + "[text hall]\n" + keys + "\n"
    }

    @Test func aTopicTextWithEveryKey() throws {
        let config = try #require(parsed(text("""
            rect = 10, 10, 200, 50
            topic = zigbee2mqtt/hall
            field = temperature
            format = %.1f °C
            stale_after_s = 1800
            title = Hall temperature
            fill = #000000
            text = #FFFFFF
            stale_text = #808080
            font_size = 30
            align = right
            """)))
        #expect(config.texts == [TextItemConfig(
            name: "hall", rect: Rect(x: 10, y: 10, width: 200, height: 50), source: .topic("zigbee2mqtt/hall", field: ["temperature"]),
            format: ValueFormat(prefix: "", conversion: .decimals(1), suffix: " °C"), staleAfter: .seconds(1800),
            fill: RGBColor(r: 0, g: 0, b: 0), text: .white, staleText: RGBColor(r: 0x80, g: 0x80, b: 0x80), fontSize: 30,
            alignment: .right, title: "Hall temperature", line: 6)])
        let back = try PanelConfigLoader.parse(text: config.effectiveText(), file: "panel.ini")
        #expect(back.texts[0].source == config.texts[0].source && back.texts[0].format == config.texts[0].format)
    }

    /// `start` and `end` are kept as given (the label's direction decides them when drawn) and
    /// written back as given.
    @Test func startAndEndAlignmentsAreKeptAndWrittenBack() throws {
        for (written, alignment) in [("start", LabelAlignment.start), ("end", .end), ("left", .left), ("center", .center)] {
            let config = try #require(parsed(text("rect = 0, 0, 100, 40\ntopic = a\nalign = \(written)")))
            #expect(config.texts[0].alignment == alignment)
            #expect(config.effectiveText().contains("\nalign = \(written)\n"))
            let back = try PanelConfigLoader.parse(text: config.effectiveText(), file: "panel.ini")
            #expect(back.texts[0].alignment == alignment)
        }
    }

    @Test func aTimeTextNeedsNoBroker() throws {
        let config = try #require(parsed(text("rect = 0, 0, 100, 40\ntime = %H:%M", mqtt: false)))
        #expect(config.texts[0].source == .time(format: "%H:%M"))
        #expect(config.texts[0].fill == PanelColors.defaults.background)
        #expect(config.drawnItemCount == 1)
    }

    @Test func errorsNameTheKey() {
        #expect(renderedErrors(text("rect = 0, 0, 100, 40")) == [
            "panel.ini:6: [text hall]: a text shows a topic, the time or an entity: give topic = ..., time = %H:%M or entity = ...",
        ])
        #expect(renderedErrors(text("rect = 0, 0, 100, 40\ntopic = a\ntime = %H")) == [
            "panel.ini:9: [text hall] time: a text shows a topic or the time, not both: give one of topic and time",
        ])
        #expect(renderedErrors(text("rect = 0, 0, 100, 40\ntopic = a", mqtt: false)) == [
            "panel.ini:6: [text hall] topic: topic needs an [mqtt] section: the broker the value comes from",
        ])
        #expect(renderedErrors(text("rect = 0, 0, 100, 40\ntime = %H\nstale_after_s = 5")) == [
            "panel.ini:9: [text hall] stale_after_s: a time text has no topic: field and stale_after_s belong to topic",
        ])
        #expect(renderedErrors(text("rect = 0, 0, 100, 40\ntopic = a\nformat = %.1f%s")) == [
            "panel.ini:9: [text hall] format: expected a format with one value only: a second % conversion, such as %.1f °C, found \"%.1f%s\"",
        ])
        #expect(renderedErrors(text("rect = 0, 0, 100, 40\ntopic = a\nalign = middle")) == [
            "panel.ini:9: [text hall] align: expected start, end, left, center or right, found \"middle\"",
        ])
    }

    /// strftime writes nothing into a buffer too small for its text: a format that writes more
    /// than a text shows is refused when the config is read (issue 43: `%c` 32 times passed
    /// and showed nothing).
    @Test func aTimeFormatThatWritesMoreThanATextShowsIsRefused() {
        let long = String(repeating: "%c", count: 32)
        #expect(renderedErrors(text("rect = 0, 0, 100, 40\ntime = \(long)", mqtt: false)) == [
            "panel.ini:4: [text hall]: a text shows a topic, the time or an entity: give topic = ..., time = %H:%M or entity = ...",
            "panel.ini:6: [text hall] time: expected a strftime format whose text has at most 128 characters (this one writes 768), "
                + "found \"\(long)\"",
        ])
        #expect(renderedErrors(text("rect = 0, 0, 100, 40\ntime = %129S", mqtt: false)).count == 2)
        #expect(renderedErrors(text("rect = 0, 0, 100, 40\ntime = %128S", mqtt: false)) == [])
        #expect(renderedErrors(text("rect = 0, 0, 100, 40\ntime = %c %c %c %c", mqtt: false)) == [])
    }

    @Test func aTextAndAButtonCannotShareAName() {
        let config = display800x480 + broker + "[button hall]\nrect = 0, 0, 10, 10\n[text hall]\nrect = 20, 0, 10, 10\ntime = %H\n"
        #expect(renderedErrors(config) == [
            "panel.ini:8: [text hall]: overlapping names: a text named \"hall\" is already defined on line 6",
        ])
    }
}
