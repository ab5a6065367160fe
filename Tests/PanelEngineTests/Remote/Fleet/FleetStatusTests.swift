import PanelEngine
import Testing

private let hashA = String(repeating: "a", count: 64)
private let hashB = String(repeating: "b", count: 64)
private let hashC = String(repeating: "c", count: 64)

private func report(_ hash: String, groups: [String], version: String = "1.2.3", source: String = "local", sequence: UInt64 = 0) -> [UInt8] {
    let list = groups.map { "\"\($0)\"" }.joined(separator: ",")
    return Array("""
        {"hash":"\(hash)","source":"\(source)","sequence":\(sequence),"topic":"","since":"2026-11-30T07:40:12Z",\
        "groups":[\(list)],"version":"\(version)","push":null}
        """.utf8)
}

@Suite struct FleetStatusTests {
    @Test func readsEveryFieldOfAPanelsConfigReport() {
        let payload = Array("""
            {"hash":"\(hashA)","source":"pushed","sequence":1764488412,"topic":"touchpanel/config/p001","since":"2026-11-30T07:40:12Z",\
            "groups":["floor1","all"],"version":"1.2.3","push":{"topic":"touchpanel/config/p001","sequence":1764488412,\
            "hash":"\(hashB)","result":"refused","error":"pushed.ini:12: [button x] rect: outside the display","at":"2026-11-30T08:00:00Z"}}
            """.utf8)
        let report = ConfigReport(
            hash: hashA, source: .pushed, sequence: 1_764_488_412, topic: "touchpanel/config/p001", since: "2026-11-30T07:40:12Z",
            groups: ["floor1", "all"], version: "1.2.3",
            push: .init(topic: "touchpanel/config/p001", sequence: 1_764_488_412, hash: hashB, result: .refused,
                        error: "pushed.ini:12: [button x] rect: outside the display", at: "2026-11-30T08:00:00Z"))
        #expect(ConfigReport.parse(payload) == report)
        // What the panel writes reads back as it was.
        #expect(ConfigReport.parse(Array(report.json.utf8)) == report)
        #expect(ConfigReport.parse(payload)?.lastSeen == "2026-11-30T08:00:00Z")
        #expect(ConfigReport.parse(Array("{\"source\":\"local\"}".utf8)) == nil)
        #expect(ConfigReport.parse(Array("not json".utf8)) == nil)
        #expect(ConfigReport.parse(Array("{\"hash\":\"\(hashA)\",\"source\":\"elsewhere\"}".utf8)) == nil)
    }

    @Test func printsOneLinePerPanelAndTheSummary() {
        var heard = FleetObservations(prefix: "touchpanel")
        heard.take(topic: "touchpanel/p001/config", payload: report(hashA, groups: ["all"]), pushed: nil)
        heard.take(topic: "touchpanel/p001/availability", payload: Array("online".utf8), pushed: nil)
        heard.take(topic: "touchpanel/p002/config", payload: report(hashA, groups: ["all"], version: "1.2.2"), pushed: nil)
        heard.take(topic: "touchpanel/p002/availability", payload: Array("offline".utf8), pushed: nil)
        heard.take(topic: "touchpanel/p003/health", payload: Array("{\"version\":\"1.10.0\",\"config_hash\":\"\(hashC)\"}".utf8), pushed: nil)
        let status = FleetStatus(heard)
        #expect(status.newestVersion == "1.10.0")
        #expect(status.text == """
            NODE  STATE    VERSION      CONFIG        SOURCE  LAST SEEN             DRIFT
            p001  online   1.2.3 (old)  aaaaaaaaaaaa  local   2026-11-30T07:40:12Z  -
            p002  offline  1.2.2 (old)  aaaaaaaaaaaa  local   2026-11-30T07:40:12Z  -
            p003  offline  1.10.0       cccccccccccc  -       -                     -
            3 panels, 1 online, 0 drifting, 2 on an old version

            """)
    }

    @Test func aPanelDriftsFromTheNewestConfigPushedToItsNodeOrGroup() {
        var heard = FleetObservations(prefix: "touchpanel")
        heard.take(topic: "touchpanel/p001/config", payload: report(hashA, groups: ["all"], source: "pushed", sequence: 20), pushed: nil)
        heard.take(topic: "touchpanel/p002/config", payload: report(hashA, groups: ["all"], source: "pushed", sequence: 20), pushed: nil)
        heard.take(topic: "touchpanel/p003/config", payload: report(hashB, groups: ["half"]), pushed: nil)
        // p001: its node's push is older than the group's; p002 runs the group's.
        heard.take(topic: "touchpanel/config/p001", payload: [1], pushed: .init(sequence: 10, hash: hashC))
        heard.take(topic: "touchpanel/config/group/all", payload: [1], pushed: .init(sequence: 20, hash: hashA))
        heard.take(topic: "touchpanel/config/p003", payload: [1], pushed: .init(sequence: 30, hash: hashC))
        let status = FleetStatus(heard)
        #expect(status.rows.map(\.drift) == [nil, nil, .pushed(topic: "touchpanel/config/p003", hash: hashC)])
        #expect(status.summary == "3 panels, 0 online, 1 drifting, 0 on an old version")
        #expect(status.text == """
            NODE  STATE    VERSION  CONFIG        SOURCE     LAST SEEN             DRIFT
            p001  offline  1.2.3    aaaaaaaaaaaa  pushed 20  2026-11-30T07:40:12Z  -
            p002  offline  1.2.3    aaaaaaaaaaaa  pushed 20  2026-11-30T07:40:12Z  -
            p003  offline  1.2.3    bbbbbbbbbbbb  local      2026-11-30T07:40:12Z  drift: touchpanel/config/p003 has cccccccccccc
            3 panels, 0 online, 1 drifting, 0 on an old version

            """)
        // On a tie the node's own wins.
        heard.take(topic: "touchpanel/config/p001", payload: [1], pushed: .init(sequence: 20, hash: hashC))
        #expect(FleetStatus(heard).rows[0].drift == .pushed(topic: "touchpanel/config/p001", hash: hashC))
    }

    @Test func aPanelNothingWasPushedToDriftsFromItsGroupsMajority() {
        var heard = FleetObservations(prefix: "touchpanel")
        for (node, hash) in [("p001", hashA), ("p002", hashA), ("p003", hashB), ("p004", hashC)] {
            heard.take(topic: "touchpanel/\(node)/config", payload: report(hash, groups: ["floor1"]), pushed: nil)
        }
        heard.take(topic: "touchpanel/p005/config", payload: report(hashB, groups: ["floor2"]), pushed: nil)
        heard.take(topic: "touchpanel/p006/config", payload: report(hashC, groups: ["floor2"]), pushed: nil)
        let status = FleetStatus(heard)
        // floor2 has no majority: one panel each.
        #expect(status.rows.map(\.drift) == [nil, nil, .group("floor1", hash: hashA), .group("floor1", hash: hashA), nil, nil])
        #expect(status.text.contains("drift: group floor1 runs aaaaaaaaaaaa"))
    }

    @Test func aGroupListsOnlyItsPanelsAndLatestCountsAsNewest() {
        var heard = FleetObservations(prefix: "site")
        heard.take(topic: "site/p001/config", payload: report(hashA, groups: ["all", "half-a"]), pushed: nil)
        heard.take(topic: "site/p002/config", payload: report(hashA, groups: ["all", "half-b"]), pushed: nil)
        heard.take(topic: "site/latest", payload: Array("1.3.0".utf8), pushed: nil)
        heard.take(topic: "touchpanel/p009/config", payload: report(hashA, groups: ["all"]), pushed: nil)
        let status = FleetStatus(heard, group: "half-b")
        #expect(status.rows.map(\.node) == ["p002"])
        #expect(status.newestVersion == "1.3.0")
        #expect(status.summary == "1 panel, 0 online, 0 drifting, 1 on an old version")
        // An empty retained message removes what the topic said.
        heard.take(topic: "site/p002/config", payload: [], pushed: nil)
        #expect(FleetStatus(heard).rows.map(\.node) == ["p001"])
    }

    @Test func versionsCompareNumberByNumber() {
        #expect(VersionOrder.isOlder("1.2.9", than: "1.2.10"))
        #expect(!VersionOrder.isOlder("1.2.10", than: "1.2.9"))
        #expect(VersionOrder.isOlder("1.2", than: "1.2.1"))
        #expect(!VersionOrder.isOlder("1.2.0", than: "1.2"))
        #expect(VersionOrder.isOlder("1.3.0-rc1", than: "1.3.0-rc2"))
        #expect(VersionOrder.newest(["1.2.3", "", "1.10.0", "1.9.9"]) == "1.10.0")
        #expect(VersionOrder.newest([]) == nil)
    }

    @Test func brokerURLs() {
        #expect(BrokerURL.parse("mqtt://broker.local") == .success(BrokerURL(host: "broker.local", port: 1883, tls: false)))
        #expect(BrokerURL.parse("mqtts://broker.local:8884/") == .success(BrokerURL(host: "broker.local", port: 8884, tls: true)))
        #expect(BrokerURL.parse("mqtts://10.0.0.2") == .success(BrokerURL(host: "10.0.0.2", port: 8883, tls: true)))
        #expect(BrokerURL.parse("mqtt://[::1]:1884") == .success(BrokerURL(host: "::1", port: 1884, tls: false)))
        #expect(BrokerURL.parse("http://x") == .failure(FleetCommandProblem("--broker http://x: expected mqtt://HOST[:PORT] or mqtts://HOST[:PORT]")))
        #expect(BrokerURL.parse("mqtt://x:99999") == .failure(FleetCommandProblem("--broker mqtt://x:99999: the port is not a number from 1 to 65535")))
        #expect(BrokerURL(host: "::1", port: 1884, tls: false).text == "mqtt://[::1]:1884")
    }
}
