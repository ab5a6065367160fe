import CLinux

/// An inotify watch on a directory of device nodes (/dev/input): readable when a node appears
/// or udev changes its permissions, so a source waiting for its device wakes up then and not
/// on a timer. Owns its descriptor.
public final class DeviceDirectoryWatch {
    public let descriptor: Int32
    private let buffer: UnsafeMutableRawPointer
    private static let bufferSize = 4096

    /// Nil when inotify is unavailable or the directory cannot be watched.
    public init?(directory: String) {
        let descriptor = clinux_inotify_open()
        guard descriptor >= 0 else { return nil }
        guard directory.withCString({ clinux_inotify_watch_devices(descriptor, $0) }) >= 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        buffer = .allocate(byteCount: DeviceDirectoryWatch.bufferSize, alignment: 8)
    }

    deinit {
        close(descriptor)
        buffer.deallocate()
    }

    /// Reads and forgets every pending notification: the caller looks for its device anew.
    public func drain() {
        while read(descriptor, buffer, DeviceDirectoryWatch.bufferSize) > 0 {}
    }
}
