import TouchCore

/// The buzzer or vibration motor of `[feedback]`: a GPIO line or a PWM channel.
public protocol FeedbackOutput: AnyObject {
    /// Turns it on at a pulse's start, off at its end; `at` is the logical instant, for the
    /// simulated board's log and the tests' fakes. Returns an error message or nil.
    func set(_ on: Bool, at: MonotonicInstant) -> String?
}

/// `[feedback] line = ...`: the GPIO output it was opened as, driven as `gpio` actions drive
/// theirs.
public final class LineFeedbackOutput: FeedbackOutput {
    private let output: DigitalOutput

    public init(_ output: DigitalOutput) {
        self.output = output
    }

    public func set(_ on: Bool, at: MonotonicInstant) -> String? {
        output.drive(on)
    }
}
