/// Who a touch belongs to (rules 1, 10 and 11), decided at its down; a button's touch may
/// become a swipe, and a page change ends it.
enum TouchOwner: Equatable, Sendable {
    case none
    /// Down outside every button of a page without swipes, on a disabled button, on one
    /// already held, or on one whose interlock group another button holds; or a touch whose
    /// page is gone.
    case ignored
    /// A button's touch; `swipeFrom` is its down point when it may still become a swipe.
    case button(Int, swipeFrom: Point?)
    /// A slider's touch (rule 12): never a tap, a long press or a swipe.
    case slider(Int)
    /// Down on the background of a page that takes swipes: a swipe if it moves far enough.
    case background(from: Point)
    /// A swipe: its action runs at the lift.
    case swipe(SwipeDirection)
}

/// The inputs of the classifier as a whole.
public enum GestureInput: Equatable, Sendable {
    case touch(TouchInput)
    /// `nextDeadline` has passed; fire what is due.
    case deadline
}

/// Turns touch inputs into button gestures: routes each touch to the button it went down on
/// and runs that button's state machine. It takes (input, now), writes events into a sink
/// and returns its next deadline; the caller feeds an expired deadline back in.
public struct GestureClassifier: Sendable {
    /// The buttons' gesture machines (rules 1-9) and the sliders' (rule 12): one bank per
    /// kind that takes touches, stepped through one `apply`.
    private var buttons: ItemMachines<64, ButtonGestureMachine>
    private var sliders: ItemMachines<16, SliderMachine>
    private var owners: InlineArray<16, TouchOwner>
    /// Whether a command each button started still runs (told by the caller, which runs
    /// them): such a button keeps its interlock group after its touch has ended.
    private var commandsRunning: InlineArray<64, Bool>
    /// Whether any button has an interlock group: without one the down path skips the check.
    private let hasInterlocks: Bool
    /// The pages and their swipes; the page shown decides which buttons a down can hit.
    private let pages: PageLayout
    /// The page shown now (rule 10).
    public private(set) var shownPage = 0
    /// The directions the shown page takes swipes in, kept for the input path.
    private var shownSwipes = SwipeSet()
    /// Whether there is more than one page, or a button on every page: without pages a down
    /// tests every button once, as before pages existed.
    private let hasPages: Bool

    /// Of the two, the deadline that comes first, and whose it is (buttons first on equal
    /// instants: they were there first); `.endOfTime` with `.none`. Refreshed with them, so
    /// that a turn with nothing due weighs one stored instant, not two optionals.
    private var firstDueAt = MonotonicInstant.endOfTime
    private var firstDue = FirstDue.none

    private enum FirstDue {
        case none
        case button(Int)
        case slider(Int)
    }

    public init(layout: ButtonLayout, pages: PageLayout = PageLayout(), sliders: SliderLayout = SliderLayout()) {
        self.pages = pages
        shownSwipes = pages.swipes(onPage: 0)
        let blankRect = Rect(x: 0, y: 0, width: 0, height: 0)
        buttons = ItemMachines(count: layout.count, blank: (.idle, ButtonSpec(rect: blankRect)), state: { _ in .idle }, spec: { layout[$0] })
        self.sliders = ItemMachines(
            count: sliders.count, blank: (SliderGestureState(shownStep: 0), SliderSpec(rect: blankRect)),
            state: { SliderGestureState(shownStep: sliders[$0].startStep) }, spec: { sliders[$0] })
        var interlocks = false
        var paged = false
        for index in 0..<layout.count {
            if layout[index].interlockGroup != 0 { interlocks = true }
            if layout[index].page != 0 { paged = true }
        }
        for index in 0..<sliders.count where sliders[index].page != 0 {
            paged = true
        }
        hasInterlocks = interlocks
        hasPages = paged || pages.count > 1
        commandsRunning = InlineArray(repeating: false)
        owners = InlineArray(repeating: .none)
    }

    /// Enables or disables a button at run time (the control socket). Like `enabled` in the
    /// config it decides ownership at the down (rule 1): a press under way ends as it would.
    public mutating func setEnabled(_ index: Int, _ enabled: Bool) {
        guard index >= 0 && index < buttons.count else { return }
        buttons.specs[index].enabled = enabled
    }

    public func isEnabled(_ index: Int) -> Bool {
        buttons.specs.span[index].enabled
    }

    /// Says whether a command `index` started still runs; while one does, the button keeps
    /// its interlock group as if it were held.
    public mutating func setCommandsRunning(_ index: Int, _ running: Bool) {
        guard index >= 0 && index < buttons.count else { return }
        commandsRunning[index] = running
    }

    public func state(ofButton index: Int) -> ButtonGestureState {
        buttons.states.span[index]
    }

    public func state(ofSlider index: Int) -> SliderGestureState {
        sliders.states.span[index]
    }

    /// A value from outside for slider `index`, as a step (rule 12 and 13: drawn at once unless
    /// a finger is on the slider or it sent a value within `settle_ms`; never sent).
    @_optimize(speed)
    public mutating func setSliderStep<Sink: GestureEventSink>(
        _ index: Int, _ step: Int32, at now: MonotonicInstant, into sink: inout Sink
    ) {
        guard index >= 0 && index < sliders.count else { return }
        fireDeadlines(upTo: now, into: &sink)
        let clamped = min(max(step, 0), sliders.specs[index].stepCount)
        apply(.outside(step: clamped), toSlider: index, at: now, into: &sink)
    }

    /// Enables or disables a slider for the touches that go down from now on.
    public mutating func setSliderEnabled(_ index: Int, _ enabled: Bool) {
        guard index >= 0 && index < sliders.count else { return }
        sliders.specs[index].enabled = enabled
    }

    /// Slider `index` spans `stepCount` steps (1 ... `SliderSpec.maxStepCount`) from now on; a
    /// value is set through `setSliderStep` after it.
    public mutating func setSliderStepCount(_ index: Int, _ stepCount: Int32) {
        guard index >= 0 && index < sliders.count else { return }
        sliders.specs[index].stepCount = min(max(1, stepCount), SliderSpec.maxStepCount)
    }

    /// Shows page `page` (rule 10): every touch held on a button that leaves ends as
    /// `cancelled` (its `released`-or-`cancelled` of rule 8), a tap sequence waiting on one
    /// fires at once with the taps it had, and the rest of each such touch, like a swipe
    /// under way, is ignored. Buttons on every page keep their touches. Nothing for the page
    /// already shown or one that does not exist.
    @_optimize(speed)
    public mutating func showPage<Sink: GestureEventSink>(_ page: Int, at now: MonotonicInstant, into sink: inout Sink) {
        guard page != shownPage, page >= 0, page < pages.count else { return }
        fireDeadlines(upTo: now, into: &sink)
        for slot in 0..<16 {
            switch owners[slot] {
            case .button(let button, _) where buttons.specs[button].page != PageLayout.allPages:
                owners[slot] = .ignored
            case .slider(let slider) where sliders.specs[slider].page != PageLayout.allPages:
                owners[slot] = .ignored
                apply(.cancel, toSlider: slider, at: now, into: &sink)
            case .background, .swipe:
                owners[slot] = .ignored
            case .none, .ignored, .button, .slider:
                break
            }
        }
        for index in 0..<buttons.count where buttons.specs[index].page == shownPage && buttons.states[index] != .idle {
            apply(.leave, toButton: index, at: now, into: &sink)
        }
        shownPage = page
        shownSwipes = pages.swipes(onPage: page)
    }

    /// The earliest instant at which some button needs a `deadline` input.
    public var nextDeadline: MonotonicInstant? {
        if case .none = firstDue { return nil }
        return firstDueAt
    }

    /// Weighs the buttons' earliest deadline against the sliders'.
    private mutating func refreshFirstDue() {
        if buttons.earliestItem >= 0, let button = buttons.earliest {
            if sliders.earliestItem >= 0, let slider = sliders.earliest, slider < button {
                firstDue = .slider(sliders.earliestItem)
                firstDueAt = slider
            } else {
                firstDue = .button(buttons.earliestItem)
                firstDueAt = button
            }
        } else if sliders.earliestItem >= 0, let slider = sliders.earliest {
            firstDue = .slider(sliders.earliestItem)
            firstDueAt = slider
        } else {
            firstDue = .none
            firstDueAt = .endOfTime
        }
    }

    /// Handles one input at `now`. Deadlines that are due at or before `now` fire first, in
    /// time order, so a caller that is late never reorders events; a deadline at exactly
    /// `now` fires before a touch at `now` (a down at release+W no longer continues).
    @discardableResult
    @_optimize(speed)
    public mutating func handle<Sink: GestureEventSink>(
        _ input: GestureInput, at now: MonotonicInstant, into sink: inout Sink
    ) -> MonotonicInstant? {
        fireDeadlines(upTo: now, into: &sink)
        switch input {
        case .deadline:
            break
        case .touch(let touch):
            handleTouch(touch, at: now, into: &sink)
        }
        return nextDeadline
    }

    @_optimize(speed)
    @inline(__always)
    private mutating func fireDeadlines<Sink: GestureEventSink>(upTo now: MonotonicInstant, into sink: inout Sink) {
        // Most inputs find nothing due: one comparison where they come in, no call.
        if firstDueAt <= now { fireDueDeadlines(upTo: now, into: &sink) }
    }

    @_optimize(speed)
    private mutating func fireDueDeadlines<Sink: GestureEventSink>(upTo now: MonotonicInstant, into sink: inout Sink) {
        // A deadline at the end of time still fires; `.none` waits there too, and stops here.
        while firstDueAt <= now {
            switch firstDue {
            case .none:
                return
            case .button(let button):
                apply(.deadline, toButton: button, at: firstDueAt, into: &sink)
            case .slider(let slider):
                apply(.deadline, toSlider: slider, at: firstDueAt, into: &sink)
            }
        }
    }

    @_optimize(speed)
    private mutating func handleTouch<Sink: GestureEventSink>(
        _ touch: TouchInput, at now: MonotonicInstant, into sink: inout Sink
    ) {
        switch touch {
        case .down(let id, let point):
            let slot = Int(id & 0x0F)
            // Matched, not compared: the synthesized `==` weighs every case's payload.
            guard case .none = owners[slot] else { return }
            guard let button = hitTest(point) else {
                if sliders.count > 0, let slider = sliderHit(point) {
                    claimSlider(slider, touch: id, slot: slot, at: point, now: now, into: &sink)
                    return
                }
                owners[slot] = shownSwipes.isEmpty ? .ignored : .background(from: point)
                return
            }
            guard buttons.specs[button].enabled, !isHeld(button) else {
                owners[slot] = .ignored
                return
            }
            if hasInterlocks, let holder = interlockHolder(of: button) {
                owners[slot] = .ignored
                sink.interlocked(button, heldBy: holder, at: now)
                return
            }
            let swipeFrom = buttons.specs[button].yieldsToSwipe && !shownSwipes.isEmpty ? point : nil
            owners[slot] = .button(button, swipeFrom: swipeFrom)
            apply(.down(touchID: id, at: point), toButton: button, at: now, into: &sink)
        case .move(let id, let point):
            let slot = Int(id & 0x0F)
            switch owners[slot] {
            case .button(let button, let swipeFrom):
                if let swipeFrom, let direction = swipe(from: swipeFrom, to: point) {
                    // Rule 11: the button's touch ends, and the swipe runs at the lift.
                    apply(.cancel, toButton: button, at: now, into: &sink)
                    owners[slot] = .swipe(direction)
                } else {
                    apply(.move(to: point), toButton: button, at: now, into: &sink)
                }
            case .slider(let slider):
                apply(.move(to: point), toSlider: slider, at: now, into: &sink)
            case .background(let from):
                if let direction = swipe(from: from, to: point) { owners[slot] = .swipe(direction) }
            case .none, .ignored, .swipe:
                break
            }
        case .up(let id, let point):
            let slot = Int(id & 0x0F)
            switch owners[slot] {
            case .button(let button, let swipeFrom):
                // The lift's point is the touch's last: a flick that crosses `swipe_px` only
                // there is a swipe too.
                if let swipeFrom, let direction = swipe(from: swipeFrom, to: point) {
                    apply(.cancel, toButton: button, at: now, into: &sink)
                    sink.swiped(direction, onPage: shownPage, at: now)
                } else {
                    apply(.up(at: point), toButton: button, at: now, into: &sink)
                }
            case .slider(let slider):
                apply(.up(at: point), toSlider: slider, at: now, into: &sink)
            case .background(let from):
                if let direction = swipe(from: from, to: point) { sink.swiped(direction, onPage: shownPage, at: now) }
            case .swipe(let direction):
                sink.swiped(direction, onPage: shownPage, at: now)
            case .none, .ignored:
                break
            }
            owners[slot] = .none
        case .cancel(let id):
            let slot = Int(id & 0x0F)
            cancelOwner(slot, at: now, into: &sink)
        case .cancelAll:
            for slot in 0..<16 {
                cancelOwner(slot, at: now, into: &sink)
            }
        }
    }

    /// Ends the touch in `slot` without a lift (rule 7 and 12: a slider restores its value).
    @inline(__always)
    private mutating func cancelOwner<Sink: GestureEventSink>(_ slot: Int, at now: MonotonicInstant, into sink: inout Sink) {
        switch owners[slot] {
        case .button(let button, _):
            apply(.cancel, toButton: button, at: now, into: &sink)
        case .slider(let slider):
            apply(.cancel, toSlider: slider, at: now, into: &sink)
        case .none, .ignored, .background, .swipe:
            break
        }
        owners[slot] = .none
    }

    /// A down on slider `slider` (rule 12): claimed unless it is read-only, disabled or held.
    private mutating func claimSlider<Sink: GestureEventSink>(
        _ slider: Int, touch id: UInt8, slot: Int, at point: Point, now: MonotonicInstant, into sink: inout Sink
    ) {
        let held: Bool
        if case .held = sliders.states[slider].phase { held = true } else { held = false }
        guard sliders.specs[slider].takesTouches, !held else {
            owners[slot] = .ignored
            return
        }
        owners[slot] = .slider(slider)
        apply(.down(at: point), toSlider: slider, at: now, into: &sink)
    }

    /// Rule 10 for sliders: the first listed slider of the shown page (those on every page
    /// first) whose rect contains `point`.
    private mutating func sliderHit(_ point: Point) -> Int? {
        for index in 0..<sliders.count where sliders.specs[index].page == PageLayout.allPages && sliders.specs[index].isUnder(point) {
            return index
        }
        for index in 0..<sliders.count where sliders.specs[index].page == shownPage && sliders.specs[index].isUnder(point) {
            return index
        }
        return nil
    }

    /// The direction a touch from `from` now at `point` swipes in, when it is far enough and
    /// the shown page takes swipes that way.
    @inline(__always)
    private func swipe(from: Point, to point: Point) -> SwipeDirection? {
        guard let direction = SwipeDirection.of(from: from, to: point, distancePx: pages.swipePx),
            shownSwipes.contains(direction)
        else { return nil }
        return direction
    }

    /// The button `hitTest` finds at `point` (a tap from outside is checked against it).
    public mutating func button(at point: Point) -> Int? {
        hitTest(point)
    }

    /// Rules 1 and 10: the first listed button of the shown page whose rect contains `point`,
    /// enabled or not; the buttons on every page first, as they are drawn above the page's.
    private mutating func hitTest(_ point: Point) -> Int? {
        guard hasPages else {
            for index in 0..<buttons.count where buttons.specs[index].rect.contains(point) {
                return index
            }
            return nil
        }
        for index in 0..<buttons.count where buttons.specs[index].page == PageLayout.allPages && buttons.specs[index].rect.contains(point) {
            return index
        }
        for index in 0..<buttons.count where buttons.specs[index].page == shownPage && buttons.specs[index].rect.contains(point) {
            return index
        }
        return nil
    }

    /// The first other button of `button`'s interlock group that is held or still runs a
    /// command; nil when the group is free (or the button has none).
    private mutating func interlockHolder(of button: Int) -> Int? {
        let group = buttons.specs[button].interlockGroup
        guard group != 0 else { return nil }
        for index in 0..<buttons.count where index != button && buttons.specs[index].interlockGroup == group {
            if isHeld(index) || commandsRunning[index] { return index }
        }
        return nil
    }

    private mutating func isHeld(_ button: Int) -> Bool {
        if case .held = buttons.states[button] { return true }
        return false
    }

    /// Out of line on purpose, one for each kind: the machine's transition is inlined here
    /// once, not at every call (inlined at each, the input path cost 52 instructions more a
    /// report, the transition called out of line).
    @_optimize(speed)
    private mutating func apply<Sink: GestureEventSink>(
        _ input: ButtonGestureInput, toButton button: Int, at now: MonotonicInstant, into sink: inout Sink
    ) {
        if buttons.apply(input, to: button, at: now, into: &sink) { refreshFirstDue() }
    }

    @_optimize(speed)
    private mutating func apply<Sink: GestureEventSink>(
        _ input: SliderInput, toSlider slider: Int, at now: MonotonicInstant, into sink: inout Sink
    ) {
        if sliders.apply(input, to: slider, at: now, into: &sink) { refreshFirstDue() }
    }
}
