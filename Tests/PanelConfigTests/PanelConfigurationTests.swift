import PanelConfig
import Testing
import TouchCore

@Suite("What a configuration builds for the engine")
struct PanelConfigurationTests {
    static let text = display800x480 + """
        [touch]
        lost_ms = 300
        [controller]
        model = ft6206
        width = 1600
        height = 960
        invert_y = yes
        [button one]
        rect = 0, 0, 400, 480
        on_tap = emit
        [button two]
        rect = 400, 0, 400, 480
        enabled = no
        on_double_tap = emit
        """

    @Test func layoutHoldsTheButtonSpecsInFileOrder() throws {
        let config = try PanelConfigLoader.parse(text: PanelConfigurationTests.text, file: "p.ini")
        let layout = config.makeLayout()
        #expect(layout.count == 2)
        #expect(layout[0] == config.buttons[0].spec)
        #expect(layout[1] == config.buttons[1].spec)
        #expect(layout.hitTest(Point(x: 399, y: 10)) == 0)
        #expect(layout.hitTest(Point(x: 400, y: 10)) == 1)
    }

    @Test func transformScalesAndInvertsTheControllerRange() throws {
        let config = try PanelConfigLoader.parse(text: PanelConfigurationTests.text, file: "p.ini")
        #expect(config.makeTransform() == CoordinateTransform(
            controllerWidth: 1600, controllerHeight: 960, panelWidth: 800, panelHeight: 480,
            invertX: false, invertY: true, swapXY: false))
        #expect(config.makeTransform().apply(Point(x: 1598, y: 0)) == Point(x: 799, y: 479))
    }

    @Test func decodersUseTheModelAndRange() throws {
        let config = try PanelConfigLoader.parse(text: PanelConfigurationTests.text, file: "p.ini")
        let decoder = config.makeRawReportDecoder()
        #expect(decoder.ft5x06.maxPoints == 2)
        #expect(decoder.ft5x06.width == 1600)
        #expect(decoder.ft5x06.height == 960)
        // Raw lines of another family decode with that family's largest model.
        #expect(decoder.gt911.maxPoints == 10)
        let pipeline = config.makePipeline(controllerWidth: 1600, controllerHeight: 960)
        #expect(pipeline.transform == config.makeTransform())
        #expect(pipeline.nextDeadline == nil)
    }

    @Test func actionForTapsPicksTheMatchingAction() {
        let button = ButtonConfig(
            name: "b", label: "b", rect: Rect(x: 0, y: 0, width: 1, height: 1),
            onTap: .emit, onTripleTap: .exec(command: "x"), line: 1)
        #expect(button.action(forTaps: 1) == .emit)
        #expect(button.action(forTaps: 2) == nil)
        #expect(button.action(forTaps: 3) == .exec(command: "x"))
        #expect(button.action(forTaps: 4) == nil)
        #expect(button.action(forTaps: 0) == nil)
        #expect(button.spec.highestTapCount == 3)
    }
}
