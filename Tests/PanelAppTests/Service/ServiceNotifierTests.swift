import Foundation
import LinuxSystem
import PanelApp
import PanelEngine
import Testing
import TouchCore

/// sd_notify through the real libsystemd, received on a datagram socket of the test's own that
/// stands where systemd's would be ($NOTIFY_SOCKET).
@Suite("Service manager", .serialized)
struct ServiceNotifierTests {
    /// Binds a datagram socket at a new path, points NOTIFY_SOCKET (and, when given,
    /// WATCHDOG_USEC/WATCHDOG_PID) at it, runs `body`, and returns every message that arrived.
    private func received(watchdogUs: String? = nil, _ body: () -> Void) throws -> [String] {
        let path = NSTemporaryDirectory() + "touchpanel-notify-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let socketFD = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        try #require(socketFD >= 0)
        defer { close(socketFD); unlink(path) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        setenv("NOTIFY_SOCKET", path, 1)
        if let watchdogUs {
            setenv("WATCHDOG_USEC", watchdogUs, 1)
            setenv("WATCHDOG_PID", "\(getpid())", 1)
        }
        defer { unsetenv("NOTIFY_SOCKET"); unsetenv("WATCHDOG_USEC"); unsetenv("WATCHDOG_PID") }
        body()
        var messages: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socketFD, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count <= 0 { break }
            messages.append(String(decoding: buffer[0..<count], as: UTF8.self))
        }
        return messages
    }

    @Test func messagesReachTheNotifySocketInOrder() throws {
        let messages = try received {
            let notifier = SystemdNotifier()
            notifier.notify(ServiceMessage.ready)
            notifier.notify(ServiceMessage.alive)
            notifier.notify(ServiceMessage.reloading(at: .milliseconds(12_345)))
            notifier.notify(ServiceMessage.readyAfterReload("running /etc/touchpanel/panel.ini"))
            notifier.notify(ServiceMessage.stopping)
        }
        #expect(messages == [
            "READY=1",
            "WATCHDOG=1",
            "RELOADING=1\nMONOTONIC_USEC=12345000",
            "READY=1\nSTATUS=running /etc/touchpanel/panel.ini",
            "STOPPING=1",
        ])
    }

    @Test func theWatchdogIntervalIsSystemds() throws {
        var interval: MonotonicDuration?
        _ = try received(watchdogUs: "20000000") { interval = SystemdNotifier().watchdogInterval }
        #expect(interval == .milliseconds(20_000))
    }

    @Test func withoutSystemdThereIsNoWatchdogAndNothingFails() {
        unsetenv("NOTIFY_SOCKET")
        unsetenv("WATCHDOG_USEC")
        let notifier = SystemdNotifier()
        #expect(notifier.watchdogInterval == nil)
        notifier.notify(ServiceMessage.ready)  // goes nowhere, and returns
    }

    @Test func pingsComeEveryHalfIntervalFromTheLoopsOwnTurns() throws {
        var schedule = try #require(WatchdogSchedule(interval: .milliseconds(20_000), startingAt: .milliseconds(1_000)))
        #expect(schedule.period == .milliseconds(10_000))
        #expect(schedule.pingDue(at: .milliseconds(1_000)) == true)   // at once: the first turn
        #expect(schedule.nextPingAt == .milliseconds(11_000))
        #expect(schedule.pingDue(at: .milliseconds(10_999)) == false)
        #expect(schedule.pingDue(at: .milliseconds(11_000)) == true)
        #expect(schedule.nextPingAt == .milliseconds(21_000))
        // A late turn pings once, and the next is a period after it, not a burst to catch up.
        #expect(schedule.pingDue(at: .milliseconds(45_000)) == true)
        #expect(schedule.nextPingAt == .milliseconds(55_000))
        #expect(schedule.pingDue(at: .milliseconds(45_001)) == false)
    }

    @Test func noWatchdogNoSchedule() {
        #expect(WatchdogSchedule(interval: nil, startingAt: .milliseconds(0)) == nil)
        #expect(WatchdogSchedule(interval: .zero, startingAt: .milliseconds(0)) == nil)
    }

    @Test func journalLinesCarryTheirPriority() {
        #expect(StandardErrorLog.format("reload refused", priority: .error, toJournal: true) == "<3>reload refused\n")
        #expect(StandardErrorLog.format("report dropped", priority: .warning, toJournal: true) == "<4>report dropped\n")
        #expect(StandardErrorLog.format("reloaded", priority: .info, toJournal: true) == "<6>reloaded\n")
        #expect(StandardErrorLog.format("reload refused", priority: .error, toJournal: false) == "touchpanel: reload refused\n")
    }
}
