// The ordo-one/benchmark suite of TouchCore's hot path. Names are shared with the callgrind
// driver (Sources/TouchCoreInstructions) and with build/bench/results.json.
//
// Per-report benchmarks run 1,000 reports (or classifier inputs) per iteration with
// `scalingFactor: .kilo`, so the figures the tool prints with `*` are per report.
//
// Checked in under Thresholds/ (see Benchmarks/README.md for updating them):
//   mallocCountTotal  0, no tolerance: the hot path and the painter never allocate
//                     (1 for malloc-canary, the control that proves mallocs are counted)
//   instructions      5 % at p90, where perf counters work (not on most VMs; scripts/bench.sh
//                     gates instructions with callgrind instead, on every machine)
// Wall time is reported, never gated: it is noise on a shared 2-core machine.
import BenchScenarios
import Benchmark
import CPerfProbe
import TouchCore

let benchmarks: @Sendable () -> Void = {
    var metrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal]
    var thresholds: [BenchmarkMetric: BenchmarkThresholds] = [
        .mallocCountTotal: BenchmarkThresholds(absolute: BenchmarkThresholds.Absolute.strict),
    ]
    if perf_probe_instructions_available() != 0 {
        metrics.append(.instructions)
        thresholds[.instructions] = BenchmarkThresholds(relative: [.p25: 5.0, .p50: 5.0, .p75: 5.0, .p90: 5.0])
    }
    func configuration(_ scaling: BenchmarkScalingFactor) -> Benchmark.Configuration {
        .init(
            metrics: metrics, timeUnits: .nanoseconds, warmupIterations: 5, scalingFactor: scaling,
            maxDuration: .milliseconds(1_500), maxIterations: 5_000, thresholds: thresholds)
    }

    // FT5x06 decode + transform + track + classify (TouchPipeline.frame), per report.
    for kind in StreamKind.allCases {
        Benchmark("pipeline-\(kind.rawValue)", configuration: configuration(.kilo)) { benchmark, scenario in
            scenario.run(reports: benchmark.scaledIterations.count)
            blackHole(scenario.sink.events)
        } setup: {
            PipelineScenario(kind)
        }
    }

    // Each source's decoder (FT5x06, GT911 bytes; evdev events) + the pipeline, per report.
    for kind in DecoderKind.allCases {
        for stream in [StreamKind.tap, .fiveFingers] {
            Benchmark("decode-\(kind.rawValue)-\(stream.rawValue)", configuration: configuration(.kilo)) { benchmark, scenario in
                scenario.run(reports: benchmark.scaledIterations.count)
                blackHole(scenario.sink.events)
            } setup: {
                DecoderScenario(kind, stream: stream)
            }
        }
    }

    // GestureClassifier.handle alone, per touch input (taps, drags, five fingers).
    Benchmark("classifier-mixed", configuration: configuration(.kilo)) { benchmark, scenario in
        scenario.run(inputs: benchmark.scaledIterations.count)
        blackHole(scenario.events)
    } setup: {
        ClassifierScenario()
    }

    // FramebufferPainter at 800x480: clear + every button with its label, and one button.
    for (formatName, format) in [("rgb565", PixelFormat.rgb565), ("xrgb8888", PixelFormat.xrgb8888)] {
        Benchmark("redraw-full-\(formatName)", configuration: configuration(.one)) { benchmark, scenario in
            for _ in benchmark.scaledIterations {
                scenario.fullRedraw()
            }
            blackHole(scenario.probe)
        } setup: {
            RedrawScenario(format: format)
        }
        Benchmark("redraw-button-\(formatName)", configuration: configuration(.one)) { benchmark, scenario in
            for _ in benchmark.scaledIterations {
                scenario.singleButton()
            }
            blackHole(scenario.probe)
        } setup: {
            RedrawScenario(format: format)
        }
    }

    // Control: exactly one allocation per iteration. Were the malloc counter ever to stop
    // counting, this would show 0 and scripts/bench.sh would fail, instead of every
    // allocation-free check above passing for the wrong reason.
    Benchmark("malloc-canary", configuration: configuration(.one)) { benchmark in
        for _ in benchmark.scaledIterations {
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
            blackHole(buffer)
            buffer.deallocate()
        }
    }
}
