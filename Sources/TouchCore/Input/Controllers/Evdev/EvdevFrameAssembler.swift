/// Turns a touchscreen's kernel input events into frames, as linux/input.h's protocols
/// define them (Documentation/input/multi-touch-protocol.rst):
///
/// - Multi-touch protocol B: `ABS_MT_SLOT` selects a slot (slot 0 until the first one),
///   `ABS_MT_TRACKING_ID` >= 0 starts a contact in it and -1 ends it, `ABS_MT_POSITION_X/Y`
///   move it; `SYN_REPORT` ends a frame. A slot's number is the frame's touch ID, so a contact
///   keeps its ID for its whole life. A slot whose tracking ID changes from one contact to
///   another within a frame reports `replaced`.
/// - Single-touch: `ABS_X`/`ABS_Y` and `BTN_TOUCH` give one contact, ID 0. Multi-touch
///   devices send these too, for old readers; in multi-touch mode they are ignored.
/// - `SYN_DROPPED`: the kernel's buffer overflowed. Events up to and including the next
///   `SYN_REPORT` are discarded; then `needsResync` asks the caller to re-read the device's
///   state (`resync`, then `finishResync`). Without a device (replay), `finishResync` reports
///   the state known before the loss.
///
/// Axis values are taken relative to the axis minimum and clamped into the axis range: the
/// kernel does not hold devices to the range they advertise.
public struct EvdevFrameAssembler: Sendable {
    public enum Mode: Sendable {
        case multiTouch
        case singleTouch
    }

    /// The slots tracked: one per touch ID the engine knows.
    public static let slotCapacity = 16

    struct Slot: Sendable {
        var trackingID: Int32 = -1
        var x: Int32 = 0
        var y: Int32 = 0
        /// Whether the last frame reported this slot as a contact.
        var reported = false
        /// A new contact took the slot during this frame.
        var restarted = false
    }

    public let mode: Mode
    public let maxPoints: Int
    public let xMinimum: Int32
    public let xMaximum: Int32
    public let yMinimum: Int32
    public let yMaximum: Int32
    private var slots: InlineArray<16, Slot>
    private var currentSlot: Int32 = 0
    /// An event of this frame addressed a slot beyond the capacity.
    private var slotOverflow: Int32?
    private var dropping = false
    public private(set) var needsResync = false

    public init(mode: Mode, maxPoints: Int, xMinimum: Int32, xMaximum: Int32, yMinimum: Int32, yMaximum: Int32) {
        self.mode = mode
        self.maxPoints = min(maxPoints, TouchFrame.capacity)
        self.xMinimum = xMinimum
        self.xMaximum = xMaximum
        self.yMinimum = yMinimum
        self.yMaximum = yMaximum
        slots = InlineArray(repeating: Slot())
    }

    /// One event; a frame at `SYN_REPORT`, `pending` for everything else.
    public mutating func feed(_ event: EvdevEvent) -> DecodeOutcome {
        if dropping {
            if event.type == EvdevCode.evSyn && event.code == EvdevCode.synReport {
                dropping = false
                needsResync = true
            }
            return .pending
        }
        switch event.type {
        case EvdevCode.evSyn:
            if event.code == EvdevCode.synReport { return endFrame() }
            if event.code == EvdevCode.synDropped { dropping = true }
        case EvdevCode.evAbs:
            absolute(event.code, event.value)
        case EvdevCode.evKey where event.code == EvdevCode.btnTouch && mode == .singleTouch:
            setTracking(slot: 0, id: event.value != 0 ? 0 : -1)
        default:
            break
        }
        return .pending
    }

    /// After SYN_DROPPED: one slot as the device reports it now (EVIOCGMTSLOTS; for a
    /// single-touch device slot 0, tracking ID 0 while BTN_TOUCH is down, -1 otherwise).
    public mutating func resync(slot: Int, trackingID: Int32, x: Int32, y: Int32) {
        guard slot >= 0, slot < EvdevFrameAssembler.slotCapacity else { return }
        setTracking(slot: slot, id: trackingID)
        slots[slot].x = x
        slots[slot].y = y
    }

    /// At open: where a slot's contact last was, and which slot is selected, as the device
    /// reports them now. The kernel sends only the values that change, so a reader that opens
    /// the device after a touch (a restarted panel) would otherwise take a coordinate the next
    /// touch repeats for 0. Contacts already down are not adopted: they went down before the
    /// panel looked, and their lift ends nothing.
    public mutating func adoptPosition(slot: Int, x: Int32, y: Int32) {
        guard slot >= 0, slot < EvdevFrameAssembler.slotCapacity else { return }
        slots[slot].x = x
        slots[slot].y = y
    }

    public mutating func adoptCurrentSlot(_ slot: Int32) {
        currentSlot = slot
    }

    /// The frame of the state as re-read (or as known, without a re-read).
    public mutating func finishResync() -> DecodeOutcome {
        needsResync = false
        return endFrame()
    }

    private mutating func absolute(_ code: UInt16, _ value: Int32) {
        switch mode {
        case .multiTouch:
            switch code {
            case EvdevCode.absMTSlot:
                currentSlot = value
            case EvdevCode.absMTTrackingID:
                guard let slot = validSlot() else { return }
                setTracking(slot: slot, id: value)
            case EvdevCode.absMTPositionX:
                guard let slot = validSlot() else { return }
                slots[slot].x = value
            case EvdevCode.absMTPositionY:
                guard let slot = validSlot() else { return }
                slots[slot].y = value
            default:
                break
            }
        case .singleTouch:
            if code == EvdevCode.absX { slots[0].x = value }
            if code == EvdevCode.absY { slots[0].y = value }
        }
    }

    private mutating func validSlot() -> Int? {
        guard currentSlot >= 0, currentSlot < Int32(EvdevFrameAssembler.slotCapacity) else {
            slotOverflow = currentSlot
            return nil
        }
        return Int(currentSlot)
    }

    private mutating func setTracking(slot: Int, id: Int32) {
        let old = slots[slot].trackingID
        if id >= 0 && (old < 0 || old != id) && (old >= 0 || slots[slot].reported) {
            // A contact took over a slot that held (or, this frame, had held) another.
            slots[slot].restarted = true
        }
        slots[slot].trackingID = id < 0 ? -1 : id
    }

    private mutating func endFrame() -> DecodeOutcome {
        defer {
            for index in 0..<EvdevFrameAssembler.slotCapacity {
                slots[index].reported = slots[index].trackingID >= 0
                slots[index].restarted = false
            }
        }
        if let overflow = slotOverflow {
            slotOverflow = nil
            return .malformed(.slotOutOfRange(slot: overflow))
        }
        var active = 0
        for index in 0..<EvdevFrameAssembler.slotCapacity where slots[index].trackingID >= 0 {
            active += 1
        }
        guard active <= maxPoints else {
            return .malformed(.tooManyPoints(reported: active, maximum: maxPoints))
        }
        var frame = TouchFrame()
        for index in 0..<EvdevFrameAssembler.slotCapacity {
            let slot = slots[index]
            let position = Point(
                x: EvdevFrameAssembler.clamp(slot.x - xMinimum, xMaximum - xMinimum),
                y: EvdevFrameAssembler.clamp(slot.y - yMinimum, yMaximum - yMinimum))
            let id = UInt8(truncatingIfNeeded: index)
            if slot.trackingID >= 0 {
                let event: TouchPointEvent = !slot.reported ? .down : slot.restarted ? .replaced : .contact
                frame.append(TouchPoint(id: id, position: position, event: event))
            } else if slot.reported {
                // Full frames leave the lift out: the tracker releases a vanished ID anyway.
                frame.append(TouchPoint(id: id, position: position, event: .up))
            }
        }
        return .frame(frame)
    }

    private static func clamp(_ value: Int32, _ maximum: Int32) -> Int32 {
        value < 0 ? 0 : value > maximum ? maximum : value
    }
}
