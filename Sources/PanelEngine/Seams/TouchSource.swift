import LinuxSystem
import TouchCore

/// The input seam on the I/O side (DESIGN.md section 1): a touch source reads its device,
/// decodes with TouchCore's pure decoder, and hands the engine TouchFrames in controller
/// coordinates with the instant they were measured. Register formats, bus framing, bring-up,
/// polling gates and device reopening stay behind it; the engine names no controller.
///
/// The loop drives every source the same way: it waits on `waitDescriptor` until the
/// engine's earliest wake-up (which includes `nextWakeup`), then calls `service` once.
public protocol TouchSource: AnyObject {
    /// "FT5406 on /dev/i2c-1 at 0x38", for logs.
    var description: String { get }
    /// The controller's coordinate range along its own axes, for the transform: from the
    /// config, or as the chip or the input device reports it. It may change when a device
    /// comes back (`sourceRecovered`); the engine reads it again then.
    var range: ControllerRange { get }
    /// What the loop waits on for this source: the INT line, the input device, or an
    /// inotify descriptor while a device is absent. Nil: nothing (polling, or a timer).
    var waitDescriptor: FileDescriptor? { get }
    /// When the source must run even if its descriptor stays quiet: the next poll, a GT911
    /// ready-bit re-read, a probe after a failure. Nil: only its descriptor wakes it.
    var nextWakeup: MonotonicInstant? { get }
    /// Reads what is waiting and hands on what it gave, in time order. `readiness` is what
    /// the wait saw on `waitDescriptor`.
    func service(now: MonotonicInstant, readiness: DescriptorReadiness, into sink: TouchSink)
    /// From now on every raw report read also goes to `recorder` (`touchpanel record`).
    func record(to recorder: RawTraceRecorder?)
    /// From now on the source's transitions go to `transitions` (`--debug source`).
    func debug(to transitions: TransitionLog?)
}

extension TouchSource {
    public func record(to recorder: RawTraceRecorder?) {}
    public func debug(to transitions: TransitionLog?) {}
}

/// A controller's coordinate range: coordinates run from 0 to `width - 1` and `height - 1`.
public struct ControllerRange: Equatable, Sendable {
    public var width: Int32
    public var height: Int32

    public init(width: Int32, height: Int32) {
        self.width = width
        self.height = height
    }
}

/// What the wait saw on a source's descriptor.
public enum DescriptorReadiness: Equatable, Sendable {
    case quiet
    case readable
    /// POLLERR, POLLHUP or POLLNVAL: the device went away under the descriptor.
    case failed
}

/// Where a source delivers (the engine; a recorder in tests).
public protocol TouchSink: AnyObject {
    /// A frame in controller coordinates, measured at `measuredAt` (an INT edge's kernel
    /// timestamp, a poll's read time, an input event's timestamp).
    func frame(_ frame: TouchFrame, measuredAt: MonotonicInstant)
    /// A report that decoded to garbage, dropped whole.
    func dropped(_ problem: MalformedReport, at: MonotonicInstant)
    /// The device stopped answering: every held touch is cancelled; the source retries.
    func sourceFailed(_ message: String, at: MonotonicInstant)
    /// The device answers again (or has come back).
    func sourceRecovered(_ message: String)
    /// The source cannot go on at all (its INT line's chip went away): the panel stops, and a
    /// service manager restarting it is the way back.
    func sourceStopped(_ message: String)
}
