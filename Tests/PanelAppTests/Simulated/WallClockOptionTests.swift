import PanelApp
import Testing

/// `--wall-clock YYYY-MM-DDTHH:MM:SS`: what it takes and what it refuses. Differences only,
/// so the test holds in any TZ without daylight-saving changes on these days.
@Suite("--wall-clock: the simulated board's local time at its start")
struct WallClockOptionTests {
    @Test func aLocalTimeToTheSecond() throws {
        let before = try #require(WallClockOption.epochNanoseconds("2026-11-29T21:59:50"))
        let ten = try #require(WallClockOption.epochNanoseconds("2026-11-29T22:00:00"))
        #expect(ten - before == 10_000_000_000)
        let leap = try #require(WallClockOption.epochNanoseconds("2028-02-29T00:00:00"))
        let march = try #require(WallClockOption.epochNanoseconds("2028-03-01T00:00:00"))
        #expect(march - leap == 86_400_000_000_000)
    }

    @Test func otherFormatsAreRefused() {
        for bad in ["2026-11-29T22:00", "2026-11-29 22:00:00", "2026-11-29T24:00:00", "2026-13-01T00:00:00",
                    "2026-02-29T00:00:00", "2026-11-31T00:00:00", "2026-11-29T22:60:00", "1969-12-31T23:59:59",
                    "26-11-29T22:00:00", "2026-11-29T22:00:00Z", "", "+026-11-29T22:00:00"] {
            #expect(WallClockOption.epochNanoseconds(bad) == nil, "\(bad)")
        }
        #expect(WallClockOption.usage == "--wall-clock takes a local time YYYY-MM-DDTHH:MM:SS, e.g. 2026-11-29T21:59:50")
    }
}
