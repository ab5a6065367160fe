import CLinux
import LinuxSystem
import PanelEngine
import TouchCore

/// Two buffers shown in turn by page flips on vblank: what `DRMSurface` paints on. A DRM/KMS
/// card, or a test's recording fake.
public protocol PageFlipDisplay: AnyObject {
    /// `card connector`, for log lines.
    var name: String { get }
    var layout: FramebufferLayout { get }
    var buffers: [UnsafeMutableRawBufferPointer] { get }
    var descriptor: FileDescriptor { get }
    /// Queues a flip to `buffer` for the next vblank; nil, or why it was refused.
    func flip(to buffer: Int) -> Errno?
    /// The completed flip's vblank time, nil when none completed, or why reading failed.
    func takeFlipCompletion() -> Result<MonotonicInstant?, Errno>
    /// Whether the connector is still connected, as the kernel last found it.
    var isConnected: Bool { get }
}

/// A DRM/KMS card driving one connector in the panel's mode, with two dumb buffers the panel
/// paints into and flips between on vblank. The one owner of the card's descriptor: closing
/// it puts back what the CRTC showed before (the console).
public final class DRMCard: PageFlipDisplay {
    public let card: String
    public let connector: String
    public let refreshHz: Int
    /// Both buffers' layout (their stride is the driver's pitch).
    public let layout: FramebufferLayout
    /// The two buffers' pixels.
    public let buffers: [UnsafeMutableRawBufferPointer]
    private let handle: OpaquePointer

    /// Opens `card` (nil: the first with a connected display) and `connector` (nil: the first
    /// connected one) in a `width` x `height` mode, XRGB8888 or RGB565 (every Pi's primary plane
    /// offers both), with buffer 0 on screen. Throws why not, naming card, connector and modes.
    public init(
        card: String?, connector: String?, width: Int32, height: Int32, rgb565: Bool, rotation: DisplayRotation
    ) throws(DisplayUnavailable) {
        var info = tp_drm_info()
        var absent: Int32 = 0
        var error = [CChar](repeating: 0, count: 1024)
        let opened: OpaquePointer? = error.withUnsafeMutableBufferPointer { message in
            withOptionalCString(card) { cardPath in
                withOptionalCString(connector) { connectorName in
                    tp_drm_open(
                        cardPath, connectorName, UInt32(width), UInt32(height), rgb565 ? 1 : 0, &info, &absent, message.baseAddress,
                        Int32(message.count))
                }
            }
        }
        guard let opened else {
            throw DisplayUnavailable("DRM/KMS: " + textOfCChars(error), absent: absent != 0)
        }
        guard let layout = FramebufferLayout(
            physicalWidth: Int32(info.width), physicalHeight: Int32(info.height), strideBytes: Int(info.stride),
            format: rgb565 ? .rgb565 : .xrgb8888, rotation: rotation),
            layout.bufferSize <= Int(info.buffer_bytes)
        else {
            tp_drm_close(opened)
            throw DisplayUnavailable("DRM/KMS: the card's buffers are smaller than a \(width)x\(height) picture", absent: false)
        }
        handle = opened
        self.layout = layout
        self.card = textOfCChars(info.card)
        self.connector = textOfCChars(info.connector)
        refreshHz = Int(info.refresh_hz)
        buffers = [
            UnsafeMutableRawBufferPointer(start: info.pixels.0, count: Int(info.buffer_bytes)),
            UnsafeMutableRawBufferPointer(start: info.pixels.1, count: Int(info.buffer_bytes)),
        ]
    }

    deinit {
        tp_drm_close(handle)
    }

    public var name: String { "\(card) \(connector)" }

    /// The descriptor the loop polls: readable when a flip completed.
    public var descriptor: FileDescriptor { FileDescriptor(rawValue: tp_drm_fd(handle)) }

    public func flip(to buffer: Int) -> Errno? {
        let result = tp_drm_flip(handle, Int32(buffer))
        return result == 0 ? nil : Errno(-result)
    }

    /// Reads what the card reported; DRM's vblank times are CLOCK_MONOTONIC, as the loop's.
    public func takeFlipCompletion() -> Result<MonotonicInstant?, Errno> {
        var flipNs: Int64 = 0
        let count = tp_drm_read_events(handle, &flipNs)
        if count < 0 { return .failure(Errno(-count)) }
        return .success(count > 0 ? MonotonicInstant(nanoseconds: flipNs) : nil)
    }

    /// Whether the connector is still connected, as the kernel last found it.
    public var isConnected: Bool { tp_drm_connected(handle) != 0 }
}

/// `body` with a C string for `text`, or NULL for nil.
func withOptionalCString<R>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let text else { return body(nil) }
    return text.withCString { body($0) }
}
