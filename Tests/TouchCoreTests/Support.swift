import TouchCore

/// Collects classifier events so that tests can compare them with exact expectations.
struct EventRecorder: GestureEventSink {
    var events: [GestureEvent] = []
    /// Idle blanking's changes, as "t_ms power".
    var powerChanges: [String] = []
    /// Downs ignored for an interlock, as "t_ms button held_by holder" (indices).
    var interlockRefusals: [String] = []
    /// Swipes at their lift, as "t_ms direction page N".
    var swipes: [String] = []
    /// Slider events, in order.
    var sliderEvents: [SliderEvent] = []

    mutating func slider(_ event: SliderEvent) {
        sliderEvents.append(event)
    }

    mutating func swiped(_ direction: SwipeDirection, onPage page: Int, at: MonotonicInstant) {
        swipes.append("\(at.wholeMilliseconds) \(direction.name) page \(page)")
    }

    mutating func interlocked(_ button: Int, heldBy holder: Int, at: MonotonicInstant) {
        interlockRefusals.append("\(at.wholeMilliseconds) \(button) held_by \(holder)")
    }

    mutating func receive(_ event: GestureEvent) {
        events.append(event)
    }

    mutating func powerChanged(from previous: PanelPower, because input: PanelPower.Input, to power: PanelPower, at: MonotonicInstant) {
        powerChanges.append("\(at.wholeMilliseconds) \(power)")
    }
}

func ms(_ value: Int64) -> MonotonicInstant {
    .milliseconds(value)
}

/// A panel of named buttons driven with point inputs at logical milliseconds. Events are
/// rendered as "t_ms button event[ count]" so an expectation reads like the event lines.
struct PanelDriver {
    let names: [String]
    var pipeline: TouchPipeline
    var recorder = EventRecorder()

    let sliderNames: [String]

    init(
        _ buttons: [(String, ButtonSpec)], sliders: [(String, SliderSpec)] = [], lostMs: Int64 = 200,
        display: (Int32, Int32) = (800, 480), idle: IdleTimings? = nil, pages: PageLayout = PageLayout(),
        awayAfterMs: Int64? = nil
    ) {
        var layout = ButtonLayout()
        for (_, spec) in buttons {
            layout.append(spec)
        }
        var sliderLayout = SliderLayout()
        for (_, spec) in sliders {
            sliderLayout.append(spec)
        }
        names = buttons.map { $0.0 }
        sliderNames = sliders.map { $0.0 }
        pipeline = TouchPipeline(
            transform: .identity(width: display.0, height: display.1),
            lostAfter: .milliseconds(lostMs), layout: layout, pages: pages, sliders: sliderLayout, idle: idle,
            awayAfter: awayAfterMs.map { .milliseconds($0) })
    }

    mutating func setSliderStep(_ slider: Int, _ step: Int32, at t: Int64) {
        pipeline.setSliderStep(slider, step, at: ms(t), into: &recorder)
    }

    /// Slider events as "t_ms slider event[ step]", `shown` included.
    var sliderLog: [String] {
        recorder.sliderEvents.map { event in
            let base = "\(event.at.wholeMilliseconds) \(sliderNames[event.slider])"
            switch event.kind {
            case .shown(let step): return "\(base) shown \(step)"
            case .sent(let step): return "\(base) value \(step)"
            case .pressed, .released, .cancelled: return "\(base) \(event.kind.name.description)"
            }
        }
    }

    mutating func showPage(_ page: Int, at t: Int64) {
        pipeline.showPage(page, at: ms(t), into: &recorder)
    }

    mutating func down(_ id: UInt8, _ x: Int32, _ y: Int32, at t: Int64) {
        pipeline.touch(.down(id: id, at: Point(x: x, y: y)), at: ms(t), into: &recorder)
    }

    mutating func move(_ id: UInt8, _ x: Int32, _ y: Int32, at t: Int64) {
        pipeline.touch(.move(id: id, to: Point(x: x, y: y)), at: ms(t), into: &recorder)
    }

    mutating func up(_ id: UInt8, _ x: Int32, _ y: Int32, at t: Int64) {
        pipeline.touch(.up(id: id, at: Point(x: x, y: y)), at: ms(t), into: &recorder)
    }

    mutating func frame(_ points: [TouchPoint], at t: Int64) {
        var frame = TouchFrame()
        for point in points {
            frame.append(point)
        }
        pipeline.frame(frame, at: ms(t), into: &recorder)
    }

    mutating func controllerFailed(at t: Int64) {
        pipeline.cancelAllTouches(at: ms(t), into: &recorder)
    }

    mutating func advance(to t: Int64) {
        pipeline.advance(to: ms(t), into: &recorder)
    }

    var log: [String] {
        recorder.events.map { event in
            let base = "\(event.at.wholeMilliseconds) \(names[event.button]) \(event.kind.name.description)"
            switch event.kind {
            case .tap(let taps), .longPress(let taps): return "\(base) \(taps)"
            case .repeat(let n): return "\(base) \(n)"
            case .pressed, .released, .cancelled, .exit, .enter: return base
            }
        }
    }

    var nextDeadlineMs: Int64? {
        pipeline.nextDeadline?.wholeMilliseconds
    }
}

func button(
    _ x: Int32, _ y: Int32, _ w: Int32, _ h: Int32, taps: Int = 1, longPress: Bool = false, repeats: Bool = false,
    enabled: Bool = true, timings: GestureTimings = .defaults, interlock: Int = 0, page: Int = 0, swipe: Bool = true
) -> ButtonSpec {
    ButtonSpec(
        rect: Rect(x: x, y: y, width: w, height: h), enabled: enabled, highestTapCount: taps,
        listensForLongPress: longPress, listensForRepeat: repeats, timings: timings, interlockGroup: interlock,
        page: page, yieldsToSwipe: swipe)
}

func contact(_ id: UInt8, _ x: Int32, _ y: Int32, _ event: TouchPointEvent = .contact) -> TouchPoint {
    TouchPoint(id: id, position: Point(x: x, y: y), event: event)
}
