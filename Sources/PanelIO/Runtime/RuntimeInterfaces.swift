import TouchCore

/// Starts `exec` actions without waiting for them.
public protocol ShellLauncher: AnyObject {
    /// Starts `/bin/sh -c command` with `environment` added; returns an error message or nil.
    func launch(command: String, environment: [(String, String)]) -> String?
}

/// A GPIO output an action drives.
public protocol DigitalOutput: AnyObject {
    /// Sets the line; returns an error message or nil.
    func drive(_ high: Bool) -> String?
}

/// Where log lines go (stderr in the firmware, a list in tests).
public protocol PanelLog: AnyObject {
    func log(_ line: String)
}
