import TouchCore

/// The rules every event stream of the touch pipeline keeps, whatever its input (DESIGN.md
/// section 4): every `pressed` is matched by exactly one `released` or `cancelled` before the
/// next; time never goes back; no event is later than the instant the pipeline was told it
/// is; no tap follows a long press of the same press; no button is pressed while another of
/// its interlock group is held or runs a command. Shared by the property test and the
/// pipeline fuzz target (scripts/fuzz.sh compiles this file into it).
struct GestureInvariants {
    private var held: [Bool]
    private var longPressed: [Bool]
    private var lastAt: MonotonicInstant?
    /// Events checked so far.
    private(set) var count = 0
    /// Events checked, by kind (`tap 2`, `long_press`, ...): a generator that never makes a
    /// kind tests nothing about it.
    private(set) var kinds: [String: Int] = [:]
    /// Each button's interlock group (0: none), and whether a command it started still runs.
    private let groups: [Int]
    var commandsRunning: [Bool]

    init(buttons: Int, groups: [Int] = []) {
        held = Array(repeating: false, count: buttons)
        longPressed = Array(repeating: false, count: buttons)
        self.groups = groups.isEmpty ? Array(repeating: 0, count: buttons) : groups
        commandsRunning = Array(repeating: false, count: buttons)
    }

    /// The rule `event`, received during a call made at `now`, breaks; nil when none.
    mutating func check(_ event: GestureEvent, now: MonotonicInstant) -> String? {
        count += 1
        switch event.kind {
        case .tap(let taps): kinds["tap \(taps)", default: 0] += 1
        default: kinds["\(event.kind.name)", default: 0] += 1
        }
        let button = event.button
        guard held.indices.contains(button) else { return "event for button \(button), which does not exist" }
        if let lastAt, event.at < lastAt {
            return "time went back: \(event.kind.name) of button \(button) at \(event.at.nanoseconds) ns after an event at \(lastAt.nanoseconds) ns"
        }
        if event.at > now {
            return "\(event.kind.name) of button \(button) at \(event.at.nanoseconds) ns, later than now \(now.nanoseconds) ns"
        }
        lastAt = event.at
        switch event.kind {
        case .pressed:
            if held[button] { return "button \(button) pressed twice without a release or cancel" }
            if groups[button] != 0, let other = held.indices.first(where: {
                $0 != button && groups[$0] == groups[button] && (held[$0] || commandsRunning[$0])
            }) {
                return "button \(button) pressed while button \(other) of its interlock group \(held[other] ? "is held" : "runs a command")"
            }
            held[button] = true
            longPressed[button] = false
        case .released, .cancelled:
            if !held[button] { return "button \(button) \(event.kind.name) without a press" }
            held[button] = false
        case .exit, .enter:
            if !held[button] { return "button \(button) \(event.kind.name) without a press" }
        case .longPress:
            longPressed[button] = true
        case .tap:
            if longPressed[button] { return "button \(button) tap after a long press of the same press" }
        case .repeat:
            break
        }
        return nil
    }

    /// Sliders (rule 12): held while a finger is on them, each `pressed` matched once, no
    /// event from the future nor before one already seen; a read-only slider never pressed.
    private var sliderHeld: [Bool] = Array(repeating: false, count: SliderLayout.capacity)
    var readOnlySliders: Set<Int> = []

    mutating func check(_ event: SliderEvent, now: MonotonicInstant) -> String? {
        count += 1
        let slider = event.slider
        kinds["slider \(event.kind.name)", default: 0] += 1
        if let lastAt, event.at < lastAt {
            return "time went back: slider \(slider) \(event.kind.name) at \(event.at.nanoseconds) ns after an event at \(lastAt.nanoseconds) ns"
        }
        if event.at > now { return "slider \(slider) \(event.kind.name) at \(event.at.nanoseconds) ns, later than now \(now.nanoseconds) ns" }
        lastAt = event.at
        switch event.kind {
        case .pressed:
            if readOnlySliders.contains(slider) { return "read-only slider \(slider) pressed" }
            if sliderHeld[slider] { return "slider \(slider) pressed twice without a release or cancel" }
            sliderHeld[slider] = true
        case .released, .cancelled:
            if !sliderHeld[slider] { return "slider \(slider) \(event.kind.name) without a press" }
            sliderHeld[slider] = false
        case .shown, .sent:
            break
        }
        return nil
    }

    /// After every touch was cancelled: nothing may still be held.
    func checkAllReleased() -> String? {
        if let slider = sliderHeld.firstIndex(of: true) { return "slider \(slider) still held after every touch was cancelled" }
        guard let button = held.firstIndex(of: true) else { return nil }
        return "button \(button) still held after every touch was cancelled"
    }
}

/// A sink that checks every event as it arrives; the first rule broken is kept.
struct InvariantSink: GestureEventSink {
    var invariants: GestureInvariants
    /// The instant of the call being made into the pipeline.
    var now = MonotonicInstant(nanoseconds: 0)
    private(set) var violation: String?
    /// How often idle blanking went to each power, by name.
    private(set) var powers: [String: Int] = [:]
    private var lastPowerAt = MonotonicInstant(nanoseconds: 0)

    /// Downs ignored for an interlock.
    private(set) var interlockRefusals = 0

    init(buttons: Int, groups: [Int] = []) {
        invariants = GestureInvariants(buttons: buttons, groups: groups)
    }

    mutating func interlocked(_ button: Int, heldBy holder: Int, at: MonotonicInstant) {
        interlockRefusals += 1
    }

    /// Power changes, like events, never go back in time nor come from the future.
    mutating func powerChanged(from previous: PanelPower, because input: PanelPower.Input, to power: PanelPower, at: MonotonicInstant) {
        powers["\(power)", default: 0] += 1
        if violation == nil, at < lastPowerAt || at > now {
            violation = "power \(power) at \(at.nanoseconds) ns after one at \(lastPowerAt.nanoseconds) ns, now \(now.nanoseconds) ns"
        }
        lastPowerAt = at
    }

    mutating func receive(_ event: GestureEvent) {
        if violation == nil, let problem = invariants.check(event, now: now) {
            violation = problem
        }
    }

    mutating func slider(_ event: SliderEvent) {
        if violation == nil, let problem = invariants.check(event, now: now) {
            violation = problem
        }
    }

    /// Swipes, by "direction page N"; a swipe comes at a lift, at the call's instant.
    private(set) var swipes: [String: Int] = [:]

    mutating func swiped(_ direction: SwipeDirection, onPage page: Int, at: MonotonicInstant) {
        swipes["\(direction.name) page \(page)", default: 0] += 1
        if violation == nil, at != now {
            violation = "swipe \(direction.name) at \(at.nanoseconds) ns in a call at \(now.nanoseconds) ns"
        }
    }
}

/// Drives a pipeline over a fixed panel of buttons of every kind with gestures chosen by a
/// byte source (a seeded generator or a fuzzer's input), checking the invariants throughout.
struct GestureDriver {
    /// Six buttons: plain tap, double tap, triple tap with long press, repeat, a disabled one,
    /// and a press-only one, two of them touching so that drags cross between them. The plain
    /// tap and the repeat button are one interlock group.
    /// Beside the buttons (on the first page where there are pages): a dimmer that sends while
    /// dragged, and a read-only level bar.
    static func sliders() -> SliderLayout {
        var sliders = SliderLayout()
        sliders.append(SliderSpec(rect: Rect(x: 610, y: 20, width: 180, height: 80), stepCount: 20, sendsWhileDragging: true, sendMs: 100))
        sliders.append(SliderSpec(rect: Rect(x: 610, y: 120, width: 180, height: 60), stepCount: 10, readOnly: true))
        return sliders
    }

    static func layout() -> ButtonLayout {
        var layout = ButtonLayout()
        layout.append(ButtonSpec(rect: Rect(x: 0, y: 0, width: 200, height: 200), highestTapCount: 1, interlockGroup: 1))
        layout.append(ButtonSpec(rect: Rect(x: 200, y: 0, width: 200, height: 200), highestTapCount: 2))
        layout.append(ButtonSpec(rect: Rect(x: 400, y: 0, width: 200, height: 200), highestTapCount: 3, listensForLongPress: true))
        layout.append(ButtonSpec(rect: Rect(x: 0, y: 240, width: 200, height: 200), highestTapCount: 1, listensForRepeat: true, interlockGroup: 1))
        layout.append(ButtonSpec(rect: Rect(x: 240, y: 240, width: 200, height: 200), enabled: false))
        layout.append(ButtonSpec(rect: Rect(x: 480, y: 240, width: 200, height: 200), highestTapCount: 0))
        return layout
    }

    /// With pages: the same six, and on a second page a double-tap button and a hold-to-run
    /// one where the first two of the first page are; the triple tap button is on every page.
    /// The first page takes swipes left and right, the second every way (`swipe_px` 60).
    static func pagedLayout() -> (ButtonLayout, PageLayout) {
        var paged = ButtonLayout()
        let plain = GestureDriver.layout(), pages = [0, 0, PageLayout.allPages, 0, 0, 0]
        for index in 0..<plain.count {
            var spec = plain[index]
            spec.page = pages[index]
            // Hold-to-run and repeat never yield to a swipe.
            spec.yieldsToSwipe = !spec.listensForRepeat && spec.highestTapCount > 0
            paged.append(spec)
        }
        paged.append(ButtonSpec(rect: Rect(x: 0, y: 0, width: 200, height: 200), highestTapCount: 2, page: 1))
        paged.append(ButtonSpec(rect: Rect(x: 200, y: 0, width: 200, height: 200), highestTapCount: 0, page: 1, yieldsToSwipe: false))
        var pageLayout = PageLayout(count: 2, swipePx: 60)
        var sideways = SwipeSet()
        sideways.insert(.left)
        sideways.insert(.right)
        pageLayout.setSwipes(sideways, onPage: 0)
        pageLayout.setSwipes(.all, onPage: 1)
        return (paged, pageLayout)
    }

    static let buttonCount = 6
    static let groups = [1, 0, 0, 1, 0, 0]
    static let pagedGroups = [1, 0, 0, 1, 0, 0, 0, 0]
    static let maxFingers: UInt8 = 5

    var pipeline: TouchPipeline
    var sink = InvariantSink(buttons: buttonCount, groups: groups)
    var nowMs: Int64 = 0
    var fingersDown: [Bool] = Array(repeating: false, count: Int(maxFingers))
    var positions: [Point] = Array(repeating: Point(x: 0, y: 0), count: Int(maxFingers))
    /// Where each finger went down: a drag away and back gives `exit` then `enter`.
    var downAt: [Point] = Array(repeating: Point(x: 0, y: 0), count: Int(maxFingers))
    /// Gestures begun: touches put down.
    private(set) var gestures = 0

    /// Whether the panel has pages: then the driver also changes the page now and then.
    let paged: Bool

    /// `idle`: idle blanking on (waking touches swallowed), or off; `paged`: the paged layout.
    init(idle: IdleTimings? = nil, paged: Bool = false) {
        self.paged = paged
        if paged {
            let (layout, pages) = GestureDriver.pagedLayout()
            sink = InvariantSink(buttons: layout.count, groups: GestureDriver.pagedGroups)
            pipeline = TouchPipeline(
                transform: .identity(width: 800, height: 480), lostAfter: .milliseconds(200), layout: layout, pages: pages,
                sliders: GestureDriver.sliders(), idle: idle)
        } else {
            pipeline = TouchPipeline(
                transform: .identity(width: 800, height: 480), lostAfter: .milliseconds(200), layout: GestureDriver.layout(),
                sliders: GestureDriver.sliders(), idle: idle)
        }
        sink.invariants.readOnlySliders = [1]
    }

    var violation: String? { sink.violation }

    /// One step chosen by `choice` and `value` (any numbers: a step is always valid input).
    /// Fingers go through controller frames, as on the live path: tracker, then classifier.
    mutating func step(choice: UInt64, value: UInt64) {
        let finger = Int(value % UInt64(GestureDriver.maxFingers))
        let point = Point(x: Int32((value >> 8) % 820) - 10, y: Int32((value >> 20) % 500) - 10)
        switch choice % 8 {
        case 0:
            wait(Int64((value >> 32) % 700))
        case 1:
            // A quick tap where the finger was last, then a short pause: runs of these make
            // double and triple taps.
            guard !fingersDown[finger] else { return }
            gestures += 1
            sendFrame(changing: finger, to: .down, after: (value >> 32) % 20)
            wait(Int64(30 + (value >> 40) % 60))
            sendFrame(changing: finger, to: .up, after: 0)
            wait(Int64((value >> 48) % 200))
        case 2:
            if fingersDown[finger] {
                sendFrame(changing: finger, to: .up, after: (value >> 32) % 30)
            } else {
                gestures += 1
                // Half the time where it was last: taps again on the same button.
                if (value >> 60) % 2 == 0 { positions[finger] = point }
                sendFrame(changing: finger, to: .down, after: (value >> 32) % 30)
            }
        case 3:
            guard fingersDown[finger] else { return }
            // Mostly small moves (within the slop, within the button), sometimes a drag away.
            let small = (value >> 40) % 4 != 0
            positions[finger] = small
                ? Point(x: positions[finger].x + Int32((value >> 44) % 9) - 4, y: positions[finger].y + Int32((value >> 48) % 9) - 4)
                : (value >> 52) % 2 == 0 ? point : downAt[finger]
            sendFrame(changing: nil, to: .contact, after: (value >> 32) % 30)
        case 4:
            guard fingersDown[finger] else { return }
            sendFrame(changing: finger, to: .up, after: (value >> 32) % 30)
        case 5:
            // Now and then a finger vanishes from the reports without an up (a lost touch).
            guard fingersDown[finger], (value >> 40) % 4 == 0 else { return }
            fingersDown[finger] = false
            sendFrame(changing: nil, to: .contact, after: (value >> 32) % 30)
        case 6:
            if paged && (value >> 32) % 16 == 2 {
                // The page changes from outside (a swipe's action, MQTT, the clock).
                sink.now = .milliseconds(nowMs)
                pipeline.showPage(Int((value >> 40) % 2), at: sink.now, into: &sink)
            } else if (value >> 32) % 16 == 0 { cancelAll() } else if (value >> 32) % 16 == 1 {
                // The repeat button's command starts or ends: while it runs, the plain tap
                // button (its interlock partner) takes no touch.
                let running = (value >> 40) % 2 == 0
                pipeline.setCommandsRunning(3, running)
                sink.invariants.commandsRunning[3] = running
            } else {
                sendFrame(changing: nil, to: .contact, after: 17)
            }
        default:
            wait(17)
        }
    }

    /// `ms` pass: a controller reports the fingers down every 17 ms meanwhile, as it does
    /// while touched; with none down, time just passes.
    private mutating func wait(_ ms: Int64) {
        var left = ms
        while left > 0 && fingersDown.contains(true) {
            let stepMs = min(left, 17)
            sendFrame(changing: nil, to: .contact, after: UInt64(stepMs))
            left -= stepMs
        }
        nowMs += left
        advance()
    }

    /// A frame of every finger down after `ms` more: `finger` (if any) as `event`, the
    /// others as contacts where they are.
    private mutating func sendFrame(changing finger: Int?, to event: TouchPointEvent, after ms: UInt64) {
        var frame = TouchFrame()
        for index in 0..<Int(GestureDriver.maxFingers) {
            if index == finger {
                frame.append(TouchPoint(id: UInt8(index), position: positions[index], event: event))
                fingersDown[index] = event != .up
                if event == .down { downAt[index] = positions[index] }
            } else if fingersDown[index] {
                frame.append(TouchPoint(id: UInt8(index), position: positions[index], event: .contact))
            }
        }
        nowMs += Int64(ms)
        sink.now = .milliseconds(nowMs)
        pipeline.frame(frame, at: sink.now, into: &sink)
    }

    /// Lift or cancel everything, run every deadline out, and check nothing stays held.
    mutating func finish() -> String? {
        cancelAll()
        nowMs += 10_000
        advance()
        if let violation { return violation }
        return sink.invariants.checkAllReleased()
    }

    private mutating func advance() {
        sink.now = .milliseconds(nowMs)
        pipeline.advance(to: sink.now, into: &sink)
    }

    private mutating func cancelAll() {
        sink.now = .milliseconds(nowMs)
        pipeline.cancelAllTouches(at: sink.now, into: &sink)
        for index in fingersDown.indices { fingersDown[index] = false }
    }
}
