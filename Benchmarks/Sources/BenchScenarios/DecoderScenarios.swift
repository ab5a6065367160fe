import TouchCore

/// Which source's decoder a scenario runs: what each touch source does per report after its
/// read, up to and including the pipeline.
public enum DecoderKind: String, CaseIterable, Sendable {
    case ft5x06
    case gt911
    case evdev
}

/// One report stream (see `ReportStream`) as each controller family would send it: FT5x06
/// register blocks, GT911 register blocks, or the protocol-B events of each frame, decoded by
/// TouchCore's decoder for that family and fed to the pipeline. For evdev the pipeline has no
/// lost-touch timeout, as the firmware builds it for an input device.
public final class DecoderScenario {
    public let kind: DecoderKind
    private var pipeline: TouchPipeline
    private let ft5x06Reports: [FT5x06Report]
    private let gt911Reports: [GT911Report]
    /// Each report's events, flattened; `eventEnds[i]` is where report i's events end.
    private let events: [EvdevEvent]
    private let eventEnds: [Int]
    private let gaps: [Int64]
    private let ft5x06 = BenchPanel.codec()
    private let gt911 = GT911Codec(maxPoints: 5, width: BenchPanel.width, height: BenchPanel.height)
    private var assembler = EvdevFrameAssembler(
        mode: .multiTouch, maxPoints: 10, xMinimum: 0, xMaximum: BenchPanel.width - 1, yMinimum: 0,
        yMaximum: BenchPanel.height - 1)
    private var index = 0
    private var now = MonotonicInstant.milliseconds(1_000)
    public private(set) var sink = CountingSink()

    public init(_ kind: DecoderKind, stream streamKind: StreamKind) {
        self.kind = kind
        let stream = ReportStream(streamKind)
        var gt911Reports: [GT911Report] = []
        var events: [EvdevEvent] = []
        var eventEnds: [Int] = []
        var encoder = EvdevEncoder()
        let codec = BenchPanel.codec()
        for report in stream.reports {
            guard case .frame(let frame) = codec.decode(report) else {
                fatalError("benchmark stream \(streamKind) has a malformed report")
            }
            gt911Reports.append(GT911Codec.encode(frame))
            var batch = EvdevEventBatch()
            encoder.encode(frame, into: &batch)
            for index in 0..<batch.count {
                events.append(batch[index])
            }
            eventEnds.append(events.count)
        }
        ft5x06Reports = stream.reports
        self.gt911Reports = gt911Reports
        self.events = events
        self.eventEnds = eventEnds
        gaps = stream.gaps
        pipeline = TouchPipeline(
            transform: BenchPanel.transform(), lostAfter: kind == .evdev ? nil : .milliseconds(200),
            layout: BenchPanel.layout())
    }

    /// Decodes and plays `count` reports of the cycle.
    @inline(never)
    public func run(reports count: Int) {
        var pipeline = self.pipeline
        var assembler = self.assembler
        var sink = self.sink
        var index = self.index
        var now = self.now
        for _ in 0..<count {
            now = now + MonotonicDuration(nanoseconds: gaps[index])
            switch kind {
            case .ft5x06:
                DecoderScenario.feed(ft5x06.decode(ft5x06Reports[index]), at: now, into: &pipeline, sink: &sink)
            case .gt911:
                DecoderScenario.feed(gt911.decode(gt911Reports[index]), at: now, into: &pipeline, sink: &sink)
            case .evdev:
                for event in events[(index == 0 ? 0 : eventEnds[index - 1])..<eventEnds[index]] {
                    DecoderScenario.feed(assembler.feed(event), at: now, into: &pipeline, sink: &sink)
                }
            }
            index += 1
            if index == gaps.count { index = 0 }
        }
        self.pipeline = pipeline
        self.assembler = assembler
        self.sink = sink
        self.index = index
        self.now = now
    }

    @inline(__always)
    static func feed(_ outcome: DecodeOutcome, at now: MonotonicInstant, into pipeline: inout TouchPipeline, sink: inout CountingSink) {
        switch outcome {
        case .frame(let frame): pipeline.frame(frame, at: now, into: &sink)
        case .pending: break
        case .malformed: pipeline.advance(to: now, into: &sink)
        }
    }
}
