import LinuxSystem
@testable import PanelEngine
@testable import PanelTestSupport
import Testing

@Suite("P/health's JSON, FLEET/latest's version and the last error kept (issue 48)")
struct PanelHealthTests {
    @Test func theHealthIsOneJSONObjectWithNullForWhatCannotBeRead() {
        var health = PanelHealth(
            version: "1.2.3", configHash: "ab12", uptimeSeconds: 3_600, touches: 120, touchP99Microseconds: 1_250, dropped: 3,
            anonymousKB: 2_048, cpuMillidegrees: 47_200, lastError: "exec \"x\": not found")
        #expect(String(decoding: health.payload, as: UTF8.self)
            == #"{"version":"1.2.3","config_hash":"ab12","uptime_s":3600,"touches":120,"touch_p99_ms":1.25,"dropped":3,"anon_kb":2048,"cpu_temp_c":47.2,"last_error":"exec \"x\": not found"}"#)
        health.anonymousKB = nil
        health.cpuMillidegrees = nil
        health.lastError = nil
        #expect(String(decoding: health.payload, as: UTF8.self)
            == #"{"version":"1.2.3","config_hash":"ab12","uptime_s":3600,"touches":120,"touch_p99_ms":1.25,"dropped":3,"anon_kb":null,"cpu_temp_c":null,"last_error":null}"#)
    }

    @Test func decimalsAreRoundedHalfAwayFromZero() {
        #expect(PanelHealth.decimal(1_250, scale: 1_000, places: 2) == "1.25")
        #expect(PanelHealth.decimal(1_255, scale: 1_000, places: 2) == "1.26")
        #expect(PanelHealth.decimal(1_254, scale: 1_000, places: 2) == "1.25")
        #expect(PanelHealth.decimal(0, scale: 1_000, places: 2) == "0.00")
        #expect(PanelHealth.decimal(40_005, scale: 1_000, places: 2) == "40.01")
        #expect(PanelHealth.decimal(47_250, scale: 1_000, places: 1) == "47.3")
        #expect(PanelHealth.decimal(47_049, scale: 1_000, places: 1) == "47.0")
        #expect(PanelHealth.decimal(-5_400, scale: 1_000, places: 1) == "-5.4")
        #expect(PanelHealth.decimal(-40, scale: 1_000, places: 1) == "0.0")
    }

    @Test func theAnnouncedVersionIsPrintableASCIIWithoutSpaces() {
        #expect(FleetUpdate.announced(Array("9.9.9".utf8)) == .success("9.9.9"))
        #expect(FleetUpdate.announced(Array("2026.11-rc1".utf8)) == .success("2026.11-rc1"))
        #expect(FleetUpdate.announced([]) == .success(nil))
        #expect(FleetUpdate.announced(Array("1.0 beta".utf8))
            == .failure(ControlError("a version is printable ASCII without spaces or quotes, such as 1.2.3")))
        #expect(FleetUpdate.announced(Array("1\"".utf8)) != .success("1\""))
        #expect(FleetUpdate.announced(Array(repeating: UInt8(ascii: "1"), count: 65)) == .failure(ControlError("a version is at most 64 characters")))
        #expect(String(decoding: FleetUpdate.state(installed: "0.1.0", latest: nil), as: UTF8.self)
            == #"{"installed_version":"0.1.0","latest_version":"0.1.0"}"#)
        #expect(String(decoding: FleetUpdate.state(installed: "0.1.0", latest: "9.9.9"), as: UTF8.self)
            == #"{"installed_version":"0.1.0","latest_version":"9.9.9"}"#)
    }

    @Test func theLastErrorLineIsKeptAndEveryLinePassedOn() {
        let inner = RecordingLog()
        let log = LastErrorLog(inner)
        #expect(log.lastError == nil)
        log.error("backlight: cannot write")
        log.warning("mqtt: connection lost")
        log.log("reloaded panel.ini")
        #expect(log.lastError == "backlight: cannot write")
        log.error("exec \"x\": not found")
        #expect(log.lastError == "exec \"x\": not found")
        #expect(inner.lines == ["backlight: cannot write", "mqtt: connection lost", "reloaded panel.ini", "exec \"x\": not found"])
    }
}
