import CLinux
import LinuxSystem
import PanelEngine
import TouchCore

/// One input device (/dev/input/eventN) opened for reading: its name, axes and capabilities
/// asked once at open, events stamped with CLOCK_MONOTONIC (EVIOCSCLOCKID) so they compare
/// with the loop's clock, optionally grabbed. Owns the descriptor, its one open handle.
public final class LinuxEvdevDevice: EvdevDevice {
    public let path: String
    /// The input device's descriptor, always open: the protocol's, unwrapped.
    private let opened: FileDescriptor
    public let name: String
    public let axes: EvdevAxes
    /// Room for 64 events, allocated once: reading never allocates.
    private let buffer: UnsafeMutableRawPointer
    private static let batch = 64
    private static let slotCapacity = 16

    /// Opens `path` (a link is followed by open(2) itself, so a by-path link re-resolves on
    /// every reopen).
    public init(path: String, grab: Bool) throws(EvdevError) {
        guard let descriptor = FileDescriptor(returnedBy: path.withCString { clinux_open_input($0) }) else {
            let errno = Errno.current
            switch errno.rawValue {
            case ENOENT, ENODEV, ENXIO: throw .missing(path: path)
            case EACCES, EPERM: throw .permissionDenied(path: path)
            default: throw .other(operation: "opening \(path)", errno)
            }
        }
        var nameBytes = [CChar](repeating: 0, count: 256)
        let nameLength = clinux_evdev_name(descriptor.rawValue, &nameBytes, 255)
        let name = nameLength > 0 ? String(decoding: nameBytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        var absBits = [UInt8](repeating: 0, count: 8)
        _ = clinux_evdev_bits(descriptor.rawValue, Int32(EV_ABS), &absBits, 8)
        func has(_ code: UInt16) -> Bool { absBits[Int(code) / 8] & (1 << (code % 8)) != 0 }
        let multiTouch = has(EvdevCode.absMTSlot) && has(EvdevCode.absMTPositionX) && has(EvdevCode.absMTPositionY)
        let xAxis = multiTouch ? EvdevCode.absMTPositionX : EvdevCode.absX
        let yAxis = multiTouch ? EvdevCode.absMTPositionY : EvdevCode.absY
        guard multiTouch || (has(EvdevCode.absX) && has(EvdevCode.absY)) else {
            try? descriptor.close()
            throw .notATouchscreen(path: path, name: name)
        }
        var value: Int32 = 0
        var xMinimum: Int32 = 0, xMaximum: Int32 = 0, yMinimum: Int32 = 0, yMaximum: Int32 = 0
        guard clinux_evdev_axis(descriptor.rawValue, Int32(xAxis), &value, &xMinimum, &xMaximum) == 0,
            clinux_evdev_axis(descriptor.rawValue, Int32(yAxis), &value, &yMinimum, &yMaximum) == 0,
            xMaximum > xMinimum, yMaximum > yMinimum
        else {
            try? descriptor.close()
            throw .notATouchscreen(path: path, name: name)
        }
        // Without this the kernel stamps events with CLOCK_REALTIME.
        _ = clinux_evdev_use_monotonic_clock(descriptor.rawValue)
        if grab && clinux_evdev_grab(descriptor.rawValue, 1) != 0 {
            let errno = Errno.current
            try? descriptor.close()
            throw .other(operation: "grabbing \(path) (EVIOCGRAB; another program holds it)", errno)
        }
        self.path = path
        opened = descriptor
        self.name = name
        axes = EvdevAxes(xMinimum: xMinimum, xMaximum: xMaximum, yMinimum: yMinimum, yMaximum: yMaximum, multiTouch: multiTouch)
        buffer = .allocate(byteCount: Int(clinux_input_event_size()) * LinuxEvdevDevice.batch, alignment: 16)
    }

    /// The descriptor the loop waits on.
    public var descriptor: FileDescriptor? { opened }

    deinit {
        try? opened.close()
        buffer.deallocate()
    }

    public func readEvents(_ handle: (EvdevEvent, MonotonicInstant) -> Void) throws(EvdevError) {
        let size = Int(clinux_input_event_size())
        let events = UnsafeMutableRawBufferPointer(start: buffer, count: size * LinuxEvdevDevice.batch)
        while true {
            let got: Int
            do throws(Errno) {
                got = try opened.read(into: events)
            } catch {
                if error == .wouldBlock { return }
                if error.rawValue == ENODEV { throw .gone }
                throw .other(operation: "reading \(path)", error)
            }
            if got == 0 { throw .gone }
            let count = got / size
            for index in 0..<count {
                var timeNs: Int64 = 0
                var type: UInt16 = 0
                var code: UInt16 = 0
                var value: Int32 = 0
                clinux_input_event_fields(buffer, Int32(index), &timeNs, &type, &code, &value)
                handle(EvdevEvent(type: type, code: code, value: value), MonotonicInstant(nanoseconds: timeNs))
            }
            if count < LinuxEvdevDevice.batch { return }
        }
    }

    public func currentSlot() -> Int32 {
        guard axes.multiTouch else { return 0 }
        var value: Int32 = 0, minimum: Int32 = 0, maximum: Int32 = 0
        guard clinux_evdev_axis(opened.rawValue, Int32(EvdevCode.absMTSlot), &value, &minimum, &maximum) >= 0 else { return 0 }
        return value
    }

    public func currentContacts() throws(EvdevError) -> [EvdevSlotState] {
        if !axes.multiTouch {
            var keys = [UInt8](repeating: 0, count: 96)
            var value: Int32 = 0, minimum: Int32 = 0, maximum: Int32 = 0
            guard clinux_evdev_keys(opened.rawValue, &keys, 96) >= 0 else { throw .other(operation: "EVIOCGKEY", Errno.current) }
            let touching = keys[Int(EvdevCode.btnTouch) / 8] & (1 << (EvdevCode.btnTouch % 8)) != 0
            _ = clinux_evdev_axis(opened.rawValue, Int32(EvdevCode.absX), &value, &minimum, &maximum)
            let x = value
            _ = clinux_evdev_axis(opened.rawValue, Int32(EvdevCode.absY), &value, &minimum, &maximum)
            return [EvdevSlotState(slot: 0, trackingID: touching ? 0 : -1, x: x, y: value)]
        }
        let count = LinuxEvdevDevice.slotCapacity
        func slots(_ code: UInt16) throws(EvdevError) -> [Int32] {
            var values = [Int32](repeating: 0, count: count + 1)
            values[0] = Int32(code)
            guard clinux_evdev_slots(opened.rawValue, &values, Int32(count + 1)) >= 0 else {
                throw .other(operation: "EVIOCGMTSLOTS", Errno.current)
            }
            return Array(values.dropFirst())
        }
        let ids = try slots(EvdevCode.absMTTrackingID)
        let xs = try slots(EvdevCode.absMTPositionX)
        let ys = try slots(EvdevCode.absMTPositionY)
        return (0..<count).map { EvdevSlotState(slot: $0, trackingID: ids[$0], x: xs[$0], y: ys[$0]) }
    }
}
