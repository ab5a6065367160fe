import Testing
import TouchCore

@Suite("Render: repaint tracker")
struct RenderRepaintTrackerTests {
    static func layout(count: Int, disabled: Set<Int> = []) -> ButtonLayout {
        var layout = ButtonLayout()
        for index in 0..<count {
            layout.append(
                ButtonSpec(rect: Rect(x: Int32(index) * 10, y: 0, width: 10, height: 10), enabled: !disabled.contains(index)))
        }
        return layout
    }

    func event(_ button: Int, _ kind: GestureEventKind) -> GestureEvent {
        GestureEvent(at: .milliseconds(0), button: button, kind: kind)
    }

    @Test func everyButtonStartsDirtyAndDisabledOnesRestDisabled() {
        var tracker = ButtonRepaintTracker(layout: Self.layout(count: 3, disabled: [2]))
        #expect(tracker.takeDirty().mask == 0b111)
        #expect(tracker.takeDirty().mask == 0)
        #expect(tracker.visualState(ofButton: 0) == .normal)
        #expect(tracker.visualState(ofButton: 2) == .disabled)
    }

    @Test func pressExitEnterReleaseEachMarkTheButton() {
        var tracker = ButtonRepaintTracker(layout: Self.layout(count: 3))
        _ = tracker.takeDirty()
        let steps: [(GestureEventKind, ButtonVisualState, UInt64)] = [
            (.pressed, .pressed, 0b010),
            (.exit, .normal, 0b010),
            (.enter, .pressed, 0b010),
            (.repeat(n: 1), .pressed, 0),
            (.longPress(taps: 1), .pressed, 0),
            (.released, .normal, 0b010),
            (.tap(taps: 1), .normal, 0),
            (.cancelled, .normal, 0),   // already at rest: nothing to repaint
        ]
        for (kind, state, mask) in steps {
            tracker.receive(event(1, kind))
            #expect(tracker.visualState(ofButton: 1) == state, "\(kind)")
            #expect(tracker.takeDirty().mask == mask, "\(kind)")
        }
    }

    @Test func latchedButtonsRestOn() {
        var tracker = ButtonRepaintTracker(layout: Self.layout(count: 2))
        _ = tracker.takeDirty()
        tracker.setLatched(0, true)
        #expect(tracker.visualState(ofButton: 0) == .on)
        #expect(tracker.isLatched(0))
        #expect(tracker.takeDirty().mask == 0b01)
        tracker.setLatched(0, true)
        #expect(tracker.takeDirty().mask == 0)
        tracker.receive(event(0, .pressed))
        tracker.setLatched(0, false)   // flipped while held: still shows pressed
        #expect(tracker.visualState(ofButton: 0) == .pressed)
        #expect(tracker.takeDirty().mask == 0b01)   // from the press only
        tracker.receive(event(0, .released))
        #expect(tracker.visualState(ofButton: 0) == .normal)
        #expect(tracker.takeDirty().mask == 0b01)
        tracker.setDisabled(1, true)
        #expect(tracker.visualState(ofButton: 1) == .disabled)
        #expect(tracker.takeDirty().mask == 0b10)
    }

    @Test func eventsOfSeveralButtonsAndTheLastIndex() {
        var tracker = ButtonRepaintTracker(layout: Self.layout(count: 64))
        #expect(tracker.takeDirty().mask == ~0)
        tracker.receive(event(63, .pressed))
        tracker.receive(event(0, .pressed))
        tracker.receive(event(5, .pressed))
        tracker.receive(event(64, .pressed))   // out of range: ignored
        tracker.receive(event(-1, .pressed))
        let dirty = tracker.takeDirty()
        #expect(dirty.mask == 0x8000_0000_0000_0021)
        var order: [Int] = []
        dirty.forEach { order.append($0) }
        #expect(order == [0, 5, 63])
        tracker.markAllDirty()
        #expect(tracker.dirty.count == 64)
    }

    @Test func buttonSetBasics() {
        var set = ButtonSet()
        #expect(set.isEmpty)
        set.insert(3)
        set.insert(3)
        set.insert(70)
        #expect(set.mask == 0b1000 && set.count == 1 && set.contains(3) && !set.contains(70))
        set.remove(3)
        #expect(set.isEmpty)
        #expect(ButtonSet.first(0).mask == 0)
        #expect(ButtonSet.first(3).mask == 0b111)
        #expect(ButtonSet.first(64).mask == ~0)
        var pop = ButtonSet(mask: 0b1010)
        #expect(pop.popFirst() == 1)
        #expect(pop.popFirst() == 3)
        #expect(pop.popFirst() == nil)
    }
}
