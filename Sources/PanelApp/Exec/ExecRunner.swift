import CLinux
import LinuxSystem
import PanelConfig
import PanelEngine
import TouchCore

/// `touchpanel exec-runner`: runs a panel's `exec` commands for `[exec] groups = none`.
/// systemd's touchpanel-exec.socket (Accept=yes) starts one for each panel that connects, as
/// the user touchpanel-exec, whose only group is touchpanel: the commands get none of the
/// panel's device groups (gpio, i2c, input, video). Its standard input is the connection.
/// When the panel goes (a stop, a crash, SIGKILL), the connection closes and the runner stops
/// what still runs, SIGTERM then SIGKILL `ExecLimits.killGraceMs` later, as systemd stopping
/// the panel's own unit would.
public enum ExecRunner {
    public static func run(descriptor: FileDescriptor = .standardInput, log: PanelLog) -> Int32 {
        guard tp_runner_is_seqpacket(descriptor.rawValue) != 0 else {
            log.error("exec-runner: standard input is not a seqpacket socket: touchpanel-exec.socket starts this, one for each panel that connects")
            return 2
        }
        let signals: SignalChannel
        do throws(SignalChannelError) {
            signals = try SignalChannel()
        } catch {
            log.error("exec-runner: \(error.message)")
            return 1
        }
        defer { signals.close() }
        log.log("exec-runner: commands run as uid \(getuid()) gid \(getgid()), " + groupsText())
        let server = ExecRunnerServer(descriptor: descriptor, processes: ChildProcesses()) { line in
            log.warning("exec-runner: " + line)
        }
        let watch = SignalWatch(signals)
        let link = RunnerLinkTurn(server)
        let loop = PanelLoop(clock: .real, startingAt: MonotonicClock.now())
        var stopped = false
        while !server.panelGone, !stopped {
            loop.turn([link, watch])
            let received = watch.take()
            if received.contains(.child) { server.reportEnded() }
            stopped = received.asksToStop
        }
        guard server.runningCount > 0 else { return 0 }
        log.log("exec-runner: \(stopped ? "stopped" : "the panel went away"); stopping its \(server.runningCount) command(s)")
        server.signalAll(SIGTERM)
        let killAt = loop.now + .milliseconds(Int64(ExecLimits.killGraceMs))
        while server.runningCount > 0, loop.now < killAt {
            loop.turn([watch], until: killAt)
            _ = watch.take()
            server.reportEnded()
        }
        if server.runningCount > 0 {
            log.warning("exec-runner: \(server.runningCount) command(s) still running \(ExecLimits.killGraceMs) ms after SIGTERM; sent SIGKILL")
            server.signalAll(SIGKILL)
        }
        return 0
    }

    /// "no supplementary groups", or which it has (a runner given groups by an edited unit
    /// or user would hand them to every command).
    private static func groupsText() -> String {
        let count = tp_supplementary_group_count()
        guard count > 0 else { return "no supplementary groups" }
        var groups = [UInt32](repeating: 0, count: Int(count))
        let read = tp_supplementary_groups(&groups, count)
        return "supplementary groups " + groups.prefix(Int(max(read, 0))).map { String($0) }.joined(separator: ",")
    }
}

/// The runner's link to its panel: requests are served as they arrive (while the runner has
/// room for another command), and ends that found the link full go when it is writable.
final class RunnerLinkTurn: LoopParticipant {
    let server: ExecRunnerServer

    init(_ server: ExecRunnerServer) {
        self.server = server
    }

    var pollInterests: [PollInterest] { [PollInterest(descriptor: server.descriptor, events: server.pollEvents)] }

    func turn(_ events: ArraySlice<PollEvents>, now: MonotonicInstant) {
        guard let first = events.first, !first.isEmpty else { return }
        server.linkReady(first)
    }
}
