import CLinux
import Foundation
import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// A directory laid out like /sys/class/backlight, with regular files for the attributes.
private struct FakeBacklightClass {
    let path: String

    init(devices: [String: [String: String]]) throws {
        path = NSTemporaryDirectory() + "touchpanel-backlight-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        for (device, files) in devices {
            try FileManager.default.createDirectory(atPath: "\(path)/\(device)", withIntermediateDirectories: true)
            for (name, text) in files {
                try text.write(toFile: "\(path)/\(device)/\(name)", atomically: false, encoding: .utf8)
            }
        }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func read(_ device: String, _ file: String) throws -> String {
        try String(contentsOfFile: "\(path)/\(device)/\(file)", encoding: .utf8)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

private let blankingConfig = """
    [display]
    width = 800
    height = 480

    [controller]
    model = ft5406

    [backlight]
    dim_after_s = 10
    off_after_s = 30
    dim_brightness = 10

    [button left]
    rect = 0, 0, 200, 100
    on_tap = exec echo left
    """

@Suite("Backlight: sysfs device, levels, and the engine's swallowed waking touch")
struct BacklightTests {
    @Test func levelsAndPowerFollowThePanelsPower() {
        let device = RecordingBacklight(maxBrightness: 31)
        let log = RecordingLog()
        let light = PanelBacklight(device: device, config: BacklightConfig(brightnessPercent: 90, dimBrightnessPercent: 1), log: log)
        light.start()
        light.apply(.dimmed)
        light.apply(.off)
        light.apply(.off)
        light.apply(.awake)
        #expect(device.writes == ["brightness 28", "power on", "brightness 1", "power off", "brightness 28", "power on"])
        #expect(log.lines == ["backlight: dimmed (1 %)", "backlight: off", "backlight: on (90 %)"])
    }

    @Test func withoutBlPowerOffIsBrightnessZero() {
        let device = RecordingBacklight(maxBrightness: 100, hasPowerSwitch: false)
        let light = PanelBacklight(device: device, config: .defaults, log: RecordingLog())
        light.start()
        light.apply(.off)
        light.apply(.awake)
        #expect(device.writes == ["brightness 100", "brightness 0", "brightness 100"])
    }

    @Test func theOnlyDeviceIsOpenedWrittenInPlaceAndRestored() throws {
        let sysfs = try FakeBacklightClass(devices: ["10-0045": ["max_brightness": "255\n", "brightness": "200\n", "bl_power": "0\n"]])
        defer { sysfs.remove() }
        let config = try PanelConfigLoader.parse(text: blankingConfig, file: "bl.ini")
        let device = try #require(try BacklightBringUp.open(config, in: sysfs.path))
        #expect(device.path == "\(sysfs.path)/10-0045")
        #expect(device.maxBrightness == 255)
        #expect(device.hasPowerSwitch)
        #expect(device.setBrightness(26) == nil)
        // sysfs takes each write whole; a regular file keeps what lies beyond it.
        #expect(try sysfs.read("10-0045", "brightness").hasPrefix("26\n"))
        #expect(device.setPower(on: false) == nil)
        #expect(try sysfs.read("10-0045", "bl_power") == "4\n")
        device.restore()
        #expect(try sysfs.read("10-0045", "brightness") == "200\n")
        #expect(try sysfs.read("10-0045", "bl_power") == "0\n")
    }

    @Test func aMissingOrAmbiguousDeviceStopsTheStartSayingWhatThereIs() throws {
        let two = try FakeBacklightClass(devices: ["a": ["max_brightness": "1\n", "brightness": "1\n"], "b": ["max_brightness": "1\n", "brightness": "1\n"]])
        defer { two.remove() }
        let none = try FakeBacklightClass(devices: [:])
        defer { none.remove() }
        #expect(message { () throws(StartError) in try BacklightBringUp.deviceName(.defaults, in: two.path) } == "[backlight]: \(two.path) has 2 devices; choose one with device = a or b")
        #expect(message { () throws(StartError) in try BacklightBringUp.deviceName(BacklightConfig(device: "c"), in: two.path) } == "[backlight] device c: not in \(two.path); there: a, b")
        #expect(message { () throws(StartError) in try BacklightBringUp.deviceName(.defaults, in: none.path) }
            == "[backlight]: \(none.path) has no device; this display's backlight is not under the kernel's control (remove [backlight], or load its driver)")
        #expect(try BacklightBringUp.deviceName(BacklightConfig(device: "b"), in: two.path) == "b")
    }

    @Test func aDeviceWithoutBlPowerOrWithGarbageInItsFiles() throws {
        let sysfs = try FakeBacklightClass(devices: [
            "plain": ["max_brightness": "100\n", "brightness": "7\n"],
            "broken": ["max_brightness": "lots\n", "brightness": "7\n"],
        ])
        defer { sysfs.remove() }
        let plain = try SysfsBacklight(path: "\(sysfs.path)/plain")
        #expect(!plain.hasPowerSwitch)
        #expect(plain.brightnessAtStart == 7)
        #expect(message { () throws(StartError) in _ = try SysfsBacklight(path: "\(sysfs.path)/broken") } == "\(sysfs.path)/broken/max_brightness: expected a number, found \"lots\n\"")
    }

    @Test func theWakingTouchIsSwallowedWholeByTheEngine() throws {
        let device = RecordingBacklight()
        let rig = try EngineRig(config: blankingConfig, backlight: device)
        let engine = rig.engine
        #expect(device.writes == ["brightness 255", "power on"])
        #expect(engine.nextWakeup == at(10_000))
        rig.surface.calls = []
        rig.tick(30_000)
        #expect(device.writes == ["brightness 255", "power on", "brightness 26", "power off"])
        #expect(engine.power == .off)
        #expect(rig.log.lines == ["backlight: dimmed (10 %)", "backlight: off"])
        rig.interrupt(40_000, report([(0, 50, 50, .down)]))
        #expect(device.writes.suffix(2) == ["brightness 255", "power on"])
        rig.interrupt(40_100, report([(0, 52, 50, .contact)]))
        rig.interrupt(40_150, report([(0, 52, 50, .up)]))
        #expect(rig.output.lines == [])
        #expect(rig.surface.calls == [])
        #expect(rig.launcher.launched.isEmpty)
        #expect(engine.nextWakeup == at(50_150))
        rig.interrupt(42_000, report([(1, 50, 50, .down)]))
        rig.interrupt(42_050, report([(1, 50, 50, .up)]))
        #expect(rig.output.lines == [
            #"{"t_ms":42000,"button":"left","event":"pressed"}"#,
            #"{"t_ms":42050,"button":"left","event":"released"}"#,
            #"{"t_ms":42050,"button":"left","event":"tap","taps":1}"#,
        ])
        #expect(rig.launcher.transactions == ["spawn 100 echo left"])
    }
}

private func message(_ body: () throws(StartError) -> Void) -> String? {
    do {
        try body()
        return nil
    } catch {
        return error.message
    }
}

private func message(_ body: () throws(StartError) -> String) -> String? {
    do {
        _ = try body()
        return nil
    } catch {
        return error.message
    }
}
