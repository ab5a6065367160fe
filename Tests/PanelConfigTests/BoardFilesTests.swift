import Foundation
import PanelConfig
import Testing
import TouchCore

@Suite("The presets in boards/")
struct BoardFilesTests {
    /// Every `*.ini` in the repository's boards/ directory.
    static func presetNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: repositoryBoards)
            .filter { $0.hasSuffix(".ini") }
            .map { String($0.dropLast(4)) }
            .sorted()
    }

    @Test func everyPresetLoadsAsAPresetAndOnItsOwn() throws {
        let names = try BoardFilesTests.presetNames()
        #expect(names.count >= 5)
        for name in names {
            let config = try #require(parsed("[board]\npreset = \(name)\n[button a]\nrect = 0, 0, 10, 10\n",
                                             file: "/srv/panel.ini", presets: [repositoryBoards]), "\(name)")
            #expect(config.board.presetName == name)
            #expect(config.board.presetFile == repositoryBoards + "/" + name + ".ini")
            // A preset is a valid config by itself too (no buttons): `touchpanel check` on it works.
            _ = try PanelConfigLoader.load(path: repositoryBoards + "/" + name + ".ini", presetSearchPath: [])
            // And its effective text reads back.
            let back = try EffectiveTextTests.roundTrip(config, presets: [repositoryBoards])
            #expect(back == EffectiveTextTests.withLines(of: back, config), "\(name)")
        }
    }

    @Test func thePresetsFoundAreListedByName() {
        #expect(BoardPresets.available(in: [repositoryBoards]) == [
            "generic-evdev", "generic-ft5x06", "hyperpixel4", "hyperpixel4-square", "official-7inch-v1",
            "official-7inch-v1-evdev", "pitft28-capacitive", "sim", "touch-display-2", "touch-display-2-evdev",
            "waveshare-dsi",
        ])
    }

    static func load(_ name: String) throws -> PanelConfiguration {
        try PanelConfigLoader.parse(text: "[board]\npreset = \(name)\n", file: "panel.ini", presetSearchPath: [repositoryBoards])
    }

    @Test func official7inchV1() throws {
        let config = try BoardFilesTests.load("official-7inch-v1")
        #expect(config.display == DisplayConfig(width: 800, height: 480))
        #expect(config.controller == ControllerConfig(
            model: .ft5406, width: 800, height: 480, invertX: true, invertY: true, swapXY: false,
            bus: 10, address: 0x38, interrupt: nil, pollInterval: .milliseconds(17)))
        #expect(config.makeRawReportDecoder().ft5x06.maxPoints == 5)
        #expect(config.board.simulated == false)
    }

    @Test func pitft28Capacitive() throws {
        let config = try BoardFilesTests.load("pitft28-capacitive")
        #expect(config.display == DisplayConfig(width: 240, height: 320))
        #expect(config.controller == ControllerConfig(
            model: .ft6206, width: 240, height: 320, bus: 1, address: 0x38,
            interrupt: InterruptLineConfig(chip: "gpiochip0", line: .offset(24))))
        #expect(config.makeRawReportDecoder().ft5x06.maxPoints == 2)
        #expect(config.board.simulated == false)
    }

    @Test func hyperpixel4Square() throws {
        let config = try BoardFilesTests.load("hyperpixel4-square")
        #expect(config.display == DisplayConfig(width: 720, height: 720))
        #expect(config.controller == ControllerConfig(
            model: .ft5406, width: 720, height: 720, bus: 3, address: 0x48,
            interrupt: InterruptLineConfig(chip: "gpiochip0", line: .offset(27))))
        #expect(config.board.simulated == false)
    }

    @Test func genericFT5x06() throws {
        let config = try BoardFilesTests.load("generic-ft5x06")
        #expect(config.display == DisplayConfig(width: 800, height: 480))
        #expect(config.controller == ControllerConfig(
            model: .ft5406, width: 800, height: 480, bus: 1, address: 0x38,
            interrupt: InterruptLineConfig(chip: "gpiochip0", line: .offset(4)), pollInterval: .milliseconds(17)))
        #expect(config.board.simulated == false)
    }

    @Test func touchDisplay2ReadsItsGT911Directly() throws {
        let config = try BoardFilesTests.load("touch-display-2")
        #expect(config.display == DisplayConfig(width: 720, height: 1280))
        #expect(config.controller == ControllerConfig(
            model: .gt911, width: 720, height: 1280, rangeGiven: false, bus: 10, address: 0x5D, pollInterval: .milliseconds(17)))
        #expect(config.board.simulated == false)
    }

    @Test func touchDisplay2ThroughTheKernelsDriver() throws {
        let config = try BoardFilesTests.load("touch-display-2-evdev")
        #expect(config.display == DisplayConfig(width: 720, height: 1280))
        #expect(config.controller == ControllerConfig(
            model: .evdev, width: 720, height: 1280, rangeGiven: false, deviceName: "Goodix Capacitive TouchScreen",
            grab: true))
        #expect(config.board.simulated == false)
    }

    @Test func hyperpixel4RectangularCarriesTheOverlaysAxes() throws {
        let config = try BoardFilesTests.load("hyperpixel4")
        #expect(config.display == DisplayConfig(width: 480, height: 800))
        #expect(config.controller == ControllerConfig(
            model: .gt911, width: 800, height: 480, rangeGiven: false, invertY: true, swapXY: true, bus: 11, address: 0x5D,
            interrupt: InterruptLineConfig(chip: "gpiochip0", line: .offset(27))))
    }

    @Test func waveshareDSIAndTheEvdevPresets() throws {
        let waveshare = try BoardFilesTests.load("waveshare-dsi")
        #expect(waveshare.display == DisplayConfig(width: 1024, height: 600))
        #expect(waveshare.controller == ControllerConfig(
            model: .gt911, width: 800, height: 480, bus: 10, address: 0x14, pollInterval: .milliseconds(17)))
        for name in ["official-7inch-v1-evdev", "generic-evdev"] {
            let config = try BoardFilesTests.load(name)
            #expect(config.controller == ControllerConfig(
                model: .evdev, width: 800, height: 480, rangeGiven: false, device: "/dev/input/event0", grab: true), "\(name)")
            #expect(config.board.simulated == false)
        }
    }

    /// A rotated panel: each corner button, touched where it is drawn, is the one that fires.
    @Test(arguments: ["official-7inch-v1", "touch-display-2", "hyperpixel4", "waveshare-dsi"], [0, 90, 180, 270])
    func aRotatedPresetMapsEachCornerTouchToTheButtonDrawnThere(preset: String, rotation: Int) throws {
        let native = try BoardFilesTests.load(preset).display
        let logical = rotation % 180 == 0 ? (native.width, native.height) : (native.height, native.width)
        let config = try PanelConfigLoader.parse(text: """
            [board]
            preset = \(preset)
            [display]
            rotation = \(rotation)
            [button top_left]
            rect = 0, 0, 100, 100
            [button top_right]
            rect = \(logical.0 - 100), 0, 100, 100
            [button bottom_left]
            rect = 0, \(logical.1 - 100), 100, 100
            [button bottom_right]
            rect = \(logical.0 - 100), \(logical.1 - 100), 100, 100
            """, file: "panel.ini", presetSearchPath: [repositoryBoards])
        let layout = try #require(FramebufferLayout(
            physicalWidth: native.width, physicalHeight: native.height, format: .rgb565, rotation: config.display.rotation))
        for button in config.buttons {
            let drawnAt = try #require(layout.physicalPoint(ofLogical: Point(x: button.rect.x + 50, y: button.rect.y + 50)))
            #expect(RotationTests.button(touchedAtPhysical: drawnAt, in: config) == button.name,
                    "\(preset) at \(rotation): \(button.name) drawn at \(drawnAt)")
        }
    }

    @Test func simulatedBoard() throws {
        let config = try BoardFilesTests.load("sim")
        #expect(config.display == DisplayConfig(width: 800, height: 480))
        #expect(config.controller.bus == nil)
        #expect(config.board == BoardConfig(presetName: "sim", presetFile: repositoryBoards + "/sim.ini", simulated: true))
    }

    /// The typical use: a hardware preset, tried on a desk with the simulator.
    @Test func aHardwarePresetCanRunSimulated() throws {
        let config = try #require(parsed("[board]\npreset = official-7inch-v1\nsimulated = yes\n", presets: [repositoryBoards]))
        #expect(config.board.simulated == true)
        #expect(config.controller.bus == 10)
    }
}
