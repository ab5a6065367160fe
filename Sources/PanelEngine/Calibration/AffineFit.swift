import LinuxSystem
import TouchCore

/// The affine correction that maps where touches landed onto where they were meant to land,
/// by least squares over all the points (tslib's ts_calibrate method: one 3x3 normal system
/// for x' = a*x + b*y + c and one for y' = d*x + e*y + f), and how well it fits.
public enum AffineFit {
    public struct Result: Equatable, Sendable {
        /// The matrix in the config's 16.16 fixed point, as `[controller] calibration` takes it.
        public var calibration: AffineCalibration
        /// Root mean square and largest distance, in pixels, between each target and its
        /// touch corrected by `calibration` (in fixed point, as the panel will apply it).
        public var rmsPx: Double
        public var maxPx: Double
    }

    /// Nil when the touches cannot determine a matrix (fewer than three, or all on a line).
    public static func fit(touched: [(x: Double, y: Double)], targets: [(x: Double, y: Double)]) -> Result? {
        guard touched.count == targets.count, touched.count >= 3 else { return nil }
        // Normal equations: M * [a b c] = rx, M * [d e f] = ry.
        var m = [[Double]](repeating: [0, 0, 0], count: 3)
        var rx: [Double] = [0, 0, 0]
        var ry: [Double] = [0, 0, 0]
        for (point, target) in zip(touched, targets) {
            let row = [point.x, point.y, 1.0]
            for i in 0..<3 {
                for j in 0..<3 { m[i][j] += row[i] * row[j] }
                rx[i] += row[i] * target.x
                ry[i] += row[i] * target.y
            }
        }
        guard let abc = solve(m, rx), let def = solve(m, ry) else { return nil }
        let coefficients = abc + def
        for value in coefficients where !(value.magnitude < 32_767) { return nil }
        let fixed = coefficients.map { Int64(($0 * 65_536).rounded()) }
        let calibration = AffineCalibration(a: fixed[0], b: fixed[1], c: fixed[2], d: fixed[3], e: fixed[4], f: fixed[5])
        var sumSquares = 0.0
        var largest = 0.0
        for (point, target) in zip(touched, targets) {
            let x = (Double(fixed[0]) * point.x + Double(fixed[1]) * point.y + Double(fixed[2])) / 65_536
            let y = (Double(fixed[3]) * point.x + Double(fixed[4]) * point.y + Double(fixed[5])) / 65_536
            let squared = (x - target.x) * (x - target.x) + (y - target.y) * (y - target.y)
            sumSquares += squared
            largest = max(largest, squared)
        }
        return Result(calibration: calibration, rmsPx: (sumSquares / Double(touched.count)).squareRoot(), maxPx: largest.squareRoot())
    }

    /// Cramer's rule for a 3x3 system; nil when it is singular.
    static func solve(_ m: [[Double]], _ r: [Double]) -> [Double]? {
        func determinant(_ a: [[Double]]) -> Double {
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
                - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        }
        let whole = determinant(m)
        guard whole.magnitude > 1e-9 else { return nil }
        var solution: [Double] = []
        for column in 0..<3 {
            var replaced = m
            for row in 0..<3 { replaced[row][column] = r[row] }
            solution.append(determinant(replaced) / whole)
        }
        return solution
    }
}
