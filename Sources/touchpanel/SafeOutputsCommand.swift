import LinuxSystem
import PanelConfig
import PanelDrivers

/// `touchpanel safe-outputs CONFIG`: every `[output]` (and every line an action drives) to its
/// inactive level, one line of output per line driven. Exit 0 when all were driven off, 1 when
/// the config cannot be read or a line could not be driven (the others still are).
enum SafeOutputsCommand {
    static func run(configPath: String) -> Int32 {
        var out = OutputBuffer.standardOutput()
        var errors = OutputBuffer.standardError()
        let config: PanelConfiguration
        do {
            config = try PanelConfigLoader.load(path: configPath)
        } catch {
            for configError in error.errors {
                errors.write(configError.rendered + "\n")
            }
            errors.write("safe-outputs: \(configPath) cannot be read as a config; no output was driven\n")
            errors.flush()
            return 1
        }
        var failed = 0
        for outcome in SafeOutputs.drive(config) {
            if outcome.problem == nil {
                out.write("safe-outputs: " + outcome.text + "\n")
            } else {
                failed += 1
                errors.write("safe-outputs: " + outcome.text + "\n")
            }
        }
        // `[feedback] pwm`: a buzzer left sounding by a panel that died mid-pulse is disabled.
        if case .pwm(let chip, let channel, _)? = config.feedback?.device {
            if let problem = SysfsPWMFeedback.silence(chip: chip, channel: channel) {
                failed += 1
                errors.write("safe-outputs: [feedback] pwmchip\(chip):\(channel): \(problem)\n")
            } else {
                out.write("safe-outputs: [feedback] pwmchip\(chip):\(channel): off\n")
            }
        }
        if config.outputs.isEmpty, config.feedback == nil { out.write("safe-outputs: \(configPath) drives no output\n") }
        out.flush()
        errors.flush()
        return failed == 0 ? 0 : 1
    }
}
