import Glibc
import LinuxSystem
import PanelConfig
import PanelEngine
import TouchCore

/// Input from outside (MQTT messages, Home Assistant's websocket messages, control lines)
/// against the real `PanelEngine`, its `MQTTBridge` and its `HomeAssistantBridge`, driven as the
/// loop drives them, on a config with every item kind. Home Assistant's messages go through
/// the websocket connection's own parsing (CLinux's homeassistant.c, cJSON). The bytes
/// are a sequence of operations (`Step`): a message on one of the config's topics or any
/// topic, a number from outside, a control line, a tap or a drag, time passing, the broker
/// coming and going. After each one: no trap, the engine's heap stays bounded, a touch on
/// `probe` still gives its `pressed` and `released`, and `state` is still answered within
/// what the control socket sends to a client.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOutside(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var bytes = FuzzBytes(UnsafeBufferPointer(start: data, count: size))
    let panel = FuzzPanel()
    while !bytes.isEmpty {
        panel.run(Step.read(from: &bytes, panel: panel))
        panel.check()
    }
    return 0
}

/// The config: buttons with state bindings, a latch, hold-to-run and repeat, an exec; sliders
/// with fractional steps, `value_scale` and `value_topic`; texts with every format, JSON fields
/// and time formats; three pages, two with images, one on a grid.
let outsideConfig = """
    [display]
    width = 800
    height = 480

    [controller]
    model = ft5406

    [backlight]
    dim_after_s = 20
    off_after_s = 40

    [mqtt]
    host = 127.0.0.1
    client_id = fuzz
    queue = 8

    [homeassistant]
    url = http://127.0.0.1:8123
    token_file = /fuzz/ha-token

    [page home]
    swipe_left = page next

    [page lights]
    image = lights.png
    home_after_s = 30
    swipe_left = page next
    swipe_right = page prev

    [page plan]
    image = /nonexistent/plan.png
    grid = 4x3
    swipe_right = page back

    [button probe]
    page = all
    rect = 700, 420, 100, 60
    on_tap = emit

    [button next]
    page = all
    rect = 0, 420, 100, 60
    on_tap = page next

    [button lamp]
    page = home
    rect = 0, 0, 190, 100
    state_topic = dev/lamp/state
    state_field = state
    on_tap = mqtt dev/lamp/set {"state":"$VALUE"}

    [button plug]
    page = home
    rect = 200, 0, 190, 100
    state_topic = stat/plug/POWER
    on_tap = mqtt cmnd/plug/POWER TOGGLE
    on_double_tap = emit
    on_long_press = emit

    [button heat]
    page = home
    rect = 400, 0, 190, 100
    latch = yes
    on_tap = mqtt dev/heat/set $VALUE

    [button run]
    page = home
    rect = 600, 0, 190, 100
    interlock = pump
    on_tap = exec true

    [slider dimmer]
    page = home
    rect = 0, 110, 790, 80
    step = 0.5
    value_topic = dev/lamp
    value_scale = 254
    format = %.1f %%
    send = drag
    on_change = mqtt dev/lamp/set $VALUE

    [slider temp]
    page = home
    rect = 0, 200, 790, 80
    min = 16
    max = 28.5
    step = 0.5
    value_topic = dev/thermo
    value_field = setpoint.value
    format = %.1f °C

    [text plain]
    page = home
    rect = 0, 290, 250, 60
    topic = dev/text

    [text count]
    page = home
    rect = 260, 290, 250, 60
    topic = dev/count
    format = %d items

    [text hall]
    page = home
    rect = 520, 290, 270, 60
    topic = dev/hall
    field = temperature
    format = %.1f °C
    stale_after_s = 60

    [text clock]
    page = home
    rect = 0, 360, 250, 50
    time = %H:%M

    [text seconds]
    page = home
    rect = 260, 360, 250, 50
    time = %a %d %b %H:%M:%S

    [text deep]
    page = home
    rect = 520, 360, 270, 50
    topic = dev/deep
    field = a.b.0.c
    format = %.6f

    [slider level]
    page = lights
    rect = 20, 20, 80, 380
    readonly = yes
    value_topic = dev/tank
    value_field = level
    value_scale = 1000.5
    format = %d %%

    [slider volume]
    page = lights
    rect = 120, 20, 660, 80
    min = -60
    max = 12
    step = 0.01
    value_topic = dev/volume
    value_scale = 65535
    format = %.2f dB

    [button hold]
    page = lights
    rect = 120, 120, 200, 100
    on_press = emit
    on_release = emit

    [button again]
    page = lights
    rect = 340, 120, 200, 100
    on_repeat = emit

    [text zero]
    page = lights
    rect = 560, 120, 220, 100
    topic = dev/zero
    format = %.0f

    [text long]
    page = lights
    rect = 120, 240, 660, 80
    time = %c %x %X %Z %j %U %-S %%

    [chart history]
    page = lights
    rect = 120, 330, 560, 80
    entity = sensor.power
    window_h = 1
    points = 12

    [button kitchen]
    page = plan
    cell = 1, 1, 2, 1
    fill = none
    border_px = 0
    pressed_fill = #4A6FA560
    state_topic = dev/kitchen
    state_on = 1
    state_off = 0
    on_tap = mqtt dev/kitchen/set toggle

    [button hall2]
    page = plan
    cell = 3, 1, 2, 1
    state_topic = dev/hall2
    state_field = update.state
    interlock = pump
    on_tap = exec true

    [text planned]
    page = plan
    cell = 1, 2, 4, 1
    topic = dev/plan
    format = <%s>

    [button hallway]
    page = plan
    cell = 1, 3
    entity = light.hallway
    on_double_tap = service light.turn_on {"brightness_pct": 100, "transition": 2}

    [button blind]
    page = plan
    cell = 2, 3
    label = Blind
    entity = cover.blind

    [slider hallway_level]
    page = plan
    cell = 3, 3
    entity = light.hallway

    [slider setpoint]
    page = plan
    cell = 4, 3
    entity = climate.study
    format = %.1f °C

    [text power]
    page = lights
    rect = 120, 330, 320, 80
    entity = sensor.power

    [text target]
    page = lights
    rect = 460, 330, 320, 80
    entity = climate.study
    attribute = temperature
    format = %.1f °C
    """

/// The config, loaded once: the loader has its own target (`config`).
let outsidePanelConfig: PanelConfiguration = {
    do throws(ConfigErrors) {
        return try PanelConfigLoader.parse(text: outsideConfig, file: "/fuzz/outside.ini", presetSearchPath: [])
    } catch {
        fatalError("outside: the target's config does not load: \(error.rendered)")
    }
}()

/// What the heap may grow by over the engine's own start: a message is at most
/// `max_message_kb` (64 KiB), so anything beyond this is held without bound.
let heapGrowthLimit = 16 << 20
/// `ControlServer.maxPendingReplyBytes` (PanelDrivers, not built here): a reply longer than
/// this drops the client that asked, so the engine has not answered it.
let longestAnswer = 65_536
/// Turns of the loop one time step may take (each label drawn, each deadline): more is a
/// loop that keeps asking to be woken at once.
let mostTurns = 2_000

/// AddressSanitizer's count of the heap in use: every fuzz build has it.
@_silgen_name("__sanitizer_get_current_allocated_bytes")
func allocatedBytes() -> Int

/// One engine over fakes with its bridge, and the loop's clock.
final class FuzzPanel {
    let config = outsidePanelConfig
    let source = FuzzSource()
    let log = CountingLog()
    let processes = FinishingProcesses()
    let connection = FuzzConnection()
    let homeAssistantConnection = FuzzHomeAssistantConnection()
    let homeAssistant: HomeAssistantBridge
    /// The entities the items are bound to, and a few they are not.
    let entityIDs: [String]
    let pictures = FuzzPictures()
    let events = DiscardedLines()
    let engine: PanelEngine
    let exec: ExecSupervisor
    let bridge: MQTTBridge
    let probe: Int
    let probePoint: Point
    /// The topics a message may come on: every one the panel subscribes to or binds.
    let topics: [String]
    /// Where a number from outside may go.
    let numberTargets: [NumberTarget]
    /// Names a control line may use: every item's and page's, page targets, and one that is none.
    let names: [String]
    /// The loop's clock, in milliseconds.
    var nowMs: Int64 = 0
    let watch: ProbeWatch
    var heapAtStart = 0

    init() {
        exec = ExecSupervisor(processes: processes, log: log)
        let actions = ActionRunner(buttons: config.buttons, exec: exec, outputs: [:], log: log)
        let light = PanelBacklight(device: FuzzBacklight(), config: config.backlight ?? .defaults, log: log)
        engine = PanelEngine(
            config: config, source: source, actions: actions, output: OutputBuffer(events: events), surface: CountingSurface(),
            log: log, startedAt: .milliseconds(0), backlight: light, limitsErrorLogs: true, wallClock: FuzzWallClock())
        bridge = MQTTBridge(
            settings: MQTTBridge.Settings(config: config.mqtt!, hostName: "fuzz"), connection: connection, log: log,
            now: .milliseconds(0), jitterSeed: 7)
        bridge.attach(engine)
        homeAssistant = HomeAssistantBridge(
            config: config.homeAssistant!, token: "fuzz-token", connection: homeAssistantConnection, log: log, now: .milliseconds(0),
            jitterSeed: 7)
        homeAssistant.attach(engine, now: .milliseconds(0))
        entityIDs = engine.boundEntities.map { $0.description } + ["light.nowhere", "sensor.power2", "Light.Hallway", ""]
        engine.pictureLoader = pictures
        probe = config.buttons.firstIndex { $0.name == "probe" }!
        let rect = config.buttons[probe].rect
        probePoint = Point(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)

        let t = bridge.settings.topics
        var topics = engine.boundTopics
        for button in config.buttons {
            for kind in MQTTTopics.ButtonStateKind.allCases { topics.append(t.set(button.name, kind)) }
            topics.append(t.iconSet(button.name))
        }
        for slider in config.sliders { topics.append(t.sliderValueSet(slider.name)) }
        for page in config.pages { topics.append(t.pageImageSet(page.name)) }
        topics += [t.backlightSet, t.command, t.pageSet, t.homeAssistantStatus, t.discovery(component: "button", object: "gone")]
        topics += [t.sliderValueSet("nosuch"), t.set("nosuch", .label), t.pageImageSet("nosuch")]
        self.topics = topics

        var targets: [NumberTarget] = []
        for slider in config.sliders {
            if let topic = slider.valueTopic { targets.append(.message(topic, field: slider.valueField)) }
            targets.append(.message(t.sliderValueSet(slider.name), field: nil))
            targets.append(.line("value \(slider.name) "))
        }
        for text in config.texts {
            if case .topic(let topic, let field) = text.source { targets.append(.message(topic, field: field)) }
        }
        for button in config.buttons {
            if let binding = button.binding, let topic = binding.topic { targets.append(.message(topic, field: binding.field)) }
        }
        targets += [.message(t.backlightSet, field: ["brightness"]), .line("brightness "), .message(t.command, field: nil)]
        numberTargets = targets

        names = config.buttons.map { $0.name } + config.sliders.map { $0.name } + config.texts.map { $0.name }
            + config.pages.map { $0.name } + ["nosuch", "next", "prev", "back"]

        // Between the engine and the bridge, to see the probe's events.
        watch = ProbeWatch(probe: probe, bridge: bridge)
        engine.listener = watch
        // Online, as a panel is after its first seconds: connect, CONNACK, everything sent.
        turn()
        connection.events.append(.connected(code: 0))
        homeAssistantComesOnline()
        turn()
        heapAtStart = allocatedBytes()
    }

    // MARK: - The loop

    /// One turn of the loop at `nowMs`: the touch source and the engine's deadlines, the
    /// commands that ended, the broker, then pictures made ready.
    func turn() {
        let now = MonotonicInstant.milliseconds(nowMs)
        engine.step(now: now, readiness: source.frames.isEmpty ? .quiet : .readable)
        let ended = exec.reapFinished()
        if !ended.isEmpty { engine.commandsFinished(ended, now: now) }
        bridge.turn(revents: connection.events.isEmpty ? [] : .readable, engine: engine, now: now)
        homeAssistant.turn([], engine: engine, now: now)
        for target in pictures.takeReady() { engine.pictureChanged(target, now: now) }
    }

    /// Time passes to `nowMs + ms`, the loop waking at every deadline on the way.
    func wait(_ ms: Int64) {
        let end = nowMs + ms
        var turns = 0
        while true {
            let due = MonotonicInstant.earliest(MonotonicInstant.earliest(engine.nextWakeup, bridge.nextDeadline), homeAssistant.nextDeadline)
            guard let due, due <= .milliseconds(end) else { break }
            // The clock counts whole milliseconds: a deadline within one is due at its end.
            nowMs = max(nowMs, (due.nanoseconds + 999_999) / 1_000_000)
            turn()
            turns += 1
            if turns > mostTurns {
                fatalError("outside: more than \(mostTurns) turns of the loop in \(ms) ms: something is due at once again and again")
            }
        }
        nowMs = end
        turn()
    }

    // MARK: - Outside input

    func run(_ step: Step) {
        switch step {
        case .message(let topic, let payload, let retained):
            if log.prints { fputs("message \(topic)\(retained ? " (retained)" : ""), \(payload.count) bytes: \(String(decoding: payload.prefix(200), as: UTF8.self))\n", stderr) }
            let limit = config.mqtt!.maxMessageKB * 1024
            // As the connection does: longer messages are dropped uncopied.
            connection.events.append(
                payload.count > limit
                    ? .oversized(topic: topic, bytes: payload.count) : .message(topic: topic, payload: payload, retained: retained))
            turn()
        case .line(let line):
            controlLine(line)
            turn()
        case .touch(let strokes):
            touch(strokes)
        case .wait(let ms):
            wait(ms)
        case .homeAssistant(let text):
            if log.prints { fputs("homeassistant, \(text.count) bytes: \(String(decoding: text.prefix(300), as: UTF8.self))\n", stderr) }
            // As the connection does: longer messages are skipped uncopied, others parsed.
            let limit = config.homeAssistant!.maxMessageKB * 1024
            homeAssistantConnection.events.append(
                text.count > limit
                    ? .oversized(bytes: text.count, id: WebsocketConnection.leadingID(String(decoding: text.prefix(40), as: UTF8.self)))
                    : WebsocketConnection.parse(bytes: text))
            turn()
        case .homeAssistantGoes(let back):
            homeAssistantConnection.events.append(.closed(code: 1006, reason: "fuzz"))
            turn()
            if back {
                homeAssistantComesOnline()
                turn()
            }
        case .broker(let change):
            switch change {
            case .lost: connection.events.append(.disconnected(code: 7))
            case .refused: connection.events.append(.connected(code: 5))
            case .accepted: connection.events.append(.connected(code: 0))
            case .stalls: connection.acknowledges = false
            case .answers: connection.acknowledges = true
            }
            turn()
        }
        nowMs += 1
    }

    /// Home Assistant answers the link's next opening: the time passes to its next connect
    /// (its back-off), then the websocket, the login, the subscription (the link's first
    /// command on a connection, id 1).
    func homeAssistantComesOnline() {
        turn()
        for _ in 0..<20 {
            if case .connecting = homeAssistant.link { break }
            guard let due = homeAssistant.link.deadline else { fatalError("outside: Home Assistant's link is \(homeAssistant.link)") }
            wait(max(0, due.wholeMilliseconds - nowMs) + 1)
        }
        homeAssistantConnection.events.append(.upgraded)
        for text in [#"{"type":"auth_required","ha_version":"2025.4.4"}"#, #"{"type":"auth_ok","ha_version":"2025.4.4"}"#,
                     #"{"id":1,"type":"result","success":true,"result":null}"#] {
            homeAssistantConnection.events.append(WebsocketConnection.parse(bytes: Array(text.utf8)))
        }
        turn()
        guard homeAssistant.link.isOnline else { fatalError("outside: Home Assistant's link is \(homeAssistant.link) after its opening") }
    }

    /// A control line as the control socket takes it: a line too long or with garbage drops
    /// the client; each reply must fit what the socket sends back.
    func controlLine(_ bytes: [UInt8]) {
        if log.prints { fputs("line: \(String(decoding: bytes.prefix(200), as: UTF8.self))\n", stderr) }
        var line = bytes
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        guard line.count <= 1_024, ControlCommand.garbage(line) == nil else { return }
        let reply: String
        switch ControlCommand.parse(String(decoding: line, as: UTF8.self)) {
        case .success(let command): reply = engine.control(command, now: .milliseconds(nowMs))
        case .failure(let error): reply = error.reply
        }
        if reply.utf8.count + 1 > longestAnswer {
            fatalError("outside: a reply of \(reply.utf8.count) bytes to \"\(String(decoding: line.prefix(60), as: UTF8.self))\"")
        }
    }

    /// A touch's points, one frame each, `gapMs` apart, the loop turning at each.
    func touch(_ strokes: [Stroke]) {
        for stroke in strokes {
            var frame = TouchFrame()
            _ = frame.append(TouchPoint(id: stroke.id, position: stroke.point, event: stroke.event))
            source.frames.append((frame, .milliseconds(nowMs)))
            turn()
            nowMs += stroke.gapMs
        }
    }

    // MARK: - After each step

    func check() {
        if let reason = engine.stopReason { fatalError("outside: the engine stopped: \(reason)") }
        let grown = allocatedBytes() - heapAtStart
        if grown > heapGrowthLimit {
            fatalError("outside: the heap grew by \(grown) bytes over the engine's start (at most \(heapGrowthLimit))")
        }
        let state = engine.control(.state, now: .milliseconds(nowMs))
        guard state.hasPrefix("{\"ok\":true") else { fatalError("outside: state answered \(state.prefix(200))") }
        if state.utf8.count + 1 > longestAnswer { fatalError("outside: state answered with \(state.utf8.count) bytes") }
        probeTouch()
    }

    /// A tap on `probe` (on every page) gives `pressed` and `released`; a dark panel
    /// swallows the tap that wakes it, so it gets a second. A disabled probe is enabled first.
    func probeTouch() {
        if !engine.isEnabled(probe) { _ = engine.control(.enable(button: "probe", enabled: true), now: .milliseconds(nowMs)) }
        for attempt in 0..<2 {
            let awake = engine.power == .awake
            watch.pressed = 0
            watch.released = 0
            touch([
                Stroke(id: 9, point: probePoint, event: .down, gapMs: 40),
                Stroke(id: 9, point: probePoint, event: .up, gapMs: 1),
            ])
            if watch.pressed == 1 && watch.released == 1 { return }
            if awake || attempt == 1 {
                fatalError("outside: a tap on probe gave \(watch.pressed) pressed, \(watch.released) released (power \(engine.power))")
            }
        }
    }
}

/// The engine's listener: counts the probe's events and passes everything on to the bridge.
final class ProbeWatch: PanelListener {
    let probe: Int
    let bridge: MQTTBridge
    var pressed = 0
    var released = 0

    init(probe: Int, bridge: MQTTBridge) {
        self.probe = probe
        self.bridge = bridge
    }

    func panelEvent(_ event: GestureEvent) {
        if event.button == probe {
            switch event.kind {
            case .pressed: pressed += 1
            case .released: released += 1
            default: break
            }
        }
        bridge.panelEvent(event)
    }

    func panelStateChanged() { bridge.panelStateChanged() }
    func panelPageChanged() { bridge.panelPageChanged() }
}

// MARK: - Operations

/// Where a number from outside goes: a message (in a JSON object at `field`, when given),
/// or the start of a control line.
enum NumberTarget {
    case message(String, field: [String]?)
    case line(String)
}

enum BrokerChange: CaseIterable {
    case lost, refused, accepted, stalls, answers
}

/// One point of a touch, and the time until the next.
struct Stroke {
    var id: UInt8
    var point: Point
    var event: TouchPointEvent
    var gapMs: Int64
}

/// One operation, decoded from the fuzzer's bytes: an operation byte, then its own.
enum Step {
    case message(topic: String, payload: [UInt8], retained: Bool)
    case line([UInt8])
    case touch([Stroke])
    case wait(Int64)
    case broker(BrokerChange)
    /// A message from Home Assistant's websocket, as its bytes.
    case homeAssistant([UInt8])
    /// The websocket closes; `back`: Home Assistant comes back (after the back-off).
    case homeAssistantGoes(back: Bool)

    static func read(from bytes: inout FuzzBytes, panel: FuzzPanel) -> Step {
        let op = bytes.byte()
        switch op % 12 {
        case 9:
            // Any bytes as Home Assistant's message.
            return .homeAssistant(bytes.chunk())
        case 10:
            return .homeAssistant(HomeAssistantText.read(from: &bytes, panel: panel))
        case 11:
            return .homeAssistantGoes(back: op & 0x80 != 0)
        case 0:
            // A message on one of the panel's topics.
            let topic = panel.topics[Int(bytes.byte()) % panel.topics.count]
            return .message(topic: topic, payload: bytes.chunk(), retained: op & 0x80 != 0)
        case 1:
            // A message on any topic.
            let topic = String(decoding: bytes.chunk(), as: UTF8.self)
            return .message(topic: topic, payload: bytes.chunk(), retained: op & 0x80 != 0)
        case 2:
            // A number from outside, where numbers go.
            let target = panel.numberTargets[Int(bytes.byte()) % panel.numberTargets.count]
            let number = NumberText.read(from: &bytes)
            switch target {
            case .line(let start): return .line(Array(start.utf8) + number)
            case .message(let topic, let field):
                var payload = number
                if topic == panel.bridge.settings.topics.command {
                    payload = Array("value \(panel.config.sliders[Int(op >> 4) % panel.config.sliders.count].name) ".utf8) + number
                } else if let field {
                    payload = JSONNesting.wrap(number, at: field, quoted: op & 0x80 != 0)
                }
                return .message(topic: topic, payload: payload, retained: false)
            }
        case 3:
            // A control line of any bytes.
            return .line(bytes.chunk())
        case 4:
            // A control line of the protocol's words on the config's names.
            let verbs = ["state", "label", "latch", "enable", "disable", "brightness", "wake", "blank", "page", "value"]
            let verb = verbs[Int(bytes.byte()) % verbs.count]
            let name = panel.names[Int(bytes.byte()) % panel.names.count]
            var line = Array("\(verb) \(name)".utf8)
            let rest = bytes.chunk()
            if !rest.isEmpty { line += [UInt8(ascii: " ")] + rest }
            return .line(line)
        case 5:
            return .touch(Step.strokes(from: &bytes))
        case 6:
            // Up to 65.5 s, in steps a loop might sleep.
            return .wait(Int64(bytes.byte()) << 8 | Int64(bytes.byte()))
        case 7:
            return .broker(BrokerChange.allCases[Int(bytes.byte()) % BrokerChange.allCases.count])
        default:
            // A long payload made of a short pattern repeated: texts, labels and numbers of
            // tens of kilobytes from a few bytes of input.
            let topic = panel.topics[Int(bytes.byte()) % panel.topics.count]
            let count = Int(bytes.byte()) << 8 | Int(bytes.byte())
            let pattern = bytes.chunk()
            var payload = Array(bytes.chunk())
            payload.reserveCapacity(payload.count + pattern.count * count)
            for _ in 0..<(pattern.isEmpty ? 0 : count) { payload += pattern }
            payload += bytes.chunk()
            return .message(topic: topic, payload: payload, retained: op & 0x80 != 0)
        }
    }

    /// A touch: down, up to 15 moves, up; each point anywhere on the display (or a little
    /// beyond), a gap of 0 to 2550 ms after it.
    static func strokes(from bytes: inout FuzzBytes) -> [Stroke] {
        let shape = bytes.byte()
        let id = shape & 1
        var strokes: [Stroke] = []
        func point() -> Point {
            Point(x: Int32(bytes.byte()) * 820 / 255 - 10, y: Int32(bytes.byte()) * 500 / 255 - 10)
        }
        strokes.append(Stroke(id: id, point: point(), event: .down, gapMs: Int64(bytes.byte()) * 10))
        for _ in 0..<Int(shape >> 1 & 0x0F) {
            strokes.append(Stroke(id: id, point: point(), event: .contact, gapMs: Int64(bytes.byte()) * 10))
        }
        strokes.append(Stroke(id: id, point: point(), event: .up, gapMs: 1))
        return strokes
    }
}

/// Home Assistant's messages as it sends them, on the panel's entities and others: `a`, `c`
/// and `r` events of the subscription (id 1) with states, attributes of every JSON kind and
/// numbers from outside; results and pongs for ids sent or not.
enum HomeAssistantText {
    static let states = ["on", "off", "open", "closed", "opening", "unavailable", "unknown", "heat", "21.5", "", "é", "ON"]
    static let attributes = ["brightness", "current_position", "temperature", "friendly_name", "unit_of_measurement", "percentage", "x"]

    static func read(from bytes: inout FuzzBytes, panel: FuzzPanel) -> [UInt8] {
        let shape = bytes.byte()
        let entity = JSONText.quoted(panel.entityIDs[Int(bytes.byte()) % panel.entityIDs.count])
        let state = JSONText.quoted(states[Int(bytes.byte()) % states.count])
        var attribute = "{}"
        if shape & 0x10 != 0 {
            let name = JSONText.quoted(attributes[Int(bytes.byte()) % attributes.count])
            let value: String
            switch bytes.byte() % 5 {
            case 0: value = String(decoding: NumberText.read(from: &bytes), as: UTF8.self)
            case 1: value = JSONText.quoted(String(decoding: bytes.chunk(), as: UTF8.self))
            case 2: value = "null"
            case 3: value = "[1,{\"a\":[]}]"
            default: value = "true"
            }
            attribute = "{\(name):\(value)}"
        }
        let id = shape & 0x20 != 0 ? "\(Int(bytes.byte()))" : "1"
        let text: String
        switch shape % 7 {
        case 0: text = "{\"id\":\(id),\"type\":\"event\",\"event\":{\"a\":{\(entity):{\"s\":\(state),\"a\":\(attribute),\"c\":\"x\",\"lc\":1.5}}}}"
        case 1: text = "{\"type\":\"event\",\"event\":{\"c\":{\(entity):{\"+\":{\"s\":\(state),\"a\":\(attribute)}}}},\"id\":\(id)}"
        case 2: text = "{\"id\":\(id),\"type\":\"event\",\"event\":{\"c\":{\(entity):{\"+\":{\"a\":\(attribute)},\"-\":{\"a\":[\"brightness\"]}}}}}"
        case 3: text = "{\"id\":\(id),\"type\":\"event\",\"event\":{\"r\":[\(entity)]}}"
        case 4: text = "{\"id\":\(id),\"type\":\"result\",\"success\":\(shape & 0x40 != 0),\"error\":{\"code\":\"x\",\"message\":\(state)}}"
        case 5:
            // A chart's recorded history (history/history_during_period): times of every kind.
            let time = String(decoding: NumberText.read(from: &bytes), as: UTF8.self)
            text = "{\"id\":\(id),\"type\":\"result\",\"success\":true,\"result\":{\(entity):[{\"s\":\(state),\"a\":{},\"lu\":\(time)},{\"s\":\(state),\"lu\":1795687200.5}]}}"
        default: text = "{\"id\":\(id),\"type\":\"pong\"}"
        }
        return Array(text.utf8)
    }
}

/// Numbers as outside sends them: every sign, size and number of decimals, the ones that
/// are no number (`NaN`, `1e999`), and thousands of digits.
enum NumberText {
    static let specials = [
        "922337203685477.5", "-922337203685477.5", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
        "9.2e18", "-9.2e18", "1e308", "-1e308", "1e999", "NaN", "nan", "inf", "-inf", "-0", "+0", "0.0000001", ".5", "5.",
        "-", ".", "", " 5", "5 ", "0x10", "1_000", "٣", "１",
    ]

    static func read(from bytes: inout FuzzBytes) -> [UInt8] {
        let shape = bytes.byte()
        switch shape % 4 {
        case 0:
            return Array(specials[Int(shape >> 2) % specials.count].utf8)
        case 1:
            // Leading zeros, then a number: thousands of digits from two bytes.
            let zeros = Int(bytes.byte()) << 8 | Int(bytes.byte())
            return Array(repeating: UInt8(ascii: "0"), count: zeros) + Array(String(bytes.word()).utf8)
        default:
            // A 64-bit magnitude with a sign and a point anywhere in it.
            var digits = Array(String(bytes.word()).utf8)
            let point = Int(shape >> 3) % (digits.count + 2)
            if point > 0 && point <= digits.count { digits.insert(UInt8(ascii: "."), at: digits.count - point + 1) }
            return (shape & 4 != 0 ? [UInt8(ascii: "-")] : []) + digits
        }
    }
}

/// A value set into a JSON object at a dotted path (`a.b.0.c`: a number is an array's
/// index), as a device would send it.
enum JSONNesting {
    static func wrap(_ value: [UInt8], at path: [String], quoted: Bool) -> [UInt8] {
        var json = quoted ? [UInt8(ascii: "\"")] + value + [UInt8(ascii: "\"")] : value
        for key in path.reversed() {
            if let index = Int(key) {
                json = Array("[".utf8) + Array(repeating: Array("0,".utf8), count: min(index, 8)).flatMap { $0 } + json + Array("]".utf8)
            } else {
                json = Array("{\"\(key)\":".utf8) + json + Array("}".utf8)
            }
        }
        return json
    }
}

/// The fuzzer's bytes, read front to back; past the end every read gives zeros.
struct FuzzBytes {
    private let data: UnsafeBufferPointer<UInt8>
    private var offset = 0

    init(_ data: UnsafeBufferPointer<UInt8>) {
        self.data = data
    }

    var isEmpty: Bool { offset >= data.count }

    mutating func byte() -> UInt8 {
        guard offset < data.count else { return 0 }
        defer { offset += 1 }
        return data[offset]
    }

    mutating func word() -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
        return value
    }

    /// A length byte and that many bytes; a length of 255 takes the rest.
    mutating func chunk() -> [UInt8] {
        let length = Int(byte())
        let end = length == 255 ? data.count : min(offset + length, data.count)
        guard offset < end else { return [] }
        defer { offset = end }
        return Array(data[offset..<end])
    }
}

// MARK: - Fakes: the devices around the engine, bounded

/// Touch frames handed over at the loop's next turn.
final class FuzzSource: TouchSource {
    var frames: [(TouchFrame, MonotonicInstant)] = []
    let description = "fuzz"
    let range = ControllerRange(width: 800, height: 480)
    var waitDescriptor: FileDescriptor? { nil }
    var nextWakeup: MonotonicInstant? { nil }

    func service(now: MonotonicInstant, readiness: DescriptorReadiness, into sink: TouchSink) {
        for (frame, at) in frames { sink.frame(frame, measuredAt: at) }
        frames.removeAll(keepingCapacity: true)
    }
}

/// Home Assistant's websocket: what the steps queue, taken at the next turn; sends go nowhere.
final class FuzzHomeAssistantConnection: HomeAssistantConnection {
    var events: [HomeAssistantClientEvent] = []

    func connect() -> String? { nil }
    func send(_ text: String) -> Bool { true }
    func close() {}
    var pollInterests: [PollInterest] { [] }
    func service(_ events: ArraySlice<PollEvents>) {}

    func takeEvents() -> [HomeAssistantClientEvent] {
        defer { events = [] }
        return events
    }
}

/// A broker that answers every publish at the next turn unless it stalls; it keeps nothing.
final class FuzzConnection: MQTTConnection {
    var events: [MQTTClientEvent] = []
    var acknowledges = true
    private var unacknowledged: [Int32] = []
    private var nextID: Int32 = 1
    var socket: FileDescriptor? { FileDescriptor(rawValue: 3) }
    var wantsWrite: Bool { false }

    func connect() -> Int32 { 0 }
    func readAvailable() -> Int32 { 0 }
    func writePending() -> Int32 { 0 }
    func keepAlive() -> Int32 { 0 }
    func subscribe(_ pattern: String, qos: Int) -> Int32 { 0 }
    func disconnect() { unacknowledged.removeAll() }

    func publish(topic: String, payload: [UInt8], qos: Int, retain: Bool) -> Result<Int32, MQTTFailure> {
        nextID = nextID == Int32.max ? 1 : nextID + 1
        unacknowledged.append(nextID)
        return .success(nextID)
    }

    func takeEvents() -> [MQTTClientEvent] {
        var taken = events
        events.removeAll()
        if acknowledges {
            taken += unacknowledged.map { .published(messageID: $0) }
            unacknowledged.removeAll()
        }
        return taken
    }

    func errorText(_ code: Int32) -> String { "error \(code)" }
    func connackText(_ code: Int32) -> String { "connack \(code)" }
    func takeLastError() -> String? { nil }
}

/// Commands that end at the next reap, as `true` would.
final class FinishingProcesses: ChildProcessControl {
    private var running: [Int32] = []
    private var nextPid: Int32 = 100

    func spawnShell(command: String, environment: [(String, String)]) throws(SpawnError) -> Int32 {
        nextPid += 1
        running.append(nextPid)
        return nextPid
    }

    func signalGroup(of pid: Int32, _ signal: Int32) {}

    func reap() -> [ReapedChild] {
        defer { running.removeAll() }
        return running.map { ReapedChild(pid: $0, termination: .exited(0)) }
    }
}

/// Pictures "decoded" by the next turn, the newest per target.
final class FuzzPictures: PictureLoader {
    private var ready: [PictureTarget] = []

    func load(_ png: [UInt8], for target: PictureTarget, source: String) -> String? {
        if !ready.contains(target) { ready.append(target) }
        return nil
    }

    func takeReady() -> [PictureTarget] {
        defer { ready.removeAll() }
        return ready
    }
}

/// Counts the panel's log lines; with OUTSIDE_LOG=1 in the environment also writes them (and
/// each message and line) to stderr, unbuffered, to read what a reproducer did.
final class CountingLog: PanelLog {
    var lines = 0
    let prints = getenv("OUTSIDE_LOG") != nil

    func log(_ line: String, priority: LogPriority) {
        lines += 1
        if prints { fputs("log: \(line)\n", stderr) }
    }
}

final class CountingSurface: PanelSurface {
    var calls = 0
    func drawAll(_ looks: [ItemLook?], page: Int) { calls += 1 }
    func draw(item: Int, look: ItemLook) { calls += 1 }
    func frameDone(at: MonotonicInstant) { calls += 1 }
    func setLabel(button: Int, text: String) -> String? {
        calls += 1
        return nil
    }
    func setFrameShift(_ shift: SaverShift) { calls += 1 }
    func drawPlain(_ color: RGBColor) { calls += 1 }
}

final class FuzzBacklight: BacklightDevice {
    let path = "/sys/class/backlight/fuzz"
    let maxBrightness = 255
    let hasPowerSwitch = true
    func setBrightness(_ value: Int) -> String? { nil }
    func setPower(on: Bool) -> String? { nil }
}

/// Wall time runs with the loop's clock from 2026-03-29 00:59:00 UTC (a daylight saving
/// change in Europe); texts are written by the real strftime.
final class FuzzWallClock: WallClock {
    func epochNanoseconds(at instant: MonotonicInstant) -> Int64 {
        1_774_745_940_000_000_000 + instant.nanoseconds
    }

    func localText(_ format: String, epochSeconds: Int64, locale: TextLocale) -> String {
        locale.text(format, epochSeconds: epochSeconds)
    }
}

/// Event lines, written and forgotten.
final class DiscardedLines: LineSink {
    var bytes = 0
    func send(_ lines: [UInt8]) { bytes += lines.count }
}
