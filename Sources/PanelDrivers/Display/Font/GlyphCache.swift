/// Where a glyph's bitmap sits against the pen and the baseline, and how far the pen then
/// moves: all that measuring a line needs.
struct GlyphMetrics: Equatable {
    var left: Int
    var top: Int
    var width: Int
    var rows: Int
    var advance: Int
}

/// A glyph of a font chain: which face of the chain has it (0: the first) and its index in that
/// face. Shaping maps characters to glyphs (a ligature is one glyph for two characters, an
/// Arabic letter a different glyph at the start of a word than at its end), so glyphs, not
/// characters, are what is measured, drawn and kept.
struct GlyphID: Hashable {
    var face: UInt16
    var index: UInt32
}

/// Glyphs kept once FreeType has loaded them, keyed by glyph and pixel size, so that
/// fitting a label (which measures the same characters over and over while it wraps, at a
/// handful of sizes) and drawing it ask FreeType for each glyph once. An entry holds the
/// glyph's metrics, and its coverage once the glyph has been drawn at that size: the sizes a
/// fit only tries cost no bitmap. Bounded in bytes: when an entry does not fit, the least
/// recently used go until the cache is three quarters full, so a label larger than the cache
/// evicts in a few sorts rather than one per glyph. An entry larger than the whole cache is
/// handed out but not kept.
final class GlyphCache {
    /// What an entry costs besides its coverage: the key, the metrics, the entry object and
    /// the dictionary's slot, rounded up.
    static let entryOverheadBytes = 96

    final class Entry {
        /// nil: FreeType cannot load it, kept so that it is not asked again.
        let metrics: GlyphMetrics?
        /// `width * rows` bytes from the top, once drawn.
        fileprivate(set) var coverage: [UInt8]?
        /// A colour glyph's pixels (`RenderedGlyph.colour`), once drawn.
        fileprivate(set) var colour: [UInt8]?
        fileprivate var lastUse: UInt64 = 0
        fileprivate var bytes: Int { GlyphCache.entryOverheadBytes + (coverage?.count ?? 0) + (colour?.count ?? 0) }

        init(metrics: GlyphMetrics?, coverage: [UInt8]?, colour: [UInt8]? = nil) {
            self.metrics = metrics
            self.coverage = coverage
            self.colour = colour
        }
    }

    let byteLimit: Int
    /// The bytes the entries take, overhead included.
    private(set) var byteCount = 0
    /// Keyed by pixel size (bits 48 up), face (bits 32-47) and glyph index (low half). Looked up once per character
    /// measured, by the loop's one thread: not checked for overlapping access at run time,
    /// which would cost more than the lookup.
    @exclusivity(unchecked) private var entries: [UInt64: Entry] = [:]
    /// Counts lookups: an entry's `lastUse` says how recently it was wanted.
    @exclusivity(unchecked) private var clock: UInt64 = 0
    /// The entries of the size looked up last, for the first face's glyphs below 256 (a Latin
    /// font's letters, digits and punctuation): a fit measures one size at a time, so most
    /// lookups are an index into this rather than a hash. Only ever entries that are also in
    /// `entries` (emptied when any is evicted).
    @exclusivity(unchecked) private var recent: [Entry?]
    @exclusivity(unchecked) private var recentSize = 0

    /// `byteLimit` 0: nothing is kept (an icon font's glyphs are drawn once each), and no
    /// room is made for the recent entries either.
    init(byteLimit: Int) {
        self.byteLimit = byteLimit
        recent = byteLimit > 0 ? [Entry?](repeating: nil, count: GlyphCache.recentGlyphs) : []
    }

    var count: Int { entries.count }

    /// The first face's glyphs with an index below this are also kept in `recent`.
    private static let recentGlyphs = 256

    private static func key(_ glyph: GlyphID, _ pixelSize: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: pixelSize) << 48 | UInt64(glyph.face) << 32 | UInt64(glyph.index)
    }

    private static func isRecent(_ glyph: GlyphID) -> Bool { glyph.face == 0 && glyph.index < recentGlyphs }

    /// The entry kept for this glyph at this size, if any.
    func entry(_ glyph: GlyphID, pixelSize: Int) -> Entry? {
        guard byteLimit > 0 else { return nil }
        let isRecent = GlyphCache.isRecent(glyph)
        if isRecent {
            if pixelSize != recentSize { forgetRecent(size: pixelSize) }
            if let entry = recent[Int(glyph.index)] {
                clock &+= 1
                entry.lastUse = clock
                return entry
            }
        }
        guard let entry = entries[GlyphCache.key(glyph, pixelSize)] else { return nil }
        clock &+= 1
        entry.lastUse = clock
        if isRecent { recent[Int(glyph.index)] = entry }
        return entry
    }

    /// Empties the recent entries, which are now those of `size`.
    private func forgetRecent(size: Int) {
        for index in recent.indices { recent[index] = nil }
        recentSize = size
    }

    /// Keeps what FreeType gave for this glyph at this size (replacing what was kept),
    /// evicting the least recently used first if it does not fit; returns the entry.
    @discardableResult
    func keep(_ glyph: GlyphID, pixelSize: Int, metrics: GlyphMetrics?, coverage: [UInt8]?, colour: [UInt8]? = nil) -> Entry {
        let key = GlyphCache.key(glyph, pixelSize)
        let entry = Entry(metrics: metrics, coverage: coverage, colour: colour)
        let isRecent = GlyphCache.isRecent(glyph) && pixelSize == recentSize
        if let old = entries.removeValue(forKey: key) {
            byteCount -= old.bytes
            if isRecent { recent[Int(glyph.index)] = nil }
        }
        guard entry.bytes <= byteLimit else { return entry }
        if byteCount + entry.bytes > byteLimit { evict(toAtMost: byteLimit / 4 * 3 - entry.bytes) }
        clock &+= 1
        entry.lastUse = clock
        entries[key] = entry
        byteCount += entry.bytes
        if isRecent && recentSize == pixelSize { recent[Int(glyph.index)] = entry }
        return entry
    }

    /// Drops the least recently used entries until at most `target` bytes remain.
    private func evict(toAtMost target: Int) {
        forgetRecent(size: 0)
        for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where byteCount > target {
            entries.removeValue(forKey: key)
            byteCount -= entry.bytes
        }
    }
}
