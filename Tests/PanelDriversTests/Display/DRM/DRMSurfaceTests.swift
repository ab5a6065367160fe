import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// Two buffers in memory that record every flip asked for; a test completes them.
final class RecordingFlipDisplay: PageFlipDisplay {
    let name = "fake-card Virtual-1"
    let layout: FramebufferLayout
    let buffers: [UnsafeMutableRawBufferPointer]
    /// Never polled: the tests complete flips themselves.
    let descriptor = FileDescriptor(rawValue: -1)
    var flips: [Int] = []
    /// What the next flip is answered (nil: queued).
    var flipAnswer: Errno?
    var isConnected = true
    private var completion: MonotonicInstant?

    init(layout: FramebufferLayout) {
        self.layout = layout
        buffers = (0..<2).map { _ in
            let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: layout.bufferSize, alignment: 8)
            memory.initializeMemory(as: UInt8.self, repeating: 0)
            return memory
        }
    }

    deinit {
        buffers.forEach { $0.deallocate() }
    }

    func flip(to buffer: Int) -> Errno? {
        flips.append(buffer)
        return flipAnswer
    }

    /// The kernel's flip event for the last flip, at `ms`.
    func complete(at ms: Int64) {
        completion = at(ms)
    }

    func takeFlipCompletion() -> Result<MonotonicInstant?, Errno> {
        defer { completion = nil }
        return .success(completion)
    }

    /// The pixel (x, y) of `buffer` as 0xRRGGBB.
    func pixel(_ buffer: Int, _ x: Int, _ y: Int) -> UInt32 {
        buffers[buffer].load(fromByteOffset: y * layout.strideBytes + x * 4, as: UInt32.self) & 0xFF_FFFF
    }
}

@Suite("DRM surface: frames into the back buffer, page flips, copy-forward")
struct DRMSurfaceTests {
    static let config = """
        [display]
        width = 64
        height = 32
        background = #000000
        fill = #202020
        pressed_fill = #4060A0
        border_px = 0

        [button a]
        rect = 0, 0, 16, 16
        label = A
        on_tap = emit

        [button b]
        rect = 32, 0, 16, 16
        label = B
        on_tap = emit
        """

    struct Rig {
        let display: RecordingFlipDisplay
        let surface: DRMSurface
        let log = RecordingLog()

        init() throws {
            let config = try PanelConfigLoader.parse(text: DRMSurfaceTests.config, file: "drm.ini")
            let layout = try #require(FramebufferLayout(physicalWidth: 64, physicalHeight: 32, format: .xrgb8888))
            display = RecordingFlipDisplay(layout: layout)
            let painter = FramebufferSurface(
                layout: layout, pixels: display.buffers[0], config: config, labels: try FramebufferSurface.rasterizeLabels(for: config))
            surface = DRMSurface(card: display, painter: painter, buttonCount: 2, rects: config.buttons.map { $0.rect }, log: log)
        }
    }

    // Corners of the buttons (away from their labels) and of the background.
    let fill: UInt32 = 0x202020
    let pressed: UInt32 = 0x4060A0

    @Test func theFirstFrameGoesIntoBufferOneAndIsFlippedTo() throws {
        let rig = try Rig()
        rig.surface.drawAll([.button(.normal), .button(.normal)], page: 0)
        rig.surface.frameDone(at: at(0))
        #expect(rig.display.flips == [1])
        #expect(rig.display.pixel(1, 1, 1) == fill && rig.display.pixel(1, 33, 1) == fill && rig.display.pixel(1, 20, 20) == 0)
        // Buffer 0, on screen at start, is untouched until its turn.
        #expect(rig.display.pixel(0, 1, 1) == 0)
    }

    @Test func aChangeWhileAFlipIsQueuedWaitsForItThenBothBuffersHoldWholePictures() throws {
        let rig = try Rig()
        rig.surface.drawAll([.button(.normal), .button(.normal)], page: 0)
        rig.surface.frameDone(at: at(0))
        // Pressed before the first flip completed: nothing is painted or flipped yet.
        rig.surface.draw(item: 0, look: .button(.pressed))
        rig.surface.frameDone(at: at(5))
        #expect(rig.display.flips == [1])
        #expect(rig.display.pixel(0, 1, 1) == 0)
        rig.display.complete(at: 16)
        rig.surface.cardReadable()
        // Into buffer 0: the whole picture copied from 1, then button a pressed.
        #expect(rig.display.flips == [1, 0])
        #expect(rig.display.pixel(0, 1, 1) == pressed && rig.display.pixel(0, 33, 1) == fill)
        #expect(rig.display.pixel(1, 1, 1) == fill)
        rig.display.complete(at: 33)
        rig.surface.cardReadable()
        #expect(rig.surface.flipsCompleted == 2)
        #expect(rig.surface.chain == .showing(front: 0, backLacks: Damage(buttons: ButtonSet(mask: 0b01))))
        // Released and b pressed: buffer 1 gets a copied forward (pressed) and is then repainted
        // normal anyway; b is painted pressed.
        rig.surface.draw(item: 0, look: .button(.normal))
        rig.surface.draw(item: 1, look: .button(.pressed))
        rig.surface.frameDone(at: at(40))
        #expect(rig.display.flips == [1, 0, 1])
        #expect(rig.display.pixel(1, 1, 1) == fill && rig.display.pixel(1, 33, 1) == pressed)
        rig.display.complete(at: 50)
        rig.surface.cardReadable()
        // b alone released: buffer 0 first gets b's pressed look and a's normal one forward.
        rig.surface.draw(item: 1, look: .button(.normal))
        rig.surface.frameDone(at: at(60))
        #expect(rig.display.flips == [1, 0, 1, 0])
        #expect(rig.display.pixel(0, 1, 1) == fill && rig.display.pixel(0, 33, 1) == fill)
        #expect(rig.log.lines == [])
    }

    @Test func aRefusedFlipIsLoggedOnceAndTheNextFrameRepaintsEverything() throws {
        let rig = try Rig()
        rig.display.flipAnswer = Errno(22)
        rig.surface.drawAll([.button(.normal), .button(.normal)], page: 0)
        rig.surface.frameDone(at: at(0))
        rig.surface.draw(item: 1, look: .button(.pressed))
        rig.surface.frameDone(at: at(10))
        #expect(rig.display.flips == [1, 1])
        #expect(rig.log.lines == ["DRM/KMS: fake-card Virtual-1 refused a page flip: EINVAL (Invalid argument)"])
        rig.display.flipAnswer = nil
        rig.surface.draw(item: 0, look: .button(.pressed))
        rig.surface.frameDone(at: at(20))
        #expect(rig.display.flips == [1, 1, 1])
        #expect(rig.surface.chain == .flipping(pending: 1, backLacks: .everything, waiting: .none))
        #expect(rig.display.pixel(1, 1, 1) == pressed && rig.display.pixel(1, 33, 1) == pressed)
    }

    @Test func edgeToFlipRunsToTheVblankThatShowedTheFrameAndTheEarliestEdgeOfMergedChangesCounts() throws {
        let rig = try Rig()
        let latency = LatencyStatistics(log: rig.log, now: { at(0) })
        rig.surface.latency = latency
        rig.surface.drawAll([.button(.normal), .button(.normal)], page: 0)
        rig.surface.frameDone(at: at(0))
        rig.surface.draw(item: 0, look: .button(.pressed))
        rig.surface.frameDone(at: at(3), edge: at(2))      // waits for the first flip
        rig.surface.draw(item: 1, look: .button(.pressed))
        rig.surface.frameDone(at: at(7), edge: at(6))
        rig.display.complete(at: 16)                         // the first frame: no edge
        rig.surface.cardReadable()
        #expect(latency.edgeToFlip.count == 0)
        rig.display.complete(at: 33)                         // both presses, from the edge at 2 ms
        rig.surface.cardReadable()
        #expect(latency.edgeToFlip.count == 1)
        #expect(latency.edgeToFlip.maxMicroseconds == 31_000)
        #expect(latency.summaryLines().contains("latency edge_to_flip count=1 p50_us=31000 p99_us=31000 max_us=31000"))
    }

    @Test func aRefusedFlipOnAnUnpluggedConnectorMarksTheDisplayLost() throws {
        let rig = try Rig()
        rig.display.flipAnswer = Errno(22)
        rig.display.isConnected = false
        rig.surface.drawAll([.button(.normal), .button(.normal)], page: 0)
        rig.surface.frameDone(at: at(0))
        #expect(rig.surface.isLost)
        #expect(rig.log.lines == [])
    }
}

@Suite("Display slot: the picture kept while no display is there")
struct DisplaySlotTests {
    @Test func looksAndLabelsWaitForADisplayAndAreAllPaintedOnIt() {
        let slot = DisplaySlot(itemCount: 3)
        slot.drawAll([.button(.normal), .button(.normal), .button(.disabled)], page: 0)
        slot.draw(item: 1, look: .button(.pressed))
        #expect(slot.setLabel(button: 2, text: "Heat on") == nil)
        slot.frameDone(at: at(10))
        let surface = StatesSurface()
        slot.attach(surface, at: at(2_000))
        #expect(surface.calls == ["label 2 Heat on", "all 3", "frame 2000"])
        #expect(surface.allLooks == [.button(.normal), .button(.pressed), .button(.disabled)])
        slot.draw(item: 0, look: .button(.pressed))
        slot.frameDone(at: at(2_100))
        slot.detach()
        slot.draw(item: 0, look: .button(.normal))
        #expect(surface.calls == ["label 2 Heat on", "all 3", "frame 2000", "draw 0 pressed", "frame 2100"])
    }
}

/// A recording surface that also keeps the looks of `drawAll`.
final class StatesSurface: PanelSurface {
    let recording = RecordingSurface()
    var allLooks: [ItemLook?] = []
    var calls: [String] { recording.calls }

    func drawAll(_ looks: [ItemLook?], page: Int) {
        allLooks = looks
        recording.drawAll(looks, page: page)
    }

    func draw(item: Int, look: ItemLook) { recording.draw(item: item, look: look) }
    func frameDone(at instant: MonotonicInstant) { recording.frameDone(at: instant) }
    func setLabel(button: Int, text: String) -> String? { recording.setLabel(button: button, text: text) }
    func setFrameShift(_ shift: SaverShift) { recording.setFrameShift(shift) }
    func drawPlain(_ color: RGBColor) { recording.drawPlain(color) }
}
