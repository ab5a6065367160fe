import LinuxSystem
import PanelConfig
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

private let twoSeconds = MonotonicDuration.milliseconds(2_000)

@Suite("The screen's mirror: when a picture is made, and a share of it a turn")
struct ScreenMirrorTests {
    @Test func theTransitionTableSpellsOutEveryCase() {
        func next(_ state: ScreenMirror, _ input: ScreenMirror.Input) -> ScreenMirror {
            ScreenMirror.next(state, input, minInterval: twoSeconds)
        }
        #expect(next(.offline, .online(at: at(5))) == .changed(at: at(5)))
        #expect(next(.offline, .screenChanged(at: at(5))) == .offline)
        #expect(next(.offline, .begin(frame: 3)) == .offline)
        #expect(next(.published(restUntil: at(2_000)), .screenChanged(at: at(100))) == .changed(at: at(2_000)))
        #expect(next(.published(restUntil: at(2_000)), .screenChanged(at: at(2_500))) == .changed(at: at(2_500)))
        #expect(next(.published(restUntil: at(2_000)), .online(at: at(9))) == .published(restUntil: at(2_000)))
        #expect(next(.changed(at: at(7)), .begin(frame: 4)) == .encoding(frame: 4))
        #expect(next(.changed(at: at(7)), .screenChanged(at: at(8))) == .changed(at: at(7)))
        #expect(next(.encoding(frame: 4), .begin(frame: 5)) == .encoding(frame: 5))
        #expect(next(.encoding(frame: 4), .finished(at: at(300))) == .published(restUntil: at(2_300)))
        #expect(next(.encoding(frame: 4), .failed(at: at(300))) == .published(restUntil: at(2_300)))
        for state in [ScreenMirror.offline, .published(restUntil: at(1)), .changed(at: at(1)), .encoding(frame: 1)] {
            #expect(next(state, .away) == .offline)
        }
    }

    /// 480 rows of 2,400 bytes: 6 rows a turn (at most 16 KiB of RGB), so 80 turns of rows
    /// after the turn that begins, and the file on the last.
    @Test func aPictureIsBegunThenMadeSixRowsATurnAndFinishedOnItsLastShare() {
        var pacing = ScreenMirrorPacing(minInterval: twoSeconds)
        let encoder = FakeScreenEncoder()
        #expect(ScreenMirrorPacing.rowsPerTurn(rowBytes: 2_400) == 6)
        #expect(ScreenMirrorPacing.rowsPerTurn(rowBytes: 40_000) == 1)
        var problems: [String] = []
        #expect(pacing.turn(encoder, now: at(0)) { problems.append($0) } == nil)
        #expect(encoder.calls.isEmpty)
        pacing.online(at: at(10))
        #expect(pacing.deadline(frameNumber: 1, now: at(10)) == at(10))
        #expect(pacing.turn(encoder, now: at(10)) { problems.append($0) } == nil)
        #expect(encoder.calls == ["begin 1"])
        #expect(pacing.deadline(frameNumber: 1, now: at(11)) == at(11))
        var png: [UInt8]?
        var turns = 0
        while png == nil, turns < 100 {
            turns += 1
            png = pacing.turn(encoder, now: at(10 + Int64(turns))) { problems.append($0) }
        }
        #expect(turns == 80)
        #expect(png.map { String(decoding: $0, as: UTF8.self) } == "png frame 1 rows 480")
        #expect(encoder.calls.count == 1 + 80 + 1)
        #expect(encoder.calls[1] == "encode 6" && encoder.calls[80] == "encode 6" && encoder.calls[81] == "finish")
        #expect(pacing.state == .published(restUntil: at(90 + 2_000)))
        #expect(pacing.publishedFrame == 1)
        // Nothing changed: no deadline, and a turn does nothing.
        #expect(pacing.deadline(frameNumber: 1, now: at(100)) == nil)
        #expect(pacing.turn(encoder, now: at(100)) { problems.append($0) } == nil)
        #expect(encoder.calls.count == 82)
        #expect(problems.isEmpty)
    }

    @Test func aChangeWithinTheRestWaitsForItsEndAndAFloodOfChangesMakesOnePicture() {
        var pacing = ScreenMirrorPacing(minInterval: twoSeconds)
        let encoder = FakeScreenEncoder()
        encoder.heightPx = 6
        pacing.online(at: at(0))
        _ = pacing.turn(encoder, now: at(0)) { _ in }
        #expect(pacing.turn(encoder, now: at(1)) { _ in } != nil)
        // Frames 2..40 painted every 10 ms within the rest: one picture, of the newest: begun at the first turn after the rest (2,010 ms), made at the next.
        var made: [String] = []
        for ms in stride(from: Int64(10), through: 2_400, by: 10) {
            if ms <= 400 { encoder.frameNumber = UInt64(1 + ms / 10) }
            if let png = pacing.turn(encoder, now: at(ms)) { _ in } { made.append("\(ms): " + String(decoding: png, as: UTF8.self)) }
        }
        #expect(made == ["2020: png frame 41 rows 6"])
        #expect(encoder.calls.filter { $0.hasPrefix("begin") } == ["begin 1", "begin 41"])
    }

    @Test func aScreenThatChangesMidwayIsBegunAgainFromTheTop() {
        var pacing = ScreenMirrorPacing(minInterval: twoSeconds)
        let encoder = FakeScreenEncoder()
        encoder.heightPx = 18
        pacing.online(at: at(0))
        _ = pacing.turn(encoder, now: at(0)) { _ in }
        _ = pacing.turn(encoder, now: at(1)) { _ in }
        encoder.frameNumber = 2
        #expect(pacing.turn(encoder, now: at(2)) { _ in } == nil)
        #expect(pacing.state == .encoding(frame: 2))
        var png: [UInt8]?
        var ms: Int64 = 2
        while png == nil, ms < 20 {
            ms += 1
            png = pacing.turn(encoder, now: at(ms)) { _ in }
        }
        #expect(encoder.calls == ["begin 1", "encode 6", "begin 2", "encode 6", "encode 6", "encode 6", "finish"])
        #expect(png.map { String(decoding: $0, as: UTF8.self) } == "png frame 2 rows 18")
        #expect(pacing.publishedFrame == 2)
    }

    @Test func aPictureThatCannotBeBegunIsLoggedAndTriedAgainAfterTheRest() {
        var pacing = ScreenMirrorPacing(minInterval: twoSeconds)
        let encoder = FakeScreenEncoder()
        encoder.beginRefusal = "no display to take it from"
        var problems: [String] = []
        pacing.online(at: at(0))
        #expect(pacing.turn(encoder, now: at(0)) { problems.append($0) } == nil)
        #expect(problems == ["no display to take it from"])
        #expect(pacing.state == .published(restUntil: at(2_000)))
        #expect(pacing.deadline(frameNumber: 1, now: at(5)) == at(2_000))
        encoder.beginRefusal = nil
        _ = pacing.turn(encoder, now: at(2_000)) { problems.append($0) }
        #expect(encoder.calls == ["begin 1", "begin 1"])
        #expect(pacing.state == .encoding(frame: 1))
    }

    @Test func theBrokerGoingAwayStopsThePictureAndComingBackSendsTheScreenAgain() {
        var pacing = ScreenMirrorPacing(minInterval: twoSeconds)
        let encoder = FakeScreenEncoder()
        encoder.heightPx = 12
        pacing.online(at: at(0))
        _ = pacing.turn(encoder, now: at(0)) { _ in }
        _ = pacing.turn(encoder, now: at(1)) { _ in }
        pacing.away(at: at(5))
        #expect(pacing.state == .offline)
        #expect(pacing.deadline(frameNumber: 1, now: at(6)) == nil)
        pacing.online(at: at(700))
        #expect(pacing.publishedFrame == nil)
        #expect(pacing.state == .changed(at: at(700)))
    }
}

/// A panel with the mirror on and taps from the screen taken: a plain button, a jog button
/// (hold-to-run) and one in an interlock group.
private let mirrorConfig = """
    [display]
    width = 800
    height = 480

    [controller]
    model = ft5406

    [mqtt]
    host = 127.0.0.1
    client_id = hall.panel
    mirror = yes
    mirror_min_s = 3
    mirror_taps = yes

    [button fan]
    rect = 400, 0, 200, 100
    on_tap = emit

    [button jog]
    rect = 0, 200, 200, 100
    on_press = gpio gpiochip0 17 on
    on_release = gpio gpiochip0 17 off

    [button pump]
    rect = 400, 200, 200, 100
    interlock = water
    on_tap = gpio gpiochip0 18 toggle

    [button valve]
    rect = 600, 200, 200, 100
    interlock = water
    on_tap = emit
    """

private let prefix = "touchpanel/hall_panel"

/// The engine and the bridge over fakes, connected at 0 ms (its first turns at 0..2 ms).
private struct MirrorRig {
    let rig: EngineRig
    let connection = FakeMQTTConnection()
    let bridge: MQTTBridge
    let encoder = FakeScreenEncoder()

    init(config: String = mirrorConfig) throws {
        rig = try EngineRig(config: config)
        let mqtt = try #require(rig.engine.config.mqtt)
        bridge = MQTTBridge(
            settings: MQTTBridge.Settings(config: mqtt, hostName: "board"), connection: connection, log: rig.log, now: at(0),
            jitterSeed: 7)
        bridge.attach(rig.engine)
        bridge.turn(revents: [], engine: rig.engine, now: at(0))
        connection.pendingEvents = [.connected(code: 0)]
        bridge.turn(revents: .readable, engine: rig.engine, now: at(1))
        connection.acknowledgeAll()
        bridge.turn(revents: .readable, engine: rig.engine, now: at(2))
    }

    /// A loop turn at `ms` as BrokerTurn gives it: the link's, then the mirror's.
    func turn(_ ms: Int64) {
        bridge.turn(revents: [], engine: rig.engine, now: at(ms))
        bridge.mirrorTurn(encoder, now: at(ms))
    }

    /// A message from the broker read at `ms`.
    func message(_ topic: String, _ payload: String, at ms: Int64) {
        connection.pendingEvents = [.message(topic: topic, payload: Array(payload.utf8), retained: false)]
        bridge.turn(revents: .readable, engine: rig.engine, now: at(ms))
    }
}

@Suite("The screen in Home Assistant: P/screen, its image entity and taps from a dashboard")
struct ScreenMirrorBridgeTests {
    @Test func theScreenGoesOutRetainedOnPScreenAndHomeAssistantGetsAnImageEntity() throws {
        let rig = try MirrorRig()
        #expect(rig.connection.calls.contains("subscribe q1 \(prefix)/screen/tap"))
        let documents = rig.bridge.discoveryDocuments(for: rig.rig.engine.config)
        let image = try #require(documents.first { $0.topic == "homeassistant/image/hall_panel/screen/config" })
        let text = String(decoding: image.payload, as: UTF8.self)
        #expect(text.hasPrefix(#"{"name":"Screen","image_topic":"touchpanel/hall_panel/screen","content_type":"image/png","icon":"mdi:tablet-dashboard","unique_id":"hall_panel_screen""#))
        rig.connection.calls = []
        // 480 rows: the turn that begins, 80 turns of 6 rows, published on the last.
        for ms in Int64(3)...83 { rig.turn(ms) }
        #expect(rig.connection.publishes == ["publish retained q1 \(prefix)/screen png frame 1 rows 480"])
        #expect(rig.bridge.screensPublished == 1)
        #expect(rig.bridge.mirrorDeadline(frameNumber: 1) == nil)
        // The next frame painted waits for the rest (3 s from 83 ms).
        rig.encoder.frameNumber = 2
        #expect(rig.bridge.mirrorDeadline(frameNumber: 2) == at(3_083))
    }

    @Test func aTapFromTheScreenIsAFingersTapThere() throws {
        let rig = try MirrorRig()
        rig.message("\(prefix)/screen/tap", #"{"x":450,"y":50}"#, at: 100)
        #expect(rig.rig.output.lines == [
            #"{"t_ms":100,"button":"fan","event":"pressed"}"#,
            #"{"t_ms":100,"button":"fan","event":"released"}"#,
            #"{"t_ms":100,"button":"fan","event":"tap","taps":1}"#,
        ])
    }

    @Test func tapsOnAHoldToRunOrInterlockedButtonOffTheScreenOrNotJSONAreRefusedAndRunNothing() throws {
        let rig = try MirrorRig()
        rig.message("\(prefix)/screen/tap", #"{"x":50,"y":250}"#, at: 100)
        rig.message("\(prefix)/screen/tap", #"{"x":450,"y":250}"#, at: 200)
        rig.message("\(prefix)/screen/tap", #"{"x":800,"y":10}"#, at: 300)
        let other = try MirrorRig()
        other.message("\(prefix)/screen/tap", #"{"x":1.5,"y":10}"#, at: 400)
        #expect(other.rig.output.lines.isEmpty)
        #expect(other.rig.log.lines.filter { $0.contains("screen/tap") } == [
            #"mqtt: touchpanel/hall_panel/screen/tap: expected a JSON object such as {"x":120,"y":80} (whole pixels)"#
        ])
        #expect(rig.rig.output.lines.isEmpty)
        #expect(rig.rig.pulseLine.levels.isEmpty && rig.rig.toggleLine.levels.isEmpty)
        #expect(rig.rig.log.lines.filter { $0.contains("screen/tap") } == [
            "mqtt: \(prefix)/screen/tap: tap at 50,250 refused: [button jog] is hold-to-run: taps from outside never run it",
            "mqtt: \(prefix)/screen/tap: tap at 450,250 refused: [button pump] is in interlock group water: taps from outside never run it",
            "mqtt: \(prefix)/screen/tap: tap at 800,10 refused: outside the screen's 800x480 pixels",
        ])
    }

    @Test func withoutMirrorTapsTheTopicIsNotSubscribedAndATapOnItDoesNothing() throws {
        let rig = try MirrorRig(config: mirrorConfig.replacingOccurrences(of: "mirror_taps = yes", with: "mirror_taps = no"))
        #expect(!rig.connection.calls.contains { $0.contains("screen/tap") })
        rig.message("\(prefix)/screen/tap", #"{"x":450,"y":50}"#, at: 100)
        #expect(rig.rig.output.lines.isEmpty)
    }

    @Test func mirrorTapsNeedTheMirrorAndCommands() throws {
        func error(_ mqtt: String) -> String {
            let text = "[display]\nwidth = 800\nheight = 480\n[controller]\nmodel = ft5406\n[mqtt]\nhost = h\n" + mqtt
                + "[button a]\nrect = 0, 0, 10, 10\non_tap = emit\n"
            do {
                _ = try PanelConfigLoader.parse(text: text, file: "m.ini")
                return "parsed"
            } catch let errors as ConfigErrors {
                return errors.rendered
            } catch {
                return "\(error)"
            }
        }
        #expect(error("mirror_taps = yes\n").contains("m.ini:8: [mqtt] mirror_taps: taps on the mirrored screen need the mirror: give mirror = yes"))
        #expect(error("mirror = yes\ncommands = no\nmirror_taps = yes\n").contains(
            "m.ini:10: [mqtt] mirror_taps: commands = no takes no command from the broker, and a tap is one: give commands = yes or mirror_taps = no"))
        #expect(error("mirror = yes\nmirror_min_s = 0\n").contains("m.ini:9: [mqtt] mirror_min_s"))
    }
}
