import CLinux

/// An open file descriptor, typed so that it is never taken for a count, a pid or an errno
/// (swift-system's `FileDescriptor`, without Foundation). A plain value that owns nothing:
/// copies name the same open file, and whoever opened it closes it, once, with `close()`.
/// A descriptor that may be absent is a `FileDescriptor?`, never -1.
///
/// Its reads and writes go through `Errno.retryingInterrupts`, so no caller loops on EINTR.
public struct FileDescriptor: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// What a call that makes a descriptor returned (open, socket, accept, inotify_init…):
    /// the descriptor, or nil for its -1, errno then saying why. Also a C API's "none" (-1).
    public init?(returnedBy result: Int32) {
        guard result >= 0 else { return nil }
        rawValue = result
    }

    /// What `open` (a call that makes a descriptor, -1 and errno on failure) returns, called
    /// again on EINTR: opening a device may wait, and a signal may cut the wait short.
    public static func opened(by open: () -> Int32) throws(Errno) -> FileDescriptor {
        FileDescriptor(rawValue: try Errno.retryingInterrupts(open))
    }

    public static let standardInput = FileDescriptor(rawValue: 0)
    public static let standardOutput = FileDescriptor(rawValue: 1)
    public static let standardError = FileDescriptor(rawValue: 2)

    /// One read(2) of at most `buffer.count` bytes: how many came, 0 at the end of the file.
    /// A non-blocking descriptor with nothing waiting throws `Errno.wouldBlock`.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try Errno.retryingInterrupts { CLinux.read(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// One read(2) into `bytes` from its start, at most `bytes.count`: an array's closure
    /// cannot throw a typed error, so the pointer is taken here.
    public func read(into bytes: inout [UInt8]) throws(Errno) -> Int {
        let count = bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(Errno) -> Int in try read(into: buffer) }
        }
        return try count.get()
    }

    /// One write(2) of at most `bytes.count` bytes: how many went.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try Errno.retryingInterrupts { CLinux.write(rawValue, bytes.baseAddress, bytes.count) }
    }

    /// Writes until all of `bytes` went: a write may take only part of them (a full disk
    /// near its end, a signal once some went).
    public func writeAll(_ bytes: [UInt8]) throws(Errno) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { buffer in
                Result { () throws(Errno) -> Int in try write(buffer) }
            }
            offset += try written.get()
        }
    }

    /// close(2), once. Never retried: Linux lets go of the number even when close is
    /// interrupted, and a second close could hit a descriptor opened since.
    public func close() throws(Errno) {
        guard CLinux.close(rawValue) == 0 else { throw Errno.current }
    }

    /// Adds O_NONBLOCK, for a descriptor made without it (a pipe, libgpiod's event descriptor):
    /// a read or write then stops at EAGAIN instead of holding up the loop.
    public func setNonBlocking() throws(Errno) {
        guard clinux_set_nonblocking(rawValue) == 0 else { throw Errno.current }
    }
}
