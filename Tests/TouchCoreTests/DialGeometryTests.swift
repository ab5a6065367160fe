import Testing
@testable import TouchCore

/// Rule 14's geometry: angles clockwise from 12 o'clock in hundredths of a degree, a dial's
/// band, and the step a finger sets (Tests/Traces/dials/panel.ini's heat: 240x240 at 100,100,
/// band 24, 270 degrees, 10..30 in steps of 0.5: 40 steps, 6.75 degrees each).
@Suite("Dial geometry (rule 14)")
struct DialGeometryTests {
    let heat = DialGeometry(rect: Rect(x: 100, y: 100, width: 240, height: 240), shape: DialShape())

    @Test func anglesAreClockwiseFromTwelveOClock() {
        #expect(DialAngle.of(dx: 0, dy: -100) == 0)
        #expect(DialAngle.of(dx: 100, dy: 0) == 9000)
        #expect(DialAngle.of(dx: 0, dy: 100) == 18000)
        #expect(DialAngle.of(dx: -100, dy: 0) == -9000)
        #expect(DialAngle.of(dx: 100, dy: -100) == 4500)
        #expect(DialAngle.of(dx: -100, dy: 100) == -13500)
        #expect(DialAngle.of(dx: -39, dy: -215) == -1028)   // atan(39/215) = 10.28 degrees
    }

    /// 2^14 long within CORDIC's error (a few in 16384: under 0.05 %, a fraction of a pixel
    /// at any radius a display has).
    @Test func unitVectorsAreTheAnglesBack() {
        #expect(DialAngle.unitVector(0) == (x: 0, y: -16389))
        #expect(DialAngle.unitVector(9000) == (x: 16383, y: -4))
        #expect(DialAngle.unitVector(-13500) == (x: -11585, y: 11585))
    }

    @Test func theBandIsBetweenTheTwoCircles() {
        #expect(heat.centreX2 == 440 && heat.centreY2 == 440 && heat.outer2 == 240 && heat.inner2 == 192)
        #expect(heat.isOnBand(Point(x: 220, y: 100)))    // the top row
        #expect(heat.isOnBand(Point(x: 220, y: 123)))    // 96.5 from the centre: just inside the band
        #expect(!heat.isOnBand(Point(x: 220, y: 124)))   // 95.5: inside the ring
        #expect(!heat.isOnBand(Point(x: 101, y: 101)))   // the rect's corner
        #expect(heat.claims(Point(x: 220, y: 112)))
        #expect(!heat.claims(Point(x: 220, y: 330)))     // the band in the gap
        #expect(!heat.claims(Point(x: 220, y: 220)))     // the centre
    }

    @Test func theDownGoesToTheFingersAngle() {
        #expect(heat.step(at: Point(x: 220, y: 112), from: nil, stepCount: 40) == 20)   // the top: 20.0
        #expect(heat.step(at: Point(x: 144, y: 296), from: nil, stepCount: 40) == 0)    // -135 degrees: min
        #expect(heat.step(at: Point(x: 296, y: 296), from: nil, stepCount: 40) == 40)   // +135: max
        #expect(heat.step(at: Point(x: 200, y: 112), from: nil, stepCount: 40) == 18)   // -10.28 degrees: 12472 of 27000 is 18.48 steps, 19.0
        // In the gap (a down there is no dial's, but a knob may reach it): the nearer end.
        #expect(heat.step(at: Point(x: 250, y: 330), from: nil, stepCount: 40) == 40)
        #expect(heat.step(at: Point(x: 190, y: 330), from: nil, stepCount: 40) == 0)
    }

    @Test func aHeldValueTurnsTheShortWayAndNeverCrossesTheGap() {
        // At max, the finger goes on round the bottom to the other end: held at max.
        #expect(heat.step(at: Point(x: 220, y: 330), from: 40, stepCount: 40) == 40)
        #expect(heat.step(at: Point(x: 144, y: 296), from: 40, stepCount: 40) == 40)
        #expect(heat.step(at: Point(x: 112, y: 220), from: 40, stepCount: 40) == 40)
        // At min, the same the other way.
        #expect(heat.step(at: Point(x: 296, y: 296), from: 0, stepCount: 40) == 0)
        // Back over the top the value follows the finger.
        #expect(heat.step(at: Point(x: 200, y: 112), from: 40, stepCount: 40) == 18)
        #expect(heat.step(at: Point(x: 296, y: 144), from: 20, stepCount: 40) == 27)
    }
}
