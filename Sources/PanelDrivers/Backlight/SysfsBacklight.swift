import CLinux
import LinuxSystem
import PanelConfig
import PanelEngine

/// A `/sys/class/backlight/NAME` device, its attribute files opened once at start (one owner
/// for the panel's life) and written in place: the loop never opens a file to dim.
public final class SysfsBacklight: BacklightDevice {
    public let path: String
    public let maxBrightness: Int
    /// `brightness` and `bl_power` as they were at start, put back at stop.
    public let brightnessAtStart: Int
    public let powerAtStart: Int?
    private let brightnessDescriptor: FileDescriptor
    private let powerDescriptor: FileDescriptor?

    /// The values `bl_power` takes: FB_BLANK_UNBLANK and FB_BLANK_POWERDOWN.
    static let powerOn = 0
    static let powerDown = 4

    public var hasPowerSwitch: Bool { powerDescriptor != nil }

    /// Opens the device at `path`; the message says which file failed and why.
    public init(path: String) throws(StartError) {
        self.path = path
        maxBrightness = try SysfsBacklight.readNumber("\(path)/max_brightness")
        guard maxBrightness > 0 else {
            throw StartError(.backlight, "\(path)/max_brightness is 0: this backlight cannot be dimmed")
        }
        brightnessAtStart = try SysfsBacklight.readNumber("\(path)/brightness")
        brightnessDescriptor = try SysfsBacklight.openForWriting("\(path)/brightness")
        if (try? FileContents.bytes(ofFile: "\(path)/bl_power", maxBytes: 64, what: "a backlight attribute")) != nil {
            powerAtStart = try? SysfsBacklight.readNumber("\(path)/bl_power")
            do throws(StartError) {
                powerDescriptor = try SysfsBacklight.openForWriting("\(path)/bl_power")
            } catch {
                try? brightnessDescriptor.close()
                throw error
            }
        } else {
            powerAtStart = nil
            powerDescriptor = nil
        }
    }

    deinit {
        try? brightnessDescriptor.close()
        try? powerDescriptor?.close()
    }

    public func setBrightness(_ value: Int) -> String? {
        SysfsBacklight.write(value, to: brightnessDescriptor, file: "\(path)/brightness")
    }

    public func setPower(on: Bool) -> String? {
        guard let powerDescriptor else { return nil }
        return SysfsBacklight.write(on ? SysfsBacklight.powerOn : SysfsBacklight.powerDown, to: powerDescriptor, file: "\(path)/bl_power")
    }

    /// Puts back what the panel found at start, so that a stopped panel leaves the console lit.
    public func restore() {
        if let powerAtStart { _ = setPower(on: powerAtStart == SysfsBacklight.powerOn) }
        _ = setBrightness(brightnessAtStart)
    }

    private static func write(_ value: Int, to descriptor: FileDescriptor, file: String) -> String? {
        let text = Array("\(value)\n".utf8)
        let written = text.withUnsafeBytes { bytes in
            Result { () throws(Errno) -> Int in try Errno.retryingInterrupts { pwrite(descriptor.rawValue, bytes.baseAddress, bytes.count, 0) } }
        }
        switch written {
        case .success(let count): return count == text.count ? nil : "short write of \(value) to \(file)"
        case .failure(let error): return "cannot write \(value) to \(file): \(error.message)"
        }
    }

    private static func readNumber(_ file: String) throws(StartError) -> Int {
        let bytes: [UInt8]
        do throws(FileContents.Failure) {
            bytes = try FileContents.bytes(ofFile: file, maxBytes: 64, what: "a backlight attribute")
        } catch {
            throw StartError(.backlight, "\(file): \(error.message)")
        }
        var value = 0
        var digits = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9") where digits < 9:
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            case UInt8(ascii: "\n") where digits > 0:
                return value
            default:
                throw StartError(.backlight, "\(file): expected a number, found \"\(String(decoding: bytes, as: UTF8.self))\"")
            }
        }
        guard digits > 0 else { throw StartError(.backlight, "\(file): empty") }
        return value
    }

    private static func openForWriting(_ file: String) throws(StartError) -> FileDescriptor {
        guard let descriptor = FileDescriptor(returnedBy: file.withCString { clinux_open_writeonly($0) }) else {
            let error = Errno.current
            let reason = error.message
            let hint = error.rawValue == EACCES
                ? "; the touchpanel package's udev rule gives the video group write access (sudo udevadm trigger --subsystem-match=backlight)"
                : ""
            throw StartError(.backlight, "cannot open \(file) for writing: \(reason)\(hint)")
        }
        return descriptor
    }
}
