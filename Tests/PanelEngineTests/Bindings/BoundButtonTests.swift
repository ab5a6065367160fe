import Foundation
import LinuxSystem
import PanelConfig
@testable import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// A lamp bound to its Zigbee2MQTT topic, toggled through the panel's broker connection, and a
/// plain latch button beside it.
private let boundConfig = """
    [display]
    width = 800
    height = 480

    [controller]
    model = ft5406

    [mqtt]
    host = 127.0.0.1
    client_id = hall

    [button lamp]
    rect = 0, 0, 200, 100
    title = Living room lamp
    state_topic = zigbee2mqtt/lamp
    state_field = state
    pending_ms = 1500
    on_tap = mqtt zigbee2mqtt/lamp/set {"state":"$VALUE","from":"$BUTTON","taps":"$TAPS"}
    on_double_tap = exec echo double

    [button heat]
    rect = 400, 0, 200, 100
    latch = yes
    on_tap = emit
    on_double_tap = emit
    """

/// The engine over fakes and the bridge over a fake connection, connected at 0 ms.
private struct BoundRig {
    let rig: EngineRig
    let connection = FakeMQTTConnection()
    let bridge: MQTTBridge

    init(online: Bool = true) throws {
        rig = try EngineRig(config: boundConfig)
        let mqtt = try #require(rig.engine.config.mqtt)
        bridge = MQTTBridge(
            settings: MQTTBridge.Settings(config: mqtt, hostName: "board"), connection: connection, log: rig.log, now: at(0),
            jitterSeed: 7)
        bridge.attach(rig.engine)
        guard online else { return }
        turn(0)
        connection.pendingEvents = [.connected(code: 0)]
        turn(1, readable: true)
        connection.acknowledgeAll()
        turn(2, readable: true)
        connection.calls = []
        rig.surface.calls = []
    }

    func turn(_ ms: Int64, readable: Bool = false) {
        bridge.turn(revents: readable ? .readable : [], engine: rig.engine, now: at(ms))
    }

    /// The broker delivers `payload` on `topic` at `ms`.
    func deliver(_ ms: Int64, _ topic: String, _ payload: String, retained: Bool = false) {
        connection.pendingEvents = [.message(topic: topic, payload: Array(payload.utf8), retained: retained)]
        rig.tick(ms)
        turn(ms, readable: true)
        rig.tick(ms)
    }

    /// A tap at (x, 50) from `downMs`, lifted 40 ms later, each step followed by the bridge's turn.
    func tap(_ downMs: Int64, x: Int32 = 100) {
        rig.interrupt(downMs, report([(0, x, 50, .down)]))
        turn(downMs)
        rig.interrupt(downMs + 40, report([(0, x, 50, .up)]))
        turn(downMs + 40)
    }

    var commands: [String] { connection.publishes.filter { $0.contains("zigbee2mqtt/lamp/set") } }
}

@Suite("Bound buttons: the device's state drawn, a tap pending until it answers, never an action from a state")
struct BoundButtonTests {
    @Test func aBoundButtonStartsUnknownAndItsTopicIsSubscribedOnConnect() throws {
        let rig = try BoundRig(online: false)
        #expect(rig.rig.engine.boundTopics == ["zigbee2mqtt/lamp"])
        rig.turn(0)
        rig.connection.pendingEvents = [.connected(code: 0)]
        rig.turn(1, readable: true)
        #expect(rig.connection.calls.contains("subscribe q1 zigbee2mqtt/lamp"))
        #expect(rig.rig.engine.control(.state, now: at(2)).contains(#"{"name":"lamp","label":"lamp","enabled":true,"state":"unknown"}"#))
    }

    @Test func aRetainedStateAtStartIsDrawnOnceAndRunsNothing() throws {
        let rig = try BoundRig()
        rig.deliver(10, "zigbee2mqtt/lamp", #"{"state":"ON","brightness":254}"#, retained: true)
        #expect(rig.rig.surface.calls == ["draw 0 on", "frame 10"])
        #expect(rig.commands == [])
        #expect(rig.rig.launcher.transactions == [])
        #expect(rig.rig.output.lines == [])
        // The same state again changes no pixel.
        rig.deliver(20, "zigbee2mqtt/lamp", #"{"state":"ON","brightness":200}"#)
        #expect(rig.rig.surface.calls == ["draw 0 on", "frame 10"])
    }

    @Test func aTapPublishesOnceShowsPendingAndTheEchoEndsIt() throws {
        let rig = try BoundRig()
        rig.deliver(10, "zigbee2mqtt/lamp", #"{"state":"ON"}"#)
        rig.rig.surface.calls = []
        rig.tap(100)
        // A single tap waits multi_tap_ms (250) for a second one: the action runs at 390.
        rig.rig.tick(390)
        rig.turn(390)
        #expect(rig.commands == [#"publish q1 zigbee2mqtt/lamp/set {"state":"OFF","from":"lamp","taps":"1"}"#])
        #expect(rig.rig.surface.calls == ["draw 0 pressed", "frame 100", "draw 0 on", "frame 140", "draw 0 pending", "frame 390"])
        rig.rig.surface.calls = []
        rig.deliver(600, "zigbee2mqtt/lamp", #"{"state":"OFF"}"#)
        #expect(rig.rig.surface.calls == ["draw 0 normal", "frame 600"])
        // The echo of the device's own publish: nothing runs, nothing is sent, nothing flips twice.
        rig.deliver(650, "zigbee2mqtt/lamp", #"{"state":"OFF"}"#)
        #expect(rig.commands.count == 1)
        #expect(rig.rig.surface.calls == ["draw 0 normal", "frame 600"])
        #expect(rig.rig.engine.control(.state, now: at(700)).contains(#""state":"off""#))
    }

    @Test func aDeviceThatDoesNotAnswerGivesTheLastReportBackWithALogLine() throws {
        let rig = try BoundRig()
        rig.deliver(10, "zigbee2mqtt/lamp", #"{"state":"ON"}"#)
        rig.tap(100)
        rig.rig.tick(390)
        #expect(rig.rig.engine.nextWakeup == at(1890))
        rig.rig.surface.calls = []
        rig.rig.tick(1889)
        #expect(rig.rig.surface.calls == [])
        rig.rig.tick(1890)
        #expect(rig.rig.surface.calls == ["draw 0 on", "frame 1890"])
        #expect(rig.rig.log.lines.last == "[button lamp] no state from zigbee2mqtt/lamp within 1500 ms of the tap; showing on again")
    }

    @Test func aStateArrivingDuringAPressChangesNeitherThePressNorItsEvents() throws {
        let rig = try BoundRig()
        rig.rig.interrupt(100, report([(0, 100, 50, .down)]))
        rig.deliver(150, "zigbee2mqtt/lamp", #"{"state":"ON"}"#)
        rig.rig.interrupt(200, report([(0, 100, 50, .up)]))
        rig.rig.tick(450)
        #expect(rig.rig.output.lines == [
            #"{"t_ms":100,"button":"lamp","event":"pressed"}"#,
            #"{"t_ms":200,"button":"lamp","event":"released"}"#,
            #"{"t_ms":450,"button":"lamp","event":"tap","taps":1}"#,
        ])
        // Held, the button shows pressed whatever the device says; the report shows at rest.
        #expect(rig.rig.surface.calls == [
            "draw 0 pressed", "frame 100", "draw 0 on", "frame 200", "draw 0 pending", "frame 450",
        ])
    }

    @Test func theBrokerGoingAwayDrawsUnknownAndDropsDeviceCommandsWithALogLine() throws {
        let rig = try BoundRig()
        rig.deliver(10, "zigbee2mqtt/lamp", #"{"state":"ON"}"#)
        rig.rig.surface.calls = []
        rig.connection.pendingEvents = [.disconnected(code: 7)]
        rig.turn(20, readable: true)
        rig.rig.tick(20)
        #expect(rig.rig.surface.calls == ["draw 0 unknown", "frame 20"])
        rig.connection.calls = []
        rig.tap(100)
        rig.rig.tick(390)
        #expect(rig.connection.publishes == [])
        #expect(rig.rig.log.lines.contains(
            "[button lamp] mqtt zigbee2mqtt/lamp/set: dropped, 127.0.0.1:1883 is away (device commands are not queued)"))
        // Local actions go on: the double tap's command runs with the broker away.
        rig.tap(1000)
        rig.tap(1100)
        rig.rig.tick(1400)
        #expect(rig.rig.launcher.transactions == ["spawn 100 echo double"])
    }

    @Test func payloadsThatSayNeitherAreIgnoredWithARateLimitedLogLine() throws {
        let rig = try BoundRig()
        rig.deliver(10, "zigbee2mqtt/lamp", #"{"state":"ON"}"#)
        let logged = rig.rig.log.lines.count
        rig.deliver(20, "zigbee2mqtt/lamp", "not json")
        rig.deliver(30, "zigbee2mqtt/lamp", #"{"brightness":3}"#)
        rig.deliver(40, "zigbee2mqtt/lamp", #"{"state":{"on":true}}"#)
        rig.deliver(50, "zigbee2mqtt/lamp", #"{"state":"MAYBE"}"#)
        rig.deliver(60, "zigbee2mqtt/lamp", String(repeating: " ", count: 70_000))
        #expect(Array(rig.rig.log.lines[logged...]) == [
            "mqtt: zigbee2mqtt/lamp for [button lamp]: ignored: state_field state: not JSON (at byte 1)",
            "mqtt: zigbee2mqtt/lamp for [button lamp]: ignored: state_field state: the field is missing",
            "mqtt: zigbee2mqtt/lamp for [button lamp]: ignored: state_field state: the field is an object or an array, not a value",
        ])
        #expect(rig.rig.engine.control(.state, now: at(70)).contains(#""state":"on""#))
        rig.rig.tick(60_020)
        #expect(rig.rig.log.lines.last == "mqtt: zigbee2mqtt/lamp for [button lamp]: 2 more in 60 s not logged")
    }

    @Test func aLatchFlipsOnASingleTapOnlyAndSaysItsNewStateAsValue() throws {
        let rig = try BoundRig()
        rig.tap(100, x: 500)
        rig.rig.tick(390)
        #expect(rig.rig.engine.actions.latched == [false, true])
        rig.tap(1000, x: 500)
        rig.tap(1100, x: 500)
        rig.rig.tick(1400)
        #expect(rig.rig.output.lines.last == #"{"t_ms":1140,"button":"heat","event":"tap","taps":2}"#)
        #expect(rig.rig.engine.actions.latched == [false, true])
    }
}

@Suite("The mqtt action's payload: $BUTTON, $TAPS, $VALUE")
struct MQTTActionPayloadTests {
    @Test func theWordsAreReplacedAndEverythingElseStays() {
        #expect(String(decoding: MQTTActionText.expand("$BUTTON:$TAPS:$VALUE $$ $OTHER $", button: "lamp", taps: 2, value: "ON"), as: UTF8.self)
            == "lamp:2:ON $$ $OTHER $")
        #expect(String(decoding: MQTTActionText.expand("t=$TAPS", button: "b", taps: nil, value: ""), as: UTF8.self) == "t=")
    }
}

@Suite("Rule 13 as a property: states from outside never change events or start actions")
struct BoundStatePropertyTests {
    /// xorshift64*, seeded: the same sequences every run.
    private struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return Int((state &* 0x2545_F491_4F6C_DD1D) >> 33) % bound
        }
    }

    /// Random touches on both buttons, with or without random states between them: the event
    /// lines and every command started must be the same.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func eventsAndActionsDoNotDependOnStates(seed: UInt64) throws {
        func run(withStates: Bool) throws -> (lines: [String], commands: [String], spawned: [String]) {
            let rig = try BoundRig()
            var random = Random(state: seed)
            var ms: Int64 = 10
            for _ in 0..<40 {
                let x: Int32 = random.next(2) == 0 ? 100 : 500
                let hold = Int64(20 + random.next(170))
                let states = random.next(3)
                rig.rig.interrupt(ms, report([(0, x, 50, .down)]))
                rig.turn(ms)
                // Both runs wake at the same instants; only the busy one gets messages then.
                for index in 0..<states {
                    let at = ms + Int64(index + 1) * hold / Int64(states + 1)
                    if withStates {
                        rig.deliver(at, "zigbee2mqtt/lamp", index % 2 == 0 ? #"{"state":"ON"}"# : #"{"state":"OFF"}"#)
                    } else {
                        rig.rig.tick(at)
                        rig.turn(at)
                    }
                }
                rig.rig.interrupt(ms + hold, report([(0, x, 50, .up)]))
                rig.turn(ms + hold)
                ms += hold + Int64(50 + random.next(600))
                if random.next(2) == 0 {
                    if withStates {
                        rig.deliver(ms - 10, "zigbee2mqtt/lamp", #"{"state":"OFF"}"#)
                    } else {
                        rig.rig.tick(ms - 10)
                        rig.turn(ms - 10)
                    }
                }
            }
            rig.rig.tick(ms + 5000)
            return (rig.rig.output.lines, rig.commands, rig.rig.launcher.transactions)
        }
        let quiet = try run(withStates: false)
        let busy = try run(withStates: true)
        #expect(busy.lines == quiet.lines)
        #expect(busy.spawned == quiet.spawned)
        // The commands' $VALUE follows what the device reported, so only their number is the same.
        #expect(busy.commands.count == quiet.commands.count)
        #expect(quiet.lines.count > 40)
    }
}

@Suite("touchpanel record: messages on bound topics as mqtt lines")
struct RecordedMessageTests {
    @Test func boundMessagesAreRecordedAndOthersAreNot() throws {
        let rig = try BoundRig()
        let path = "/tmp/touchpanel-record-\(getpid()).trace"
        defer { unlink(path) }
        rig.rig.engine.recorder = try RawTraceRecorder(path: path, origin: at(0))
        rig.deliver(120, "zigbee2mqtt/lamp", #"{"state":"ON"}"#)
        rig.deliver(130, "zigbee2mqtt/other", "ignored")
        rig.deliver(140, "zigbee2mqtt/lamp", "two\nlines")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == """
            120 mqtt zigbee2mqtt/lamp {"state":"ON"}
            # a message on zigbee2mqtt/lamp with a line break is not recorded

            """)
    }
}

@Suite("A reload while online: the bound topics subscribed again")
struct BoundReloadTests {
    @Test func aReloadSubscribesEveryBoundTopicAgainSoTheRetainedStateComesBack() throws {
        let rig = try BoundRig()
        let reloaded = try EngineRig(config: boundConfig)
        rig.bridge.attach(reloaded.engine)
        #expect(rig.connection.calls.filter { $0.hasPrefix("subscribe") } == ["subscribe q1 zigbee2mqtt/lamp"])
        // The broker sends the retained state on the new subscription: the new engine draws it.
        rig.connection.pendingEvents = [.message(topic: "zigbee2mqtt/lamp", payload: Array(#"{"state":"ON"}"#.utf8), retained: true)]
        rig.bridge.turn(revents: .readable, engine: reloaded.engine, now: at(50))
        #expect(reloaded.engine.control(.state, now: at(60)).contains(#""state":"on""#))
    }
}
