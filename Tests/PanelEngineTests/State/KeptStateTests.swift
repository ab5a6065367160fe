import Foundation
import LinuxSystem
import PanelConfig
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

private let keptConfig = """
    [display]
    width = 800
    height = 480

    [controller]
    model = ft5406

    [button heat]
    rect = 0, 0, 200, 100
    label = Heating
    latch = yes
    on_tap = emit

    [button fan]
    rect = 400, 0, 200, 100
    on_tap = emit

    [button pump]
    rect = 0, 200, 200, 100
    enabled = no
    on_tap = emit
    """

/// A directory of its own for a state file, removed after `body`.
private func inStateDirectory(_ body: (String) throws -> Void) throws {
    let directory = NSTemporaryDirectory() + "touchpanel-state-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try body(directory)
}

private func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
}

@Suite("Kept state: labels, latches and enabled states outlive a reload and a restart")
struct KeptStateTests {
    @Test func onlyWhatDiffersFromTheConfigIsKeptAndItsTextParsesBack() throws {
        let rig = try EngineRig(config: keptConfig)
        #expect(rig.engine.keptState == [])
        _ = rig.engine.control(.label(button: "fan", text: #"Fan\non \ 2  "#), now: at(10))
        _ = rig.engine.control(.latch(button: "heat", on: true), now: at(20))
        _ = rig.engine.control(.enable(button: "pump", enabled: true), now: at(30))
        _ = rig.engine.control(.enable(button: "fan", enabled: false), now: at(40))
        // Back to the config's label: nothing kept for it.
        _ = rig.engine.control(.label(button: "heat", text: "Other"), now: at(50))
        _ = rig.engine.control(.label(button: "heat", text: "Heating"), now: at(60))
        let kept: [ControlCommand] = [
            .latch(button: "heat", on: true),
            .label(button: "fan", text: #"Fan\non \ 2  "#),
            .enable(button: "fan", enabled: false),
            .enable(button: "pump", enabled: true),
        ]
        #expect(rig.engine.keptState == kept)
        let text = KeptState.text(kept)
        #expect(String(decoding: text, as: UTF8.self) == """
            # touchpanel state: control commands replayed at start; written by the panel
            latch heat on
            label fan Fan\\non \\ 2  \("")
            disable fan
            enable pump

            """)
        #expect(KeptState.parse(text) == .success(kept))
        // An empty label, a label that is one line break, and one that ends in a backslash.
        for label in ["", "\n", "a\\", "\\\n"] {
            let rig = try EngineRig(config: keptConfig)
            _ = rig.engine.control(.label(button: "fan", text: LabelText.escaped(label)), now: at(10))
            let parsed = try KeptState.parse(KeptState.text(rig.engine.keptState)).get()
            let restored = try EngineRig(config: keptConfig, kept: parsed)
            #expect(restored.engine.currentLabels == ["Heating", label, "pump"])
        }
    }

    @Test func aKeptStateIsInTheFirstFrameAndTheStateJSON() throws {
        let kept: [ControlCommand] = [
            .latch(button: "heat", on: true), .label(button: "fan", text: #"Fan\non"#), .enable(button: "pump", enabled: true),
        ]
        let rig = try EngineRig(config: keptConfig, kept: kept)
        // The label is rasterised before the first frame, which already draws it.
        #expect(rig.surface.calls == ["label 1 Fan\non", "all 3", "frame 0"])
        #expect(!rig.engine.hasOutsideChangesToDraw)
        #expect(rig.engine.control(.state, now: at(1)) == """
            {"ok":true,"backlight":null,"buttons":[\
            {"name":"heat","label":"Heating","enabled":true,"on":true},\
            {"name":"fan","label":"Fan\\non","enabled":true},\
            {"name":"pump","label":"pump","enabled":true}]}
            """)
        #expect(rig.engine.keptState == kept)
        #expect(rig.log.lines == [])
        // Restoring ran no action.
        #expect(rig.output.lines == [])
    }

    @Test func linesForButtonsTheConfigNoLongerHasAreDroppedWithOneLogLine() throws {
        let rig = try EngineRig(
            config: keptConfig,
            kept: [.label(button: "gone", text: "Old"), .latch(button: "fan", on: true), .label(button: "heat", text: "Hot")])
        #expect(rig.engine.currentLabels == ["Hot", "fan", "pump"])
        #expect(rig.log.lines == ["state: dropped what engine.ini no longer has: label gone Old; latch fan on"])
        #expect(rig.engine.keptState == [.label(button: "heat", text: "Hot")])
    }

    @Test func aFileThatDoesNotParseNamesItsLineAndAppliesNothing() {
        func problem(_ text: String) -> String {
            switch KeptState.parse(Array(text.utf8)) {
            case .success(let commands): "ok \(commands.count)"
            case .failure(let problem): "\(problem.line): \(problem.message)"
            }
        }
        #expect(problem("# comment\n\nlabel a A\nlatch a on\ndisable b\nenable c\n") == "ok 4")
        #expect(problem("label a A\nlatch a maybe\n") == "2: latch takes on or off, not \"maybe\"")
        #expect(problem("label a A\n\nbrightness 50\n") == "3: \"brightness 50\" is no state; a state file holds label, latch, enable and disable lines")
        #expect(problem("label a A\u{1}\n") == "1: garbage (byte 0x01)")
        var invalid = Array("label a A\n".utf8)
        invalid.append(0xFF)
        #expect(KeptState.parse(invalid) == .failure(KeptState.Problem(line: 2, message: "garbage (not UTF-8)")))
    }

    @Test func theStateDirectoryComesFromTheEnvironmentVariable() {
        let log = RecordingLog()
        #expect(StateKeeper(stateDirectory: nil, log: log) == nil)
        #expect(StateKeeper(stateDirectory: "", log: log) == nil)
        #expect(StateKeeper(stateDirectory: "/var/lib/touchpanel", log: log)?.path == "/var/lib/touchpanel/state")
        #expect(StateKeeper(stateDirectory: "/var/lib/touchpanel/", log: log)?.path == "/var/lib/touchpanel/state")
        #expect(StateKeeper(stateDirectory: "/var/lib/touchpanel:/var/lib/other", log: log)?.path == "/var/lib/touchpanel/state")
    }
}

@Suite("State file: read back at start, written atomically at most once a second")
struct StateKeeperTests {
    @Test func aStateIsWrittenReadBackAndRestoredAfterARestart() throws {
        try inStateDirectory { directory in
            let log = RecordingLog()
            let keeper = StateKeeper(path: directory + "/state", log: log)
            #expect(keeper.readBack() == [])
            let rig = try EngineRig(config: keptConfig)
            keeper.adopt(rig.engine, now: at(0))
            // Nothing differs from the config: no file is made.
            keeper.turn(rig.engine, now: at(0))
            #expect(keeper.writes == 0)
            #expect(contents(keeper.path) == nil)
            #expect(keeper.nextDeadline == nil)
            _ = rig.engine.control(.label(button: "fan", text: "Fan on"), now: at(100))
            keeper.turn(rig.engine, now: at(100))
            #expect(keeper.writes == 1)
            #expect(contents(keeper.path) == KeptState.header + "\nlabel fan Fan on\n")
            #expect(!FileManager.default.fileExists(atPath: keeper.path + ".tmp"))
            // A tap flips the latch: the touch path only counts the change; the keeper's turn,
            // a second after its last write, writes it.
            rig.interrupt(200, report([(0, 50, 50, .down)]))
            rig.interrupt(250, report([(0, 50, 50, .up)]))
            keeper.turn(rig.engine, now: at(250))
            #expect(keeper.writes == 1)
            #expect(keeper.nextDeadline == at(1_100))
            keeper.turn(rig.engine, now: at(1_100))
            #expect(keeper.writes == 2)
            #expect(contents(keeper.path) == KeptState.header + "\nlatch heat on\nlabel fan Fan on\n")
            #expect(keeper.nextDeadline == nil)
            // A clean stop writes what moved since.
            _ = rig.engine.control(.enable(button: "pump", enabled: true), now: at(1_200))
            keeper.stop(rig.engine, now: at(1_200))
            #expect(keeper.writes == 3)

            // The next start.
            let next = StateKeeper(path: directory + "/state", log: log)
            let kept = next.readBack()
            #expect(kept == [.latch(button: "heat", on: true), .label(button: "fan", text: "Fan on"), .enable(button: "pump", enabled: true)])
            let restarted = try EngineRig(config: keptConfig, kept: kept)
            next.adopt(restarted.engine, now: at(0))
            next.turn(restarted.engine, now: at(0))
            #expect(next.writes == 0)  // the file already says so
            #expect(restarted.engine.currentLabels == ["Heating", "Fan on", "pump"])
            #expect(restarted.engine.actions.latched == [true, false, false])
            #expect(restarted.engine.isEnabled(2))
            #expect(log.lines == ["state: 3 lines read back from \(directory)/state"])
        }
    }

    @Test func aFloodOfAThousandLabelsInASecondWritesTheFileAtMostTwice() throws {
        try inStateDirectory { directory in
            let keeper = StateKeeper(path: directory + "/state", log: RecordingLog())
            _ = keeper.readBack()
            let rig = try EngineRig(config: keptConfig)
            keeper.adopt(rig.engine, now: at(0))
            for n in 1...1_000 {
                let now = at(Int64(n - 1))
                _ = rig.engine.control(.label(button: "fan", text: "Fan \(n)"), now: now)
                // The loop turns after each command.
                keeper.turn(rig.engine, now: now)
            }
            #expect(keeper.writes == 1)
            #expect(contents(keeper.path) == KeptState.header + "\nlabel fan Fan 1\n")
            #expect(keeper.nextDeadline == at(1_000))
            keeper.turn(rig.engine, now: at(1_000))
            #expect(keeper.writes == 2)
            #expect(contents(keeper.path) == KeptState.header + "\nlabel fan Fan 1000\n")
            #expect(keeper.nextDeadline == nil)
        }
    }

    @Test func aFileThatDoesNotParseIsSetAsideAndThePanelStartsFromTheConfig() throws {
        try inStateDirectory { directory in
            let path = directory + "/state"
            let bad = "label fan Fan on\nlatch heat maybe\n"
            try Data(bad.utf8).write(to: URL(fileURLWithPath: path))
            let log = RecordingLog()
            let keeper = StateKeeper(path: path, log: log)
            #expect(keeper.readBack() == [])
            #expect(log.lines == [
                "state: \(path):2: latch takes on or off, not \"maybe\"; set aside as \(path).bad, starting from the config",
            ])
            #expect(log.entries.map { $0.priority } == [.warning])
            #expect(contents(path + ".bad") == bad)
            #expect(contents(path) == nil)
            // The panel runs on its config; nothing is written until the state moves.
            let rig = try EngineRig(config: keptConfig)
            keeper.adopt(rig.engine, now: at(0))
            keeper.turn(rig.engine, now: at(0))
            #expect(keeper.writes == 0)
            #expect(contents(path) == nil)
            _ = rig.engine.control(.label(button: "fan", text: "Fan on"), now: at(5))
            keeper.turn(rig.engine, now: at(5))
            #expect(contents(path) == KeptState.header + "\nlabel fan Fan on\n")
        }
    }

    @Test func aWriteThatFailsIsLoggedAFewTimesAMinuteAndTriedAgainLater() throws {
        try inStateDirectory { directory in
            let log = RecordingLog()
            let keeper = StateKeeper(path: directory + "/missing/state", log: log)
            let rig = try EngineRig(config: keptConfig)
            keeper.adopt(rig.engine, now: at(0))
            _ = rig.engine.control(.label(button: "fan", text: "Fan on"), now: at(0))
            keeper.turn(rig.engine, now: at(0))
            #expect(keeper.writes == 0)
            #expect(log.lines == [
                "state: cannot create \(directory)/missing/state.tmp: ENOENT (No such file or directory); the state is kept in memory, next try in 60 s",
            ])
            #expect(keeper.nextDeadline == at(60_000))
            for minute in 1...4 { keeper.stop(rig.engine, now: at(Int64(minute) * 1_000)) }
            // Three lines a minute, then one line with the count left out; each failure puts
            // the next try a minute later.
            #expect(log.lines.count == 3)
            #expect(keeper.nextDeadline == at(60_000))
            keeper.turn(rig.engine, now: at(60_000))
            #expect(log.lines.count == 4)
            #expect(log.lines.last == "state: write failed: 2 more in 60 s not logged")
            #expect(keeper.nextDeadline == at(64_000))
            keeper.turn(rig.engine, now: at(64_000))
            #expect(log.lines.count == 5)
            #expect(log.lines.last == log.lines.first)
            #expect(keeper.writes == 0)
        }
    }
}
