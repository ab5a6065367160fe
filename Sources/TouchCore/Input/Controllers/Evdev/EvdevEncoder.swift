/// The events a multi-touch protocol-B driver sends to go from one set of contacts to the
/// next: for the simulated board's input device and the tests. Keeps what the kernel keeps:
/// each slot's tracking ID and position, the selected slot, and the next tracking ID.
public struct EvdevEncoder: Sendable {
    private var trackingIDs = InlineArray<16, Int32>(repeating: -1)
    private var positions = InlineArray<16, Point>(repeating: Point(x: -1, y: -1))
    private var selectedSlot: Int32 = 0
    private var nextTrackingID: Int32 = 1
    private var touching = false

    public init() {}

    /// The events for `frame` (contacts in controller coordinates, ID = slot): changed slots,
    /// lifts for contacts no longer there, BTN_TOUCH when the first contact starts or the last
    /// ends, then SYN_REPORT. A frame that changes nothing gives no events at all: the kernel's
    /// input core drops a SYN_REPORT with nothing before it, so a resting finger is silent.
    public mutating func encode(_ frame: TouchFrame, into batch: inout EvdevEventBatch) {
        let before = batch.count
        var present = InlineArray<16, Bool>(repeating: false)
        for index in 0..<frame.count {
            let point = frame[index]
            let slot = Int(point.id & 0x0F)
            guard point.event != .up else { continue }
            present[slot] = true
            if trackingIDs[slot] < 0 || point.event == .replaced {
                select(slot, into: &batch)
                trackingIDs[slot] = nextTrackingID
                batch.append(EvdevEvent(type: EvdevCode.evAbs, code: EvdevCode.absMTTrackingID, value: nextTrackingID))
                nextTrackingID = nextTrackingID == Int32.max ? 1 : nextTrackingID + 1
                positions[slot] = Point(x: -1, y: -1)
            }
            if positions[slot].x != point.position.x {
                select(slot, into: &batch)
                batch.append(EvdevEvent(type: EvdevCode.evAbs, code: EvdevCode.absMTPositionX, value: point.position.x))
            }
            if positions[slot].y != point.position.y {
                select(slot, into: &batch)
                batch.append(EvdevEvent(type: EvdevCode.evAbs, code: EvdevCode.absMTPositionY, value: point.position.y))
            }
            positions[slot] = point.position
        }
        var any = false
        for slot in 0..<16 {
            if trackingIDs[slot] >= 0 && !present[slot] {
                select(slot, into: &batch)
                batch.append(EvdevEvent(type: EvdevCode.evAbs, code: EvdevCode.absMTTrackingID, value: -1))
                trackingIDs[slot] = -1
            }
            if trackingIDs[slot] >= 0 { any = true }
        }
        if any != touching {
            touching = any
            batch.append(EvdevEvent(type: EvdevCode.evKey, code: EvdevCode.btnTouch, value: any ? 1 : 0))
        }
        guard batch.count > before else { return }
        batch.append(EvdevEvent(type: EvdevCode.evSyn, code: EvdevCode.synReport, value: 0))
    }

    private mutating func select(_ slot: Int, into batch: inout EvdevEventBatch) {
        let wanted = Int32(truncatingIfNeeded: slot)
        guard wanted != selectedSlot else { return }
        selectedSlot = wanted
        batch.append(EvdevEvent(type: EvdevCode.evAbs, code: EvdevCode.absMTSlot, value: wanted))
    }
}

/// The events of one encoded frame: a fixed capacity (10 contacts of 4 events, 16 lifts of 2,
/// BTN_TOUCH and SYN_REPORT fit), so encoding never allocates.
public struct EvdevEventBatch: Sendable {
    public static let capacity = 96
    private var storage = InlineArray<96, EvdevEvent>(repeating: EvdevEvent(type: 0, code: 0, value: 0))
    public private(set) var count = 0

    public init() {}

    public subscript(index: Int) -> EvdevEvent {
        precondition(index >= 0 && index < count, "EvdevEventBatch index out of range")
        return storage[index]
    }

    mutating func append(_ event: EvdevEvent) {
        precondition(count < EvdevEventBatch.capacity, "EvdevEventBatch overflow")
        storage[count] = event
        count += 1
    }
}
