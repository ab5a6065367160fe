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
        #expect(Array(BoardPresets.available(in: [repositoryBoards]).prefix(5)) == [
            "generic-ft5x06", "hyperpixel4-square", "official-7inch-v1", "pitft28-capacitive", "sim",
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
            bus: 10, address: 0x38, interrupt: nil, pollIntervalMs: 17))
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
            interrupt: InterruptLineConfig(chip: "gpiochip0", line: .offset(4)), pollIntervalMs: 17))
        #expect(config.board.simulated == false)
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
