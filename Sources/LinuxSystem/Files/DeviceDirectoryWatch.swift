import CLinux

/// An inotify watch on a directory of device nodes (/dev/input): readable when a node appears
/// or udev changes its permissions, so a source waiting for its device wakes up then and not
/// on a timer. Owns its descriptor.
public final class DeviceDirectoryWatch {
    public let descriptor: FileDescriptor
    private let buffer: UnsafeMutableRawPointer
    private static let bufferSize = 4096

    /// Nil when inotify is unavailable or the directory cannot be watched.
    public init?(directory: String) {
        guard let descriptor = FileDescriptor(returnedBy: clinux_inotify_open()) else { return nil }
        guard directory.withCString({ clinux_inotify_watch_devices(descriptor.rawValue, $0) }) >= 0 else {
            try? descriptor.close()
            return nil
        }
        self.descriptor = descriptor
        buffer = .allocate(byteCount: DeviceDirectoryWatch.bufferSize, alignment: 8)
    }

    deinit {
        try? descriptor.close()
        buffer.deallocate()
    }

    /// Reads and forgets every pending notification: the caller looks for its device anew.
    public func drain() {
        let pending = UnsafeMutableRawBufferPointer(start: buffer, count: DeviceDirectoryWatch.bufferSize)
        while (try? descriptor.read(into: pending)) ?? 0 > 0 {}
    }
}
