import Foundation
import PanelDrivers
import Testing

@Suite("The machine's anonymous memory and CPU temperature, as /proc and /sys give them")
struct ProcMachineReadingsTests {
    /// A folder with the files given, removed by the caller.
    private func folder(_ files: [String: String]) throws -> String {
        let path = NSTemporaryDirectory() + "touchpanel-machine-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: "\(path)/\(name)", atomically: false, encoding: .utf8) }
        return path
    }

    @Test func smapsRollupsAnonymousLineIsTakenElseStatussRssAnon() throws {
        let path = try folder([
            "smaps_rollup": "55d0c0a00000-7ffd3b1f9000 ---p 00000000 00:00 0    [rollup]\nRss:                4660 kB\nPss:                1290 kB\nAnonymous:          1836 kB\nLazyFree:              0 kB\n",
            "status": "Name:\ttouchpanel\nVmRSS:\t    4660 kB\nRssAnon:\t    1800 kB\nRssFile:\t    2860 kB\n",
            "temp": "47250\n",
            "cold": "-5400\n",
            "garbage": "hot\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let readings = ProcMachineReadings(smapsRollupPath: "\(path)/smaps_rollup", statusPath: "\(path)/status", thermalPath: "\(path)/temp")
        #expect(readings.anonymousKB() == 1_836)
        #expect(readings.cpuMillidegrees() == 47_250)
        let fallBack = ProcMachineReadings(smapsRollupPath: "\(path)/none", statusPath: "\(path)/status", thermalPath: "\(path)/cold")
        #expect(fallBack.anonymousKB() == 1_800)
        #expect(fallBack.cpuMillidegrees() == -5_400)
        let nothing = ProcMachineReadings(smapsRollupPath: "\(path)/none", statusPath: "\(path)/none", thermalPath: "\(path)/garbage")
        #expect(nothing.anonymousKB() == nil)
        #expect(nothing.cpuMillidegrees() == nil)
        #expect(ProcMachineReadings(thermalPath: "\(path)/no-thermal-zone").cpuMillidegrees() == nil)
    }

    @Test func thisProcessHasAnonymousMemory() throws {
        let kB = try #require(ProcMachineReadings().anonymousKB())
        #expect(kB > 100)
    }
}
