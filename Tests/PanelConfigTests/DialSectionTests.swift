import PanelConfig
import Testing
import TouchCore

@Suite("[dial NAME]: a slider round an arc, its band and arc, and a band too thick for its rect")
struct DialSectionTests {
    /// `[dial heat]` on line 4, its keys from line 5.
    private func dial(_ keys: String) -> String {
        display800x480 + "[dial heat]\n" + keys + "\n"
    }

    @Test func aDialIsASliderWithAnArc() throws {
        let config = try #require(parsed(dial("""
            rect = 20, 20, 240, 240
            min = 10
            max = 30
            step = 0.5
            value = 21.5
            band_px = 30
            arc_degrees = 240
            format = %.1f
            """)))
        let heat = try #require(config.sliders.first)
        #expect(heat.orientation == .arc(DialShape(bandPx: 30, arcDegrees: 240)))
        #expect(heat.isDial && heat.noun == "dial")
        #expect(heat.scale.stepCount == 40 && heat.startStep == 23)
        #expect(heat.background == PanelColors.defaults.background)
        // The ring is 180 across inside: the value's size at most a quarter of it.
        #expect(heat.fittedFontSizeLimit == 45)
        #expect(heat.spec.dial == DialGeometry(rect: Rect(x: 20, y: 20, width: 240, height: 240), shape: DialShape(bandPx: 30, arcDegrees: 240)))
        let back = try PanelConfigLoader.parse(text: config.effectiveText(), file: "panel.ini")
        #expect(back.sliders.map { $0.orientation } == [.arc(DialShape(bandPx: 30, arcDegrees: 240))])
        #expect(config.effectiveText().contains("[dial heat]\nrect = 20, 20, 240, 240\n"))
    }

    @Test func theArcByDefaultIs270DegreesAnd24PixelsThick() throws {
        let config = try #require(parsed(dial("rect = 0, 0, 100, 100")))
        #expect(config.sliders[0].orientation == .arc(DialShape(bandPx: 24, arcDegrees: 270)))
    }

    @Test func badArcKeysAreErrorsAtTheirLines() {
        #expect(renderedErrors(dial("rect = 0, 0, 100, 80\nband_px = 40")) == [
            "panel.ini:6: [dial heat] band_px: band_px 40 leaves no ring inside the 100x80 rect: at most 39",
        ])
        #expect(renderedErrors(dial("rect = 0, 0, 100, 100\narc_degrees = 360")).count == 1)
        #expect(renderedErrors(dial("rect = 0, 0, 100, 100\narc_degrees = 360"))[0].hasPrefix("panel.ini:6: [dial heat] arc_degrees: "))
        // A slider's orientation and label are no dial's keys.
        #expect(renderedErrors(dial("rect = 0, 0, 100, 100\norientation = vertical"))[0].hasPrefix("panel.ini:6: [dial heat] orientation: unknown key"))
        #expect(renderedErrors(dial("rect = 0, 0, 100, 100\nlabel = Heat"))[0].hasPrefix("panel.ini:6: [dial heat] label: unknown key"))
    }

    @Test func dialsAndSlidersShareNamesAndPlaces() {
        #expect(renderedErrors(display800x480 + "[slider heat]\nrect = 300, 0, 100, 40\n[dial heat]\nrect = 0, 0, 100, 100\n")
            .first?.contains("[dial heat]") == true)
    }

    @Test func aClimatesSetpointByDefault() throws {
        let config = try PanelConfigLoader.parse(text: display800x480 + """
            [homeassistant]
            url = http://192.168.1.10:8123
            token_file = /etc/touchpanel/ha-token
            [dial heat]
            rect = 0, 0, 200, 200
            entity = climate.living_room
            """, file: "panel.ini")
        let heat = config.sliders[0]
        #expect(heat.entity?.description == "climate.living_room")
        #expect(heat.entityAttribute == "temperature")
        #expect(heat.onChange == .service(ServiceCall(domain: "climate", service: "set_temperature", data: "{\"temperature\":$VALUE}")))
        #expect(heat.scale.text(ofStep: 0) == "7.0" && heat.scale.text(ofStep: heat.scale.stepCount) == "35.0")
        #expect(!heat.labelFromEntity)
    }
}
