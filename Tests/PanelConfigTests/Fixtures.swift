import Foundation
import PanelConfig
import Testing
import TouchCore

/// Three lines: an 800x480 display. Sections that follow start on line 4.
let display800x480 = "[display]\nwidth = 800\nheight = 480\n"

/// The rendered errors of parsing `text` as `panel.ini`, or [] when it parses. Presets are
/// looked for only in `presets` (none by default), never in the machine's directories.
func renderedErrors(_ text: String, file: String = "panel.ini", presets: [String] = []) -> [String] {
    do {
        _ = try PanelConfigLoader.parse(text: text, file: file, presetSearchPath: presets)
        return []
    } catch {
        return error.errors.map { $0.rendered }
    }
}

/// The errors of parsing `text`, for checks of their fields.
func configErrors(_ text: String, file: String = "panel.ini", presets: [String] = []) -> [ConfigError] {
    do {
        _ = try PanelConfigLoader.parse(text: text, file: file, presetSearchPath: presets)
        return []
    } catch {
        return error.errors
    }
}

/// The configuration `text` parses to; nil (with the errors recorded) when it does not.
func parsed(_ text: String, file: String = "panel.ini", presets: [String] = []) -> PanelConfiguration? {
    do {
        return try PanelConfigLoader.parse(text: text, file: file, presetSearchPath: presets)
    } catch {
        Issue.record("unexpected errors:\n\(error.rendered)")
        return nil
    }
}

func ms(_ milliseconds: Int64) -> MonotonicDuration {
    MonotonicDuration(nanoseconds: milliseconds * 1_000_000)
}

/// `#RRGGBB` as a RGBColor, for expectations.
func rgb(_ value: UInt32) -> RGBColor {
    RGBColor(r: UInt8(value >> 16 & 0xFF), g: UInt8(value >> 8 & 0xFF), b: UInt8(value & 0xFF))
}

/// A fresh directory in the temporary directory holding `files` (name: text); the caller
/// removes it with `remove()`.
struct TemporaryDirectory {
    let path: String

    init(_ files: [String: String] = [:]) throws {
        path = NSTemporaryDirectory() + "panelconfig-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(toFile: path + "/" + name, atomically: true, encoding: .utf8)
        }
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// The repository's `boards/` directory, found from this file's place in the checkout.
let repositoryBoards = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("boards").path
