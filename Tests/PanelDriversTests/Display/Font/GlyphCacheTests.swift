import CLinux
import LinuxSystem
import PanelConfig
@testable import PanelDrivers
import Testing
import TouchCore

@Suite("Glyph cache: each glyph from FreeType once per size, in a bounded cache")
struct GlyphCacheTests {
    static let overhead = GlyphCache.entryOverheadBytes
    let metrics = GlyphMetrics(left: 1, top: 9, width: 5, rows: 8, advance: 7)

    /// A glyph of the chain's first face, its index the character's code (the cache does not
    /// care which glyph it is).
    func g(_ character: Unicode.Scalar) -> GlyphID { GlyphID(face: 0, index: character.value) }

    @Test func whatIsKeptIsFoundAtItsSizeOnly() {
        let cache = GlyphCache(byteLimit: 1000)
        cache.keep(g("a"), pixelSize: 10, metrics: metrics, coverage: nil)
        cache.keep(g("é"), pixelSize: 10, metrics: nil, coverage: nil)
        #expect(cache.entry(g("a"), pixelSize: 10)?.metrics == metrics)
        #expect(cache.entry(g("a"), pixelSize: 11) == nil)
        #expect(cache.entry(g("a"), pixelSize: 10)?.coverage == nil)
        // Kept as one FreeType cannot load: found, without metrics.
        #expect(cache.entry(g("é"), pixelSize: 10) != nil)
        #expect(cache.entry(g("é"), pixelSize: 10)?.metrics == nil)
        #expect(cache.entry(g("b"), pixelSize: 10) == nil)
        #expect(cache.count == 2)
        #expect(cache.byteCount == 2 * Self.overhead)
        // Drawn later: the same glyph with its coverage replaces the metrics alone.
        cache.keep(g("a"), pixelSize: 10, metrics: metrics, coverage: [UInt8](repeating: 7, count: 40))
        #expect(cache.entry(g("a"), pixelSize: 10)?.coverage?.count == 40)
        #expect(cache.count == 2)
        #expect(cache.byteCount == 2 * Self.overhead + 40)
    }

    @Test func whenFullTheLeastRecentlyUsedGoUntilThreeQuartersFull() {
        let cache = GlyphCache(byteLimit: 1000)
        cache.keep(g("a"), pixelSize: 10, metrics: metrics, coverage: [UInt8](repeating: 1, count: 100))   // 196
        cache.keep(g("b"), pixelSize: 10, metrics: metrics, coverage: [UInt8](repeating: 2, count: 300))   // 396
        cache.keep(g("c"), pixelSize: 12, metrics: metrics, coverage: [UInt8](repeating: 3, count: 300))   // 396
        #expect(cache.byteCount == 988)
        _ = cache.entry(g("a"), pixelSize: 10)   // a is now the most recently used
        // 196 more do not fit: b then c go (the oldest), leaving a, and d comes in.
        cache.keep(g("d"), pixelSize: 10, metrics: metrics, coverage: [UInt8](repeating: 4, count: 100))
        #expect(cache.entry(g("b"), pixelSize: 10) == nil)
        #expect(cache.entry(g("c"), pixelSize: 12) == nil)
        #expect(cache.entry(g("a"), pixelSize: 10)?.coverage == [UInt8](repeating: 1, count: 100))
        #expect(cache.entry(g("d"), pixelSize: 10)?.coverage == [UInt8](repeating: 4, count: 100))
        #expect(cache.count == 2)
        #expect(cache.byteCount == 392)
    }

    @Test func aGlyphLargerThanTheCacheIsHandedOutButNotKept() {
        let cache = GlyphCache(byteLimit: 1000)
        cache.keep(g("a"), pixelSize: 10, metrics: metrics, coverage: nil)
        let huge = cache.keep(g("W"), pixelSize: 200, metrics: metrics, coverage: [UInt8](repeating: 9, count: 1000))
        #expect(huge.coverage?.count == 1000)
        #expect(cache.entry(g("W"), pixelSize: 200) == nil)
        #expect(cache.count == 1)
        #expect(cache.byteCount == Self.overhead)
        // The same for a glyph drawn too large to keep: its metrics alone are not kept either.
        cache.keep(g("a"), pixelSize: 10, metrics: metrics, coverage: [UInt8](repeating: 9, count: 1000))
        #expect(cache.entry(g("a"), pixelSize: 10) == nil)
        #expect(cache.byteCount == 0)
    }

    /// DejaVu Sans 2.37 with FreeType 2.12: "Play" at 24 px.
    @Test func measuringKeepsMetricsAndDrawingKeepsBitmapsOnce() throws {
        let font = try FontRasterizer(path: FontRasterizer.defaultFontPath, pixelSize: 24)
        #expect(font.glyphCacheByteLimit == 256 * 1024)
        #expect(font.measure("Play") == 48)
        #expect(font.glyphCacheCount == 4)
        #expect(font.glyphCacheByteCount == 4 * Self.overhead)
        let label = font.rasterize("Play")
        let drawn = font.glyphCacheByteCount
        #expect(font.glyphCacheCount == 4)
        #expect(drawn == 4 * Self.overhead + 678)
        // Again, and at a size measured before: nothing more is kept.
        #expect(font.rasterize("Play") == label)
        font.setPixelSize(12)
        #expect(font.measure("Play") == 23)
        font.setPixelSize(24)
        #expect(font.measure("Play") == 48)
        #expect(font.glyphCacheCount == 8)
        #expect(font.glyphCacheByteCount == drawn + 4 * Self.overhead)
    }

    /// The surface keeps the font it drew the labels with: a label set later opens no file,
    /// so it is drawn even when the font file has gone since.
    @Test func aLabelSetLaterUsesTheFontOpenedAtStart() throws {
        let link = "/tmp/touchpanel-kept-font-\(getpid()).ttf"
        unlink(link)
        #expect(symlink(FontRasterizer.defaultFontPath, link) == 0)
        let config = try PanelConfigLoader.parse(text: """
            [display]
            width = 64
            height = 32
            font = \(link)

            [button a]
            rect = 0, 0, 64, 32
            label = A
            """, file: "kept.ini")
        let labels = try FramebufferSurface.rasterizeLabels(for: config)
        let atStart = labels.font.glyphCacheCount
        unlink(link)
        #expect(throws: FontError.self) { try FontRasterizer(path: link, pixelSize: 24) }
        let layout = try #require(FramebufferLayout(physicalWidth: 64, physicalHeight: 32, format: .rgb565))
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: layout.bufferSize, alignment: 8)
        defer { memory.deallocate() }
        let surface = FramebufferSurface(layout: layout, pixels: memory, config: config, labels: labels)
        #expect(surface.setLabel(button: 0, text: "OK") == nil)
        // "A" does not fit the 52 x 20 inside at 24 px: its fit kept an "A" at each of the 6
        // sizes it tried, and that of "OK" an "O" and a "K" at each of its 6.
        #expect(atStart == 6)
        #expect(labels.font.glyphCacheCount == 18)
    }
}
