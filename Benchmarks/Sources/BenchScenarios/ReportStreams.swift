import TouchCore

/// The realistic report streams of the benchmarks: register blocks as an FT5406 on the official
/// 7" display sends them (controller coordinates, both axes inverted), one every 17 ms while
/// touched (the kernel's polling period), idle gaps between gestures. Each stream is a cycle
/// that ends with every finger lifted, so it can repeat forever with time running on.
public enum StreamKind: String, CaseIterable, Sendable {
    /// One finger resting on `scene_3` (tap + long press): the same contact report over and
    /// over, the steady state of a held button (its long press fires once, early on).
    case restingFinger = "resting-finger"
    /// Taps on `lights`, `play` (double-tap listener), `fan` and `scene_1`: down, two
    /// contacts, up; 300 ms between taps.
    case tap
    /// A finger dragged across the middle row, 8 px per report: exits and enters buttons.
    case drag
    /// Five fingers on five buttons (two of them repeating), jittering by a pixel or two for
    /// 38 reports, then all lifted.
    case fiveFingers = "five-fingers"
}

public let reportPeriodNs: Int64 = 17_000_000
public let gestureGapNs: Int64 = 300_000_000

/// One point of a report, in display pixels.
public struct BenchTouch: Sendable {
    public var id: UInt8
    public var at: Point
    public var event: TouchPointEvent

    public init(_ id: UInt8, _ at: Point, _ event: TouchPointEvent) {
        self.id = id
        self.at = at
        self.event = event
    }
}

/// The register block the controller holds for these touches.
public func encodeReport(_ touches: [BenchTouch]) -> FT5x06Report {
    var frame = TouchFrame()
    for touch in touches {
        frame.append(TouchPoint(
            id: touch.id, position: BenchPanel.controllerPoint(touch.at), event: touch.event,
            weight: 0x20, area: 0x05))
    }
    return FT5x06Codec.encode(frame)
}

/// A cycle of reports with the time before each, played forever.
public struct ReportStream: Sendable {
    public let kind: StreamKind
    public let reports: [FT5x06Report]
    /// Nanoseconds from the previous report (or the stream's start) to this one.
    public let gaps: [Int64]
    /// Reports played once before the cycle (the resting finger's down).
    public let prelude: [FT5x06Report]
    private var index = 0
    public private(set) var now: MonotonicInstant

    public init(_ kind: StreamKind, start: MonotonicInstant = .milliseconds(1_000)) {
        self.kind = kind
        now = start
        var reports: [FT5x06Report] = []
        var gaps: [Int64] = []
        var prelude: [FT5x06Report] = []
        func add(_ touches: [BenchTouch], after gap: Int64 = reportPeriodNs) {
            reports.append(encodeReport(touches))
            gaps.append(gap)
        }
        switch kind {
        case .restingFinger:
            let at = BenchPanel.centre(ofButton: 6)
            prelude.append(encodeReport([BenchTouch(0, at, .down)]))
            add([BenchTouch(0, at, .contact)])
        case .tap:
            for (n, button) in [3, 0, 7, 4].enumerated() {
                let c = BenchPanel.centre(ofButton: button)
                let at = Point(x: c.x + Int32(n * 3), y: c.y - Int32(n * 2))
                add([BenchTouch(0, at, .down)], after: gestureGapNs)
                add([BenchTouch(0, at, .contact)])
                add([BenchTouch(0, Point(x: at.x + 1, y: at.y), .contact)])
                add([BenchTouch(0, Point(x: at.x + 1, y: at.y), .up)])
            }
        case .drag:
            let y = BenchPanel.centre(ofButton: 4).y
            var x: Int32 = 30
            add([BenchTouch(1, Point(x: x, y: y), .down)], after: gestureGapNs)
            var step: Int32 = 0
            while x + 8 < 770 {
                x += 8
                step += 1
                add([BenchTouch(1, Point(x: x, y: y + (step % 5) - 2), .contact)])
            }
            add([BenchTouch(1, Point(x: x, y: y), .up)])
        case .fiveFingers:
            let buttons = [0, 1, 2, 3, 5]
            func touches(_ report: Int, _ event: TouchPointEvent) -> [BenchTouch] {
                buttons.enumerated().map { finger, button in
                    let c = BenchPanel.centre(ofButton: button)
                    let dx = Int32((report * 3 + finger) % 5) - 2
                    let dy = Int32((report + 2 * finger) % 3) - 1
                    return BenchTouch(UInt8(finger), Point(x: c.x + dx, y: c.y + dy), event)
                }
            }
            add(touches(0, .down), after: gestureGapNs)
            for report in 1...38 {
                add(touches(report, .contact))
            }
            add(touches(39, .up))
        }
        self.reports = reports
        self.gaps = gaps
        self.prelude = prelude
    }

    /// The next report of the cycle and the instant it arrives.
    @inline(__always)
    public mutating func next() -> (report: FT5x06Report, at: MonotonicInstant) {
        now = now + MonotonicDuration(nanoseconds: gaps[index])
        let report = reports[index]
        index += 1
        if index == reports.count { index = 0 }
        return (report, now)
    }

    /// The prelude's reports, 17 ms apart, before the cycle starts.
    public mutating func playPrelude<Sink: GestureEventSink>(into pipeline: inout TouchPipeline, sink: inout Sink) {
        for report in prelude {
            now = now + MonotonicDuration(nanoseconds: reportPeriodNs)
            BenchPanel.feed(report, at: now, codec: BenchPanel.codec(), pipeline: &pipeline, sink: &sink)
        }
    }
}

/// The whole hot path over one stream: `TouchPipeline.report` into a counting sink.
public final class PipelineScenario {
    public private(set) var pipeline: TouchPipeline
    public private(set) var stream: ReportStream
    public private(set) var sink = CountingSink()

    public init(_ kind: StreamKind) {
        var pipeline = BenchPanel.pipeline()
        var stream = ReportStream(kind)
        var sink = CountingSink()
        stream.playPrelude(into: &pipeline, sink: &sink)
        self.pipeline = pipeline
        self.stream = stream
        self.sink = sink
    }

    /// Plays `count` reports. The state is worked on in locals, so the loop has no class
    /// property accesses (and no exclusivity checks) of its own.
    @inline(never)
    public func run(reports count: Int) {
        var pipeline = self.pipeline
        var stream = self.stream
        var sink = self.sink
        let codec = BenchPanel.codec()
        for _ in 0..<count {
            let next = stream.next()
            BenchPanel.feed(next.report, at: next.at, codec: codec, pipeline: &pipeline, sink: &sink)
        }
        self.pipeline = pipeline
        self.stream = stream
        self.sink = sink
    }
}

/// The classifier alone: the touch inputs that the tracker makes of the tap, drag and
/// five-finger streams, in display pixels, fed to `GestureClassifier.handle`.
public final class ClassifierScenario {
    public let inputs: [TouchInput]
    /// Nanoseconds from the cycle's start to each input.
    public let offsets: [Int64]
    public let cycleNs: Int64
    private var classifier: GestureClassifier
    private var sink = CountingSink()
    private var index = 0
    private var cycleStart: Int64 = 1_000_000_000

    public init() {
        var inputs: [TouchInput] = []
        var offsets: [Int64] = []
        var tracker = TouchTracker(lostAfter: .milliseconds(200))
        let codec = BenchPanel.codec()
        let transform = BenchPanel.transform()
        var t: Int64 = 0
        for kind in [StreamKind.tap, .drag, .fiveFingers] {
            let stream = ReportStream(kind)
            for index in 0..<stream.reports.count {
                t += stream.gaps[index]
                guard case .frame(var frame) = codec.decode(stream.reports[index]) else {
                    fatalError("benchmark stream \(kind) has a malformed report")
                }
                for point in 0..<frame.count {
                    frame[point].position = transform.apply(frame[point].position)
                }
                tracker.track(frame, at: MonotonicInstant(nanoseconds: t)) { input in
                    inputs.append(input)
                    offsets.append(t)
                }
            }
        }
        self.inputs = inputs
        self.offsets = offsets
        cycleNs = t + gestureGapNs
        classifier = GestureClassifier(layout: BenchPanel.layout())
    }

    public var events: Int { sink.events }

    /// Handles `count` inputs, with time running on from cycle to cycle.
    @inline(never)
    public func run(inputs count: Int) {
        var classifier = self.classifier
        var sink = self.sink
        var index = self.index
        var cycleStart = self.cycleStart
        let inputs = self.inputs
        let offsets = self.offsets
        for _ in 0..<count {
            let now = MonotonicInstant(nanoseconds: cycleStart + offsets[index])
            classifier.handle(.touch(inputs[index]), at: now, into: &sink)
            index += 1
            if index == inputs.count {
                index = 0
                cycleStart += cycleNs
            }
        }
        self.classifier = classifier
        self.sink = sink
        self.index = index
        self.cycleStart = cycleStart
    }
}
