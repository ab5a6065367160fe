import LinuxSystem
import PanelConfig
import TouchCore

/// Takes one touch at each of five targets (four corners inset by a tenth of the shorter
/// side, and the centre, as tslib does) and fits the correction. Touches come from the touch
/// source in controller coordinates and go through the config's transform without any
/// calibration, so the fit replaces the old one rather than correcting it. A touch counts
/// at its lift, at the average of where it was.
public final class CalibrationSession: TouchSink {
    /// Where the session is: one transition function, `next`, changes it.
    public enum Stage: Equatable, Sendable {
        case waiting(target: Int)
        /// A finger is down for `target`: the sums of its positions so far.
        case touching(target: Int, sumX: Int64, sumY: Int64, samples: Int64)
        case finished
    }

    public enum Input: Equatable, Sendable {
        /// A report with a finger on the panel, at this display point.
        case down(Point)
        /// A report with none: lifted.
        case lifted
        /// The controller failed: the touch under way is not taken.
        case failed
    }

    public let targets: [Point]
    public private(set) var stage: Stage = .waiting(target: 0)
    /// The average point of each finished touch, in target order.
    public private(set) var touched: [(x: Double, y: Double)] = []
    private let transform: CoordinateTransform
    private let log: PanelLog
    /// Called with the target to show and its point (nil when all are taken).
    private let show: (Int?, Point?) -> Void

    public init(config: PanelConfiguration, range: ControllerRange, log: PanelLog, show: @escaping (Int?, Point?) -> Void) {
        var uncalibrated = config
        uncalibrated.controller.calibration = nil
        transform = uncalibrated.makeTransform(controllerWidth: range.width, controllerHeight: range.height)
        targets = CalibrationSession.targets(width: config.display.logicalWidth, height: config.display.logicalHeight)
        self.log = log
        self.show = show
        show(0, targets[0])
    }

    /// Corners inset by a tenth of the shorter side, then the centre.
    public static func targets(width: Int32, height: Int32) -> [Point] {
        let inset = min(width, height) / 10
        return [
            Point(x: inset, y: inset), Point(x: width - 1 - inset, y: inset),
            Point(x: width - 1 - inset, y: height - 1 - inset), Point(x: inset, y: height - 1 - inset),
            Point(x: width / 2, y: height / 2),
        ]
    }

    /// The one place the stage changes. Returns the new stage and the point taken, if a
    /// touch was finished by this input.
    public static func next(_ stage: Stage, _ input: Input, targetCount: Int) -> (Stage, taken: (x: Double, y: Double)?) {
        switch (stage, input) {
        case (.waiting(let target), .down(let point)):
            return (.touching(target: target, sumX: Int64(point.x), sumY: Int64(point.y), samples: 1), nil)
        case (.waiting, .lifted), (.waiting, .failed):
            return (stage, nil)
        case (.touching(let target, let sumX, let sumY, let samples), .down(let point)):
            return (.touching(target: target, sumX: sumX + Int64(point.x), sumY: sumY + Int64(point.y), samples: samples + 1), nil)
        case (.touching(let target, let sumX, let sumY, let samples), .lifted):
            let taken = (x: Double(sumX) / Double(samples), y: Double(sumY) / Double(samples))
            return (target + 1 < targetCount ? .waiting(target: target + 1) : .finished, taken)
        case (.touching(let target, _, _, _), .failed):
            return (.waiting(target: target), nil)
        case (.finished, _):
            return (.finished, nil)
        }
    }

    public var isFinished: Bool { stage == .finished }

    /// The fit of the touches taken, once all five are.
    public var result: AffineFit.Result? {
        guard isFinished else { return nil }
        return AffineFit.fit(touched: touched, targets: targets.map { (x: Double($0.x), y: Double($0.y)) })
    }

    private func step(_ input: Input) {
        let (after, taken) = CalibrationSession.next(stage, input, targetCount: targets.count)
        stage = after
        guard let taken else { return }
        touched.append(taken)
        log.log("calibrate: target \(touched.count) of \(targets.count) at (\(targets[touched.count - 1].x), \(targets[touched.count - 1].y)) touched at (\(Int(taken.x.rounded())), \(Int(taken.y.rounded())))")
        if case .waiting(let target) = after { show(target, targets[target]) } else { show(nil, nil) }
    }

    // MARK: - TouchSink

    public func frame(_ frame: TouchFrame, measuredAt: MonotonicInstant) {
        for index in 0..<frame.count where frame[index].event != .up {
            step(.down(transform.apply(frame[index].position)))
            return
        }
        step(.lifted)
    }

    public func dropped(_ problem: MalformedReport, at: MonotonicInstant) {}

    public func sourceFailed(_ message: String, at: MonotonicInstant) {
        log.error(message)
        step(.failed)
    }

    public func sourceRecovered(_ message: String) {
        log.log(message)
    }

    public func sourceStopped(_ message: String) {
        log.error(message)
        step(.failed)
    }
}
