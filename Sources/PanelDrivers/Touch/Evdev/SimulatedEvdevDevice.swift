import LinuxSystem
import PanelEngine
import TouchCore

/// An input device in memory: the simulated board queues the events a touchscreen driver
/// would send, with their timestamps, and the evdev source reads them as from
/// /dev/input/eventN. Keeps the slot state a kernel would report after SYN_DROPPED.
public final class SimulatedEvdevDevice: EvdevDevice {
    public let descriptor: FileDescriptor? = nil
    public let name: String
    public let axes: EvdevAxes
    private var queue: [(EvdevEvent, MonotonicInstant)] = []
    private var slots = [EvdevSlotState](repeating: EvdevSlotState(slot: 0, trackingID: -1, x: 0, y: 0), count: 16)
    private var selectedSlot = 0
    /// While unplugged, reads fail as a removed device's do (ENODEV).
    public private(set) var isPlugged = true

    public init(name: String = "TouchPanel simulated touchscreen", axes: EvdevAxes) {
        self.name = name
        self.axes = axes
        for index in slots.indices { slots[index].slot = index }
    }

    public func queue(_ event: EvdevEvent, at instant: MonotonicInstant) {
        queue.append((event, instant))
        guard event.type == EvdevCode.evAbs else { return }
        switch event.code {
        case EvdevCode.absMTSlot: selectedSlot = Int(max(0, min(15, event.value)))
        case EvdevCode.absMTTrackingID: slots[selectedSlot].trackingID = event.value
        case EvdevCode.absMTPositionX: slots[selectedSlot].x = event.value
        case EvdevCode.absMTPositionY: slots[selectedSlot].y = event.value
        default: break
        }
    }

    /// The device goes away: its queued events with it.
    public func unplug() {
        isPlugged = false
        queue.removeAll()
        for index in slots.indices { slots[index].trackingID = -1 }
    }

    public func plug() {
        isPlugged = true
    }

    public func readEvents(_ handle: (EvdevEvent, MonotonicInstant) -> Void) throws(EvdevError) {
        guard isPlugged else { throw .gone }
        let pending = queue
        queue.removeAll()
        for (event, instant) in pending {
            handle(event, instant)
        }
    }

    public func currentContacts() throws(EvdevError) -> [EvdevSlotState] {
        slots
    }

    public func currentSlot() -> Int32 {
        Int32(selectedSlot)
    }
}
