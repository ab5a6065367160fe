import Testing
import TouchCore

@Suite("The screensaver's drift: one pixel a minute round the square")
struct SaverShiftTests {
    private func walk(_ steps: ClosedRange<Int>, shiftPx: Int) -> [String] {
        steps.map { let s = SaverShift.at(step: $0, shiftPx: shiftPx); return "\(s.dx),\(s.dy)" }
    }

    @Test func fourPixelsFromTheCentre() {
        #expect(walk(0...13, shiftPx: 4) == [
            "0,0", "1,0", "2,0", "3,0", "4,0", "4,1", "3,1", "2,1", "1,1", "0,1", "-1,1", "-2,1", "-3,1", "-4,1",
        ])
        // The bottom row's end at step 40, then back the way it came: (0,0) again at 80, the
        // top-left corner at 120, and round: the centre at 160 as at 0.
        #expect(walk(39...42, shiftPx: 4) == ["3,4", "4,4", "3,4", "2,4"])
        #expect(walk(80...80, shiftPx: 4) == ["0,0"])
        #expect(walk(119...122, shiftPx: 4) == ["-3,-4", "-4,-4", "-3,-4", "-2,-4"])
        #expect(walk(160...161, shiftPx: 4) == ["0,0", "1,0"])
    }

    @Test func everyStepIsOnePixelAndStaysInTheSquare() {
        for shiftPx in 1...6 {
            var seen = Set<String>()
            var previous = SaverShift.at(step: 0, shiftPx: shiftPx)
            let cycle = 2 * ((2 * shiftPx + 1) * (2 * shiftPx + 1) - 1)
            for step in 1...cycle {
                let shift = SaverShift.at(step: step, shiftPx: shiftPx)
                #expect(abs(shift.dx - previous.dx) + abs(shift.dy - previous.dy) == 1)
                #expect(abs(shift.dx) <= Int32(shiftPx) && abs(shift.dy) <= Int32(shiftPx))
                seen.insert("\(shift.dx),\(shift.dy)")
                previous = shift
            }
            // Every offset of the square, and back at the start after a cycle.
            #expect(seen.count == (2 * shiftPx + 1) * (2 * shiftPx + 1))
            #expect(SaverShift.at(step: cycle, shiftPx: shiftPx) == .none)
        }
    }

    @Test func oneAndNone() {
        // The centre row is the second, walked from right to left.
        #expect(walk(0...9, shiftPx: 1) == ["0,0", "-1,0", "-1,1", "0,1", "1,1", "0,1", "-1,1", "-1,0", "0,0", "1,0"])
        #expect(walk(0...3, shiftPx: 0) == ["0,0", "0,0", "0,0", "0,0"])
    }
}
