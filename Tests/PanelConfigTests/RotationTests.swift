import PanelConfig
import Testing
import TouchCore

/// `[display] rotation` turns the picture and the touch together: a finger on a button as it
/// is drawn lands on that button at every rotation, whatever the controller's own axes.
@Suite("Rotation turns the touch with the picture")
struct RotationTests {
    /// Four 100x100 buttons in the corners of the turned picture.
    static func config(rotation: Int, controller: String) throws(ConfigErrors) -> PanelConfiguration {
        let logical = rotation % 180 == 0 ? (800, 480) : (480, 800)
        return try PanelConfigLoader.parse(text: """
            [display]
            width = 800
            height = 480
            rotation = \(rotation)
            [controller]
            \(controller)
            [button top_left]
            rect = 0, 0, 100, 100
            [button top_right]
            rect = \(logical.0 - 100), 0, 100, 100
            [button bottom_left]
            rect = 0, \(logical.1 - 100), 100, 100
            [button bottom_right]
            rect = \(logical.0 - 100), \(logical.1 - 100), 100, 100
            """, file: "rotated.ini")
    }

    /// Which button a touch at physical pixel `physical` of the panel lands on, for a
    /// controller that reports the panel's pixels through its own `invert`/`swap` wiring
    /// and range (the chip's view of the same spot).
    static func button(touchedAtPhysical physical: Point, in config: PanelConfiguration) -> String? {
        let c = config.controller
        var x = c.swapXY ? physical.y : physical.x
        var y = c.swapXY ? physical.x : physical.y
        let rangeX = c.swapXY ? config.panelHeight : config.panelWidth
        let rangeY = c.swapXY ? config.panelWidth : config.panelHeight
        x = x * c.width / rangeX
        y = y * c.height / rangeY
        if c.invertX { x = c.width - 1 - x }
        if c.invertY { y = c.height - 1 - y }
        var pipeline = config.makePipeline(controllerWidth: c.width, controllerHeight: c.height)
        var sink = Collected()
        var frame = TouchFrame()
        frame.append(TouchPoint(id: 0, position: Point(x: x, y: y), event: .down))
        pipeline.frame(frame, at: .milliseconds(0), into: &sink)
        return sink.events.first.map { config.buttons[$0.button].name }
    }

    struct Collected: GestureEventSink {
        var events: [GestureEvent] = []
        mutating func receive(_ event: GestureEvent) { events.append(event) }
    }

    @Test(arguments: [0, 90, 180, 270], [
        "model = ft5406",
        "model = ft5406\ninvert_x = yes\ninvert_y = yes",
        "model = gt911\nwidth = 480\nheight = 800\nswap_xy = yes\ninvert_x = yes",
        "model = evdev\ndevice = /dev/input/event0\nwidth = 4096\nheight = 4096",
    ])
    func eachCornerTouchLandsOnTheButtonDrawnThere(rotation: Int, controller: String) throws {
        let config = try RotationTests.config(rotation: rotation, controller: controller)
        let layout = try #require(FramebufferLayout(
            physicalWidth: 800, physicalHeight: 480, format: .rgb565, rotation: config.display.rotation))
        for button in config.buttons {
            let centre = Point(x: button.rect.x + 50, y: button.rect.y + 50)
            let drawnAt = try #require(layout.physicalPoint(ofLogical: centre))
            #expect(RotationTests.button(touchedAtPhysical: drawnAt, in: config) == button.name,
                    "rotation \(rotation), \(button.name) drawn at \(drawnAt)")
        }
    }

    @Test func theRotatedCornersAreExact() throws {
        // Rotation 90 on an 800x480 panel: the logical top-left corner is the physical
        // top-right one (DisplayRotation's table), so the controller's (799, 0) is (0, 0).
        let config = try RotationTests.config(rotation: 90, controller: "model = ft5406")
        let transform = config.makeTransform()
        #expect(transform.apply(Point(x: 799, y: 0)) == Point(x: 0, y: 0))
        #expect(transform.apply(Point(x: 799, y: 479)) == Point(x: 479, y: 0))
        #expect(transform.apply(Point(x: 0, y: 0)) == Point(x: 0, y: 799))
        #expect(transform.apply(Point(x: 0, y: 479)) == Point(x: 479, y: 799))
        let upsideDown = try RotationTests.config(rotation: 180, controller: "model = ft5406").makeTransform()
        #expect(upsideDown.apply(Point(x: 0, y: 0)) == Point(x: 799, y: 479))
        let turned = try RotationTests.config(rotation: 270, controller: "model = ft5406").makeTransform()
        #expect(turned.apply(Point(x: 0, y: 0)) == Point(x: 479, y: 0))
    }

    @Test func calibrationIsAppliedAfterTheRotation() throws {
        let config = try RotationTests.config(rotation: 0, controller: "model = ft5406\ncalibration = 1 0 10 0 0.5 -4.5")
        #expect(config.controller.calibration == AffineCalibration(a: 65536, b: 0, c: 655_360, d: 0, e: 32768, f: -294_912))
        #expect(config.makeTransform().apply(Point(x: 100, y: 200)) == Point(x: 110, y: 95))
    }

    @Test func aBadCalibrationSaysWhatItWants() throws {
        #expect(throws: ConfigErrors.self) {
            try RotationTests.config(rotation: 0, controller: "model = ft5406\ncalibration = 1 0 0 0 1")
        }
        do throws(ConfigErrors) {
            _ = try RotationTests.config(rotation: 0, controller: "model = ft5406\ncalibration = 1 0 0 0 1 x")
        } catch {
            #expect(error.errors.map { $0.rendered } == [
                "rotated.ini:7: [controller] calibration: expected six numbers \"a b c d e f\" (x' = a*x + b*y + c, y' = d*x + e*y + f; identity: 1 0 0 0 1 0), found \"1 0 0 0 1 x\"",
            ])
        }
    }
}
