import LinuxSystem
import PanelApp
import PanelConfig
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

private let targets800x480 = CalibrationSession.targets(width: 800, height: 480)

/// Where a panel distorted by `a..f` (display = target mapped) reports a touch at `target`.
private func distorted(_ target: Point, _ m: (Double, Double, Double, Double, Double, Double)) -> (x: Double, y: Double) {
    let x = Double(target.x), y = Double(target.y)
    return ((m.0 * x + m.1 * y + m.2).rounded(), (m.3 * x + m.4 * y + m.5).rounded())
}

@Suite("Calibration: five targets, a least-squares affine fit, the residual")
struct CalibrationTests {
    @Test func theTargetsAreTheCornersATenthInAndTheCentre() {
        #expect(targets800x480 == [
            Point(x: 48, y: 48), Point(x: 751, y: 48), Point(x: 751, y: 431), Point(x: 48, y: 431), Point(x: 400, y: 240),
        ])
    }

    @Test(arguments: [
        (1.0, 0.0, 0.0, 0.0, 1.0, 0.0),
        (1.03, 0.02, -12.0, -0.015, 0.97, 9.0),
        (0.9, 0.0, 40.0, 0.0, 1.1, -20.0),
        (0.996, -0.087, 25.0, 0.087, 0.996, -30.0),
    ])
    func theFittedMatrixMapsEachTouchBackOntoItsTargetWithinAPixel(m: (Double, Double, Double, Double, Double, Double)) throws {
        let touched = targets800x480.map { distorted($0, m) }
        let result = try #require(AffineFit.fit(touched: touched, targets: targets800x480.map { (Double($0.x), Double($0.y)) }))
        for (touch, target) in zip(touched, targets800x480) {
            // As the panel applies it: 16.16 fixed point on whole pixels.
            let corrected = result.calibration.apply(Point(x: Int32(touch.x), y: Int32(touch.y)))
            #expect(abs(corrected.x - target.x) <= 1 && abs(corrected.y - target.y) <= 1, "\(touch) -> \(corrected), target \(target)")
        }
        #expect(result.maxPx < 1.0)
    }

    @Test func anIdentityPanelGetsTheIdentity() throws {
        let points = targets800x480.map { (x: Double($0.x), y: Double($0.y)) }
        let result = try #require(AffineFit.fit(touched: points, targets: points))
        #expect(result.calibration == .identity)
        #expect(result.calibration.configValue == "1 0 0 0 1 0")
        #expect(result.maxPx == 0)
    }

    @Test func touchesOnOneLineOrTooFewDetermineNothing() {
        let line = [(x: 10.0, y: 10.0), (x: 20.0, y: 20.0), (x: 30.0, y: 30.0), (x: 40.0, y: 40.0), (x: 50.0, y: 50.0)]
        #expect(AffineFit.fit(touched: line, targets: targets800x480.map { (Double($0.x), Double($0.y)) }) == nil)
        #expect(AffineFit.fit(touched: [(x: 1.0, y: 2.0), (x: 3.0, y: 4.0)], targets: [(x: 1.0, y: 2.0), (x: 3.0, y: 4.0)]) == nil)
    }

    @Test func aStrayTouchShowsInTheResidual() throws {
        var touched = targets800x480.map { (x: Double($0.x), y: Double($0.y)) }
        touched[4] = (x: 430, y: 240)
        let result = try #require(AffineFit.fit(touched: touched, targets: targets800x480.map { (Double($0.x), Double($0.y)) }))
        #expect(result.maxPx > CalibrationRun.largestResidualPx)
    }

    @Test func theSessionsTransitions() {
        typealias Stage = CalibrationSession.Stage
        var (stage, taken) = CalibrationSession.next(.waiting(target: 0), .lifted, targetCount: 5)
        #expect(stage == .waiting(target: 0) && taken == nil)
        (stage, taken) = CalibrationSession.next(.waiting(target: 0), .down(Point(x: 10, y: 20)), targetCount: 5)
        #expect(stage == .touching(target: 0, sumX: 10, sumY: 20, samples: 1))
        (stage, taken) = CalibrationSession.next(stage, .down(Point(x: 13, y: 21)), targetCount: 5)
        #expect(stage == .touching(target: 0, sumX: 23, sumY: 41, samples: 2))
        (stage, taken) = CalibrationSession.next(stage, .lifted, targetCount: 5)
        #expect(stage == .waiting(target: 1))
        #expect(taken?.x == 11.5 && taken?.y == 20.5)
        (stage, taken) = CalibrationSession.next(.touching(target: 2, sumX: 5, sumY: 5, samples: 1), .failed, targetCount: 5)
        #expect(stage == .waiting(target: 2) && taken == nil)
        (stage, taken) = CalibrationSession.next(.touching(target: 4, sumX: 5, sumY: 5, samples: 1), .lifted, targetCount: 5)
        #expect(stage == .finished && taken?.x == 5)
        (stage, taken) = CalibrationSession.next(.finished, .down(Point(x: 1, y: 1)), targetCount: 5)
        #expect(stage == Stage.finished && taken == nil)
    }
}
