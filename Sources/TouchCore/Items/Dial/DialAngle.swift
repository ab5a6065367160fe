/// Angles of a dial in hundredths of a degree, clockwise from 12 o'clock, in (-18000, 18000]:
/// worked out with CORDIC in 32-bit integers (TouchCore has no libm, and a float `atan2` per
/// touch report would be the only one in the input path).
public enum DialAngle {
    /// atan(2^-i) in thousandths of a degree.
    @inline(__always)
    private static func step(_ index: Int) -> Int32 {
        switch index {
        case 0: 45000
        case 1: 26565
        case 2: 14036
        case 3: 7125
        case 4: 3576
        case 5: 1790
        case 6: 895
        case 7: 448
        case 8: 224
        case 9: 112
        case 10: 56
        case 11: 28
        case 12: 14
        case 13: 7
        case 14: 3
        default: 2
        }
    }

    /// The angle of the screen vector (`dx` right, `dy` down) clockwise from up; 0 for (0, 0).
    /// |dx| and |dy| at most 2^16.
    public static func of(dx: Int32, dy: Int32) -> Int32 {
        // atan2(dx, -dy): the vector (x: up, y: right) turned onto the x axis.
        var x = -dy << 10, y = dx << 10
        var angle: Int32 = 0
        if x < 0 {
            if y >= 0 { (x, y, angle) = (y, -x, 90_000) } else { (x, y, angle) = (-y, x, -90_000) }
        }
        for index in 0..<16 {
            let (dx, dy) = (y &>> Int32(index), x &>> Int32(index))
            if y > 0 {
                x += dx; y -= dy; angle += step(index)
            } else {
                x -= dx; y += dy; angle -= step(index)
            }
        }
        let centidegrees = (angle + (angle >= 0 ? 5 : -5)) / 10
        return centidegrees <= -18000 ? centidegrees + 36000 : centidegrees
    }

    /// The screen vector (right, down) of `centidegrees` clockwise from up, 2^14 long.
    public static func unitVector(_ centidegrees: Int32) -> (x: Int32, y: Int32) {
        // Rotation mode from up (x: up, y: right), by at most 90 degrees after a quarter turn.
        var target = centidegrees * 10
        var quarter: Int32 = 0
        while target > 90_000 { target -= 90_000; quarter += 1 }
        while target < -90_000 { target += 90_000; quarter -= 1 }
        // 2^14 / the CORDIC gain (1.64676).
        var x: Int32 = 9949, y: Int32 = 0, angle: Int32 = 0
        for index in 0..<16 {
            let (dx, dy) = (y &>> Int32(index), x &>> Int32(index))
            if angle < target {
                x -= dx; y += dy; angle += step(index)
            } else {
                x += dx; y -= dy; angle -= step(index)
            }
        }
        // (up, right) turned by the quarters: clockwise, up becomes right.
        var (up, right) = (x, y)
        for _ in 0..<((quarter % 4 + 4) % 4) { (up, right) = (-right, up) }
        return (right, -up)
    }
}
