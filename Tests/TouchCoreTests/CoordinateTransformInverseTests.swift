import Testing
import TouchCore

/// The simulated board reports a trace's point lines at `controllerPoint(for:)`, and the
/// panel maps what it reads back with `apply`: every pixel must come back where it was.
@Suite("Coordinate transform: the inverse")
struct CoordinateTransformInverseTests {
    static let rotations: [DisplayRotation] = [.degrees0, .degrees90, .degrees180, .degrees270]

    /// A 120x80 panel read by a controller of its own size, and by a finer one mounted
    /// inverted and swapped (odd ranges, so that the scaling rounds).
    static func mountings(_ rotation: DisplayRotation, calibration: AffineCalibration? = nil) -> [CoordinateTransform] {
        [
            CoordinateTransform(
                controllerWidth: 120, controllerHeight: 80, panelWidth: 120, panelHeight: 80,
                rotation: rotation, calibration: calibration),
            CoordinateTransform(
                controllerWidth: 1001, controllerHeight: 3001, panelWidth: 120, panelHeight: 80,
                invertX: true, invertY: true, swapXY: true, rotation: rotation, calibration: calibration),
        ]
    }

    /// Whether every logical pixel at least `margin` from the edges comes back; names the first that does not.
    static func firstMiss(_ transform: CoordinateTransform, margin: Int32) -> Point? {
        for y in margin..<transform.logicalHeight - margin {
            for x in margin..<transform.logicalWidth - margin {
                let pixel = Point(x: x, y: y)
                let raw = transform.controllerPoint(for: pixel)
                let range = Point(x: transform.controllerWidth, y: transform.controllerHeight)
                guard raw.x >= 0, raw.y >= 0, raw.x < range.x, raw.y < range.y, transform.apply(raw) == pixel else { return pixel }
            }
        }
        return nil
    }

    @Test(arguments: rotations)
    func everyPixelComesBack(rotation: DisplayRotation) {
        for transform in CoordinateTransformInverseTests.mountings(rotation) {
            #expect(CoordinateTransformInverseTests.firstMiss(transform, margin: 0) == nil, "\(transform)")
        }
    }

    /// A calibration that shrinks a little, shears and shifts, as a touch a few pixels off
    /// needs: every pixel it can reach comes back (near the edges some it cannot).
    @Test(arguments: rotations)
    func everyPixelComesBackThroughACalibration(rotation: DisplayRotation) {
        let calibration = AffineCalibration(a: 63_570, b: 1_311, c: 212_992, d: -983, e: 62_915, f: 131_072)
        for transform in CoordinateTransformInverseTests.mountings(rotation, calibration: calibration) {
            #expect(CoordinateTransformInverseTests.firstMiss(transform, margin: 8) == nil, "\(transform)")
        }
    }

    @Test func aCalibrationWithoutAnInverseOrTooWildGivesAPointNotATrap() {
        let flat = AffineCalibration(a: 65_536, b: 65_536, c: 0, d: 65_536, e: 65_536, f: 0)
        #expect(flat.preimage(of: Point(x: 5, y: 7)) == Point(x: 5, y: 7))
        let wild = AffineCalibration(a: .max, b: .min, c: .max, d: 3, e: .max, f: .min)
        _ = wild.preimage(of: Point(x: 100, y: 100))
    }
}
