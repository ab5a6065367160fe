import CLinux
import LinuxSystem
import PanelEngine
import TouchCore

/// A rasterised label that owns its coverage: made once at start-up, painted from on every
/// repaint through `withAlphaBitmap`. It keeps only the rows with ink (`trimmed`): a panel of
/// many buttons holds every label, and most of a line's rows are empty. A label kept in parts
/// until a look is composed (an icon and the text beside it) is kept smaller: an icon `packed`
/// in runs, a text as the places of its glyphs (`FontRasterizer.glyphLabel`), whose coverage
/// the font's glyph cache holds once for every label.
public struct LabelBitmap: Equatable, Sendable {
    public let width: Int32
    /// The rows held, from row `top` of the label's line, which is `lineHeight` tall.
    public let height: Int32
    public let top: Int32
    public let lineHeight: Int32
    /// Its (first) line reads right to left (`LineLayout.rightToLeft`): `align = start` puts it
    /// at the right.
    public var rightToLeft = false
    /// Its colour glyphs (emoji): `width * height * 4` bytes of red, green, blue and alpha
    /// (straight), drawn over the label where alpha is not 0; nil: the label is of one colour.
    public var colour: [UInt8]?
    /// The coverage, `width * height` bytes row by row; or the same packed in runs (`packed`);
    /// or the glyphs that draw it.
    enum Storage: Sendable {
        case coverage([UInt8])
        case runs([UInt8])
        case glyphs([PlacedGlyph])
    }
    let storage: Storage

    /// Part of a glyph's coverage drawn at (`x`, `y`) of a label: `columns` x `rows` bytes
    /// from `coverage[first...]`, its rows `stride` bytes apart. Where glyphs overlap, the
    /// larger coverage shows (as `FontRasterizer.rasterize` draws them).
    struct PlacedGlyph: Sendable {
        let coverage: [UInt8]
        let first: Int32
        let stride: Int32
        let x: Int32
        let y: Int32
        let columns: Int32
        let rows: Int32
    }

    /// A bitmap of the whole line, or of rows `top..<top + height` of a line `lineHeight` tall.
    public init(width: Int32, height: Int32, pixels: [UInt8], top: Int32 = 0, lineHeight: Int32? = nil) {
        precondition(width >= 0 && height >= 0 && pixels.count == Int(width) * Int(height), "LabelBitmap size")
        precondition(top >= 0 && (lineHeight ?? height) >= top + height, "LabelBitmap rows")
        self.init(width: width, height: height, top: top, lineHeight: lineHeight ?? height, storage: .coverage(pixels))
    }

    init(width: Int32, height: Int32, top: Int32, lineHeight: Int32, storage: Storage) {
        self.width = width
        self.height = height
        self.top = top
        self.lineHeight = lineHeight
        self.storage = storage
    }

    /// Whether it holds its coverage packed in runs (`packed`).
    public var isPacked: Bool {
        if case .runs = storage { return true }
        return false
    }

    /// Whether it holds the glyphs that draw it (`FontRasterizer.glyphLabel`).
    public var isGlyphs: Bool {
        if case .glyphs = storage { return true }
        return false
    }

    /// The coverage or the runs it holds; empty for glyphs.
    var bytes: [UInt8] {
        switch storage {
        case .coverage(let bytes), .runs(let bytes): bytes
        case .glyphs: []
        }
    }

    /// `width * height` bytes, row by row, 0 = transparent, 255 = solid; drawn into a new
    /// array from runs or glyphs.
    public var pixels: [UInt8] {
        if case .coverage(let pixels) = storage { return pixels }
        let count = Int(width) * Int(height)
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if count > 0 { write(into: buffer.baseAddress!, stride: Int(width)) }
            initialized = count
        }
    }

    /// The bytes the bitmap holds of its own: `width * height`, fewer when packed, or its
    /// glyphs' places (their coverage is the glyph cache's).
    public var byteCount: Int {
        switch storage {
        case .coverage(let bytes), .runs(let bytes): bytes.count
        case .glyphs(let glyphs): glyphs.count * MemoryLayout<PlacedGlyph>.stride
        }
    }

    public static func == (lhs: LabelBitmap, rhs: LabelBitmap) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height, lhs.top == rhs.top, lhs.lineHeight == rhs.lineHeight,
            lhs.rightToLeft == rhs.rightToLeft, lhs.colour == rhs.colour
        else {
            return false
        }
        switch (lhs.storage, rhs.storage) {
        // Packing is a function of the coverage: two packed bitmaps are equal when their runs are.
        case (.coverage(let a), .coverage(let b)), (.runs(let a), .runs(let b)): return a == b
        default: return lhs.pixels == rhs.pixels
        }
    }

    /// The same label without its empty rows above and below the ink; placed as before.
    public var trimmed: LabelBitmap {
        var trimmed = trimmedRows
        trimmed.rightToLeft = rightToLeft
        if let colour, trimmed.height > 0 {
            // The same rows of the colours.
            let first = Int(trimmed.top - top) * Int(width) * 4
            trimmed.colour = Array(colour[first..<(first + Int(trimmed.height) * Int(width) * 4)])
        }
        return trimmed
    }

    private var trimmedRows: LabelBitmap {
        guard case .coverage(let bytes) = storage else {
            // Runs and glyphs are made of trimmed labels.
            let whole = LabelBitmap(width: width, height: height, pixels: pixels, top: top, lineHeight: lineHeight).trimmed
            return isPacked ? whole.packed : whole
        }
        let rowBytes = Int(width)
        guard rowBytes > 0, height > 0 else { return self }
        // Through pointers: a composed label is trimmed each time a page shows it, and an
        // array slice's copy went byte by byte in the firmware build.
        return bytes.withUnsafeBufferPointer { source in
            func empty(_ row: Int) -> Bool {
                let start = source.baseAddress! + row * rowBytes
                for column in 0..<rowBytes where start[column] != 0 { return false }
                return true
            }
            var first = 0, last = Int(height) - 1
            while first <= last && empty(first) { first += 1 }
            while last >= first && empty(last) { last -= 1 }
            guard first > 0 || last < Int(height) - 1 else { return self }
            guard first <= last else { return LabelBitmap(width: 0, height: 0, pixels: []) }
            let count = (last - first + 1) * rowBytes
            let kept = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: source.baseAddress! + first * rowBytes, byteCount: count)
                initialized = count
            }
            return LabelBitmap(width: width, height: Int32(last - first + 1), pixels: kept, top: top + Int32(first), lineHeight: lineHeight)
        }
    }

    public static let empty = LabelBitmap(width: 0, height: 0, pixels: [])

    /// Copies its colour glyphs' rows (if it has any) into `target`, a composite `width` pixels
    /// wide and at least `rows` rows tall, with its top-left pixel at (`x`, `y`).
    func writeColour(into target: inout [UInt8], width: Int, rows: Int, x: Int, y: Int) {
        guard let colour else { return }
        let rowBytes = Int(self.width) * 4
        for row in 0..<min(Int(height), rows - y) {
            let to = ((y + row) * width + x) * 4
            for byte in 0..<rowBytes { target[to + byte] = colour[row * rowBytes + byte] }
        }
    }

    /// The coverage at (x, y), both inside the bitmap.
    public func coverage(x: Int, y: Int) -> UInt8 {
        if case .coverage(let bytes) = storage { return bytes[y * Int(width) + x] }
        return pixels[y * Int(width) + x]
    }

    /// Lends the painter a view of the bytes for the duration of `body` (of runs or glyphs,
    /// of their coverage drawn for the while).
    public func withAlphaBitmap<R>(_ body: (AlphaBitmap) -> R) -> R {
        pixels.withUnsafeBytes { bytes in
            // The sizes match the bytes by construction, so the view always exists.
            var view = AlphaBitmap(width: width, height: height, stride: Int(width), pixels: bytes, top: top, lineHeight: lineHeight)!
            view.rightToLeft = rightToLeft
            guard let colour else { return body(view) }
            return colour.withUnsafeBytes { colourBytes in
                view.colour = RGBAPixels(width: width, height: height, stride: 4 * Int(width), pixels: colourBytes)
                return body(view)
            }
        }
    }

    /// Writes the coverage into `target`, row after row, `stride` bytes from the start of one
    /// row to the next: `width` bytes of each row, the rest left as they were. `overZeros`:
    /// the target holds zeros where the bitmap goes, so runs of zeros are passed over rather
    /// than written, and glyphs drawn without clearing their rows first.
    public func write(into target: UnsafeMutablePointer<UInt8>, stride: Int, overZeros: Bool = false) {
        let rowBytes = Int(width)
        guard rowBytes > 0, height > 0 else { return }
        switch storage {
        case .coverage(let bytes):
            bytes.withUnsafeBufferPointer { source in
                for row in 0..<Int(height) {
                    UnsafeMutableRawPointer(target + row * stride).copyMemory(from: source.baseAddress! + row * rowBytes, byteCount: rowBytes)
                }
            }
        case .runs(let runs):
            runs.withUnsafeBufferPointer { LabelBitmap.unpack($0, rowBytes: rowBytes, into: target, stride: stride, overZeros: overZeros) }
        case .glyphs(let glyphs):
            if !overZeros {
                for row in 0..<Int(height) { memset(target + row * stride, 0, rowBytes) }
            }
            for glyph in glyphs {
                glyph.coverage.withUnsafeBufferPointer { coverage in
                    for row in 0..<Int(glyph.rows) {
                        let from = coverage.baseAddress! + Int(glyph.first) + row * Int(glyph.stride)
                        let to = target + (Int(glyph.y) + row) * stride + Int(glyph.x)
                        for column in 0..<Int(glyph.columns) where from[column] > to[column] {
                            to[column] = from[column]
                        }
                    }
                }
            }
        }
    }

    // MARK: Runs

    // A packed bitmap is its coverage row after row as one stream (a run may go on into the
    // next row) of codes, each a byte and what it brings along:
    //   bit 7      the value of a run: 0 or 255
    //   bits 6-5   how many bytes of coverage between 0 and 255 follow the run (0...3); they
    //              come after the code byte
    //   bits 4-0   the run's length (0...31)
    // An icon or the text of a label is mostly runs of 0 and 255 with an edge pixel or two
    // between them: 48 icons of 76 pixels (Material Design Icons), 165 KB of coverage, pack
    // into 28 KB, and 48 labels at 24 pixels (DejaVu Sans) from 117 KB into 38 KB.
    private static let longestRun = 31
    private static let mostBetween = 3

    /// The same label with its coverage packed in runs, or itself when that saves nothing (or
    /// it is packed already, or glyphs). Unpacked where it is drawn: `pixels`,
    /// `write(into:stride:)`, `withAlphaBitmap`.
    public var packed: LabelBitmap {
        guard case .coverage(let bytes) = storage, !bytes.isEmpty else { return self }
        let count = bytes.withUnsafeBufferPointer { LabelBitmap.pack($0, into: nil) }
        guard count < bytes.count else { return self }
        let runs = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = bytes.withUnsafeBufferPointer { LabelBitmap.pack($0, into: buffer.baseAddress!) }
        }
        var packed = LabelBitmap(width: width, height: height, top: top, lineHeight: lineHeight, storage: .runs(runs))
        packed.rightToLeft = rightToLeft
        packed.colour = colour
        return packed
    }

    /// Packs `source` into `target`, or only counts the bytes that takes when `target` is nil;
    /// returns that count.
    private static func pack(_ source: UnsafeBufferPointer<UInt8>, into target: UnsafeMutablePointer<UInt8>?) -> Int {
        var written = 0
        var index = 0
        let end = source.count
        while index < end {
            // A run of the value here (none if it is neither 0 nor 255), then what lies
            // between 0 and 255 right after it.
            let value = source[index]
            var run = 0
            if value == 0 || value == 255 {
                while index + run < end && run < longestRun && source[index + run] == value { run += 1 }
            }
            var between = 0
            while between < mostBetween && index + run + between < end && source[index + run + between] != 0
                && source[index + run + between] != 255
            {
                between += 1
            }
            if let target {
                target[written] = (value == 255 ? 0x80 : 0) | UInt8(truncatingIfNeeded: between << 5 | run)
                for offset in 0..<between { target[written + 1 + offset] = source[index + run + offset] }
            }
            written += 1 + between
            index += run + between
        }
        return written
    }

    /// Unpacks `runs` row by row into `target`, rows `stride` bytes apart and `rowBytes` wide;
    /// runs of zeros passed over when `overZeros`.
    private static func unpack(
        _ runs: UnsafeBufferPointer<UInt8>, rowBytes: Int, into target: UnsafeMutablePointer<UInt8>, stride: Int, overZeros: Bool
    ) {
        var row = target
        var column = 0
        var index = 0
        let end = runs.count
        while index < end {
            let code = runs[index]
            index += 1
            // The run, cut where a row ends: most are a few bytes, written here rather than
            // through a call.
            var left = Int(code & 0x1F)
            let value: UInt8 = code < 0x80 ? 0 : 255
            let writes = value != 0 || !overZeros
            while left > 0 {
                let count = min(left, rowBytes - column)
                if writes {
                    let to = row + column
                    if count < 16 {
                        for offset in 0..<count { to[offset] = value }
                    } else {
                        memset(to, Int32(value), count)
                    }
                }
                left -= count
                column += count
                if column == rowBytes {
                    column = 0
                    row += stride
                }
            }
            // The bytes between 0 and 255 after it.
            left = Int(code >> 5 & 3)
            while left > 0 {
                row[column] = runs[index]
                index += 1
                left -= 1
                column += 1
                if column == rowBytes {
                    column = 0
                    row += stride
                }
            }
        }
    }
}
