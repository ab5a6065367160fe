import PanelApp
import PanelDrivers
import PanelEngine
import PanelTestSupport
import Testing

@Suite struct FleetStatusRunTests {
    /// A pushed config heard on `FLEET/config/...` counts by its sequence and the SHA-256 of its
    /// config's bytes, as the panel hashes what it runs: a panel running it does not drift.
    @Test func pushedConfigsAreHashedAsThePanelsHashThem() throws {
        let config = Array("[display]\nwidth = 800\nheight = 480\n".utf8)
        let key = try Ed25519Key(pem: Array(FleetKeys.privatePEM.utf8), kind: .privateKey)
        let topic = "touchpanel/config/hall"
        let signature = try key.sign(PushedConfigMessage.signedBytes(sequence: 42, topic: topic, config: config))
        let message = PushedConfigMessage(sequence: 42, signature: signature, config: config)
        let hash = ConfigHash.hex(config)
        let report = ConfigReport(hash: hash, source: .pushed, sequence: 42, topic: topic, since: "2026-11-30T07:40:12.000+00:00", groups: [], version: "1.2.3")
        let heard = FleetStatusRun.observations([
            (topic: topic, payload: message.payload),
            (topic: "touchpanel/config/group/all", payload: Array("not a pushed config".utf8)),
            (topic: "touchpanel/hall/config", payload: Array(report.json.utf8)),
            (topic: "touchpanel/hall/availability", payload: Array("online".utf8)),
        ], prefix: "touchpanel")
        #expect(heard.pushed == [topic: .init(sequence: 42, hash: hash)])
        let status = FleetStatus(heard)
        #expect(status.rows.count == 1)
        #expect(status.rows.first?.drift == nil)
        #expect(status.summary == "1 panel, 1 online, 0 drifting, 0 on an old version")
    }

    /// The last word on a topic counts: an empty retained message takes a pushed config away.
    @Test func anEmptyMessageRemovesAPushedConfig() {
        let payload = PushedConfigMessage(sequence: 7, signature: [UInt8](repeating: 1, count: 64), config: Array("[display]\n".utf8)).payload
        let pushed = FleetStatusRun.observations([(topic: "touchpanel/config/hall", payload: payload)], prefix: "touchpanel")
        #expect(pushed.pushed["touchpanel/config/hall"]?.sequence == 7)
        let removed = FleetStatusRun.observations([
            (topic: "touchpanel/config/hall", payload: payload),
            (topic: "touchpanel/config/hall", payload: []),
        ], prefix: "touchpanel")
        #expect(removed.pushed.isEmpty)
    }
}
