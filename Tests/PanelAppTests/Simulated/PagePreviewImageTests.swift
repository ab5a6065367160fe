import Foundation
import LinuxSystem
@testable import PanelApp
import PanelConfig
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

private let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("PNGFixtures").path

/// `touchpanel preview` with page images: refused as the start refuses a bad one (at the key's
/// file:line), and what the start logs while it brings them in (a cache folder that cannot be
/// written) logged as `run` logs it, once for all the pages drawn.
@Suite("Preview: page images as the start brings them in", .serialized)
struct PagePreviewImageTests {
    static func folder(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "touchpanel-preview-\(name)-\(getpid())"
        try? FileManager.default.removeItem(atPath: path)
        return path
    }

    /// Two pages, each with an image, in `directory`/panel.ini (`image` on lines 5 and 7).
    static func config(in directory: String, images: [String]) throws -> PanelConfiguration {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var text = "[display]\nwidth = 4\nheight = 2\n"
        for (index, image) in images.enumerated() { text += "[page p\(index)]\nimage = \(image)\n" }
        let path = directory + "/panel.ini"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return try PanelConfigLoader.load(path: path)
    }

    @Test func aCacheFolderThatCannotBeWrittenIsLoggedOnceAsRunLogsIt() throws {
        let directory = Self.folder("blocked")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let config = try Self.config(in: directory, images: ["\(fixtures)/rgb8.png", "\(fixtures)/gray8.png"])
        // A file where the cache folder's parent should be.
        let blocker = directory + "/blocker"
        try Data([0]).write(to: URL(fileURLWithPath: blocker))
        let log = RecordingLog()
        let preview = try PagePreview(
            config: config, pages: [0, 1], format: .xrgb8888, cache: BackgroundCache(directory: blocker + "/touchpanel"), log: log)
        let expected = "display: page backgrounds are kept in anonymous memory, not in the cache: "
            + "cannot make \(blocker)/touchpanel: ENOTDIR (Not a directory)"
        #expect(log.entries.map { $0.priority } == [.warning])
        #expect(log.lines == [expected])
        // `run` writes it so on a terminal; preview hands it the same log.
        #expect(StandardErrorLog.format(expected, priority: .warning, toJournal: false) == "touchpanel: \(expected)\n")
        // Both pages still drawn, from memory.
        for page in 0..<2 {
            guard case .success(let png) = preview.png(page: page, looks: [:]) else {
                Issue.record("page \(page) not drawn")
                continue
            }
            #expect(try DecodedPNG(png).width == 4)
        }
        #expect(log.lines.count == 1)
    }

    @Test func aWritableCacheLogsNothing() throws {
        let directory = Self.folder("writable")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let config = try Self.config(in: directory, images: ["\(fixtures)/rgb8.png"])
        let log = RecordingLog()
        _ = try PagePreview(config: config, pages: [0], format: .rgb565, cache: BackgroundCache(directory: directory + "/cache"), log: log)
        #expect(log.lines == [])
    }

    @Test func aBadPageImageIsRefusedAtItsKeysLine() throws {
        let directory = Self.folder("bad")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let config = try Self.config(in: directory, images: ["\(fixtures)/rgb8.png", "\(fixtures)/truncated-idat.png"])
        let log = RecordingLog()
        #expect {
            try PagePreview(config: config, pages: [0], format: .xrgb8888, cache: BackgroundCache(directory: directory + "/cache"), log: log)
        } throws: { error in
            (error as? StartError)?.message == "\(directory)/panel.ini:7: [page p1] image: \(fixtures)/truncated-idat.png: "
                + "the PNG image is truncated: the data ends before the image does"
        }
        #expect(log.lines == [])
    }
}
