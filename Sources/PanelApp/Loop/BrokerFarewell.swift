import LinuxSystem
import PanelConfig
import PanelEngine
import TouchCore

/// The broker link's last turns at a stop: what waits goes out first (events published after
/// `offline` would reach a Home Assistant that has just marked the panel unavailable, and be
/// dropped), then `offline` is published and the connection closed, within `waitMs` at most (a broker that is away costs nothing, a slow
/// one no more than that). The waiting and the clock live here; the bridge only says what it
/// still has to do. At a reload that replaces the bridge, `handingOverTo` is the new config with
/// its bridge: the discovery documents they will not publish are cleared before `offline`.
enum BrokerFarewell {
    static func finish(
        _ bridge: MQTTBridge, engine: PanelEngine, handingOverTo successor: (bridge: MQTTBridge?, config: PanelConfiguration)? = nil,
        waitMs: Int64 = 2_000
    ) {
        let deadline = MonotonicClock.now() + .milliseconds(waitMs)
        func waitOnce() {
            let now = MonotonicClock.now()
            guard now < deadline, let interest = bridge.pollInterest else { return }
            let events = Poller.wait([interest], timeoutNs: min((deadline - now).nanoseconds, 50_000_000))
            bridge.turn(revents: events[0], engine: engine, now: MonotonicClock.now())
        }
        while bridge.isConnecting, MonotonicClock.now() < deadline { waitOnce() }
        while bridge.isDelivering, MonotonicClock.now() < deadline { waitOnce() }
        if let successor { bridge.clearDiscovery(handingOverTo: successor.bridge, config: successor.config) }
        bridge.sayOffline()
        while bridge.isDelivering, MonotonicClock.now() < deadline { waitOnce() }
        bridge.close(now: MonotonicClock.now())
    }
}
