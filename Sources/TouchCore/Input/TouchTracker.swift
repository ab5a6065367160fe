/// Turns consecutive frames into per-touch down, move and up.
///
/// Two controller habits are handled here so that the classifier never sees them: an ID that
/// vanishes from a frame without a TOUCH_UP is released at that frame, at its last position;
/// and when no frame comes for `lostAfter` while touches are held (INT line stuck, controller
/// reset) or the controller fails, every held touch is cancelled.
public struct TouchTracker: Sendable {
    /// Nil for a source that reports every lift itself and sends nothing while a finger rests
    /// (an input device): no frame for a while then means a finger that stays, not a lost one.
    public var lostAfter: MonotonicDuration?

    /// Bit N set: touch ID N is held. Bit masks, not arrays, so that a frame's bookkeeping
    /// is a few register operations rather than a walk over 16 slots.
    private var held: UInt16
    /// The IDs reported since the frame began (`endFrame` releases the held ones not in it).
    private var seen: UInt16
    private var lastPosition: InlineArray<16, Point>
    private var lastFrameAt: MonotonicInstant

    public init(lostAfter: MonotonicDuration?) {
        self.lostAfter = lostAfter
        held = 0
        seen = 0
        lastPosition = InlineArray(repeating: Point(x: 0, y: 0))
        lastFrameAt = MonotonicInstant(nanoseconds: 0)
    }

    public var hasHeldTouches: Bool { held != 0 }

    public func isHeld(id: UInt8) -> Bool {
        id < 16 && held & TouchTracker.bit(id) != 0
    }

    /// Where a touch was last reported (for an ID `endFrame` released: where it lifts).
    public func lastPosition(of id: UInt8) -> Point {
        lastPosition[Int(id & 0x0F)]
    }

    /// When held touches count as lost if no frame arrives before it.
    public var deadline: MonotonicInstant? {
        guard held != 0, let lostAfter else { return nil }
        return lastFrameAt + lostAfter
    }

    /// What one point of a frame, already in display pixels, means for its touch. A point
    /// that changes nothing (a resting finger) gives `.unchanged`, so the caller does nothing.
    public mutating func track(_ point: TouchPoint) -> TrackedPoint {
        let slot = Int(point.id & 0x0F)
        let bit = TouchTracker.bit(point.id)
        seen |= bit
        let wasHeld = held & bit != 0
        switch point.event {
        case .up:
            guard wasHeld else { return .unchanged }
            held &= ~bit
            return .input(.up(id: point.id, at: point.position))
        case .replaced:
            let liftedAt = lastPosition[slot]
            held |= bit
            lastPosition[slot] = point.position
            guard wasHeld else { return .input(.down(id: point.id, at: point.position)) }
            return .replaced(up: .up(id: point.id, at: liftedAt), down: .down(id: point.id, at: point.position))
        case .down, .contact:
            if wasHeld {
                guard lastPosition[slot] != point.position else { return .unchanged }
                lastPosition[slot] = point.position
                return .input(.move(id: point.id, to: point.position))
            }
            held |= bit
            lastPosition[slot] = point.position
            return .input(.down(id: point.id, at: point.position))
        }
    }

    /// Ends the frame measured at `now`: the touches held but not reported in it vanished
    /// and are released (each lifts at `lastPosition(of:)`). Returns their IDs, bit N for ID N.
    public mutating func endFrame(at now: MonotonicInstant) -> UInt16 {
        let vanished = held & ~seen
        held &= seen
        seen = 0
        lastFrameAt = now
        return vanished
    }

    /// A whole frame at once, for callers that want every input in order (tests, the
    /// benchmark's streams): the points' inputs, then an `up` for each vanished ID, lowest first.
    public mutating func track(_ frame: TouchFrame, at now: MonotonicInstant, each: (TouchInput) -> Void) {
        for index in 0..<frame.count {
            switch track(frame[index]) {
            case .unchanged:
                break
            case .input(let input):
                each(input)
            case .replaced(let up, let down):
                each(up)
                each(down)
            }
        }
        var vanished = endFrame(at: now)
        while let id = TouchTracker.takeLowestID(&vanished) {
            each(.up(id: id, at: lastPosition(of: id)))
        }
    }

    /// The lowest ID in a set of IDs (bit N for ID N), removed from it; nil when empty.
    @inline(__always)
    public static func takeLowestID(_ ids: inout UInt16) -> UInt8? {
        guard ids != 0 else { return nil }
        let id = UInt8(truncatingIfNeeded: ids.trailingZeroBitCount)
        ids &= ids &- 1
        return id
    }

    @inline(__always)
    static func bit(_ id: UInt8) -> UInt16 {
        1 << UInt16(id & 0x0F)
    }

    /// Cancels every held touch; returns the IDs it held, bit N for ID N (0: none).
    @discardableResult
    public mutating func cancelAll() -> UInt16 {
        let cancelled = held
        held = 0
        return cancelled
    }
}

/// What one reported point means for its touch (`TouchTracker.track(_:)`).
public enum TrackedPoint: Equatable, Sendable {
    /// Nothing: a resting finger at the same position, or a lift of a touch not held.
    case unchanged
    case input(TouchInput)
    /// The ID's old touch lifts where it was, and a new one goes down (an evdev slot whose
    /// tracking ID changed within one frame).
    case replaced(up: TouchInput, down: TouchInput)
}
