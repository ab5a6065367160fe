import LinuxSystem
import PanelConfig
import PanelEngine

/// `[feedback]`'s output at start: its GPIO line is one of the outputs `OutputsBringUp`
/// opened (off, held as theirs are); a PWM channel is set up here.
public enum FeedbackBringUp {
    /// Nil for a config without `[feedback]`.
    public static func open(
        _ config: PanelConfiguration, outputs: [OutputID: DigitalOutput], pwmRoot: String = "/sys/class/pwm"
    ) throws(StartError) -> FeedbackOutput? {
        guard let feedback = config.feedback else { return nil }
        switch feedback.device {
        case .line(let output):
            guard let line = outputs[output.id] else { throw StartError(.output(output.id), "[feedback] gpio \(output.id): not opened") }
            return LineFeedbackOutput(line)
        case .pwm(let chip, let channel, let hz):
            return try SysfsPWMFeedback(chip: chip, channel: channel, hz: hz, root: pwmRoot)
        }
    }
}
