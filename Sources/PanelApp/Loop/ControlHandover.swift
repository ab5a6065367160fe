import PanelConfig
import PanelDrivers
import PanelEngine

/// The control socket across a reload. A socket made anew at each reload left its path
/// missing for a moment and refused the connections waiting in the old one's backlog, so a
/// client connecting just after SIGHUP got ENOENT or ECONNRESET. A config whose `[control]`
/// is unchanged keeps the running socket instead: its listener, its backlog and its
/// connected clients go on, served by the new session's engine. A changed `[control]` is made
/// anew, after the old socket is closed and its path removed.
enum ControlHandover {
    /// What the session before hands on for a session of `next`: its server when `next`'s
    /// `[control]` is the same, else nil, so that the old one goes with its session before a
    /// new one binds the path (the old one's deinit removes the path).
    static func kept(_ running: ControlServer?, for next: PanelConfiguration) -> ControlServer? {
        guard let running, running.config == next.control else { return nil }
        return running
    }

    /// The control socket of a session of `config`: the one `kept`, or one made now (nil
    /// without `[control]`).
    static func open(_ config: PanelConfiguration, kept: ControlServer?, log: PanelLog) throws(StartError) -> ControlServer? {
        guard let control = config.control else { return nil }
        if let kept, kept.config == control { return kept }
        return try ControlServer(config: control, log: log)
    }
}
