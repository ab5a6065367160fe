import CLinux

extension ExecRunnerMessage {
    /// What one non-blocking receive on a runner link gave.
    enum Received {
        /// A message of `count` bytes at the front of the buffer; `truncated` when it was longer
        /// than the buffer (a zero-length message is a message, not the end).
        case message(count: Int, truncated: Bool)
        /// Nothing waits.
        case none
        /// The other end closed the link (nil), or it failed.
        case gone(Errno?)
    }

    /// Receives one message on a runner link, the panel's end or the runner's: written once
    /// for both, EINTR retried in `Errno.retryingInterrupts`.
    static func receive(on descriptor: FileDescriptor, into buffer: inout [UInt8]) -> Received {
        var truncated: Int32 = 0
        var closed: Int32 = 0
        let count: Int
        do throws(Errno) {
            count = try Errno.retryingInterrupts {
                buffer.withUnsafeMutableBytes {
                    tp_runner_receive(descriptor.rawValue, $0.baseAddress, $0.count, &truncated, &closed)
                }
            }
        } catch {
            return error == .wouldBlock ? .none : .gone(error)
        }
        if count > 0 || (count == 0 && closed == 0) { return .message(count: count, truncated: truncated != 0) }
        return .gone(nil)
    }
}
