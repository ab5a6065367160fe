import Foundation
import PanelConfig
import Testing

/// `check` (and `run`, in its log) warns about settings that are valid but open the panel to
/// strangers. The config's own line is named; the config still loads.
@Suite("Warnings for least privilege: the control socket's mode, the MQTT password")
struct LeastPrivilegeWarningTests {
    /// The rendered warnings of `text` as panel.ini after an 800x480 display (line 4 on), which
    /// must parse.
    func warnings(_ text: String) throws -> [String] {
        let config = try PanelConfigLoader.parse(text: display800x480 + text, file: "panel.ini", presetSearchPath: [])
        return config.warnings.map(\.rendered)
    }

    func openSocket(_ mode: String, line: Int) -> String {
        "panel.ini:\(line): [control] mode: warning: \(mode) opens the control socket to every user on this machine: anyone "
            + "who connects can change labels and latches, disable buttons and blank the panel; use 0660 and add who needs "
            + "it to the panel's group (touchpanel under systemd)"
    }

    func clearText(_ host: String) -> String {
        "panel.ini:7: [mqtt] password_file: warning: without TLS the password goes to \(host) in clear text, readable by "
            + "anyone on the network between; give ca_file (the broker then needs a TLS listener, usually on port 8883)"
    }

    func openFile(_ path: String, _ mode: String) -> String {
        "panel.ini:7: [mqtt] password_file: warning: \(path) has mode \(mode): users other than its owner can read or change "
            + "the password; chmod 600 \(path), owned by the user the panel runs as (touchpanel under systemd)"
    }

    /// A password file with permission `bits` in a directory of its own, removed after `body`.
    func withPasswordFile(mode bits: Int, _ body: (String) throws -> Void) throws {
        let directory = NSTemporaryDirectory() + "touchpanel-password-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/mqtt-password"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("secret\n".utf8)))
        #expect(chmod(path, mode_t(bits)) == 0)
        try body(path)
    }

    @Test func aControlSocketOthersMayReach() throws {
        #expect(try warnings("[control]\nsocket = /run/touchpanel/control.sock\nmode = 0666\n") == [openSocket("0666", line: 6)])
        #expect(try warnings("[control]\nmode = 0601\n") == [openSocket("0601", line: 5)])
    }

    @Test func aControlSocketForTheOwnerAndItsGroupOnly() throws {
        #expect(try warnings("[control]\nmode = 0660\n") == [])
        #expect(try warnings("[control]\nmode = 0670\n") == [])
        #expect(try warnings("[control]\n") == [])
    }

    @Test func aPasswordInClearTextOverTheNetwork() throws {
        let login = "username = panel\npassword_file = /nonexistent/mqtt-password\n"
        #expect(try warnings("[mqtt]\nhost = broker.local\n" + login) == [clearText("broker.local")])
        // Names that only look like loopback go over the network.
        for host in ["127.example.com", "localhost.example.com", "128.0.0.1"] {
            #expect(try warnings("[mqtt]\nhost = \(host)\n" + login) == [clearText(host)])
        }
    }

    @Test func noClearTextWarningWithTLSOrABrokerOnThisMachineOrNoPassword() throws {
        let login = "username = panel\npassword_file = /nonexistent/mqtt-password\n"
        #expect(try warnings("[mqtt]\nhost = broker.local\nca_file = /etc/ssl/ca.pem\n" + login) == [])
        for host in ["localhost", "127.0.0.1", "127.1.2.3", "::1"] {
            #expect(try warnings("[mqtt]\nhost = \(host)\n" + login) == [], "host \(host)")
        }
        #expect(try warnings("[mqtt]\nhost = broker.local\nusername = panel\n") == [])
    }

    @Test func aPasswordFileOthersCanReadOrChange() throws {
        for (bits, text) in [(0o644, "0644"), (0o640, "0640"), (0o602, "0602")] {
            try withPasswordFile(mode: bits) { path in
                let found = try warnings("[mqtt]\nhost = 127.0.0.1\nusername = panel\npassword_file = \(path)\n")
                #expect(found == [openFile(path, text)])
            }
        }
    }

    @Test func aPasswordFileForItsOwnerOnly() throws {
        for bits in [0o600, 0o400] {
            try withPasswordFile(mode: bits) { path in
                let found = try warnings("[mqtt]\nhost = 127.0.0.1\nusername = panel\npassword_file = \(path)\n")
                #expect(found == [])
            }
        }
    }

    @Test func bothPasswordWarningsOnItsLine() throws {
        try withPasswordFile(mode: 0o644) { path in
            let found = try warnings("[mqtt]\nhost = broker.local\nusername = panel\npassword_file = \(path)\n")
            #expect(found == [clearText("broker.local"), openFile(path, "0644")])
        }
    }
}

/// `[exec]`: whether commands keep the panel's device groups. A config written before the
/// section keeps them, as it always did.
@Suite("[exec] groups")
struct ExecGroupsTests {
    let command = "[button save]\nrect = 0, 0, 100, 100\non_tap = exec touch /tmp/saved\n"

    func parse(_ text: String) throws -> PanelConfiguration {
        try PanelConfigLoader.parse(text: display800x480 + text, file: "panel.ini", presetSearchPath: [])
    }

    @Test func aConfigWithoutTheSectionKeepsTheGroups() throws {
        let config = try parse(command)
        #expect(config.exec == nil)
        #expect(config.warnings == [])
    }

    @Test func eitherChoiceIsTakenWithoutAWord() throws {
        let none = try parse("[exec]\ngroups = none\n" + command)
        #expect(none.exec == ExecConfig(groups: .none, runnerSocket: "/run/touchpanel-exec.sock"))
        #expect(none.warnings == [])
        let service = try parse("[exec]\ngroups = service\nrunner = /run/other-exec.sock\n" + command)
        #expect(service.exec == ExecConfig(groups: .service, runnerSocket: "/run/other-exec.sock"))
        #expect(service.warnings == [])
    }

    @Test func badValuesAreNamedWithTheirLine() {
        #expect(renderedErrors(display800x480 + "[exec]\ngroups = nobody\n")
            == ["panel.ini:5: [exec] groups: expected none or service, found \"nobody\""])
        #expect(renderedErrors(display800x480 + "[exec]\nrunner = exec.sock\n")
            == ["panel.ini:5: [exec] runner: expected an absolute path of at most 107 bytes without spaces, such as "
                + "/run/touchpanel-exec.sock, found \"exec.sock\""])
    }
}
