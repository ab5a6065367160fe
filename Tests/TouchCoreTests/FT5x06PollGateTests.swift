import Testing
import TouchCore

@Suite("FT5x06 TD_STATUS start-up gate")
struct FT5x06PollGateTests {
    /// What the gate decides for each TD_STATUS in turn.
    func decisions(_ watch: inout FT5x06PollGate, _ statuses: [UInt8]) -> [Bool] {
        statuses.map { watch.accept(tdStatus: $0) }
    }

    @Test func staleTouchesAreIgnoredUntilTDStatusChanges() {
        var watch = FT5x06PollGate()
        #expect(decisions(&watch, [0x02, 0x02]) == [false, false])
        #expect(watch.isWaiting)
        // The first change opens the gate; from then on even the stale value passes.
        #expect(decisions(&watch, [0x01, 0x02, 0x02]) == [true, true, true])
        #expect(!watch.isWaiting)
    }

    @Test func aReportWithoutPointsPassesAtOnce() {
        var watch = FT5x06PollGate()
        #expect(decisions(&watch, [0x00, 0x01, 0x01]) == [true, true, true])
    }

    @Test func aChangeToZeroOpensTheGate() {
        var watch = FT5x06PollGate()
        #expect(decisions(&watch, [0x05, 0x00, 0x05]) == [false, true, true])
    }

    @Test func onlyTheLowNibbleCountsAsPoints() {
        // 0x30: high nibble set, no points: live registers, passes.
        var watch = FT5x06PollGate()
        #expect(decisions(&watch, [0x30]) == [true])
    }

    @Test func resetWaitsForANewChange() {
        var watch = FT5x06PollGate()
        #expect(decisions(&watch, [0x00]) == [true])
        watch.reset()
        #expect(watch.isWaiting)
        #expect(decisions(&watch, [0x03, 0x03, 0x04]) == [false, false, true])
    }
}
