import Foundation
import LinuxSystem
import PanelConfig
import PanelDrivers
@testable import PanelApp
import PanelEngine
import PanelTestSupport
import Testing
import TouchCore

/// The run's fleet side against a real key (libcrypto) and a state directory on disk: what it
/// applies, refuses, ignores and keeps, and what runs at the next start.
@Suite("Pushed configs: checked, applied, kept and chosen at start")
struct FleetConfigsTests {
    final class Lines: PanelLog {
        var lines: [String] = []
        func log(_ line: String, priority: LogPriority) { lines.append(line) }
    }

    /// A folder with `panel.ini`, `fleet.pub` and a state directory.
    struct Place {
        let directory: String
        var configPath: String { directory + "/panel.ini" }
        var stateDirectory: String { directory + "/state" }
        let topic = "touchpanel/config/hall"

        init(_ name: String) throws {
            directory = NSTemporaryDirectory() + "touchpanel-fleet-\(name)-\(getpid())"
            try? FileManager.default.removeItem(atPath: directory)
            try FileManager.default.createDirectory(atPath: directory + "/state", withIntermediateDirectories: true)
            try FleetKeys.publicPEM.write(toFile: directory + "/fleet.pub", atomically: true, encoding: .utf8)
        }

        func local(_ text: String) throws -> PanelConfiguration {
            try text.write(toFile: configPath, atomically: true, encoding: .utf8)
            return try PanelConfigLoader.load(path: configPath)
        }

        func remove() { try? FileManager.default.removeItem(atPath: directory) }
    }

    static let localText = """
        [display]
        width = 800
        height = 480
        [mqtt]
        host = 127.0.0.1
        client_id = hall
        [fleet]
        accept_config = yes
        trust_key = fleet.pub
        [button play]
        rect = 0, 0, 200, 100
        label = Play

        """

    static func payload(_ config: String, sequence: UInt64, topic: String = "touchpanel/config/hall") throws -> [UInt8] {
        let key = try Ed25519Key(pem: Array(FleetKeys.privatePEM.utf8), kind: .privateKey)
        let bytes = Array(config.utf8)
        let signature = try key.sign(PushedConfigMessage.signedBytes(sequence: sequence, topic: topic, config: bytes))
        return PushedConfigMessage(sequence: sequence, signature: signature, config: bytes).payload
    }

    @Test func aSignedConfigIsAppliedKeptAndChosenAtTheNextStart() throws {
        let place = try Place("apply")
        defer { place.remove() }
        let local = try place.local(FleetConfigsTests.localText)
        let log = Lines()
        let fleet = try #require(FleetConfigs(localPath: place.configPath, local: local, stateDirectory: place.stateDirectory, log: log))
        #expect(fleet.chooseConfig(local: local) == local)
        #expect(fleet.report.source == .local)
        #expect(fleet.report.hash == ConfigHash.hex(Array(FleetConfigsTests.localText.utf8)))

        let pushedText = FleetConfigsTests.localText.replacingOccurrences(of: "label = Play", with: "label = Pause")
        let payload = try FleetConfigsTests.payload(pushedText, sequence: 1_000)
        guard case .apply(let pushed) = fleet.consider(topic: place.topic, payload: payload) else {
            Issue.record("not applied: \(log.lines)")
            return
        }
        #expect(pushed.config.buttons.map { $0.label } == ["Pause"])
        #expect(pushed.config.file == place.directory + "/pushed.ini")
        fleet.applied(pushed)
        let hash = ConfigHash.hex(Array(pushedText.utf8))
        #expect(log.lines == ["fleet: applied the config pushed on touchpanel/config/hall (sequence 1000, \(hash.prefix(12)))"])
        let report = fleet.report
        #expect((report.source, report.hash, report.sequence, report.topic, report.push?.result, report.push?.hash) ==
            (.pushed, hash, 1_000, place.topic, .applied, hash))
        let kept = try FileContents.bytes(ofFile: place.stateDirectory + "/pushed-config")
        #expect(kept == Array("touchpanel/config/hall\n".utf8) + payload)

        // The same message again (a retained one at the next connect): nothing, said nowhere.
        guard case .nothing = fleet.consider(topic: place.topic, payload: payload) else {
            Issue.record("the running config was taken again")
            return
        }
        // An older one: logged once, however often it comes.
        let older = try FleetConfigsTests.payload(FleetConfigsTests.localText, sequence: 999)
        for _ in 0..<3 { guard case .nothing = fleet.consider(topic: place.topic, payload: older) else { Issue.record("older taken"); return } }
        #expect(log.lines.dropFirst() == ["fleet: ignored the config on touchpanel/config/hall: its sequence 999 is not newer than the running one's (1000)"])

        // The next start: the kept config runs.
        let restartLog = Lines()
        let again = try #require(FleetConfigs(localPath: place.configPath, local: local, stateDirectory: place.stateDirectory, log: restartLog))
        #expect(again.chooseConfig(local: local).buttons.map { $0.label } == ["Pause"])
        #expect(restartLog.lines == [
            "fleet: running the config pushed on touchpanel/config/hall (sequence 1000), kept in \(place.stateDirectory)/pushed-config",
        ])
        #expect(again.report.source == .pushed)

        // The local file changed where a push may not: the kept config no longer passes.
        let moved = try place.local(FleetConfigsTests.localText.replacingOccurrences(of: "host = 127.0.0.1", with: "host = 10.0.0.2"))
        let thirdLog = Lines()
        let third = try #require(FleetConfigs(localPath: place.configPath, local: moved, stateDirectory: place.stateDirectory, log: thirdLog))
        #expect(third.chooseConfig(local: moved) == moved)
        #expect(thirdLog.lines == [
            "fleet: the kept pushed config (\(place.stateDirectory)/pushed-config) no longer passes: [mqtt] differs from the local file's: a pushed config keeps the panel's own (allow = mqtt in the local [fleet] lets it change); running the local config",
        ])
    }

    @Test func refusalsChangeNothingAndSayWhy() throws {
        let place = try Place("refuse")
        defer { place.remove() }
        let local = try place.local(FleetConfigsTests.localText)
        let log = Lines()
        let fleet = try #require(FleetConfigs(localPath: place.configPath, local: local, stateDirectory: place.stateDirectory, log: log))
        _ = fleet.chooseConfig(local: local)
        func refusal(_ payload: [UInt8], topic: String = "touchpanel/config/hall") -> String? {
            guard case .refused = fleet.consider(topic: topic, payload: payload) else { return nil }
            return fleet.report.push?.error
        }
        // Signed for another panel's topic, replayed on this one's.
        #expect(refusal(try FleetConfigsTests.payload(FleetConfigsTests.localText, sequence: 5, topic: "touchpanel/config/kitchen"))
            == "not signed by the trusted key: the signature does not match the trusted key")
        #expect(refusal(Array("[display]\nwidth = 800\n".utf8)) == "not a pushed config: its first line is not `touchpanel-config 1 SEQUENCE SIGNATURE`")
        #expect(refusal(try FleetConfigsTests.payload(FleetConfigsTests.localText + "not a key\n", sequence: 6))
            == "\(place.directory)/pushed.ini:13: expected `key = value`, `[section]` or a comment, found \"not a key\"")
        #expect(refusal(try FleetConfigsTests.payload(FleetConfigsTests.localText + "on_tap = exec reboot\n", sequence: 7))
            == "\(place.directory)/pushed.ini:10: [button play]: exec reboot is not one of the local file's exec actions (allow = exec in the local [fleet] lets pushed ones in)")
        // An include would read the panel's own files: refused.
        #expect(refusal(try FleetConfigsTests.payload("include = /etc/passwd\n" + FleetConfigsTests.localText, sequence: 8))
            == "\(place.directory)/pushed.ini:1: include is not allowed in a pushed config")
        #expect(fleet.report.source == .local)
        #expect(fleet.report.push?.sequence == 8)
        #expect(!FileManager.default.fileExists(atPath: place.stateDirectory + "/pushed-config"))
        #expect(log.lines.count == 5)
        #expect(log.lines[0] == "fleet: refused the config pushed on touchpanel/config/hall: not signed by the trusted key: the signature does not match the trusted key")
    }
}
