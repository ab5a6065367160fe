import Foundation
import LinuxSystem
@testable import PanelApp
import PanelEngine
import Testing
import TouchCore

/// A reload whose config names a page image that does not decode is refused before anything is
/// touched: the running config goes on, and the reason names the key's file:line.
@Suite("Reload: a bad page image keeps the running config")
struct ConfigReloadImageTests {
    final class Lines: PanelLog {
        var lines: [String] = []
        func log(_ line: String, priority: LogPriority) { lines.append(line) }
    }

    @Test func aTruncatedImageRefusesTheReloadAtItsLine() throws {
        let directory = NSTemporaryDirectory() + "touchpanel-reload-image-\(getpid())"
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        try Data(png).write(to: URL(fileURLWithPath: directory + "/plan.png"))
        let config = directory + "/panel.ini"
        try "[display]\nwidth = 800\nheight = 480\n[page plan]\nimage = plan.png\n".write(toFile: config, atomically: true, encoding: .utf8)
        let log = Lines()
        let outcome = ConfigReload.read(config, runningBridge: nil, runningHomeAssistant: nil, fleet: nil, log: log, now: MonotonicInstant(nanoseconds: 0))
        guard case .refused(let reason) = outcome else {
            Issue.record("the reload was not refused")
            return
        }
        let expected = "\(config):5: [page plan] image: \(directory)/plan.png: the PNG image is truncated: the data ends before the image does"
        #expect(reason == expected)
        #expect(log.lines == ["reload refused; the running config stays:", expected])
    }
}
