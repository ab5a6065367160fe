/// Which way a slider's value grows: along x (left to right), along y (bottom to top, as a
/// level bar fills), or clockwise around an arc (a dial, rule 14).
public enum SliderOrientation: Equatable, Sendable {
    case horizontal
    case vertical
    case arc(DialShape)
}

/// What the classifier needs to know about one slider (rule 12): where it is, which way it
/// runs, how many steps its value has, and its timings. Its name, its value's units, its looks
/// and its actions live in the configuration. Values here are step indices, 0...`stepCount`:
/// value = min + index * step, converted outside TouchCore.
public struct SliderSpec: Equatable, Sendable {
    public var rect: Rect
    public var orientation: SliderOrientation
    /// The highest step index (the value `max`); 1...`maxStepCount`.
    public var stepCount: Int32
    /// A read-only slider (a level bar) takes no touch.
    public var readOnly: Bool
    public var enabled: Bool
    /// `send = drag`: the value is also sent while held, at most every `sendInterval` (`send_ms`).
    public var sendsWhileDragging: Bool
    public var sendInterval: MonotonicDuration
    /// How long after a send a value from outside is drawn only if it equals what was sent
    /// (`settle_ms`).
    public var settleTime: MonotonicDuration
    /// The page it is on (its index in `PageLayout`), or `PageLayout.allPages`.
    public var page: Int
    /// The step it shows at start (`value`).
    public var startStep: Int32

    /// The most steps a slider has: enough for 0-65535 in steps of 1, small enough that the
    /// step arithmetic stays in 32 bits.
    public static let maxStepCount: Int32 = 65536

    public init(
        rect: Rect, orientation: SliderOrientation = .horizontal, stepCount: Int32 = 100, readOnly: Bool = false,
        enabled: Bool = true, sendsWhileDragging: Bool = false, sendMs: Int32 = 250, settleMs: Int32 = 1000, page: Int = 0,
        startStep: Int32 = 0
    ) {
        self.rect = rect
        self.orientation = orientation
        self.stepCount = min(max(1, stepCount), SliderSpec.maxStepCount)
        self.readOnly = readOnly
        self.enabled = enabled
        self.sendsWhileDragging = sendsWhileDragging
        sendInterval = .milliseconds(widen(sendMs))
        settleTime = .milliseconds(widen(settleMs))
        self.page = page
        self.startStep = min(max(startStep, 0), self.stepCount)
    }

    /// Whether a down may claim this slider (rule 12; a level bar and a disabled one may not).
    public var takesTouches: Bool { enabled && !readOnly }

    /// A dial's arc on the screen; nil for a straight slider.
    public var dial: DialGeometry? {
        guard case .arc(let shape) = orientation else { return nil }
        return DialGeometry(rect: rect, shape: shape)
    }

    /// Whether a down at `point` is on this slider: in its rect, or on a dial's band within
    /// its arc (rule 14).
    public func isUnder(_ point: Point) -> Bool {
        guard let dial else { return rect.contains(point) }
        return rect.contains(point) && dial.claims(point)
    }

    /// The step under `point`, clamped to the track, also outside the rect (rule 12): the
    /// track runs from the rect's first pixel to its last, each step owning an equal share
    /// around its own position. A dial's step follows the finger's angle (rule 14), turning
    /// from `previous` while held (nil: the down). 32-bit arithmetic on purpose (64-bit
    /// division pulls in a runtime routine on armv7).
    public func step(at point: Point, from previous: Int32? = nil) -> Int32 {
        let along: Int32
        let length: Int32
        switch orientation {
        case .arc:
            return dial!.step(at: point, from: previous, stepCount: stepCount)
        case .horizontal:
            along = point.x - rect.x
            length = rect.width - 1
        case .vertical:
            along = rect.y + rect.height - 1 - point.y
            length = rect.height - 1
        }
        guard length > 0, along > 0 else { return 0 }
        guard along < length else { return stepCount }
        // round(along * stepCount / length): along < 2^13 (the display limit) and stepCount
        // <= 2^16, so twice the product stays below 2^31.
        return (along * stepCount * 2 + length) / (length * 2)
    }

    /// Where the fill ends for `step`, in pixels from the track's start (0...length).
    /// A dial's, in hundredths of a degree along its arc.
    public func fillPixels(for step: Int32) -> Int32 {
        if let dial { return dial.position(ofStep: step, stepCount: stepCount) }
        let length = orientation == .horizontal ? rect.width : rect.height
        let clamped = min(max(step, 0), stepCount)
        return clamped * length / stepCount
    }
}
