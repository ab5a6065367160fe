import LinuxSystem
import PanelEngine
import TouchCore

/// What the evdev source needs of an input device: its events with their timestamps, its
/// axes, and the current state for a re-read after SYN_DROPPED. `LinuxEvdevDevice` opens a
/// real /dev/input/eventN; the simulated board queues events in memory.
public protocol EvdevDevice: AnyObject {
    /// The descriptor the loop waits on; nil for a device driven directly.
    var descriptor: FileDescriptor? { get }
    /// The device's name (EVIOCGNAME), for logs.
    var name: String { get }
    var axes: EvdevAxes { get }
    /// Reads every event waiting, without blocking, handing each on with its kernel
    /// timestamp. Throws when the device is gone (ENODEV) or the read fails otherwise.
    func readEvents(_ handle: (EvdevEvent, MonotonicInstant) -> Void) throws(EvdevError)
    /// The device's current contacts, for the re-read after SYN_DROPPED: per slot (multi-touch)
    /// the tracking ID and position, or (single-touch) one contact in slot 0.
    func currentContacts() throws(EvdevError) -> [EvdevSlotState]
    /// The multi-touch slot selected now (ABS_MT_SLOT's value; 0 for a single-touch device).
    func currentSlot() -> Int32
}

/// What the decoder needs of a device's axes (EVIOCGABS), and whether it speaks multi-touch
/// protocol B (it has ABS_MT_SLOT) or single-touch (ABS_X/ABS_Y + BTN_TOUCH).
public struct EvdevAxes: Equatable, Sendable {
    public var xMinimum: Int32
    public var xMaximum: Int32
    public var yMinimum: Int32
    public var yMaximum: Int32
    public var multiTouch: Bool

    public init(xMinimum: Int32, xMaximum: Int32, yMinimum: Int32, yMaximum: Int32, multiTouch: Bool) {
        self.xMinimum = xMinimum
        self.xMaximum = xMaximum
        self.yMinimum = yMinimum
        self.yMaximum = yMaximum
        self.multiTouch = multiTouch
    }

    /// The controller range the transform scales from: every value the axis can take.
    public var range: ControllerRange {
        ControllerRange(width: xMaximum - xMinimum + 1, height: yMaximum - yMinimum + 1)
    }
}

/// One slot as EVIOCGMTSLOTS reports it (tracking ID -1: empty).
public struct EvdevSlotState: Equatable, Sendable {
    public var slot: Int
    public var trackingID: Int32
    public var x: Int32
    public var y: Int32

    public init(slot: Int, trackingID: Int32, x: Int32, y: Int32) {
        self.slot = slot
        self.trackingID = trackingID
        self.x = x
        self.y = y
    }
}

/// Why an input device could not be used.
public enum EvdevError: Error, Equatable, Sendable {
    /// No such device (yet): the source waits for it.
    case missing(path: String)
    /// The device went away (ENODEV): unplugged.
    case gone
    case permissionDenied(path: String)
    /// It is not a touchscreen: no absolute X/Y axes.
    case notATouchscreen(path: String, name: String)
    /// No device under /dev/input has this name.
    case noDeviceNamed(String)
    case other(operation: String, Errno)

    public var message: String {
        switch self {
        case .missing(let path): "no \(path)"
        case .gone: "the input device went away"
        case .permissionDenied(let path): "permission denied opening \(path): add the user to the input group"
        case .notATouchscreen(let path, let name): "\(path) (\"\(name)\") has no absolute X and Y axes: not a touchscreen"
        case .noDeviceNamed(let name): "no input device named \"\(name)\" under /dev/input"
        case .other(let operation, let errno): "\(operation): \(errno.message)"
        }
    }
}
