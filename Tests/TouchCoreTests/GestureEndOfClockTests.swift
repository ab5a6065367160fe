import Testing
import TouchCore

/// Issue 23: "no deadline" is nil, not the largest instant, so a deadline that saturated at
/// the end of the clock still fires.
@Suite("Deadlines at the end of the clock still fire")
struct GestureEndOfClockTests {
    @Test func aReleaseWhoseTapWindowSaturatesStillFiresItsTap() {
        var layout = ButtonLayout()
        layout.append(button(0, 0, 200, 200, taps: 2))
        var pipeline = TouchPipeline(transform: .identity(width: 800, height: 480), lostAfter: nil, layout: layout)
        var recorder = EventRecorder()
        let end = MonotonicInstant.endOfTime
        let downAt = MonotonicInstant(nanoseconds: end.nanoseconds - 100_000_000)
        let upAt = MonotonicInstant(nanoseconds: end.nanoseconds - 50_000_000)
        pipeline.touch(.down(id: 0, at: Point(x: 50, y: 50)), at: downAt, into: &recorder)
        pipeline.touch(.up(id: 0, at: Point(x: 50, y: 50)), at: upAt, into: &recorder)
        // The double-tap window (300 ms) runs past the end: its deadline saturates there.
        #expect(pipeline.nextDeadline == end)
        pipeline.advance(to: end, into: &recorder)
        #expect(recorder.events.map(\.kind) == [.pressed, .released, .tap(taps: 1)])
        #expect(recorder.events.last?.at == end)
        #expect(pipeline.nextDeadline == nil)
    }
}
