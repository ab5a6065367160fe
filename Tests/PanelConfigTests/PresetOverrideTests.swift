import Foundation
import PanelConfig
import Testing
import TouchCore

/// A panel config that gives a display size or a touch device its preset gives otherwise is
/// warned of (issue 28), and the example the package ships gives none of them.
@Suite("Values that replace a preset's: warned of; the shipped example gives none")
struct PresetOverrideTests {
    /// Line numbers matter below: width on 3, height on 4, name on 7.
    static let tabletBoard = """
        ; a portrait evdev panel
        [display]
        width = 720
        height = 1280
        [controller]
        model = evdev
        name = Goodix Capacitive TouchScreen
        """

    static func warnings(_ text: String, preset: String = tabletBoard) throws -> [String] {
        let dir = try TemporaryDirectory(["tablet.ini": preset])
        defer { dir.remove() }
        let config = try PanelConfigLoader.parse(text: text, file: "panel.ini", presetSearchPath: [dir.path])
        return config.warnings.map { $0.rendered.replacingOccurrences(of: dir.path, with: "BOARDS") }
    }

    @Test func aSizeAndADeviceThatReplaceThePresetsAreNamedWithBothValues() throws {
        let warnings = try PresetOverrideTests.warnings("""
            [board]
            preset = tablet
            [display]
            width = 800
            height = 480
            [controller]
            device = /dev/input/event0
            [button a]
            rect = 0, 0, 10, 10
            """)
        let tail = ": delete the line to use the preset's, or keep it if your panel differs"
        #expect(warnings == [
            "panel.ini:4: [display] width: warning: preset tablet sets width = 720 (BOARDS/tablet.ini:3); "
                + "this line's width = 800 replaces it" + tail,
            "panel.ini:5: [display] height: warning: preset tablet sets height = 1280 (BOARDS/tablet.ini:4); "
                + "this line's height = 480 replaces it" + tail,
            "panel.ini:7: [controller] device: warning: preset tablet sets name = Goodix Capacitive TouchScreen "
                + "(BOARDS/tablet.ini:7); this line's device = /dev/input/event0 replaces it" + tail,
        ])
    }

    @Test func theSameValueOrAKeyThePresetLeavesOpenIsNoWarning() throws {
        #expect(try PresetOverrideTests.warnings("""
            [board]
            preset = tablet
            [display]
            width = 720
            font_size = 30
            [controller]
            name = Goodix Capacitive TouchScreen
            [button a]
            rect = 0, 0, 10, 10
            """) == [])
    }

    @Test func withoutAPresetNothingIsReplaced() throws {
        #expect(try PresetOverrideTests.warnings(display800x480 + "[controller]\nmodel = evdev\ndevice = /dev/input/event3\n"
            + "[button a]\nrect = 0, 0, 10, 10\n") == [])
    }

    /// A user of a generic preset must give the size and the device: that is no warning.
    @Test func aValueThePresetMarksAsAPlaceholderIsReplacedWithoutAWarning() throws {
        let panel = """
            [board]
            preset = tablet
            [display]
            width = 800
            height = 480
            [controller]
            device = /dev/input/event3
            [button a]
            rect = 0, 0, 10, 10
            """
        let both = "[board]\nplaceholders = size, device\n" + PresetOverrideTests.tabletBoard
        #expect(try PresetOverrideTests.warnings(panel, preset: both) == [])
        // Line numbers in the preset move down by two: name is on line 9.
        let sizeOnly = "[board]\nplaceholders = size\n" + PresetOverrideTests.tabletBoard
        #expect(try PresetOverrideTests.warnings(panel, preset: sizeOnly) == [
            "panel.ini:7: [controller] device: warning: preset tablet sets name = Goodix Capacitive TouchScreen "
                + "(BOARDS/tablet.ini:9); this line's device = /dev/input/event3 replaces it: delete the line to use "
                + "the preset's, or keep it if your panel differs",
        ])
    }

    @Test func placeholdersAreSizeAndDeviceEachOnce() throws {
        // A preset is a config by itself too (`touchpanel check` on it): there it changes nothing.
        #expect(try PresetOverrideTests.warnings("[board]\nplaceholders = size\n" + display800x480 + "[button a]\nrect = 0, 0, 10, 10\n") == [])
        let dir = try TemporaryDirectory(["bad.ini": "[board]\nplaceholders = size, size\n" + display800x480,
                                          "worse.ini": "[board]\nplaceholders = width\n" + display800x480])
        defer { dir.remove() }
        let errors = renderedErrors("[board]\npreset = bad\n", presets: [dir.path])
            + renderedErrors("[board]\npreset = worse\n", presets: [dir.path])
        #expect(errors.map { $0.replacingOccurrences(of: dir.path, with: "BOARDS") } == [
            "BOARDS/bad.ini:2: [board] placeholders: expected size, device or \"size, device\", found \"size, size\"",
            "BOARDS/worse.ini:2: [board] placeholders: expected size, device or \"size, device\", found \"width\"",
        ])
    }

    /// The shipped example with its commented size and device lines taken in, on the presets
    /// whose size or device are placeholders: what the comments ask, and no warning.
    @Test func theShippedExamplesOwnSizeAndDeviceOnThePlaceholderPresetsAreNoWarning() throws {
        let text = try String(contentsOfFile: PresetOverrideTests.shippedExample, encoding: .utf8)
            .replacingOccurrences(of: "# [display]\n# width = 800\n# height = 480\n", with: "[display]\nwidth = 1024\nheight = 600\n")
            .replacingOccurrences(of: "# [controller]\n# device =", with: "[controller]\ndevice =")
        #expect(text.contains("\nwidth = 1024\n") && text.contains("\n[controller]\ndevice = /dev/input/"))
        // official-7inch-v1-evdev's size is its panel's; only its device is a placeholder.
        for (name, warned) in [("generic-evdev", 0), ("official-7inch-v1-evdev", 2)] {
            let edited = text.replacingOccurrences(of: "\npreset = generic-evdev\n", with: "\npreset = \(name)\n")
            let config = try #require(parsed(edited, file: "/etc/touchpanel/panel.ini", presets: [repositoryBoards]), "\(name)")
            #expect(config.display.width == 1024 && config.display.height == 600, "\(name)")
            #expect(config.warnings.map { $0.key ?? "" } == Array(["width", "height"].prefix(warned)), "\(name)")
        }
    }

    /// packaging/panel.ini, installed as /etc/touchpanel/panel.ini.
    static let shippedExample = URL(fileURLWithPath: repositoryBoards).deletingLastPathComponent()
        .appendingPathComponent("packaging/panel.ini").path

    /// A user who changes only its `preset =` line gets that preset's size and device, and a
    /// config that passes without a warning, with every preset in boards/.
    @Test func theShippedExampleLeavesSizeAndDeviceToEveryPreset() throws {
        let text = try String(contentsOfFile: PresetOverrideTests.shippedExample, encoding: .utf8)
        #expect(text.contains("\npreset = generic-evdev\n"))
        for name in try BoardFilesTests.presetNames() {
            let edited = text.replacingOccurrences(of: "\npreset = generic-evdev\n", with: "\npreset = \(name)\n")
            let config = try #require(parsed(edited, file: "/etc/touchpanel/panel.ini", presets: [repositoryBoards]), "\(name)")
            let preset = try BoardFilesTests.load(name)
            #expect(config.display == preset.display, "\(name)")
            #expect(config.controller == preset.controller, "\(name)")
            #expect(config.warnings.map { $0.rendered } == [], "\(name)")
        }
    }
}
