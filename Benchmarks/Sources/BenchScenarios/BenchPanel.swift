import TouchCore

/// The panel every benchmark runs on: the official 7" display (800x480, FT5406, both axes
/// inverted as its kernel overlay sets them) with a dozen buttons in a 4 x 3 grid. The same
/// panel as Benchmarks/panel.ini, which the callgrind replay uses.
public enum BenchPanel {
    public static let width: Int32 = 800
    public static let height: Int32 = 480

    /// What each button listens for, in grid order (row by row); the names are Benchmarks/panel.ini's.
    public struct Button: Sendable {
        public var name: String
        public var rect: Rect
        public var spec: ButtonSpec
    }

    public static let buttons: [Button] = {
        // (name, highest tap count, long press, repeat)
        let gestures: [(String, Int, Bool, Bool)] = [
            ("play", 2, true, false),
            ("volume_up", 1, false, true),
            ("volume_down", 1, false, true),
            ("lights", 1, false, false),
            ("scene_1", 1, false, false),
            ("scene_2", 1, false, false),
            ("scene_3", 1, true, false),
            ("fan", 2, false, false),
            ("blinds_up", 1, true, false),
            ("blinds_down", 1, true, false),
            ("service", 3, false, false),
            ("power", 0, true, false),
        ]
        var result: [Button] = []
        for (index, gesture) in gestures.enumerated() {
            let rect = buttonRect(index)
            let spec = ButtonSpec(
                rect: rect, highestTapCount: gesture.1, listensForLongPress: gesture.2,
                listensForRepeat: gesture.3)
            result.append(Button(name: gesture.0, rect: rect, spec: spec))
        }
        return result
    }()

    /// Button `index` of the 4 x 3 grid: 185 x 145 pixels with 10-pixel gaps.
    public static func buttonRect(_ index: Int) -> Rect {
        let column = Int32(index % 4)
        let row = Int32(index / 4)
        return Rect(x: 10 + 195 * column, y: 10 + 155 * row, width: 185, height: 145)
    }

    /// The centre of button `index`, in display pixels.
    public static func centre(ofButton index: Int) -> Point {
        let rect = buttonRect(index)
        return Point(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
    }

    public static func layout() -> ButtonLayout {
        var layout = ButtonLayout()
        for button in buttons {
            layout.append(button.spec)
        }
        return layout
    }

    /// Display pixels to the controller's own coordinates (the inverse of the transform).
    public static func controllerPoint(_ display: Point) -> Point {
        Point(x: width - 1 - display.x, y: height - 1 - display.y)
    }

    public static func codec() -> FT5x06Codec {
        FT5x06Codec(maxPoints: ControllerModel.ft5406.maxPoints, width: width, height: height)
    }

    public static func transform() -> CoordinateTransform {
        CoordinateTransform(
            controllerWidth: width, controllerHeight: height, panelWidth: width, panelHeight: height,
            invertX: true, invertY: true)
    }

    /// The hot path above the input seam as the firmware builds it: transform, track
    /// (lost_ms 200), classify.
    public static func pipeline() -> TouchPipeline {
        TouchPipeline(transform: transform(), lostAfter: .milliseconds(200), layout: layout())
    }

    /// One report through the FT5x06 source's decoder, then the pipeline: what the live loop
    /// does per INT edge after the bus read.
    @inline(__always)
    public static func feed<Sink: GestureEventSink>(
        _ report: FT5x06Report, at now: MonotonicInstant, codec: FT5x06Codec, pipeline: inout TouchPipeline, sink: inout Sink
    ) {
        switch codec.decode(report) {
        case .frame(let frame): pipeline.frame(frame, at: now, into: &sink)
        case .pending, .malformed: pipeline.advance(to: now, into: &sink)
        }
    }
}

/// Counts events: the cheapest sink, so that the benchmarks measure the engine, not the output.
public struct CountingSink: GestureEventSink {
    public var events = 0

    public init() {}

    public mutating func receive(_ event: GestureEvent) {
        events &+= 1
    }
}
