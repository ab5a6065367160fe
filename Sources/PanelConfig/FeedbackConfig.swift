import TouchCore

/// `[feedback]`: a buzzer or a vibration motor that pulses at every accepted `pressed`
/// (DESIGN.md rule 15). A panel without the section pulses nothing.
public struct FeedbackConfig: Equatable, Sendable {
    /// What the pulse drives.
    public enum Device: Equatable, Sendable {
        /// A GPIO output (`chip`, `line`, `active_low`), held as an `[output]` line is: off at
        /// start, off at stop, off after the panel dies (`safe-outputs`).
        case line(OutputConfig)
        /// A channel of a PWM chip in /sys/class/pwm (`pwmchipN`), at `hz` with a 50 % duty
        /// cycle: a passive buzzer.
        case pwm(chip: Int, channel: Int, hz: Int)
    }

    public var device: Device
    /// How long each pulse lasts.
    public var pulseMs: Int

    public static let defaultPulseMs = 15
    public static let defaultHz = 2_700

    public init(device: Device, pulseMs: Int = FeedbackConfig.defaultPulseMs) {
        self.device = device
        self.pulseMs = pulseMs
    }

    /// The GPIO output it drives, when it drives one.
    public var output: OutputConfig? {
        if case .line(let output) = device { return output }
        return nil
    }

    /// `gpiochip0:5` or `pwmchip0:1`, for logs.
    public var deviceName: String {
        switch device {
        case .line(let output): "\(output.id)"
        case .pwm(let chip, let channel, _): "pwmchip\(chip):\(channel)"
        }
    }
}
