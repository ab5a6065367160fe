import PanelConfig
import Testing
import TouchCore

@Suite("[chart NAME]: its source, window, points, ends, style and format, and its errors with file:line")
struct ChartSectionTests {
    /// `[mqtt]` on lines 4-5, `[chart power]` on line 6, its keys from line 7.
    private func chart(_ keys: String) -> String {
        display800x480 + "[mqtt]\nhost = localhost\n[chart power]\n" + keys + "\n"
    }

    @Test func everyKeyAndTheEffectiveConfig() throws {
        let config = try #require(parsed(chart("""
            rect = 10, 20, 400, 200
            topic = house/power
            field = power.now
            style = bars
            window_h = 48
            points = 96
            min = -5
            max = 2500.5
            format = %d W
            color = #102030
            band = #405060
            """)))
        let chart = try #require(config.charts.first)
        #expect(chart.name == "power")
        #expect(chart.rect == Rect(x: 10, y: 20, width: 400, height: 200))
        #expect(chart.style == .bars)
        #expect(chart.topic == "house/power")
        #expect(chart.field == ["power", "now"])
        #expect(chart.windowHours == 48)
        #expect(chart.points == 96)
        #expect(chart.bucketMs == 1_800_000)
        #expect(chart.lowMilli == -5_000)
        #expect(chart.highMilli == 2_500_500)
        #expect(chart.format.text == "%d W")
        #expect(chart.lineColor == RGBColor(r: 0x10, g: 0x20, b: 0x30))
        #expect(chart.bandColor == RGBColor(r: 0x40, g: 0x50, b: 0x60))
        #expect(chart.line == 6)
        #expect(chart.ringBytes == 32 + 96 * 20)
        #expect(config.firstPlace(of: .chart) == 0)
        let back = try PanelConfigLoader.parse(text: config.effectiveText(), file: "panel.ini")
        #expect(back.charts.map { $0.rect } == config.charts.map { $0.rect })
        #expect(back.charts.map { [$0.topic, $0.field?.joined(separator: "."), $0.format.text] } == [["house/power", "power.now", "%d W"]])
        #expect(back.charts.map { [$0.windowHours, $0.points] } == [[48, 96]])
        #expect(back.charts.map { [$0.lowMilli, $0.highMilli] } == [[-5_000, 2_500_500]])
        #expect(back.charts.map { $0.style } == [.bars])
    }

    @Test func defaults() throws {
        let config = try #require(parsed(chart("rect = 0, 0, 400, 200\ntopic = house/power")))
        let chart = try #require(config.charts.first)
        #expect(chart.style == .line)
        #expect(chart.windowHours == 24)
        #expect(chart.points == 288)
        #expect(chart.bucketMs == 300_000)
        #expect(chart.ringBytes == 5_792)
        #expect(chart.lowMilli == nil)
        #expect(chart.highMilli == nil)
        #expect(chart.format.text == "%.1f")
        #expect(chart.field == nil)
    }

    @Test func pointsWindowAndStyleOutOfRange() {
        #expect(renderedErrors(chart("rect = 0, 0, 400, 200\ntopic = t\npoints = 1")) == [
            "panel.ini:9: [chart power] points: expected an integer 2..1024 (buckets), found \"1\"",
        ])
        #expect(renderedErrors(chart("rect = 0, 0, 400, 200\ntopic = t\npoints = 1025")) == [
            "panel.ini:9: [chart power] points: expected an integer 2..1024 (buckets), found \"1025\"",
        ])
        #expect(renderedErrors(chart("rect = 0, 0, 400, 200\ntopic = t\nwindow_h = 0")) == [
            "panel.ini:9: [chart power] window_h: expected an integer 1..168 (hours), found \"0\"",
        ])
        #expect(renderedErrors(chart("rect = 0, 0, 400, 200\ntopic = t\nwindow_h = 169")) == [
            "panel.ini:9: [chart power] window_h: expected an integer 1..168 (hours), found \"169\"",
        ])
        #expect(renderedErrors(chart("rect = 0, 0, 400, 200\ntopic = t\nstyle = area")) == [
            "panel.ini:9: [chart power] style: expected line or bars, found \"area\"",
        ])
    }

    @Test func sourceEndsAndFormatErrors() {
        #expect(renderedErrors(chart("rect = 0, 0, 400, 200")) == [
            "panel.ini:6: [chart power]: a chart needs the values it shows: give topic = ... or entity = ...",
        ])
        #expect(renderedErrors(chart("rect = 0, 0, 400, 200\ntopic = t\nmin = 10\nmax = 10")) == [
            "panel.ini:10: [chart power] max: max must be above min",
        ])
        #expect(renderedErrors(chart("rect = 0, 0, 400, 200\ntopic = t\nformat = %s")) == [
            "panel.ini:9: [chart power] format: expected a number's format (%d or %.Nf), such as %d W, found \"%s\"",
        ])
        #expect(renderedErrors(chart("rect = 0, 0, 400, 200\nentity = sensor.power")) == [
            "panel.ini:8: [chart power] entity: entity needs a [homeassistant] section: the Home Assistant the entity lives in",
        ])
        #expect(renderedErrors(display800x480 + "[chart power]\nrect = 0, 0, 400, 200\ntopic = t\n") == [
            "panel.ini:6: [chart power] topic: topic needs an [mqtt] section: the broker the values come from",
        ])
    }
}
