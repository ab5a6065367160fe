import Foundation
import PanelConfig
@testable import PanelDrivers
import PanelEngine
import Testing

/// The files `[mqtt]` names are read by `check` as the start reads them, and a missing one is
/// named with its path, by `check` with the config's file:line (issue 28).
@Suite("[mqtt] files: checked before the start, named when missing")
struct MQTTStartFilesTests {
    static func config(_ mqtt: String, in dir: String) throws -> PanelConfiguration {
        try PanelConfigLoader.parse(text: """
            [display]
            width = 800
            height = 480
            [mqtt]
            host = 127.0.0.1
            \(mqtt)
            [button a]
            rect = 0, 0, 10, 10
            """, file: "panel.ini", presetSearchPath: [])
    }

    @Test func aMissingPasswordFileStopsTheStartNamingItsPath() {
        #expect(throws: (any Error).self) { try MQTTBringUp.readPassword("/nonexistent/mqtt.pass") }
        do {
            _ = try MQTTBringUp.readPassword("/nonexistent/mqtt.pass")
        } catch {
            #expect(error.message == "[mqtt] password_file /nonexistent/mqtt.pass: cannot open: No such file or directory")
            #expect(error.part == .mqtt)
        }
    }

    @Test func checkNamesEachFileThatCannotBeReadWithItsLine() throws {
        let dir = NSTemporaryDirectory() + "mqtt-files-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let config = try MQTTStartFilesTests.config("""
            username = panel
            password_file = \(dir)/missing.pass
            ca_file = \(dir)/ca.pem
            cert_file = \(dir)
            key_file = \(dir)/key.pem
            """, in: dir)
        try "-----BEGIN CERTIFICATE-----\n".write(toFile: dir + "/ca.pem", atomically: true, encoding: .utf8)
        try "key\n".write(toFile: dir + "/key.pem", atomically: true, encoding: .utf8)
        #expect(MQTTBringUp.fileProblems(config.namedFiles) == [
            "panel.ini:7: [mqtt] password_file \(dir)/missing.pass: cannot open: No such file or directory",
            "panel.ini:9: [mqtt] cert_file \(dir): not a regular file (a FIFO, a device or a directory); give the path of a file",
        ])
        // With the password there, and its first line not empty, nothing stops the start.
        try "secret\n".write(toFile: dir + "/missing.pass", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: dir + "/key.pem")
        #expect(MQTTBringUp.fileProblems(config.namedFiles) == [
            "panel.ini:9: [mqtt] cert_file \(dir): not a regular file (a FIFO, a device or a directory); give the path of a file",
            "panel.ini:10: [mqtt] key_file \(dir)/key.pem: cannot open: No such file or directory",
        ])
        try "\n".write(toFile: dir + "/missing.pass", atomically: true, encoding: .utf8)
        #expect(MQTTBringUp.fileProblems(config.namedFiles).first
            == "panel.ini:7: [mqtt] password_file \(dir)/missing.pass: its first line is empty")
    }

    @Test func theFontIsNamedWithItsLineOrAsTheDefault() throws {
        let given = try PanelConfigLoader.parse(text: "[display]\nwidth = 800\nheight = 480\nfont = /x/y.ttf\n",
                                                file: "panel.ini", presetSearchPath: [])
        #expect(given.namedFiles.all == [NamedFile(section: "display", key: "font", path: "/x/y.ttf", file: "panel.ini", line: 4)])
        #expect(given.namedFiles.all.first?.prefix == "panel.ini:4: [display] font: ")
        let defaulted = try PanelConfigLoader.parse(text: "[display]\nwidth = 800\nheight = 480\n", file: "panel.ini", presetSearchPath: [])
        #expect(defaulted.namedFiles.all.first?.prefix == "panel.ini: [display] font: ")
        #expect(defaulted.namedFiles.all.first?.path == DisplayConfig.defaultFont)
    }
}
