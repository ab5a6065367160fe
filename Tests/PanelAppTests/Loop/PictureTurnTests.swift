import Foundation
import LinuxSystem
import PanelConfig
@testable import PanelApp
@testable import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

private let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("PNGFixtures").path

private let prefix = "touchpanel/hall_panel"

/// An engine drawing into memory through a real `FramebufferSurface`, the MQTT bridge over a
/// fake connection, and `PictureTurn` with a real `touchpanel decode-picture` child.
private final class PictureRig {
    let log = RecordingLog()
    let connection = FakeMQTTConnection()
    let layout = FramebufferLayout(physicalWidth: 800, physicalHeight: 480, format: .xrgb8888)!
    let pixels: UnsafeMutableRawBufferPointer
    let surface: FramebufferSurface
    let engine: PanelEngine
    let bridge: MQTTBridge
    let pictures: PictureTurn
    let config: PanelConfiguration

    init(_ text: String) throws {
        config = try PanelConfigLoader.parse(text: text, file: "panel.ini", presetSearchPath: [])
        pixels = .allocate(byteCount: layout.bufferSize, alignment: 16)
        pixels.initializeMemory(as: UInt8.self, repeating: 0)
        surface = FramebufferSurface(layout: layout, pixels: pixels, config: config, labels: try FramebufferSurface.rasterizeLabels(for: config))
        let source = I2CTouchSource(
            description: "scripted", range: ControllerRange(width: 800, height: 480), chip: ScriptedChip(),
            wakeup: .interrupt(SimulatedInterruptLine()), startedAt: at(0), log: log)
        let actions = ActionRunner(buttons: config.buttons, exec: ExecSupervisor(processes: RecordingProcesses(), log: log), outputs: [:], log: log)
        engine = PanelEngine(
            config: config, source: source, actions: actions, output: CapturedOutput().buffer, surface: surface, log: log, startedAt: at(0))
        bridge = MQTTBridge(
            settings: MQTTBridge.Settings(config: config.mqtt!, hostName: "board"), connection: connection, log: log, now: at(0), jitterSeed: 7)
        bridge.attach(engine)
        let surface = self.surface
        pictures = PictureTurn(
            engine: engine, surface: { surface }, log: log, worker: PictureWorker(executable: try builtTouchpanel(), timeLimit: .milliseconds(120_000)), readClock: { at(100) })
        bridge.turn(revents: [], engine: engine, now: at(0))
        connection.pendingEvents = [.connected(code: 0)]
        bridge.turn(revents: .readable, engine: engine, now: at(1))
        connection.acknowledgeAll()
        bridge.turn(revents: .readable, engine: engine, now: at(2))
        log.lines = []
    }

    deinit {
        pixels.deallocate()
    }

    var frame: [UInt8] { Array(UnsafeRawBufferPointer(pixels)) }

    /// `payload` arrives on `topic` at 10 ms; the picture turn runs until it has nothing left,
    /// then the engine's turn at 100 ms draws what changed.
    func receive(_ topic: String, _ payload: [UInt8]) {
        connection.pendingEvents = [.message(topic: topic, payload: payload, retained: false)]
        bridge.turn(revents: .readable, engine: engine, now: at(10))
        let end = MonotonicClock.now() + .milliseconds(120_000)
        while pictures.worker.isBusy, MonotonicClock.now() < end {
            let interests = pictures.pollInterests
            let events = Poller.wait(interests, timeoutNs: 100_000_000)
            pictures.turn(events[...], now: at(50))
        }
        engine.step(now: at(100), readiness: .quiet)
    }
}

private let head = """
    [display]
    width = 800
    height = 480

    [controller]
    model = ft5406

    [mqtt]
    host = 127.0.0.1
    client_id = hall.panel
    max_message_kb = 2048

    """

/// `P/button/B/icon/set` and `P/page/PAGE/image/set`: a PNG decoded off the touch path and
/// drawn when ready; a bad or oversize one, or an unknown item, refused with a log line naming
/// the topic and the reason, and nothing changes.
@Suite("Pictures set over MQTT: drawn when ready, refused with a reason")
struct PictureTurnTests {
    static let lampConfig = head + """
        [button lamp]
        rect = 0, 0, 200, 160
        label = Lamp
        icon = \(fixtures)/rgba8.png
        icon_size = 64
        icon_position = center

        [button fan]
        rect = 400, 0, 200, 160
        label = Fan
        """

    /// The lamp's 2x1 picture becomes the 2x2 one, fitted into its 64-pixel square and centred
    /// in the 200x160 button, each pixel blended by its alpha over the resting fill; the rest
    /// of the frame is as it was.
    @Test func aGoodPNGOnTheIconTopicChangesTheButtonsPicture() throws {
        let rig = try PictureRig(Self.lampConfig)
        let before = rig.frame
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(fixtures)/rgb8.png")))
        rig.receive("\(prefix)/button/lamp/icon/set", png)
        #expect(rig.log.lines.filter { $0.contains("icon") } == [])
        let fitted = IconPictures.fitted(try PNGDecoder.decode(bytes: png, source: ""), sizePx: 64)
        #expect(fitted.widthPx == 64 && fitted.heightPx == 64)
        let fill = FramebufferSurface.style(for: rig.config.buttons[0], borderPx: rig.config.display.borderPx).normal.fill
        let frame = rig.frame
        let x0 = (200 - 64) / 2, y0 = (160 - 64) / 2
        for y in 0..<64 {
            for x in 0..<64 {
                let at = fitted.offset(x: x, y: y)
                let color = RGBColor(r: fitted.pixels[at], g: fitted.pixels[at + 1], b: fitted.pixels[at + 2])
                    .blended(over: fill, alpha: fitted.pixels[at + 3])
                let offset = (y0 + y) * rig.layout.strideBytes + (x0 + x) * 4
                #expect(Array(frame[offset..<offset + 3]) == [color.b, color.g, color.r], "pixel \(x),\(y)")
            }
        }
        // Only the lamp's rect changed.
        var changedOutside = 0
        for y in 0..<480 {
            for x in 0..<800 where x >= 200 || y >= 160 {
                let offset = y * rig.layout.strideBytes + x * 4
                if frame[offset..<offset + 4] != before[offset..<offset + 4] { changedOutside += 1 }
            }
        }
        #expect(changedOutside == 0)
        #expect(frame != before)
        // Pressed, the new picture shows too (every look).
        rig.surface.draw(button: 0, state: .pressed)
        let offset = (y0 + 10) * rig.layout.strideBytes + (x0 + 10) * 4
        let at = fitted.offset(x: 10, y: 10)
        #expect(Array(rig.frame[offset..<offset + 3]) == [fitted.pixels[at + 2], fitted.pixels[at + 1], fitted.pixels[at]])
    }

    @Test func aBadPNGIsLoggedWithItsTopicAndChangesNothing() throws {
        let rig = try PictureRig(Self.lampConfig)
        let before = rig.frame
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(fixtures)/bad-crc-idat.png")))
        rig.receive("\(prefix)/button/lamp/icon/set", png)
        #expect(rig.log.lines == [
            "mqtt: \(prefix)/button/lamp/icon/set: " + PNGError(source: "", reason: .corrupt("IDAT: CRC error")).reasonText + "; nothing changed",
        ])
        #expect(rig.frame == before)
    }

    /// A flood of PNGs that do not decode on one topic is three lines a minute, then one line
    /// with how many were left out (issue 43: every refusal of outside input rate-limited).
    @Test func badPNGsOnOneTopicAreThreeLinesAMinute() throws {
        let rig = try PictureRig(Self.lampConfig)
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(fixtures)/bad-crc-idat.png")))
        for _ in 0..<5 { rig.receive("\(prefix)/button/lamp/icon/set", png) }
        let line = "mqtt: \(prefix)/button/lamp/icon/set: " + PNGError(source: "", reason: .corrupt("IDAT: CRC error")).reasonText + "; nothing changed"
        #expect(rig.log.lines == [line, line, line])
        rig.pictures.turn([], now: at(60_049))
        #expect(rig.log.lines.count == 3)
        rig.pictures.turn([], now: at(60_050))
        #expect(rig.log.lines == [line, line, line, "mqtt: \(prefix)/button/lamp/icon/set: 2 more in 60 s not logged"])
    }

    /// Refused when it arrives, before any decoding: more than 2 MiB, wider than 4096 pixels,
    /// an unknown button or page.
    @Test func oversizeAndUnknownTargetsAreRefusedBeforeDecoding() throws {
        let rig = try PictureRig(Self.lampConfig.replacingOccurrences(of: "label = ", with: "page = all\nlabel = ") + "\n[page home]\n[page plan]\n")
        let before = rig.frame
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(fixtures)/rgba8.png")))
        let wide = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(fixtures)/too-wide-5000x10.png")))
        let big = png + [UInt8](repeating: 0, count: 2 << 20)
        rig.receive("\(prefix)/button/lamp/icon/set", big)
        rig.receive("\(prefix)/page/plan/image/set", wide)
        rig.receive("\(prefix)/button/door/icon/set", png)
        rig.receive("\(prefix)/page/cellar/image/set", png)
        #expect(rig.log.lines == [
            "mqtt: \(prefix)/button/lamp/icon/set: the PNG image has \(big.count) bytes; a picture set at run time may have at most 2097152 (2 MiB); nothing changed",
            "mqtt: \(prefix)/page/plan/image/set: " + PNGError(source: "", reason: .tooLarge(widthPx: 5000, heightPx: 10)).reasonText + "; nothing changed",
            "mqtt: \(prefix)/button/door/icon/set: no button \"door\"; buttons: lamp, fan; nothing changed",
            "mqtt: \(prefix)/page/cellar/image/set: no page \"cellar\"; pages: home, plan; nothing changed",
        ])
        #expect(!rig.pictures.worker.isBusy)
        #expect(rig.frame == before)
    }

    /// A page's picture set at run time is shown at once when its page is shown, under the
    /// page's items, fitted over the background colour as a page's image file is.
    @Test func aPagesPictureIsDrawnUnderItsItems() throws {
        let rig = try PictureRig(head + """
            [page home]
            [button fan]
            rect = 400, 0, 200, 160
            label = Fan
            page = home
            """)
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(fixtures)/rgb8.png")))
        rig.receive("\(prefix)/page/home/image/set", png)
        #expect(rig.log.lines.filter { $0.contains("image") } == [])
        let image = try PNGDecoder.decode(bytes: png, source: "")
        let picture = FramebufferPicture.bytes(
            ofLogicalRGB: FittedPicture.rgb(of: image, width: 800, height: 480, background: rig.config.display.colors.background), layout: rig.layout)
        let frame = rig.frame
        // Outside the fan, the frame is the picture.
        for y in stride(from: 0, to: 480, by: 7) {
            for x in stride(from: 0, to: 400, by: 7) {
                let offset = y * rig.layout.strideBytes + x * 4
                #expect(frame[offset..<offset + 4] == picture[offset..<offset + 4], "pixel \(x),\(y)")
            }
        }
    }
}
