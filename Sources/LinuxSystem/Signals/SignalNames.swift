import CLinux

/// Signal names for log lines, so that nobody needs to know that 15 is SIGTERM.
public enum SignalNames {
    /// `SIGTERM (15)`, or `signal 34` for one without a name here.
    public static func describe(_ signal: Int32) -> String {
        let name: String? = switch signal {
        case SIGHUP: "SIGHUP"
        case SIGINT: "SIGINT"
        case SIGQUIT: "SIGQUIT"
        case SIGILL: "SIGILL"
        case SIGABRT: "SIGABRT"
        case SIGBUS: "SIGBUS"
        case SIGFPE: "SIGFPE"
        case SIGKILL: "SIGKILL"
        case SIGSEGV: "SIGSEGV"
        case SIGPIPE: "SIGPIPE"
        case SIGALRM: "SIGALRM"
        case SIGTERM: "SIGTERM"
        case SIGUSR1: "SIGUSR1"
        case SIGUSR2: "SIGUSR2"
        default: nil
        }
        guard let name else { return "signal \(signal)" }
        return "\(name) (\(signal))"
    }
}
