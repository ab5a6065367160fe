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

    private var held: InlineArray<16, Bool>
    private var lastPosition: InlineArray<16, Point>
    private var heldCount: Int
    private var lastFrameAt: MonotonicInstant

    public init(lostAfter: MonotonicDuration?) {
        self.lostAfter = lostAfter
        held = InlineArray(repeating: false)
        lastPosition = InlineArray(repeating: Point(x: 0, y: 0))
        heldCount = 0
        lastFrameAt = MonotonicInstant(nanoseconds: 0)
    }

    public var hasHeldTouches: Bool { heldCount > 0 }

    public func isHeld(id: UInt8) -> Bool {
        id < 16 && held[Int(id)]
    }

    /// When held touches count as lost if no frame arrives before it.
    public var deadline: MonotonicInstant? {
        guard heldCount > 0, let lostAfter else { return nil }
        return lastFrameAt + lostAfter
    }

    /// Inputs for one frame whose positions are already in display pixels.
    public mutating func track(_ frame: TouchFrame, at now: MonotonicInstant) -> TouchInputBatch {
        var inputs = TouchInputBatch()
        var seen = InlineArray<16, Bool>(repeating: false)
        for index in 0..<frame.count {
            let point = frame[index]
            let slot = Int(point.id & 0x0F)
            seen[slot] = true
            switch point.event {
            case .up:
                if held[slot] {
                    release(slot)
                    inputs.append(.up(id: point.id, at: point.position))
                }
            case .replaced:
                if held[slot] {
                    release(slot)
                    inputs.append(.up(id: point.id, at: lastPosition[slot]))
                }
                held[slot] = true
                heldCount += 1
                lastPosition[slot] = point.position
                inputs.append(.down(id: point.id, at: point.position))
            case .down, .contact:
                if held[slot] {
                    if lastPosition[slot] != point.position {
                        lastPosition[slot] = point.position
                        inputs.append(.move(id: point.id, to: point.position))
                    }
                } else {
                    held[slot] = true
                    heldCount += 1
                    lastPosition[slot] = point.position
                    inputs.append(.down(id: point.id, at: point.position))
                }
            }
        }
        for slot in 0..<16 where held[slot] && !seen[slot] {
            release(slot)
            inputs.append(.up(id: UInt8(truncatingIfNeeded: slot), at: lastPosition[slot]))
        }
        lastFrameAt = now
        return inputs
    }

    /// Cancels every held touch; returns the IDs it held, bit N for ID N (0: none).
    @discardableResult
    public mutating func cancelAll() -> UInt16 {
        var cancelled: UInt16 = 0
        for slot in 0..<16 where held[slot] {
            held[slot] = false
            cancelled |= 1 << UInt16(truncatingIfNeeded: slot)
        }
        heldCount = 0
        return cancelled
    }

    private mutating func release(_ slot: Int) {
        held[slot] = false
        heldCount -= 1
    }
}
