import PanelConfig
import Testing
import TouchCore

@Suite("[slider NAME]: its values, when it sends, its action and look, and its errors")
struct SliderSectionTests {
    private func slider(_ keys: String, name: String = "dimmer") -> String {
        display800x480 + "[slider \(name)]\n" + keys + "\n"
    }

    @Test func aDimmerWithEveryKey() throws {
        let config = try #require(parsed(slider("""
            rect = 40, 100, 720, 80
            min = 0
            max = 100
            step = 5
            value = 40
            orientation = horizontal
            send = drag
            send_ms = 300
            settle_ms = 2000
            on_change = mqtt zigbee2mqtt/lamp/set {"brightness": $VALUE}
            title = Lamp
            track = #202020
            fill = #FFA000
            knob = #FFFFFF
            """)))
        #expect(config.sliders == [SliderConfig(
            name: "dimmer", rect: Rect(x: 40, y: 100, width: 720, height: 80), orientation: .horizontal,
            scale: SliderScale(decimals: 0, minimum: 0, step: 5, stepCount: 20), startStep: 8, send: .drag, sendInterval: .milliseconds(300),
            settleTime: .milliseconds(2000), onChange: .mqtt(topic: "zigbee2mqtt/lamp/set", payload: "{\"brightness\": $VALUE}"),
            colors: SliderColors(track: rgb(0x202020), fill: rgb(0xFFA000), knob: .white),
            pressedColors: SliderColors(track: PanelColors.defaults.pressedFill, fill: rgb(0xFFA000), knob: PanelColors.defaults.text),
            title: "Lamp", line: 4)])
        let back = try PanelConfigLoader.parse(text: config.effectiveText(), file: "panel.ini")
        #expect(back.sliders.map { $0.spec } == config.sliders.map { $0.spec })
        #expect(back.sliders[0].onChange == config.sliders[0].onChange)
    }

    @Test func defaultsAndAutoOrientation() throws {
        let config = try #require(parsed(slider("rect = 10, 10, 60, 300\nreadonly = yes", name: "tank")))
        let tank = config.sliders[0]
        #expect(tank.orientation == .vertical)   // taller than wide
        #expect(tank.scale == SliderScale(decimals: 0, minimum: 0, step: 1, stepCount: 100))
        #expect(tank.startStep == 0 && tank.readOnly && tank.send == .release && tank.settleTime == .milliseconds(1000))
        #expect(tank.colors == SliderColors(track: PanelColors.defaults.fill, fill: PanelColors.defaults.onFill, knob: PanelColors.defaults.text))
        #expect(tank.pressedColors == SliderColors(
            track: PanelColors.defaults.pressedFill, fill: PanelColors.defaults.onFill, knob: PanelColors.defaults.text))
        #expect(tank.disabledColors == SliderColors(
            track: PanelColors.defaults.disabledFill, fill: RGBColor(r: 0x1C, g: 0x4E, b: 0x1F), knob: PanelColors.defaults.disabledText))
        #expect(tank.enabled)
        #expect(config.makeSliderLayout()[0] == SliderSpec(
            rect: Rect(x: 10, y: 10, width: 60, height: 300), orientation: .vertical, stepCount: 100, readOnly: true))
    }

    @Test func aSetpointInHalfDegrees() throws {
        let config = try #require(parsed(slider("rect = 10, 10, 400, 60\nmin = 16\nmax = 28\nstep = 0.5\nvalue = 21.5", name: "heat")))
        let heat = config.sliders[0]
        #expect(heat.scale == SliderScale(decimals: 1, minimum: 160, step: 5, stepCount: 24))
        #expect(heat.startStep == 11)
        #expect(heat.scale.text(ofStep: heat.startStep) == "21.5")
    }

    @Test func errorsNameTheKey() {
        #expect(renderedErrors(slider("rect = 0, 0, 300, 40\nmin = 50\nmax = 10")) == [
            "panel.ini:7: [slider dimmer] max: max 10 must be above min 50",
        ])
        #expect(renderedErrors(slider("rect = 0, 0, 300, 40\nstep = 0.0001")) == [
            "panel.ini:6: [slider dimmer] step: expected a decimal number such as 50, 0.5 or -10 (at most 3 decimals), found \"0.0001\"",
        ])
        #expect(renderedErrors(slider("rect = 0, 0, 300, 40\nmax = 100000\nstep = 1")) == [
            "panel.ini:7: [slider dimmer] step: step 1 makes 100000 steps of 0..100000; at most 65536",
        ])
        #expect(renderedErrors(slider("rect = 0, 0, 300, 40\nvalue = 120")) == [
            "panel.ini:6: [slider dimmer] value: value 120 is outside 0..100",
        ])
        #expect(renderedErrors(slider("rect = 0, 0, 300, 40\nsend = sometimes")) == [
            "panel.ini:6: [slider dimmer] send: expected release or drag, found \"sometimes\"",
        ])
        #expect(renderedErrors(slider("rect = 0, 0, 300, 40\nsend_ms = 100")) == [
            "panel.ini:6: [slider dimmer] send_ms: send_ms belongs to send = drag",
        ])
        #expect(renderedErrors(slider("rect = 0, 0, 300, 40\non_change = gpio gpiochip0 17 on")) == [
            "panel.ini:6: [slider dimmer] on_change: a slider's value is no GPIO level: use exec or mqtt with $VALUE",
        ])
        #expect(renderedErrors(slider("min = 0")) == [
            "panel.ini:4: [slider dimmer] rect: missing; expected the slider's place as rect = x, y, width, height in display pixels",
        ])
    }

    @Test func aSliderAndAButtonCannotShareAName() {
        let config = display800x480 + "[button hall]\nrect = 0, 0, 10, 10\n[slider hall]\nrect = 20, 0, 100, 10\n"
        #expect(renderedErrors(config) == [
            "panel.ini:6: [slider hall]: overlapping names: a slider named \"hall\" is already defined on line 4",
        ])
    }

    @Test func aValueTopicNeedsTheBrokerAndItsKeysNeedIt() throws {
        let broker = "[mqtt]\nhost = 127.0.0.1\n"
        let config = try #require(parsed(display800x480 + broker + "[slider dimmer]\nrect = 0, 0, 300, 40\n"
            + "value_topic = zigbee2mqtt/lamp\nvalue_field = brightness\nvalue_scale = 254\n"))
        let dimmer = config.sliders[0]
        #expect(dimmer.valueTopic == "zigbee2mqtt/lamp" && dimmer.valueField == ["brightness"])
        #expect(dimmer.step(ofDeviceText: "127")! == (50, false))
        #expect(dimmer.step(ofDeviceText: "254")! == (100, false))
        #expect(dimmer.step(ofDeviceText: "1")! == (0, false))
        #expect(dimmer.step(ofDeviceText: "260")! == (100, true))
        #expect(dimmer.step(ofDeviceText: "on") == nil)
        let back = try PanelConfigLoader.parse(text: config.effectiveText(), file: "panel.ini")
        #expect(back.sliders[0].valueScale == dimmer.valueScale && back.sliders[0].valueField == dimmer.valueField)
        #expect(renderedErrors(slider("rect = 0, 0, 300, 40\nvalue_topic = a/b")) == [
            "panel.ini:6: [slider dimmer] value_topic: value_topic needs an [mqtt] section: the broker the value comes from",
        ])
        #expect(renderedErrors(slider("rect = 0, 0, 300, 40\nvalue_scale = 254")) == [
            "panel.ini:6: [slider dimmer] value_scale: value_scale belongs to value_topic: give value_topic = ...",
        ])
    }

    @Test func stateColoursFollowTheDisplayUnlessGivenAndReadBack() throws {
        let display = "[display]\nwidth = 800\nheight = 480\npressed_fill = #112233\ndisabled_fill = #010203\non_fill = #808080\n"
            + "disabled_text = #445566\npressed_text = #FEDCBA\n"
        let config = try #require(parsed(display + "[slider dimmer]\nrect = 0, 0, 300, 40\nenabled = no\nfill = #FF0000\n"
            + "pressed_knob = #00FF00\ndisabled_track = #0000FF\n"))
        let dimmer = config.sliders[0]
        #expect(!dimmer.enabled && !dimmer.spec.enabled)
        #expect(dimmer.colors == SliderColors(track: PanelColors.defaults.fill, fill: rgb(0xFF0000), knob: PanelColors.defaults.text))
        // pressed_fill follows the slider's own fill; the rest follow [display].
        #expect(dimmer.pressedColors == SliderColors(track: rgb(0x112233), fill: rgb(0xFF0000), knob: rgb(0x00FF00)))
        #expect(dimmer.disabledColors == SliderColors(track: rgb(0x0000FF), fill: rgb(0x505050), knob: rgb(0x445566)))
        #expect(dimmer.look(step: 50, pressed: true).knob == rgb(0x00FF00))
        #expect(dimmer.look(step: 50, enabled: false).track == rgb(0x0000FF))
        #expect(dimmer.look(step: 50, pressed: true, enabled: false).track == rgb(0x112233))
        let back = try PanelConfigLoader.parse(text: config.effectiveText(), file: "panel.ini")
        #expect(back.sliders == config.sliders.map { var slider = $0; slider.line = back.sliders[0].line; return slider })
        #expect(renderedErrors(slider("rect = 0, 0, 300, 40\npressed_knob = green")).count == 1)
    }

    @Test func aLabelAndAValueFormatAreDrawnFromTheirGlyphs() throws {
        let config = try #require(parsed(slider("rect = 40, 100, 720, 80\nlabel = Heat\nmin = 16\nmax = 28\nstep = 0.5\nvalue = 21.5\n"
            + "format = %.1f °C\ntext = #FFEE00\n", name: "heat")))
        let heat = config.sliders[0]
        #expect(heat.label == "Heat" && heat.format?.text == "%.1f °C" && heat.textColor == rgb(0xFFEE00))
        #expect(heat.fontSize == nil && heat.fittedFontSizeLimit == 24)   // [display]'s, under 3/5 of 80
        #expect(heat.glyphCharacters.map { String($0) }.joined() == "0123456789-. °C")
        let look = heat.look(step: 11)
        #expect((0..<look.valueText.count).map { look.valueText[$0] } == [2, 1, 11, 5, 12, 13, 14])   // "21.5 °C"
        #expect(heat.look(step: 11, enabled: false).text == PanelColors.defaults.disabledText)
        let back = try PanelConfigLoader.parse(text: config.effectiveText(), file: "panel.ini")
        #expect(back.sliders[0].label == heat.label && back.sliders[0].format == heat.format && back.sliders[0].fontSize == nil)
        // A thin slider's text is at most 3/5 of its 30 pixels; a given size is kept.
        #expect(try #require(parsed(slider("rect = 0, 0, 300, 30\nformat = %d"))).sliders[0].fittedFontSizeLimit == 18)
        #expect(try #require(parsed(slider("rect = 0, 0, 300, 30\nformat = %d\nfont_size = 40"))).sliders[0].fontSize == 40)
        #expect(renderedErrors(slider("rect = 0, 0, 300, 40\nformat = %s")) == [
            "panel.ini:6: [slider dimmer] format: expected a number's format (%d or %.Nf), such as %d %%, found \"%s\"",
        ])
        #expect(renderedErrors(slider("rect = 0, 0, 300, 40\nformat = %d of twenty-three characters")) == [
            "panel.ini:6: [slider dimmer] format: the value text is too long: at most 24 characters, 36 different ones around the number",
        ])
    }

    @Test func theDisplaySetsEverySlidersColours() throws {
        let display = "[display]\nwidth = 800\nheight = 480\nslider_track = #101010\nslider_fill = #208020\nslider_knob = #F0F0F0\n"
        let config = try #require(parsed(display + "[slider a]\nrect = 0, 0, 300, 40\n[slider b]\nrect = 0, 100, 300, 40\nknob = #FF0000\n"))
        #expect(config.sliders[0].colors == SliderColors(track: rgb(0x101010), fill: rgb(0x208020), knob: rgb(0xF0F0F0)))
        #expect(config.sliders[1].colors == SliderColors(track: rgb(0x101010), fill: rgb(0x208020), knob: rgb(0xFF0000)))
        #expect(config.sliders[0].pressedColors.fill == rgb(0x208020) && config.sliders[0].disabledColors.fill == rgb(0x208020).dimmed)
        let back = try PanelConfigLoader.parse(text: config.effectiveText(), file: "panel.ini")
        #expect(back.display.colors == config.display.colors)
    }
}
