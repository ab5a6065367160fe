import LinuxSystem
import PanelConfig
import PanelEngine

/// Where a config's `exec` commands start, set at every start and reload: through the exec
/// runner for `[exec] groups = none` (connected now, so that a runner that is not there
/// refuses the start, never a tap later), else as the panel's children. A config without
/// commands needs no runner.
enum ExecPlacement {
    static func apply(_ config: PanelConfiguration, to processes: ExecProcesses) throws(StartError) {
        guard let exec = config.exec, exec.groups == .none, config.buttons.contains(where: { $0.runsCommands }) else {
            processes.startLocally()
            return
        }
        do throws(Errno) {
            try processes.startThroughRunner(at: exec.runnerSocket)
        } catch {
            throw StartError(.exec, "[exec] groups = none: cannot reach the exec runner at \(exec.runnerSocket): \(error.message); "
                + "enable it (systemctl enable --now touchpanel-exec.socket) or set groups = service")
        }
    }
}
