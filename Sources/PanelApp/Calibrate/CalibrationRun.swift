import CLinux
import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
import TouchCore

/// `touchpanel calibrate CONFIG`: the targets drawn one at a time on the panel (or on the
/// simulated board, touched by a trace), then the fit printed as config lines to paste, or
/// refused when the touches do not fit one affine correction.
public enum CalibrationRun {
    /// The largest distance, in pixels, a corrected touch may lie from its target.
    public static let largestResidualPx = 10.0

    /// On the hardware the config describes; SIGINT or SIGTERM gives up.
    public static func live(config: PanelConfiguration, log: PanelLog) -> Int32 {
        guard let signals = SignalChannel.opened(log: log) else { return 1 }
        defer { signals.close() }
        let startedAt = MonotonicClock.now()
        var held = HeldLines()
        let source: TouchSource
        let display: PanelDisplay
        do throws(StartError) {
            source = try TouchSourceBringUp.open(config, startedAt: startedAt, log: log, held: &held)
        } catch {
            log.error("cannot calibrate with \(config.file): \(error.message)")
            return 1
        }
        do throws(DisplayUnavailable) {
            display = try DisplayBringUp.open(config, log: log)
        } catch {
            // Targets must be seen: calibration needs the display, present or not.
            log.error("cannot calibrate with \(config.file): \(error.message)")
            return 1
        }
        let console = ConsoleGraphicsMode()
        defer { console.restore() }
        // Targets are drawn straight onto the picture on screen: no flips, nothing to tear.
        defer { withExtendedLifetime(display) {} }
        let painter = TargetPainter(layout: display.layout, config: config, pixels: display.shownPixels)
        let session = CalibrationSession(config: config, range: source.range, log: log) { painter.show($0, of: $1) }
        let loop = PanelLoop(clock: .real, startingAt: startedAt)
        let signalWatch = SignalWatch(signals)
        let turns: [LoopParticipant] = [CalibrationTurn(source, session: session), signalWatch]
        while !session.isFinished {
            loop.turn(turns)
            if signalWatch.take().asksToStop {
                log.error("calibrate: stopped before the last target; nothing changed")
                return 1
            }
        }
        return report(session, config: config, log: log)
    }

    /// On the simulated board: the trace's touches, in virtual time; `pngDirectory` gets a
    /// picture of each target as it is shown.
    public static func simulated(config: PanelConfiguration, tracePath: String, pngDirectory: String?, log: PanelLog) -> Int32 {
        var script: TouchScript
        do throws(TouchScript.ScriptError) {
            script = try TouchScript(file: tracePath, config: config)
        } catch {
            log.error(error.message)
            return 1
        }
        guard let layout = FramebufferLayout(
            physicalWidth: config.panelWidth, physicalHeight: config.panelHeight, format: .rgb565, rotation: config.display.rotation)
        else {
            log.error("the simulated framebuffer cannot be \(config.panelWidth)x\(config.panelHeight)")
            return 1
        }
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: layout.bufferSize, alignment: 8)
        memory.initializeMemory(as: UInt8.self, repeating: 0)
        defer { memory.deallocate() }
        let painter = TargetPainter(layout: layout, config: config, pixels: memory)
        let origin = MonotonicInstant(nanoseconds: 0)
        let hardware = SimulatedTouchHardware(config: config, origin: origin, log: log)
        let session = CalibrationSession(config: config, range: hardware.source.range, log: log) { index, target in
            painter.show(index, of: target)
            guard let pngDirectory, let index else { return }
            FramebufferSnapshot.savePNG(
                of: UnsafeRawBufferPointer(memory), layout: layout, path: "\(pngDirectory)/target-\(index + 1).png", log: log)
        }
        while let step = script.next(), !session.isFinished {
            hardware.load(step.input, at: step.at)
            hardware.source.service(now: step.at, readiness: .readable, into: session)
        }
        guard session.isFinished else {
            log.error("calibrate: \(tracePath) touched \(session.touched.count) of \(session.targets.count) targets; nothing to fit")
            return 1
        }
        return report(session, config: config, log: log)
    }

    /// Prints the config lines, or why the touches were refused.
    static func report(_ session: CalibrationSession, config: PanelConfiguration, log: PanelLog) -> Int32 {
        guard let result = session.result else {
            log.error("calibrate: the touches do not determine a correction (they lie on one line); run calibrate again")
            return 1
        }
        let rms = tenths(result.rmsPx)
        let largest = tenths(result.maxPx)
        guard result.maxPx <= largestResidualPx else {
            log.error("calibrate: the touches do not fit one affine correction (a corrected touch lies \(largest) px from its target, more than \(Int(largestResidualPx)) px); touch each cross at its centre and run calibrate again")
            return 1
        }
        var out = OutputBuffer.standardOutput()
        out.write("; touchpanel calibrate: \(session.targets.count) targets, corrected touches \(rms) px from them (rms), \(largest) px at most\n")
        out.write("; paste into \(config.file), replacing any calibration line there:\n")
        out.write("[controller]\n")
        out.write("calibration = \(result.calibration.configValue)\n")
        out.flush()
        return 0
    }

    /// "0.4": one decimal, without formatted printing.
    static func tenths(_ value: Double) -> String {
        let scaled = Int64((value * 10).rounded())
        return "\(scaled / 10).\(scaled % 10)"
    }
}

/// Draws the calibration targets: the background, and a cross at the target to touch.
final class TargetPainter {
    private let painter: FramebufferPainter
    private let pixels: UnsafeMutableRawBufferPointer
    private let background: RGBColor
    private let ink: RGBColor
    /// The cross's arms, in pixels from its centre.
    static let armPx: Int32 = 20

    init(layout: FramebufferLayout, config: PanelConfiguration, pixels: UnsafeMutableRawBufferPointer) {
        painter = FramebufferPainter(layout: layout)
        self.pixels = pixels
        background = config.display.colors.background
        ink = config.display.colors.buttons.text
    }

    func show(_ index: Int?, of target: Point?) {
        _ = painter.clear(to: background, in: pixels)
        guard index != nil, let target else { return }
        let arm = TargetPainter.armPx
        _ = painter.fill(Rect(x: target.x - arm, y: target.y - 1, width: 2 * arm + 1, height: 3), ink, in: pixels)
        _ = painter.fill(Rect(x: target.x - 1, y: target.y - arm, width: 3, height: 2 * arm + 1), ink, in: pixels)
    }
}
