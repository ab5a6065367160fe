import LinuxSystem
import PanelEngine
import TouchCore

/// The Home Assistant link's last turns at a stop or at a reload that replaces it: the
/// websocket is closed with a close frame, so Home Assistant ends the subscription at once
/// rather than at its next heartbeat, within `waitMs` at most (a Home Assistant that is away
/// costs nothing). The waiting and the clock live here; the bridge only says what it still has
/// to do.
enum HomeAssistantFarewell {
    static func finish(_ bridge: HomeAssistantBridge, waitMs: Int64 = 500) {
        bridge.close(now: MonotonicClock.now())
        let deadline = MonotonicClock.now() + .milliseconds(waitMs)
        while bridge.isClosing {
            let now = MonotonicClock.now()
            guard now < deadline else { return }
            let interests = bridge.closingInterests
            guard !interests.isEmpty else {
                // Nothing to wait on: what is queued goes now or not at all.
                bridge.closingTurn([])
                return
            }
            let events = Poller.wait(interests, timeoutNs: min((deadline - now).nanoseconds, 50_000_000))
            bridge.closingTurn(events[...])
        }
    }
}
