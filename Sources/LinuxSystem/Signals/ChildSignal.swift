import CLinux

/// The signals sent to an `exec` command that outlives its time-out: first asked to stop,
/// then killed.
public enum ChildSignal {
    public static let terminate: Int32 = SIGTERM
    public static let kill: Int32 = SIGKILL
}
