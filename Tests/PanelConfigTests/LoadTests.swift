import Foundation
import PanelConfig
import Testing
import TouchCore

@Suite("Loading from a file")
struct LoadTests {
    /// A fresh file in the temporary directory holding `text`; removed by the caller.
    static func temporaryFile(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "panelconfig-\(UUID().uuidString).ini"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func loadsAFile() throws {
        let path = try LoadTests.temporaryFile(display800x480 + "[button play]\nrect = 20, 20, 200, 120\non_tap = emit\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let config = try PanelConfigLoader.load(path: path)
        #expect(config.file == path)
        #expect(config.buttons == [ButtonConfig(
            name: "play", label: "play", rect: Rect(x: 20, y: 20, width: 200, height: 120), onTap: .emit, line: 4,
            fontSize: 48, fontSizeFitted: true)])
    }

    @Test func errorsOfALoadedFileNameThePath() throws {
        let path = try LoadTests.temporaryFile("[display]\nwidth = 800\nheight = 480px\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: ConfigErrors(errors: [ConfigError(
            file: path, line: 3, section: "display", key: "height",
            message: "expected an integer 1..8192 (pixels), found \"480px\"")])) {
            try PanelConfigLoader.load(path: path)
        }
    }

    /// Reading a FIFO would wait for a writer forever; a device could be endless.
    @Test func aFIFOOrADeviceIsRefusedAtOnceNotWaitedOn() throws {
        let fifo = NSTemporaryDirectory() + "panelconfig-\(UUID().uuidString).fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        for path in [fifo, "/dev/zero", NSTemporaryDirectory()] {
            do {
                _ = try PanelConfigLoader.load(path: path)
                Issue.record("loaded \(path)")
            } catch {
                #expect(error.errors.map { $0.rendered } == [
                    "\(path): not a regular file (a FIFO, a device or a directory); give the path of a file",
                ])
            }
        }
    }

    @Test func missingFileIsOneErrorOnLineZero() {
        let path = "/nonexistent-dir/panel.ini"
        do {
            _ = try PanelConfigLoader.load(path: path)
            Issue.record("loaded a file that does not exist")
        } catch {
            #expect(error.errors == [ConfigError(file: path, line: 0, message: "cannot open: No such file or directory")])
            #expect(error.errors.map { $0.rendered } == ["/nonexistent-dir/panel.ini: cannot open: No such file or directory"])
        }
    }

    @Test func directoryIsUnreadable() {
        do {
            _ = try PanelConfigLoader.load(path: NSTemporaryDirectory())
            Issue.record("loaded a directory")
        } catch {
            #expect(error.errors.map { $0.message } == ["not a regular file (a FIFO, a device or a directory); give the path of a file"])
        }
    }
}
