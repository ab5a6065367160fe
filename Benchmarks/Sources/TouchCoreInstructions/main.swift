// The callgrind driver: runs every benchmark scenario a fixed number of times, each inside its
// own C-named function, so that `valgrind --tool=callgrind` and callgrind_annotate give the
// exact instructions of each scenario (inclusive cost of `bench_*`), whatever else the machine
// is doing. Prints one line per scenario for scripts/bench.sh:
//     NAME SYMBOL UNITS UNIT EVENTS
// Usage: TouchCoreInstructions [REPORTS [REDRAWS]]   (defaults 20000 and 10)
import BenchScenarios
import TouchCore

let arguments = CommandLine.arguments
let reports = arguments.count > 1 ? Int(arguments[1]) ?? 20_000 : 20_000
let redraws = arguments.count > 2 ? Int(arguments[2]) ?? 10 : 10

@_cdecl("bench_pipeline")
func benchPipeline(_ scenario: UnsafeRawPointer, _ count: Int) {
    Unmanaged<PipelineScenario>.fromOpaque(scenario).takeUnretainedValue().run(reports: count)
}

// One symbol per scenario: callgrind attributes the inclusive cost per function.
@_cdecl("bench_pipeline_resting_finger")
func benchPipelineRestingFinger(_ scenario: UnsafeRawPointer, _ count: Int) { benchPipeline(scenario, count) }
@_cdecl("bench_pipeline_tap")
func benchPipelineTap(_ scenario: UnsafeRawPointer, _ count: Int) { benchPipeline(scenario, count) }
@_cdecl("bench_pipeline_drag")
func benchPipelineDrag(_ scenario: UnsafeRawPointer, _ count: Int) { benchPipeline(scenario, count) }
@_cdecl("bench_pipeline_five_fingers")
func benchPipelineFiveFingers(_ scenario: UnsafeRawPointer, _ count: Int) { benchPipeline(scenario, count) }

@_cdecl("bench_decode")
func benchDecode(_ scenario: UnsafeRawPointer, _ count: Int) {
    Unmanaged<DecoderScenario>.fromOpaque(scenario).takeUnretainedValue().run(reports: count)
}

// Each source's decoder and the pipeline, per report, on the tap and five-finger streams.
@_cdecl("bench_decode_ft5x06_tap")
func benchDecodeFT5x06Tap(_ scenario: UnsafeRawPointer, _ count: Int) { benchDecode(scenario, count) }
@_cdecl("bench_decode_ft5x06_five_fingers")
func benchDecodeFT5x06FiveFingers(_ scenario: UnsafeRawPointer, _ count: Int) { benchDecode(scenario, count) }
@_cdecl("bench_decode_gt911_tap")
func benchDecodeGT911Tap(_ scenario: UnsafeRawPointer, _ count: Int) { benchDecode(scenario, count) }
@_cdecl("bench_decode_gt911_five_fingers")
func benchDecodeGT911FiveFingers(_ scenario: UnsafeRawPointer, _ count: Int) { benchDecode(scenario, count) }
@_cdecl("bench_decode_evdev_tap")
func benchDecodeEvdevTap(_ scenario: UnsafeRawPointer, _ count: Int) { benchDecode(scenario, count) }
@_cdecl("bench_decode_evdev_five_fingers")
func benchDecodeEvdevFiveFingers(_ scenario: UnsafeRawPointer, _ count: Int) { benchDecode(scenario, count) }

@_cdecl("bench_classifier_mixed")
func benchClassifierMixed(_ scenario: UnsafeRawPointer, _ count: Int) {
    Unmanaged<ClassifierScenario>.fromOpaque(scenario).takeUnretainedValue().run(inputs: count)
}

@_cdecl("bench_redraw_full")
func benchRedrawFull(_ scenario: UnsafeRawPointer, _ count: Int) {
    let redraw = Unmanaged<RedrawScenario>.fromOpaque(scenario).takeUnretainedValue()
    for _ in 0..<count {
        redraw.fullRedraw()
    }
}
@_cdecl("bench_redraw_button")
func benchRedrawButton(_ scenario: UnsafeRawPointer, _ count: Int) {
    let redraw = Unmanaged<RedrawScenario>.fromOpaque(scenario).takeUnretainedValue()
    for _ in 0..<count {
        redraw.singleButton()
    }
}
@_cdecl("bench_redraw_full_rgb565")
func benchRedrawFullRGB565(_ scenario: UnsafeRawPointer, _ count: Int) { benchRedrawFull(scenario, count) }
@_cdecl("bench_redraw_full_xrgb8888")
func benchRedrawFullXRGB8888(_ scenario: UnsafeRawPointer, _ count: Int) { benchRedrawFull(scenario, count) }
@_cdecl("bench_redraw_button_rgb565")
func benchRedrawButtonRGB565(_ scenario: UnsafeRawPointer, _ count: Int) { benchRedrawButton(scenario, count) }
@_cdecl("bench_redraw_button_xrgb8888")
func benchRedrawButtonXRGB8888(_ scenario: UnsafeRawPointer, _ count: Int) { benchRedrawButton(scenario, count) }

typealias Entry = @convention(c) (UnsafeRawPointer, Int) -> Void

/// Warms the scenario up outside the measured symbol (lazy globals, first-touch page faults),
/// then runs it once through `entry`.
func measure(_ name: String, _ symbol: String, _ object: AnyObject, _ entry: Entry, units: Int, unit: String,
             warmUp: (Int) -> Void, events: () -> Int) {
    warmUp(max(1, units / 10))
    let before = events()
    withExtendedLifetime(object) {
        entry(UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()), units)
    }
    print("\(name) \(symbol) \(units) \(unit) \(events() - before)")
}

let pipelineEntries: [(StreamKind, String, Entry)] = [
    (.restingFinger, "bench_pipeline_resting_finger", benchPipelineRestingFinger),
    (.tap, "bench_pipeline_tap", benchPipelineTap),
    (.drag, "bench_pipeline_drag", benchPipelineDrag),
    (.fiveFingers, "bench_pipeline_five_fingers", benchPipelineFiveFingers),
]
for (kind, symbol, entry) in pipelineEntries {
    let scenario = PipelineScenario(kind)
    measure("pipeline-\(kind.rawValue)", symbol, scenario, entry, units: reports, unit: "report",
            warmUp: { scenario.run(reports: $0) }, events: { scenario.sink.events })
}

let decoderEntries: [(DecoderKind, StreamKind, String, Entry)] = [
    (.ft5x06, .tap, "bench_decode_ft5x06_tap", benchDecodeFT5x06Tap),
    (.ft5x06, .fiveFingers, "bench_decode_ft5x06_five_fingers", benchDecodeFT5x06FiveFingers),
    (.gt911, .tap, "bench_decode_gt911_tap", benchDecodeGT911Tap),
    (.gt911, .fiveFingers, "bench_decode_gt911_five_fingers", benchDecodeGT911FiveFingers),
    (.evdev, .tap, "bench_decode_evdev_tap", benchDecodeEvdevTap),
    (.evdev, .fiveFingers, "bench_decode_evdev_five_fingers", benchDecodeEvdevFiveFingers),
]
for (kind, stream, symbol, entry) in decoderEntries {
    let scenario = DecoderScenario(kind, stream: stream)
    measure("decode-\(kind.rawValue)-\(stream.rawValue)", symbol, scenario, entry, units: reports, unit: "report",
            warmUp: { scenario.run(reports: $0) }, events: { scenario.sink.events })
}

let classifier = ClassifierScenario()
measure("classifier-mixed", "bench_classifier_mixed", classifier, benchClassifierMixed, units: reports, unit: "input",
        warmUp: { classifier.run(inputs: $0) }, events: { classifier.events })

let redrawEntries: [(String, PixelFormat, Entry, Entry)] = [
    ("rgb565", .rgb565, benchRedrawFullRGB565, benchRedrawButtonRGB565),
    ("xrgb8888", .xrgb8888, benchRedrawFullXRGB8888, benchRedrawButtonXRGB8888),
]
for (formatName, format, full, button) in redrawEntries {
    let scenario = RedrawScenario(format: format)
    measure("redraw-full-\(formatName)", "bench_redraw_full_\(formatName)", scenario, full, units: redraws,
            unit: "redraw", warmUp: { for _ in 0..<$0 { scenario.fullRedraw() } }, events: { 0 })
    measure("redraw-button-\(formatName)", "bench_redraw_button_\(formatName)", scenario, button, units: redraws * 10,
            unit: "redraw", warmUp: { for _ in 0..<$0 { scenario.singleButton() } }, events: { 0 })
}
