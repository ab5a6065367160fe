import Foundation
import LinuxSystem
import PanelApp
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// What a panel leaves for `touchpanel reload` after a SIGHUP, and how that command waits for
/// it: the answer's line, its file, the panel's side (`ReloadReporter`) and the wait's steps,
/// with time as a parameter.
@Suite("Reload answers")
struct ReloadAnswerTests {
    private static func scratchDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "touchpanel-reload-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    private static func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: The answer's line

    @Test func anAnswerIsOneLineThatReadsBack() {
        let refused = ReloadAnswer(pid: 812, generation: 3, outcome: .refused("cannot start with /etc/touchpanel/panel.ini: busy"))
        #expect(refused.text == "812 3 refused cannot start with /etc/touchpanel/panel.ini: busy\n")
        #expect(ReloadAnswer.parse(Array(refused.text.utf8)) == refused)
        let applied = ReloadAnswer(pid: 812, generation: 4, outcome: .applied("running /etc/touchpanel/panel.ini"))
        #expect(applied.text == "812 4 applied running /etc/touchpanel/panel.ini\n")
        #expect(ReloadAnswer.parse(Array(applied.text.utf8)) == applied)
        let stopping = ReloadAnswer(pid: 812, generation: 5, outcome: .stopping("cannot start with a.ini: busy; nor with the previous config: gone"))
        #expect(stopping.text == "812 5 stopping cannot start with a.ini: busy; nor with the previous config: gone\n")
        #expect(ReloadAnswer.parse(Array(stopping.text.utf8)) == stopping)
    }

    @Test func aReasonOnSeveralLinesIsJoinedIntoOne() {
        let answer = ReloadAnswer(pid: 9, generation: 1, outcome: .refused("panel.ini:3: [button a] rect: missing\n\npanel.ini:7: x\n"))
        #expect(answer.text == "9 1 refused panel.ini:3: [button a] rect: missing; panel.ini:7: x\n")
        #expect(ReloadAnswer.parse(Array(answer.text.utf8))?.outcome == .refused("panel.ini:3: [button a] rect: missing; panel.ini:7: x"))
    }

    @Test func anythingElseIsNoAnswer() {
        for text in ["", "\n", "812", "812 3 refused", "x 3 refused why\n", "0 3 refused why\n", "-4 3 refused why\n",
            "812 -1 applied ok\n", "812 3 maybe why\n", "812 3 refused why\n813 4 applied ok\n"]
        {
            #expect(ReloadAnswer.parse(Array(text.utf8)) == nil, "\(text)")
        }
        #expect(ReloadAnswer.parse(Array("812 3 applied \n".utf8)) == ReloadAnswer(pid: 812, generation: 3, outcome: .applied("")))
    }

    // MARK: Its file

    @Test func theFileIsInTheFirstRuntimeDirectory() {
        #expect(ReloadAnswerFile(runtimeDirectory: "/run/touchpanel")?.path == "/run/touchpanel/reload")
        #expect(ReloadAnswerFile(runtimeDirectory: "/run/touchpanel//:/run/other")?.path == "/run/touchpanel/reload")
        #expect(ReloadAnswerFile(runtimeDirectory: "/")?.path == "/reload")
        #expect(ReloadAnswerFile(runtimeDirectory: "") == nil)
        #expect(ReloadAnswerFile(runtimeDirectory: nil) == nil)
    }

    @Test func theFileIsReplacedWholeAndReadBack() throws {
        let directory = try ReloadAnswerTests.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = try #require(ReloadAnswerFile(runtimeDirectory: directory))
        #expect(file.read() == nil)
        let first = ReloadAnswer(pid: 40, generation: 1, outcome: .refused("a longer reason than the next answer's"))
        #expect(file.write(first) == nil)
        #expect(file.read() == first)
        let second = ReloadAnswer(pid: 40, generation: 2, outcome: .applied("running x"))
        #expect(file.write(second) == nil)
        #expect(ReloadAnswerTests.contents(directory + "/reload") == "40 2 applied running x\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["reload"])
        try Data("not an answer\n".utf8).write(to: URL(fileURLWithPath: directory + "/reload"))
        #expect(file.read() == nil)
    }

    // MARK: The panel's side

    /// The service manager's messages, each with what the answer file held when it came.
    private final class RecordingNotifier: ServiceNotifier {
        var messages: [(message: String, fileThen: String?)] = []
        let filePath: String?
        init(filePath: String?) { self.filePath = filePath }
        func notify(_ state: String) { messages.append((state, filePath.flatMap(ReloadAnswerTests.contents))) }
        var watchdogInterval: MonotonicDuration? { nil }
    }

    @Test func eachReloadTellsSystemdFirstThenLeavesItsNumberedAnswer() throws {
        let directory = try ReloadAnswerTests.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = try #require(ReloadAnswerFile(runtimeDirectory: directory))
        let notifier = RecordingNotifier(filePath: file.path)
        let log = RecordingLog()
        let reporter = ReloadReporter(notifier: notifier, file: file, pid: 812, log: log)

        reporter.begins(at: .milliseconds(5_000))
        reporter.refused("cannot start with /etc/touchpanel/panel.ini: GPIO line 3 on touchpanel-hold is in use by \"holder\"")
        #expect(ReloadAnswerTests.contents(file.path)
            == "812 1 refused cannot start with /etc/touchpanel/panel.ini: GPIO line 3 on touchpanel-hold is in use by \"holder\"\n")
        reporter.begins(at: .milliseconds(9_000))
        reporter.applied("/etc/touchpanel/panel.ini")
        #expect(ReloadAnswerTests.contents(file.path) == "812 2 applied running /etc/touchpanel/panel.ini\n")
        #expect(reporter.generation == 2)

        // READY=1 is sent while the file still holds the answer before: `touchpanel reload`
        // cannot exit before systemd has heard the reload end.
        #expect(notifier.messages.map { $0.message } == [
            "RELOADING=1\nMONOTONIC_USEC=5000000",
            "READY=1\nSTATUS=reload refused: cannot start with /etc/touchpanel/panel.ini: GPIO line 3 on touchpanel-hold is in use by \"holder\"; running the previous config",
            "RELOADING=1\nMONOTONIC_USEC=9000000",
            "READY=1\nSTATUS=running /etc/touchpanel/panel.ini",
        ])
        #expect(notifier.messages.map { $0.fileThen } == [
            nil,
            nil,
            "812 1 refused cannot start with /etc/touchpanel/panel.ini: GPIO line 3 on touchpanel-hold is in use by \"holder\"\n",
            "812 1 refused cannot start with /etc/touchpanel/panel.ini: GPIO line 3 on touchpanel-hold is in use by \"holder\"\n",
        ])
        #expect(log.lines == [])
    }

    @Test func byHandThereIsNoFileAndTheReloadsStillCount() {
        let notifier = RecordingNotifier(filePath: nil)
        let log = RecordingLog()
        let reporter = ReloadReporter(notifier: notifier, file: nil, pid: 812, log: log)
        reporter.refused("panel.ini:3: [button a] rect: missing")
        reporter.applied("panel.ini")
        #expect(reporter.generation == 2)
        reporter.stopping("cannot start with panel.ini: busy; nor with the previous config: gone")
        #expect(reporter.generation == 3)
        #expect(notifier.messages.map { $0.message } == [
            "READY=1\nSTATUS=reload refused: panel.ini:3: [button a] rect: missing; running the previous config",
            "READY=1\nSTATUS=running panel.ini",
            "READY=1\nSTATUS=reload refused: cannot start with panel.ini: busy; nor with the previous config: gone; stopping",
        ])
        #expect(log.lines == [])
    }

    @Test func anAnswerThatCannotBeWrittenIsAWarningAndTheReloadStands() {
        let log = RecordingLog()
        let reporter = ReloadReporter(notifier: nil, file: ReloadAnswerFile(path: "/nonexistent-touchpanel-dir/reload"), pid: 812, log: log)
        reporter.applied("panel.ini")
        #expect(reporter.generation == 1)
        #expect(log.entries.map { $0.priority } == [.warning])
        #expect(log.lines == [
            "reload: cannot leave the answer for touchpanel reload: cannot create /nonexistent-touchpanel-dir/reload.tmp: ENOENT (No such file or directory)"
        ])
    }

    // MARK: touchpanel reload's wait

    private static let signalled = MonotonicInstant.milliseconds(1_000)

    @Test func onlyALaterAnswerFromThatPanelAnswersTheSignal() {
        let before = ReloadAnswer(pid: 812, generation: 3, outcome: .applied("running a.ini"))
        let wait = ReloadWait(pid: 812, previous: before, signalledAt: ReloadAnswerTests.signalled)
        #expect(wait.answeredBefore == 3)
        #expect(wait.deadline == .milliseconds(21_000))
        // Still the answer from before, or another panel's (a restart's leftover): look again 20 ms on.
        #expect(wait.step(now: .milliseconds(1_000), answer: before, running: true) == .look(at: .milliseconds(1_020)))
        #expect(wait.step(now: .milliseconds(1_020), answer: nil, running: true) == .look(at: .milliseconds(1_040)))
        let another = ReloadAnswer(pid: 700, generation: 9, outcome: .applied("running a.ini"))
        #expect(wait.step(now: .milliseconds(1_047), answer: another, running: true) == .look(at: .milliseconds(1_067)))
        let refused = ReloadAnswer(pid: 812, generation: 4, outcome: .refused("cannot start with a.ini: busy"))
        #expect(wait.step(now: .milliseconds(1_300), answer: refused, running: true) == .finished(.refused(reason: "cannot start with a.ini: busy")))
        let applied = ReloadAnswer(pid: 812, generation: 4, outcome: .applied("running a.ini"))
        #expect(wait.step(now: .milliseconds(1_300), answer: applied, running: true) == .finished(.applied(status: "running a.ini")))
    }

    @Test func anAnswerFromAnotherPanelBeforeTheSignalCountsAsNone() {
        let leftover = ReloadAnswer(pid: 700, generation: 5, outcome: .applied("running a.ini"))
        let wait = ReloadWait(pid: 812, previous: leftover, signalledAt: ReloadAnswerTests.signalled)
        #expect(wait.answeredBefore == 0)
        let first = ReloadAnswer(pid: 812, generation: 1, outcome: .applied("running a.ini"))
        #expect(wait.step(now: .milliseconds(1_100), answer: first, running: true) == .finished(.applied(status: "running a.ini")))
        #expect(ReloadWait(pid: 812, previous: nil, signalledAt: ReloadAnswerTests.signalled).answeredBefore == 0)
    }

    @Test func aPanelThatEndsEndsTheWaitUnlessItAnsweredFirst() {
        let wait = ReloadWait(pid: 812, previous: nil, signalledAt: ReloadAnswerTests.signalled)
        #expect(wait.step(now: .milliseconds(1_500), answer: nil, running: false) == .finished(.ended))
        let last = ReloadAnswer(pid: 812, generation: 1, outcome: .stopping("cannot start with a.ini: busy; nor with the previous config: gone"))
        #expect(wait.step(now: .milliseconds(1_500), answer: last, running: false)
            == .finished(.stopping(reason: "cannot start with a.ini: busy; nor with the previous config: gone")))
        #expect(wait.step(now: .milliseconds(1_500), answer: last, running: true)
            == .finished(.stopping(reason: "cannot start with a.ini: busy; nor with the previous config: gone")))
    }

    @Test func theWaitEndsAtItsTimeout() {
        let wait = ReloadWait(pid: 812, previous: nil, signalledAt: ReloadAnswerTests.signalled, timeout: .milliseconds(500))
        #expect(wait.step(now: .milliseconds(1_470), answer: nil, running: true) == .look(at: .milliseconds(1_490)))
        #expect(wait.step(now: .milliseconds(1_490), answer: nil, running: true) == .look(at: .milliseconds(1_500)))
        #expect(wait.step(now: .milliseconds(1_499), answer: nil, running: true) == .look(at: .milliseconds(1_500)))
        #expect(wait.step(now: .milliseconds(1_500), answer: nil, running: true) == .finished(.noAnswer))
        // An answer that came by then still counts.
        let late = ReloadAnswer(pid: 812, generation: 1, outcome: .applied("running a.ini"))
        #expect(wait.step(now: .milliseconds(1_600), answer: late, running: true) == .finished(.applied(status: "running a.ini")))
        #expect(ReloadWait.timeout == .milliseconds(20_000))
    }

    @Test func eachVerdictHasItsStatusAndItsLine() {
        let wait = ReloadWait(pid: 812, previous: nil, signalledAt: ReloadAnswerTests.signalled)
        let path = "/run/touchpanel/reload"
        #expect(ReloadWait.exitStatus(.applied(status: "running a.ini")) == 0)
        #expect(wait.message(.applied(status: "running a.ini"), answerPath: path) == nil)
        #expect(ReloadWait.exitStatus(.refused(reason: "busy")) == 1)
        #expect(wait.message(.refused(reason: "cannot start with a.ini: busy"), answerPath: path)
            == "reload refused by pid 812: cannot start with a.ini: busy; it goes on with the previous config")
        #expect(ReloadWait.exitStatus(.stopping(reason: "busy")) == 1)
        #expect(wait.message(.stopping(reason: "cannot start with a.ini: busy; nor with the previous config: gone"), answerPath: path)
            == "reload refused by pid 812, which stops: cannot start with a.ini: busy; nor with the previous config: gone")
        #expect(ReloadWait.exitStatus(.ended) == 1)
        #expect(wait.message(.ended, answerPath: path) == "reload: pid 812 ended without an answer; journalctl -u touchpanel says why")
        #expect(ReloadWait.exitStatus(.noAnswer) == 1)
        #expect(wait.message(.noAnswer, answerPath: path)
            == "reload: no answer from pid 812 in /run/touchpanel/reload within 20 s; the reload may still end, journalctl -u touchpanel says how")
        let short = ReloadWait(pid: 812, previous: nil, signalledAt: ReloadAnswerTests.signalled, timeout: .milliseconds(1_500))
        #expect(short.message(.noAnswer, answerPath: path)
            == "reload: no answer from pid 812 in /run/touchpanel/reload within 1500 ms; the reload may still end, journalctl -u touchpanel says how")
    }
}
