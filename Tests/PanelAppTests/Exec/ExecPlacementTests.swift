import LinuxSystem
@testable import PanelApp
import PanelConfig
import PanelEngine
import Testing

/// Where a config's commands start: the exec runner for `[exec] groups = none`, connected at
/// the start so that a runner that is not there refuses the start (or the reload), not a tap.
@Suite("Exec placement")
struct ExecPlacementTests {
    func config(_ text: String) throws -> PanelConfiguration {
        try PanelConfigLoader.parse(text: "[display]\nwidth = 800\nheight = 480\n" + text, file: "panel.ini", presetSearchPath: [])
    }

    let command = "[button save]\nrect = 0, 0, 100, 100\non_tap = exec true\n"

    @Test func groupsNoneWithoutItsRunnerRefusesTheStartNamingTheSocket() throws {
        let processes = ExecProcesses()
        let refused = try config("[exec]\ngroups = none\nrunner = /nonexistent/exec.sock\n" + command)
        do {
            try ExecPlacement.apply(refused, to: processes)
            Issue.record("started without its runner")
        } catch {
            #expect(error.part == .exec)
            #expect(error.message == "[exec] groups = none: cannot reach the exec runner at /nonexistent/exec.sock: ENOENT (No such file "
                + "or directory); enable it (systemctl enable --now touchpanel-exec.socket) or set groups = service")
        }
        #expect(!processes.throughRunner)
    }

    @Test func aConfigWithoutCommandsOrWithServiceGroupsStartsThemHere() throws {
        let processes = ExecProcesses()
        try ExecPlacement.apply(try config("[exec]\ngroups = none\nrunner = /nonexistent/exec.sock\n"), to: processes)
        #expect(!processes.throughRunner)
        try ExecPlacement.apply(try config("[exec]\ngroups = service\nrunner = /nonexistent/exec.sock\n" + command), to: processes)
        #expect(!processes.throughRunner)
        try ExecPlacement.apply(try config(command), to: processes)
        #expect(!processes.throughRunner)
        #expect(processes.runners.isEmpty)
    }
}
