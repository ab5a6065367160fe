#if canImport(Glibc)
import Glibc
#endif
import Testing
import TouchCore

@Suite("Random gestures keep the rules: pressed matched once, time forward, no tap after a long press")
struct GesturePropertyTests {
    // SplitMix64 (GestureRuleTests.swift): a failure is replayed from its seed alone.
    /// 20,000 gestures here; `TOUCHPANEL_PROPERTY_GESTURES=1000000` (scripts/fuzz.sh
    /// --property) runs the long one.
    static var gestureCount: Int {
        if let text = getenv("TOUCHPANEL_PROPERTY_GESTURES").map({ String(cString: $0) }), let count = Int(text), count > 0 {
            return count
        }
        return 20_000
    }

    /// Gestures each seed's run begins: a third of `gestureCount`.
    static var wanted: Int { gestureCount / 3 + 1 }

    /// Steps `driver` with `seed`'s numbers until it has begun `wanted` gestures; the steps taken,
    /// or nil when a rule broke (recorded as an issue with its seed and step).
    static func drive(_ driver: inout GestureDriver, seed: UInt64) -> Int? {
        var random = SplitMix64(seed: seed)
        var steps = 0
        while driver.gestures < wanted {
            driver.step(choice: random.next(), value: random.next())
            steps += 1
            if let violation = driver.violation {
                Issue.record("seed \(seed), step \(steps): \(violation)")
                return nil
            }
        }
        return steps
    }

    @Test(arguments: [UInt64(1), 0xC0FFEE, 20_261_124])
    func randomGesturesBreakNoRule(seed: UInt64) {
        var driver = GestureDriver()
        guard let steps = Self.drive(&driver, seed: seed) else { return }
        #expect(driver.finish() == nil, "seed \(seed), after \(steps) steps")
        #expect(driver.sink.invariants.count > Self.wanted)
        // Downs on an interlocked button were ignored, so the interlock was exercised.
        #expect(driver.sink.interlockRefusals > 0, "seed \(seed): no down was ever ignored for an interlock")
        // Every kind of event happens, so every rule is exercised.
        let kinds = driver.sink.invariants.kinds
        for kind in ["pressed", "released", "cancelled", "exit", "enter", "tap 1", "tap 2", "tap 3", "long_press", "repeat",
                     "slider pressed", "slider released", "slider cancelled", "slider value", "slider shown"] {
            #expect((kinds[kind] ?? 0) > 0, "seed \(seed): no \(kind) among \(kinds)")
        }
    }

    /// With idle blanking at 300 ms and 600 ms, the waits between gestures dim and blank the
    /// panel over and over, and the touches that wake it are swallowed: the rules still hold.
    @Test(arguments: [UInt64(7), 20_261_125])
    func randomGesturesWithIdleBlankingBreakNoRule(seed: UInt64) {
        var driver = GestureDriver(idle: IdleTimings(dimAfter: .milliseconds(300), offAfter: .milliseconds(600)))
        guard let steps = Self.drive(&driver, seed: seed) else { return }
        #expect(driver.finish() == nil, "seed \(seed), after \(steps) steps")
        let powers = driver.sink.powers
        for power in ["dimmed", "off", "awake"] {
            #expect((powers[power] ?? 0) > 0, "seed \(seed): never \(power) among \(powers)")
        }
        let kinds = driver.sink.invariants.kinds
        for kind in ["pressed", "released", "cancelled", "tap 1", "tap 2", "long_press"] {
            #expect((kinds[kind] ?? 0) > 0, "seed \(seed): no \(kind) among \(kinds)")
        }
    }

    /// Two pages that take swipes, changed now and then from outside: every `pressed` is
    /// still matched once (a page change ends what leaves), and swipes come at lifts only.
    @Test(arguments: [UInt64(11), 20_261_126])
    func randomGesturesAcrossPagesAndSwipesBreakNoRule(seed: UInt64) {
        var driver = GestureDriver(paged: true)
        guard let steps = Self.drive(&driver, seed: seed) else { return }
        #expect(driver.finish() == nil, "seed \(seed), after \(steps) steps")
        #expect(driver.pipeline.classifier.shownPage == 0 || driver.pipeline.classifier.shownPage == 1)
        let swipes = driver.sink.swipes
        for swipe in ["left page 0", "right page 0", "up page 1", "down page 1"] {
            #expect((swipes[swipe] ?? 0) > 0, "seed \(seed): no swipe \(swipe) among \(swipes)")
        }
        #expect(swipes["up page 0"] == nil && swipes["down page 0"] == nil, "seed \(seed): page 0 takes no swipe up or down")
        let kinds = driver.sink.invariants.kinds
        for kind in ["pressed", "released", "cancelled", "exit", "enter", "tap 1", "tap 2", "tap 3", "long_press", "repeat",
                     "slider pressed", "slider cancelled"] {
            #expect((kinds[kind] ?? 0) > 0, "seed \(seed): no \(kind) among \(kinds)")
        }
    }

    @Test func theInvariantsCatchTwoButtonsOfAnInterlockGroupPressedTogether() {
        var invariants = GestureInvariants(buttons: 3, groups: [1, 0, 1])
        #expect(invariants.check(GestureEvent(at: .milliseconds(10), button: 0, kind: .pressed), now: .milliseconds(10)) == nil)
        #expect(invariants.check(GestureEvent(at: .milliseconds(20), button: 1, kind: .pressed), now: .milliseconds(20)) == nil)
        #expect(invariants.check(GestureEvent(at: .milliseconds(30), button: 2, kind: .pressed), now: .milliseconds(30))
            == "button 2 pressed while button 0 of its interlock group is held")
        var running = GestureInvariants(buttons: 2, groups: [4, 4])
        running.commandsRunning[1] = true
        #expect(running.check(GestureEvent(at: .milliseconds(10), button: 0, kind: .pressed), now: .milliseconds(10))
            == "button 0 pressed while button 1 of its interlock group runs a command")
    }

    @Test func theInvariantsCatchABrokenStream() {
        var invariants = GestureInvariants(buttons: 2)
        let pressed = GestureEvent(at: .milliseconds(10), button: 0, kind: .pressed)
        #expect(invariants.check(pressed, now: .milliseconds(10)) == nil)
        #expect(invariants.check(pressed, now: .milliseconds(10)) == "button 0 pressed twice without a release or cancel")
        #expect(invariants.check(GestureEvent(at: .milliseconds(5), button: 1, kind: .pressed), now: .milliseconds(10))
            == "time went back: pressed of button 1 at 5000000 ns after an event at 10000000 ns")
        #expect(invariants.check(GestureEvent(at: .milliseconds(30), button: 1, kind: .pressed), now: .milliseconds(20))
            == "pressed of button 1 at 30000000 ns, later than now 20000000 ns")
        #expect(invariants.check(GestureEvent(at: .milliseconds(40), button: 0, kind: .longPress(taps: 1)), now: .milliseconds(40)) == nil)
        #expect(invariants.check(GestureEvent(at: .milliseconds(50), button: 0, kind: .tap(taps: 1)), now: .milliseconds(50))
            == "button 0 tap after a long press of the same press")
        #expect(invariants.check(GestureEvent(at: .milliseconds(60), button: 1, kind: .released), now: .milliseconds(60))
            == "button 1 released without a press")
        #expect(invariants.checkAllReleased() == "button 0 still held after every touch was cancelled")
    }
}
