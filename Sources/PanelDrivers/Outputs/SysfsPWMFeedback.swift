import CLinux
import LinuxSystem
import PanelConfig
import PanelEngine
import TouchCore

/// `[feedback] pwm = CHIP:CHANNEL`: a channel of /sys/class/pwm/pwmchipN for a passive
/// buzzer. At start the channel is exported (unless it already is), disabled, and set to the
/// tone's period with a 50 % duty cycle; a pulse writes `enable` 1, its end 0, through a
/// descriptor opened once (one pwrite on the touch path). At stop it is disabled and, if
/// the panel exported it, unexported.
public final class SysfsPWMFeedback: FeedbackOutput {
    /// /sys/class/pwm/pwmchipN.
    public let chipPath: String
    public let channel: Int
    private let enable: FileDescriptor
    private let exported: Bool

    /// The tone's period: 1 s / `hz`, in nanoseconds, as the `period` file takes it.
    public static func periodNs(hz: Int) -> Int { 1_000_000_000 / hz }

    public init(chip: Int, channel: Int, hz: Int, root: String = "/sys/class/pwm") throws(StartError) {
        chipPath = "\(root)/pwmchip\(chip)"
        self.channel = channel
        let channelPath = "\(chipPath)/pwm\(channel)"
        if clinux_permission_bits(channelPath) < 0 {
            if let problem = SysfsPWMFeedback.write("\(channel)", to: "\(chipPath)/export") {
                throw StartError(.feedback, "[feedback] pwm = \(chip):\(channel): \(problem)")
            }
            exported = true
        } else {
            exported = false
        }
        let period = SysfsPWMFeedback.periodNs(hz: hz)
        // Off first, then a duty cycle that fits any period, then the period and its half: the
        // kernel refuses a duty cycle longer than the period at every step.
        for (file, value) in [("enable", 0), ("duty_cycle", 0), ("period", period), ("duty_cycle", period / 2)] {
            if let problem = SysfsPWMFeedback.write("\(value)", to: "\(channelPath)/\(file)") {
                if exported { _ = SysfsPWMFeedback.write("\(channel)", to: "\(chipPath)/unexport") }
                throw StartError(.feedback, "[feedback] pwm = \(chip):\(channel): \(problem)")
            }
        }
        guard let descriptor = FileDescriptor(returnedBy: "\(channelPath)/enable".withCString { clinux_open_writeonly($0) }) else {
            let reason = Errno.current.message
            if exported { _ = SysfsPWMFeedback.write("\(channel)", to: "\(chipPath)/unexport") }
            throw StartError(.feedback, "[feedback] pwm = \(chip):\(channel): cannot open \(channelPath)/enable for writing: \(reason)")
        }
        enable = descriptor
    }

    deinit {
        _ = SysfsPWMFeedback.write("0", to: enable)
        try? enable.close()
        if exported { _ = SysfsPWMFeedback.write("\(channel)", to: "\(chipPath)/unexport") }
    }

    public func set(_ on: Bool, at: MonotonicInstant) -> String? {
        SysfsPWMFeedback.write(on ? "1" : "0", to: enable).map { "\(chipPath)/pwm\(channel)/enable: \($0)" }
    }

    /// Disables the channel of `[feedback] pwm` (`safe-outputs`, after the panel is gone):
    /// nil, or why not. A channel that is not exported is not sounding.
    public static func silence(chip: Int, channel: Int, root: String = "/sys/class/pwm") -> String? {
        let path = "\(root)/pwmchip\(chip)/pwm\(channel)/enable"
        guard clinux_permission_bits(path) >= 0 else { return nil }
        return write("0", to: path)
    }

    /// `value` and a newline written at the start of an attribute file.
    private static func write(_ value: String, to descriptor: FileDescriptor) -> String? {
        let text = Array("\(value)\n".utf8)
        let written = text.withUnsafeBytes { bytes in
            Result { () throws(Errno) -> Int in try Errno.retryingInterrupts { pwrite(descriptor.rawValue, bytes.baseAddress, bytes.count, 0) } }
        }
        switch written {
        case .success(let count): return count == text.count ? nil : "short write of \(value)"
        case .failure(let error): return "cannot write \(value): \(error.message)"
        }
    }

    /// One write of `text` to a sysfs file, opened and closed for it (start and stop only).
    private static func write(_ text: String, to file: String) -> String? {
        guard let descriptor = FileDescriptor(returnedBy: file.withCString { clinux_open_writeonly($0) }) else {
            return "cannot open \(file) for writing: \(Errno.current.message)"
        }
        defer { try? descriptor.close() }
        return write(text, to: descriptor).map { "\(file): \($0)" }
    }
}

/// The simulated board's feedback: it logs each change with its instant, as `LoggedOutput`
/// logs a `gpio` action's: `feedback gpiochip0:5 -> on (line high) at 1200 ms (simulated)`.
public final class LoggedFeedbackOutput: FeedbackOutput {
    private let name: String
    private let activeLow: Bool?
    private let origin: MonotonicInstant
    private let log: PanelLog

    /// `activeLow`: nil for a PWM channel (no line level to tell).
    public init(_ config: FeedbackConfig, origin: MonotonicInstant, log: PanelLog) {
        name = config.deviceName
        activeLow = config.output?.activeLow
        self.origin = origin
        self.log = log
    }

    public func set(_ on: Bool, at: MonotonicInstant) -> String? {
        let level = activeLow.map { LoggedOutput.describe(on: on, activeLow: $0) } ?? (on ? "on" : "off")
        log.log("feedback \(name) -> \(level) at \((at - origin).nanoseconds / 1_000_000) ms (simulated)")
        return nil
    }
}
