import CLinux

/// What one write of event bytes did.
public enum EventWriteResult: Equatable, Sendable {
    case wrote(Int)
    /// The reader is behind: the pipe or socket is full.
    case wouldBlock
    /// The reader is gone (EPIPE).
    case closed
    case failed(Errno)
}

/// Where event bytes go: the real descriptor, or a fake in tests.
public protocol EventDescriptor: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer) -> EventWriteResult
    /// The descriptor to poll for POLLOUT while a backlog waits.
    var pollDescriptor: FileDescriptor { get }
}

/// fd 1 as the live panel writes event lines to it: never blocking (see
/// `tp_event_descriptor_open` for how each kind of descriptor gets there).
public final class StandardOutputEvents: EventDescriptor {
    public let pollDescriptor: FileDescriptor
    private let kind: Int32
    /// A description of our own, closed with this; fd 1 itself is never closed.
    private let owned: Bool

    /// Falls back to plain writes on fd 1 (which may block) when no non-blocking way can be
    /// had, and says so in `warning`.
    public init() {
        var kind: Int32 = 0
        let descriptor = tp_event_descriptor_open(1, &kind)
        if descriptor < 0 {
            pollDescriptor = .standardOutput
            self.kind = Int32(TP_EVENT_FILE)
            owned = false
            warning = "event lines: cannot write stdout without blocking (\(Errno(-descriptor).message)); a slow reader will hold up the panel"
        } else {
            pollDescriptor = FileDescriptor(rawValue: descriptor)
            self.kind = kind
            owned = descriptor != 1
            warning = nil
        }
    }

    public let warning: String?

    deinit {
        if owned { try? pollDescriptor.close() }
    }

    public func write(_ bytes: UnsafeRawBufferPointer) -> EventWriteResult {
        let result = tp_event_descriptor_write(pollDescriptor.rawValue, kind, bytes.baseAddress, bytes.count)
        if result >= 0 { return .wrote(Int(result)) }
        switch Int32(-result) {
        case EAGAIN: return .wouldBlock
        case EPIPE: return .closed
        default: return .failed(Errno(Int32(-result)))
        }
    }
}
