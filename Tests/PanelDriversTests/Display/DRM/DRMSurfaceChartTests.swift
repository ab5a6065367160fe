import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// A chart on a DRM card: painted whole in a whole frame, and whole again (the back buffer
/// holds it as it was two frames ago) in the frame after a new value, each time the same
/// pixels as a plain framebuffer paints.
@Suite("DRM surface: charts")
struct DRMSurfaceChartTests {
    static let config = """
        [display]
        width = 96
        height = 64
        background = #000000
        fill = #202020
        border_px = 0

        [mqtt]
        host = 127.0.0.1

        [button a]
        rect = 0, 0, 16, 16
        label = A
        on_tap = emit

        [chart power]
        rect = 20, 0, 76, 64
        topic = house/power
        points = 12
        window_h = 1
        min = 0
        max = 100
        format = %d
        """

    static let baseMs: Int64 = 1_795_690_800_000

    /// The chart's rect in `pixels` (XRGB8888, 96 wide), row by row.
    static func chartPixels(_ pixels: UnsafeRawBufferPointer) -> [UInt32] {
        var out: [UInt32] = []
        for y in 0..<64 {
            for x in 20..<96 { out.append(pixels.loadUnaligned(fromByteOffset: (y * 96 + x) * 4, as: UInt32.self)) }
        }
        return out
    }

    @Test func paintedWholeInEachFrameAsAFramebufferPaintsIt() throws {
        let config = try PanelConfigLoader.parse(text: Self.config, file: "drm.ini")
        let chart = try #require(config.charts.first)
        let layout = try #require(FramebufferLayout(physicalWidth: 96, physicalHeight: 64, format: .xrgb8888))
        let display = RecordingFlipDisplay(layout: layout)
        let labels = try FramebufferSurface.rasterizeLabels(for: config)
        let painter = FramebufferSurface(layout: layout, pixels: display.buffers[0], config: config, labels: labels)
        let log = RecordingLog()
        let surface = DRMSurface(card: display, painter: painter, buttonCount: 1, rects: config.buttons.map { $0.rect }, log: log)
        var memory = [UInt8](repeating: 0, count: chart.ringBytes)
        var reference = [UInt8](repeating: 0, count: layout.bufferSize)
        try memory.withUnsafeMutableBytes { bytes in
            let ring = try #require(ChartRing(storage: bytes, points: chart.points, bucketMs: chart.bucketMs))
            ring.reset()
            ring.record(40_000, atEpochMs: Self.baseMs)
            ring.record(60_000, atEpochMs: Self.baseMs + 300_000)
            surface.drawAll([.button(.normal), .chart(ChartLook(ring: ring, revision: 1))], page: 0)
            surface.frameDone(at: at(0))
            #expect(display.flips == [1])
            try reference.withUnsafeMutableBytes { pixels in
                let plain = FramebufferSurface(layout: layout, pixels: pixels, config: config, labels: try FramebufferSurface.rasterizeLabels(for: config))
                plain.drawAll([.button(.normal), .chart(ChartLook(ring: ring, revision: 1))], page: 0)
                #expect(Self.chartPixels(UnsafeRawBufferPointer(display.buffers[1])) == Self.chartPixels(UnsafeRawBufferPointer(pixels)))
                // The line's colour is in the last column (the newest bucket).
                let line = layout.format.encode(chart.lineColor)
                #expect(Self.chartPixels(UnsafeRawBufferPointer(pixels)).enumerated().contains { $0.offset % 76 == 75 && $0.element == line })
                display.complete(at: 16)
                surface.cardReadable()
                ring.record(90_000, atEpochMs: Self.baseMs + 300_001)
                surface.draw(item: 1, look: .chart(ChartLook(ring: ring, revision: 2)))
                surface.frameDone(at: at(20))
                #expect(display.flips == [1, 0])
                plain.draw(item: 1, look: .chart(ChartLook(ring: ring, revision: 2)))
                #expect(Self.chartPixels(UnsafeRawBufferPointer(display.buffers[0])) == Self.chartPixels(UnsafeRawBufferPointer(pixels)))
            }
        }
        #expect(log.lines == [])
    }
}
