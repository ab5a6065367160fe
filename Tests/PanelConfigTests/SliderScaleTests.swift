import Testing
import PanelConfig

/// A slider's values as steps, exactly: what `$VALUE` reads and what a value from outside
/// becomes.
@Suite("Slider values and steps")
struct SliderScaleTests {
    /// 16-28 in steps of 0.5: a thermostat's setpoint, in tenths.
    let setpoint = SliderScale(decimals: 1, minimum: 160, step: 5, stepCount: 24)
    /// 0-100 in steps of 1.
    let dimmer = SliderScale(decimals: 0, minimum: 0, step: 1, stepCount: 100)

    @Test func aStepIsWrittenWithTheScalesDecimals() {
        #expect(setpoint.text(ofStep: 0) == "16.0")
        #expect(setpoint.text(ofStep: 11) == "21.5")
        #expect(setpoint.text(ofStep: 24) == "28.0")
        #expect(dimmer.text(ofStep: 65) == "65")
        let below = SliderScale(decimals: 2, minimum: -500, step: 25, stepCount: 40)
        #expect(below.text(ofStep: 1) == "-4.75")
        #expect(below.text(ofStep: 20) == "0.00")
        #expect(below.text(ofStep: 40) == "5.00")
    }

    @Test func aValueFromOutsideBecomesTheNearestStepClamped() {
        #expect(setpoint.step(ofText: "21.5")! == (11, false))
        #expect(setpoint.step(ofText: "21.7")! == (11, false))   // 21.7: nearer 21.5 than 22
        #expect(setpoint.step(ofText: "21.75")! == (12, false))  // halfway: away from the minimum
        #expect(setpoint.step(ofText: " 22 \n")! == (12, false))
        #expect(setpoint.step(ofText: "40")! == (24, true))
        #expect(setpoint.step(ofText: "-3")! == (0, true))
        #expect(dimmer.step(ofText: "65.0")! == (65, false))
        #expect(dimmer.step(ofText: "64.5")! == (65, false))
        #expect(dimmer.step(ofText: "101")! == (100, true))
    }

    @Test func aPayloadThatIsNoNumberGivesNoStep() {
        for text in ["", "on", "6.5.1", "--", ".", "1e", "12abc", "NaN", "inf", "-Infinity"] {
            #expect(dimmer.step(ofText: text) == nil, "\(text)")
        }
    }

    /// Issue 43: whatever number arrives, the step is the nearest end, never a trap.
    @Test func theExtremesOfANumberAreHeldAtTheEnds() {
        let tenThousandNines = String(repeating: "9", count: 10_000)
        for (text, step) in [("9223372036854775807", 100), ("-9223372036854775808", 0), ("9.2e18", 100), ("-9.2e18", 0),
                             ("1e308", 100), ("-1e308", 0), ("1e999", 100), ("-1e999", 0), (tenThousandNines, 100),
                             ("-" + tenThousandNines, 0), ("1e3", 100)] as [(String, Int32)] {
            #expect(dimmer.step(ofText: text)! == (step, true), "\(text.prefix(24))")
            #expect(setpoint.step(ofText: text)! == (step == 0 ? 0 : 24, true), "\(text.prefix(24))")
        }
        #expect(dimmer.step(ofText: "-0")! == (0, false))
        #expect(dimmer.step(ofText: "0." + String(repeating: "0", count: 10_000) + "1")! == (0, false))
        #expect(dimmer.step(ofText: String(repeating: "0", count: 60_000) + "42")! == (42, false))
        #expect(dimmer.step(ofText: "4.2e1")! == (42, false))
    }

    /// Issue 43's retained message: a 0-100 slider in steps of 0.5 over a device's 0-254.
    @Test func aDeviceValueOfAnySizeOnAFractionalSliderIsHeldAtItsEnds() throws {
        let config = try PanelConfigLoader.parse(text: """
            [display]
            width = 800
            height = 480

            [controller]
            model = ft5406

            [mqtt]
            host = 127.0.0.1

            [slider lamp]
            rect = 100, 100, 400, 60
            min = 0
            max = 100
            step = 0.5
            value_topic = dev/lamp
            value_scale = 254
            """, file: "lamp.ini")
        let lamp = config.sliders[0]
        #expect(lamp.scale.stepCount == 200)
        #expect(lamp.step(ofDeviceText: "922337203685477.5")! == (200, true))
        #expect(lamp.step(ofDeviceText: "-922337203685477.5")! == (0, true))
        #expect(lamp.step(ofDeviceText: "127")! == (100, false))      // 50.0
        #expect(lamp.step(ofDeviceText: "254")! == (200, false))
        #expect(lamp.step(ofDeviceText: "255")! == (200, true))
        #expect(lamp.step(ofDeviceText: "1.27")! == (1, false))       // 1.3 of 254 is 0.51: the step 0.5
        #expect(lamp.step(ofDeviceText: "-0")! == (0, false))
        for text in ["9223372036854775807", "9.2e18", "1e308", "1e999", String(repeating: "9", count: 10_000)] {
            #expect(lamp.step(ofDeviceText: text)! == (200, true))
            #expect(lamp.step(ofDeviceText: "-" + text)! == (0, true))
        }
        #expect(lamp.step(ofDeviceText: "NaN") == nil)
    }
}
