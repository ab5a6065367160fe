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
        for text in ["", "on", "6.5.1", "--", ".", "1e3", "12abc", "9999999999999999"] {
            #expect(dimmer.step(ofText: text) == nil, "\(text)")
        }
    }
}
