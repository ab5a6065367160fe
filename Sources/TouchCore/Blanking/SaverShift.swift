/// Where the screensaver's picture stands at each minute it shows, so that no pixel holds
/// one colour for hours: an offset (dx, dy) in logical pixels within [-shiftPx, shiftPx] on
/// both axes, one pixel a step, one step a minute.
///
/// The square's (2s+1)² offsets are walked row by row from the top (dy = -s), each row
/// the other way from the one before (dx from -s to s on rows -s, -s+2, ...; from s to -s
/// on the others), to the bottom row's end and back again: a cycle of 2((2s+1)² - 1) steps.
/// Step 0, when the saver starts, is (0, 0), the square's centre; steps then go forward
/// along the walk. For shift_px = 4: (0,0) (1,0) (2,0) (3,0) (4,0) (4,1) (3,1) ... (4,4)
/// (3,4) ... back to (-4,-4) and round, 160 minutes a cycle. Shift 0: always (0, 0).
public struct SaverShift: Equatable, Sendable {
    public var dx: Int32
    public var dy: Int32

    public init(dx: Int32, dy: Int32) {
        self.dx = dx
        self.dy = dy
    }

    public static let none = SaverShift(dx: 0, dy: 0)

    /// The offset at `step` (minutes since the saver started) for `shiftPx`.
    public static func at(step: Int, shiftPx: Int) -> SaverShift {
        guard shiftPx > 0, step >= 0 else { return .none }
        let side = 2 * shiftPx + 1
        let count = side * side
        let cycle = 2 * (count - 1)
        let centre = (count - 1) / 2
        let walked = (centre + step % cycle) % cycle
        let index = walked < count ? walked : cycle - walked
        let row = index / side
        let column = index % side
        let dx = row % 2 == 0 ? column - shiftPx : shiftPx - column
        return SaverShift(dx: Int32(truncatingIfNeeded: dx), dy: Int32(truncatingIfNeeded: row - shiftPx))
    }
}
