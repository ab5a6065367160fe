import LinuxSystem
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

@Suite("--debug-gestures")
struct GestureDebugLogTests {
    @Test func everyTransitionIsLoggedWithStateBeforeInputAndStateAfter() {
        var layout = ButtonLayout()
        layout.append(ButtonSpec(rect: Rect(x: 0, y: 0, width: 100, height: 100), highestTapCount: 2, listensForLongPress: true))
        var pipeline = TouchPipeline(transform: .identity(width: 800, height: 480), lostAfter: .milliseconds(200), layout: layout)
        let output = CapturedOutput()
        let log = RecordingLog()
        var writer = EventLineWriter(buttonNames: ["play"], output: output.buffer)
        writer.debug = GestureDebugLog(buttonNames: ["play"], origin: at(0), log: log)
        pipeline.touch(.down(id: 0, at: Point(x: 10, y: 10)), at: at(0), into: &writer)
        pipeline.touch(.move(id: 0, to: Point(x: 150, y: 10)), at: at(40), into: &writer)
        pipeline.touch(.up(id: 0, at: Point(x: 150, y: 10)), at: at(60), into: &writer)
        pipeline.touch(.down(id: 1, at: Point(x: 20, y: 20)), at: at(100), into: &writer)
        pipeline.touch(.up(id: 1, at: Point(x: 20, y: 20)), at: at(150), into: &writer)
        pipeline.advance(to: at(400), into: &writer)
        #expect(log.lines == [
            "gesture 0 ms play: idle + down(touch 0 at 10,10) -> held(touch 0, taps 0)",
            "gesture 40 ms play: held(touch 0, taps 0) + move(150,10) -> held(touch 0, taps 0, outside, hold broken)",
            "gesture 60 ms play: held(touch 0, taps 0, outside, hold broken) + up(150,10) -> idle",
            "gesture 100 ms play: idle + down(touch 1 at 20,20) -> held(touch 1, taps 0)",
            "gesture 150 ms play: held(touch 1, taps 0) + up(20,20) -> awaiting_tap(taps 1)",
            "gesture 400 ms play: awaiting_tap(taps 1) + deadline -> idle",
        ])
        writer.flush()
        #expect(output.lines.last == #"{"t_ms":400,"button":"play","event":"tap","taps":1}"#)
    }
}
