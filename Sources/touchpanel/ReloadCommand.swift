import LinuxSystem
import PanelApp
import PanelEngine

/// `touchpanel reload PID`: the unit's `ExecReload` (`touchpanel reload $MAINPID`). Sends the
/// panel SIGHUP and waits, at most `ReloadWait.timeout`, for its answer in
/// `$RUNTIME_DIRECTORY/reload`: exit 0 when the new config runs, 1 with the reason when the
/// panel refused it (it goes on with the previous one), 2 for a wrong call.
enum ReloadCommand {
    static func run(_ arguments: [String]) -> Int32 {
        let log = StandardErrorLog()
        guard arguments.count == 1, let pid = Int32(arguments[0]), pid > 1 else {
            log.error("reload takes the panel's PID (the unit's $MAINPID)")
            return 2
        }
        guard let file = ReloadAnswerFile.fromEnvironment() else {
            log.error("reload: RUNTIME_DIRECTORY is not set; the panel answers a reload there (the unit's RuntimeDirectory=). "
                + "Without it, kill -HUP \(pid) reloads and the panel logs what became of it")
            return 2
        }
        return ReloadRequest.run(pid: pid, file: file, log: log)
    }
}
