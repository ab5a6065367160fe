import Foundation
import LinuxSystem
import PanelConfig
@testable import PanelDrivers
import PanelEngine
import Testing
import TouchCore

/// `[feedback] pwm` against a directory laid out as /sys/class/pwm: the files it writes, in
/// their final contents (a real channel's attributes take each write whole).
@Suite("[feedback] pwm through the PWM sysfs")
struct SysfsPWMFeedbackTests {
    let root = NSTemporaryDirectory() + "touchpanel-pwm-\(UUID().uuidString)"

    private func make(_ files: [String: String]) throws {
        for (name, text) in files {
            let path = root + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: false, encoding: .utf8)
        }
    }

    private func read(_ name: String) -> String? {
        try? String(contentsOfFile: root + "/" + name, encoding: .utf8)
    }

    @Test func anExportedChannelIsSetToTheToneAndPulsedByEnable() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try make(["pwmchip0/export": "", "pwmchip0/unexport": "", "pwmchip0/pwm1/enable": "1\n", "pwmchip0/pwm1/period": "",
                  "pwmchip0/pwm1/duty_cycle": ""])
        #expect(SysfsPWMFeedback.periodNs(hz: 2_700) == 370_370)
        var buzzer: SysfsPWMFeedback? = try SysfsPWMFeedback(chip: 0, channel: 1, hz: 2_700, root: root)
        // Off at start, the period and half of it as the duty cycle; not exported by the panel.
        #expect(read("pwmchip0/pwm1/enable") == "0\n")
        #expect(read("pwmchip0/pwm1/period") == "370370\n")
        #expect(read("pwmchip0/pwm1/duty_cycle") == "185185\n")
        #expect(read("pwmchip0/export") == "")
        #expect(buzzer?.set(true, at: .milliseconds(100)) == nil)
        #expect(read("pwmchip0/pwm1/enable") == "1\n")
        #expect(buzzer?.set(false, at: .milliseconds(115)) == nil)
        #expect(read("pwmchip0/pwm1/enable") == "0\n")
        _ = buzzer?.set(true, at: .milliseconds(200))
        // At stop: disabled; left exported, as the panel found it.
        buzzer = nil
        #expect(read("pwmchip0/pwm1/enable") == "0\n")
        #expect(read("pwmchip0/unexport") == "")
    }

    @Test func aChannelNotExportedIsExportedAndUnexportedWhenItCannotBeSetUp() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try make(["pwmchip0/export": "", "pwmchip0/unexport": ""])
        // A directory is no kernel: the export makes no pwm3, and its period cannot be written.
        #expect(throws: StartError.self) { try SysfsPWMFeedback(chip: 0, channel: 3, hz: 2_700, root: root) }
        #expect(read("pwmchip0/export") == "3\n")
        #expect(read("pwmchip0/unexport") == "3\n")
        do {
            _ = try SysfsPWMFeedback(chip: 0, channel: 3, hz: 2_700, root: root)
        } catch {
            #expect(error.part == .feedback)
            #expect(error.message.hasPrefix("[feedback] pwm = 0:3: cannot open \(root)/pwmchip0/pwm3/enable for writing: "))
        }
    }

    @Test func noChipNamesItself() {
        do {
            _ = try SysfsPWMFeedback(chip: 7, channel: 0, hz: 2_700, root: root)
            Issue.record("a chip that is not there was taken")
        } catch {
            #expect(error.message.hasPrefix("[feedback] pwm = 7:0: cannot open \(root)/pwmchip7/export for writing: "))
        }
    }

    @Test func safeOutputsSilencesAnExportedChannelOnly() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try make(["pwmchip0/pwm1/enable": "1\n"])
        #expect(SysfsPWMFeedback.silence(chip: 0, channel: 1, root: root) == nil)
        #expect(read("pwmchip0/pwm1/enable") == "0\n")
        #expect(SysfsPWMFeedback.silence(chip: 0, channel: 2, root: root) == nil)
    }
}
