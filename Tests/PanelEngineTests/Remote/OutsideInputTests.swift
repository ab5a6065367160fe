import LinuxSystem
import PanelConfig
@testable import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// A panel with every input that takes a number from outside: a fractional slider over a
/// device's 0-254 (`value_topic`, `/value/set`, `ctl value`), the backlight (`/backlight/set`,
/// `ctl brightness`), and texts in `%d` and `%.2f`.
private let outsideConfig = """
    [display]
    width = 800
    height = 480

    [controller]
    model = ft5406

    [backlight]
    dim_after_s = 100
    off_after_s = 200

    [mqtt]
    host = 127.0.0.1
    client_id = hall.panel

    [button fan]
    rect = 600, 0, 200, 100
    on_tap = emit

    [slider lamp]
    rect = 100, 100, 400, 60
    min = 0
    max = 100
    step = 0.5
    value_topic = dev/lamp
    value_scale = 254

    [text watts]
    rect = 0, 300, 300, 40
    topic = dev/watts
    format = %d W

    [text temp]
    rect = 300, 300, 300, 40
    topic = dev/temp
    format = %.2f

    [text status]
    rect = 0, 400, 600, 40
    topic = dev/status
    """

private let prefix = "touchpanel/hall_panel"

/// The engine over fakes with the bridge over a fake connection, connected at 0 ms.
private struct OutsideRig {
    let rig: EngineRig
    let connection = FakeMQTTConnection()
    let bridge: MQTTBridge

    init() throws {
        rig = try EngineRig(config: outsideConfig, backlight: RecordingBacklight())
        bridge = MQTTBridge(
            settings: MQTTBridge.Settings(config: try #require(rig.engine.config.mqtt), hostName: "board"), connection: connection,
            log: rig.log, now: at(0), jitterSeed: 7)
        bridge.attach(rig.engine)
        bridge.turn(revents: [], engine: rig.engine, now: at(0))
        connection.pendingEvents = [.connected(code: 0)]
        bridge.turn(revents: .readable, engine: rig.engine, now: at(1))
        connection.acknowledgeAll()
        bridge.turn(revents: .readable, engine: rig.engine, now: at(2))
    }

    /// Messages from the broker, read in one turn at `ms`.
    func deliver(_ ms: Int64, _ messages: [(String, String)], retained: Bool = false) {
        connection.pendingEvents = messages.map { .message(topic: $0.0, payload: Array($0.1.utf8), retained: retained) }
        bridge.turn(revents: .readable, engine: rig.engine, now: at(ms))
    }

    func text(_ name: String) -> String {
        let state = rig.engine.control(.state, now: at(0))
        guard let range = state.range(of: "{\"name\":\"\(name)\",\"text\":\"") else { return "?" }
        let rest = state[range.upperBound...]
        return String(rest[..<rest.firstIndex(of: "\"")!])
    }

    /// A tap on the fan at `ms` still gives its event line: the touch path is alive.
    func tapFanGivesATap(_ ms: Int64) -> Bool {
        rig.interrupt(ms, report([(0, 650, 50, .down)]))
        rig.interrupt(ms + 40, report([(0, 650, 50, .up)]))
        return rig.output.lines.last?.contains("\"button\":\"fan\",\"event\":\"tap\"") ?? false
    }
}

/// The extremes issue 43 names for every numeric topic, command and key.
private let tenThousandNines = String(repeating: "9", count: 10_000)
private let extremes: [String] = [
    "922337203685477.5", "-922337203685477.5", "9223372036854775807", "-9223372036854775808", "9.2e18", "-9.2e18",
    "1e308", "-1e308", "1e999", "-1e999", "NaN", "nan", "-inf", "-0", tenThousandNines, "-" + tenThousandNines,
    "0." + String(repeating: "0", count: 10_000) + "1", String(repeating: "0", count: 60_000) + "42",
]

@Suite("Outside input: numbers, texts and refusals (issue 43)")
struct OutsideInputTests {
    /// Issue 43's first finding: a retained report on a fractional slider's device topic
    /// trapped at every start. It is held at the slider's end.
    @Test func aRetainedHugeDeviceValueIsHeldAtTheSlidersEnd() throws {
        let rig = try OutsideRig()
        rig.deliver(10, [("dev/lamp", "922337203685477.5")], retained: true)
        #expect(rig.rig.engine.sliderSteps == [200])
        rig.deliver(20, [("dev/lamp", "-922337203685477.5")], retained: true)
        #expect(rig.rig.engine.sliderSteps == [0])
        rig.deliver(30, [("dev/lamp", "127")])
        #expect(rig.rig.engine.sliderSteps == [100])
        #expect(rig.tapFanGivesATap(100))
    }

    @Test func everyNumericInputTakesTheExtremes() throws {
        let rig = try OutsideRig()
        var ms: Int64 = 10
        // The slider's steps each extreme gives from its device topic, its /value/set and ctl value.
        let deviceSteps: [Int32] = [200, 0, 200, 0, 200, 0, 200, 0, 200, 0, -1, -1, -1, 0, 200, 0, 0, 33]
        let setSteps: [Int32] = [200, 0, 200, 0, 200, 0, 200, 0, 200, 0, -1, -1, -1, 0, 200, 0, 0, 84]
        for (index, value) in extremes.enumerated() {
            _ = rig.rig.engine.control(.value(slider: "lamp", number: "50"), now: at(ms))
            rig.deliver(ms, [("dev/lamp", value)])
            #expect(rig.rig.engine.sliderSteps == [deviceSteps[index] < 0 ? 100 : deviceSteps[index]], "dev/lamp \(value.prefix(20))")
            _ = rig.rig.engine.control(.value(slider: "lamp", number: "50"), now: at(ms + 1))
            rig.deliver(ms + 2, [("\(prefix)/slider/lamp/value/set", value)])
            #expect(rig.rig.engine.sliderSteps == [setSteps[index] < 0 ? 100 : setSteps[index]], "value/set \(value.prefix(20))")
            _ = rig.rig.engine.control(.value(slider: "lamp", number: "50"), now: at(ms + 3))
            let reply = rig.rig.engine.control(.value(slider: "lamp", number: value), now: at(ms + 4))
            #expect(reply.hasPrefix(setSteps[index] < 0 ? "{\"ok\":false" : "{\"ok\":true"), "ctl value \(value.prefix(20))")
            #expect(rig.rig.engine.sliderSteps == [setSteps[index] < 0 ? 100 : setSteps[index]], "ctl value \(value.prefix(20))")
            ms += 100
        }
        // Texts: %d and %.2f show a number of at most 40 whole digits, and `--` before any.
        let watts = extremes.map { value -> String in
            rig.deliver(ms, [("dev/watts", value)])
            ms += 10
            return rig.text("watts")
        }
        #expect(watts == [
            "922337203685478 W", "-922337203685478 W", "9223372036854775807 W", "-9223372036854775808 W",
            "9200000000000000000 W", "-9200000000000000000 W", "-9200000000000000000 W", "-9200000000000000000 W",
            "-9200000000000000000 W", "-9200000000000000000 W", "-9200000000000000000 W", "-9200000000000000000 W",
            "-9200000000000000000 W", "0 W", "0 W", "0 W", "0 W", "42 W",
        ])
        rig.deliver(ms, [("dev/temp", "-0"), ("dev/temp", "1e999")])
        #expect(rig.text("temp") == "0.00")
        // Brightness: whole 1..100 only; every extreme refused, and the backlight left at 40.
        rig.deliver(ms, [("\(prefix)/backlight/set", "{\"brightness\":40}")])
        for value in extremes.dropLast() + ["50.5", "0", "101"] {
            rig.deliver(ms, [("\(prefix)/backlight/set", "{\"brightness\":\(value)}")])
            ms += 10
            #expect(ControlCommand.parse("brightness \(value)")
                    == .failure(ControlError("brightness takes a percentage 1..100, not \"\(value)\"")), "\(value.prefix(20))")
        }
        #expect(rig.rig.engine.control(.state, now: at(ms)).contains("\"brightness\":40}"))
        rig.deliver(ms, [("\(prefix)/backlight/set", "{\"brightness\":1e2}")])
        #expect(rig.rig.engine.control(.state, now: at(ms)).contains("\"brightness\":100}"))
        #expect(ControlCommand.parse("brightness 100.0") == .success(.brightness(percent: 100)))
        #expect(ControlCommand.parse("brightness 8e1") == .success(.brightness(percent: 80)))
        #expect(ControlCommand.parse("brightness \(extremes.last!)") == .success(.brightness(percent: 42)))
        #expect(ControlCommand.parse("brightness 50.5") == .failure(ControlError("brightness takes a percentage 1..100, not \"50.5\"")))
        #expect(rig.tapFanGivesATap(ms))
    }

    /// A text is cut at 128 characters, as a label is, so `ctl state` stays small whatever
    /// a device sends (issue 43: an 11 KB text of control bytes made it 66 KB).
    @Test func aTextIsCutAt128CharactersAndCtlStateStaysSmall() throws {
        let rig = try OutsideRig()
        let controlBytes = String(decoding: [UInt8](repeating: 0x01, count: 11_000), as: UTF8.self)
        rig.deliver(10, [("dev/status", controlBytes)])
        let state = rig.rig.engine.control(.state, now: at(20))
        #expect(state.utf8.count < 2_048)
        #expect(state.contains("\"text\":\"" + String(repeating: "\\u0001", count: 128) + "\""))
        rig.deliver(30, [("dev/status", String(repeating: "é", count: 129))])
        #expect(rig.text("status") == String(repeating: "é", count: 128))
        rig.deliver(40, [("dev/status", String(repeating: "é", count: 128))])
        #expect(rig.text("status") == String(repeating: "é", count: 128))
        #expect(rig.rig.log.lines.filter { $0.contains("[text status]") } == [
            "mqtt: dev/status for [text status]: 11000 characters, cut to 128",
            "mqtt: dev/status for [text status]: 129 characters, cut to 128",
        ])
    }

    /// 1,000 refused commands a topic log three lines a minute, then one line of how many were
    /// left out; 500 out-of-range `ctl value` the same.
    @Test func refusalsFromOutsideAreRateLimited() throws {
        let rig = try OutsideRig()
        let before = rig.rig.log.lines.count
        for index in 0..<1_000 {
            rig.deliver(10 + Int64(index), [("\(prefix)/slider/lamp/value/set", "dim"), ("\(prefix)/page/set", "cellar")])
        }
        for index in 0..<500 {
            _ = rig.rig.engine.control(.value(slider: "lamp", number: "500"), now: at(2_000 + Int64(index)))
        }
        let lines = Array(rig.rig.log.lines[before...])
        #expect(lines.count == 9)
        #expect(lines.filter { $0.hasPrefix("mqtt: \(prefix)/slider/lamp/value/set: ") }.count == 3)
        #expect(lines.filter { $0.hasPrefix("mqtt: \(prefix)/page/set: ") }.count == 3)
        #expect(lines.filter { $0.hasPrefix("[slider lamp] value 500 is outside 0.0..100.0") }.count == 3)
        rig.bridge.turn(revents: [], engine: rig.rig.engine, now: at(60_010))
        rig.rig.engine.tick(now: at(62_000))
        #expect(Array(rig.rig.log.lines.suffix(3)).sorted() == [
            "[slider lamp] value outside its range: 497 more in 60 s not logged",
            "mqtt: \(prefix)/page/set: 997 more in 60 s not logged",
            "mqtt: \(prefix)/slider/lamp/value/set: 997 more in 60 s not logged",
        ])
        #expect(rig.tapFanGivesATap(63_000))
    }
}
