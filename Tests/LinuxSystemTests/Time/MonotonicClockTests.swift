import LinuxSystem
import Testing

@Suite("Monotonic clock")
struct MonotonicClockTests {
    @Test func neverGoesBack() {
        let first = MonotonicClock.now()
        let second = MonotonicClock.now()
        #expect(second >= first)
        #expect(first.nanoseconds > 0)
    }
}
