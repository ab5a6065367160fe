@testable import PanelDrivers
import Testing

/// The fit as it was before the search (issue 23): every size from the start down, one pixel
/// at a time, the first that fits. Kept here as the reference the search must agree with.
private func stepPerPixelFit(
    _ text: String, width: Int, height: Int, startSize: Int,
    measure: (String, Int) -> Int, lineHeight: (Int) -> Int
) -> LabelFit.Result {
    let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var size = startSize
    while true {
        if let lines = stepPerPixelWrap(paragraphs, width: width, measure: { measure($0, size) }),
            lines.count * lineHeight(size) <= height
        {
            return LabelFit.Result(lines: lines, pixelSize: size, fits: true)
        }
        guard size > LabelFit.minimumPixelSize else { break }
        size -= 1
    }
    let lines = stepPerPixelWrap(
        paragraphs, width: width, measure: { measure($0, LabelFit.minimumPixelSize) }, clipping: true) ?? paragraphs
    return LabelFit.Result(lines: lines, pixelSize: LabelFit.minimumPixelSize, fits: false)
}

/// The wrap as it was: greedy, nil when one word alone is wider (unless clipping).
private func stepPerPixelWrap(_ paragraphs: [String], width: Int, measure: (String) -> Int, clipping: Bool = false) -> [String]? {
    var lines: [String] = []
    for paragraph in paragraphs {
        var line = ""
        for word in paragraph.split(separator: " ").map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if measure(candidate) <= width {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            guard measure(word) <= width || clipping else { return nil }
            line = word
        }
        lines.append(line)
    }
    return lines
}

/// DejaVu Sans through the panel's own rasterizer, each (line, size) measured once: the
/// sweeps below measure the same lines at the same sizes many times over. The cache is large
/// enough to keep every glyph of the sweep.
private final class MeasuredFont {
    struct Key: Hashable {
        var line: String
        var size: Int
    }

    let font: FontRasterizer
    private var widths: [Key: Int] = [:]
    private var heights: [Int: Int] = [:]
    /// The sizes a fit measured lines at: the sizes it tried.
    var sizesTried: Set<Int> = []

    init() throws {
        font = try FontRasterizer(path: FontRasterizer.defaultFontPath, pixelSize: 24, glyphCacheBytes: 256 << 20)
    }

    func measure(_ line: String, _ size: Int) -> Int {
        sizesTried.insert(size)
        let key = Key(line: line, size: size)
        if let known = widths[key] { return known }
        font.setPixelSize(size)
        let width = font.measure(line)
        widths[key] = width
        return width
    }

    func lineHeight(_ size: Int) -> Int {
        if let known = heights[size] { return known }
        font.setPixelSize(size)
        heights[size] = font.lineHeight
        return font.lineHeight
    }

    /// Whether `text` fits at `size` itself, by the old rule.
    func fits(_ text: String, width: Int, height: Int, size: Int) -> Bool {
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let lines = stepPerPixelWrap(paragraphs, width: width, measure: { self.measure($0, size) }) else { return false }
        return lines.count * lineHeight(size) <= height
    }
}

@Suite("Label fit: the search over sizes finds what trying every size found")
struct LabelFitSearchTests {
    static let labels = [
        "Play", "Living room lights", "Kitchen\nfan", "Scene 1", "Supercalifragilistic", "il1 Ill lil", "Ü°C 21.5 %",
        "Living room lamps dim to half while the kitchen fan keeps turning and the hall lights wait for the front door to open at sunset.",
        "", " ", "a\n\nb",
    ]

    /// The fits of DejaVu Sans that are not monotonic in the size, with the sizes where the
    /// label does not fit although a larger one does.
    @Test func withDejaVuSansSomeLabelsFitAtASizeButNotTheOneBelow() throws {
        let font = try MeasuredFont()
        // 100 and 101 px do not fit 183 x 250; 99 and 102 do: a run of two.
        #expect((98...103).map { font.fits("il1 Ill lil", width: 183, height: 250, size: $0) } == [true, true, false, false, true, false])
        // One size that does not fit, between two that do.
        #expect((49...52).map { font.fits("Living room lights", width: 141, height: 184, size: $0) } == [true, false, true, false])
        #expect((44...47).map { font.fits("Scene 1", width: 134, height: 118, size: $0) } == [true, false, true, false])
    }

    @Test func overManyLabelsRectsAndStartSizesTheResultIsTheSame() throws {
        let font = try MeasuredFont()
        var compared = 0
        var notMonotonic = 0
        var longestRun = 0
        for text in Self.labels {
            for width in [0, 12, 40, 92, 134, 141, 183, 400] {
                for height in [0, 10, 24, 118, 184, 250, 300] {
                    for startSize in [6, 8, 9, 24, 46, 52, 103, 200] {
                        let old = stepPerPixelFit(
                            text, width: width, height: height, startSize: startSize,
                            measure: font.measure, lineHeight: font.lineHeight)
                        let new = LabelFit.fit(
                            text, width: width, height: height, startSize: startSize,
                            measure: font.measure, lineHeight: font.lineHeight)
                        #expect(new == old, "\"\(text)\" in \(width) x \(height) from \(startSize) px")
                        compared += 1
                    }
                    // Sizes that do not fit below one that does: how many such labels and
                    // rects, and the longest run.
                    let fitting = (LabelFit.minimumPixelSize...200).map { font.fits(text, width: width, height: height, size: $0) }
                    guard let largest = fitting.lastIndex(of: true) else { continue }
                    var run = 0
                    var found = false
                    for fits in fitting[...largest] {
                        if fits {
                            if run > 0 { found = true }
                            longestRun = max(longestRun, run)
                            run = 0
                        } else {
                            run += 1
                        }
                    }
                    if found && fitting.firstIndex(of: true)! < largest { notMonotonic += 1 }
                }
            }
        }
        #expect(compared == 11 * 8 * 7 * 8)
        #expect(notMonotonic == 9)
        #expect(longestRun == 2)
        #expect(longestRun < LabelFit.verifiedSizes)
    }

    @Test func theSearchTriesAFewSizesWhereTheOldLoopTriedEach() throws {
        let font = try MeasuredFont()
        let long = Self.labels[7]
        let found = LabelFit.fit(long, width: 392, height: 292, startSize: 200, measure: font.measure, lineHeight: font.lineHeight)
        #expect(found.pixelSize == 34)
        #expect(found.lines.count == 7)
        #expect(font.sizesTried.count == 6)
        font.sizesTried = []
        _ = stepPerPixelFit(long, width: 392, height: 292, startSize: 200, measure: font.measure, lineHeight: font.lineHeight)
        #expect(font.sizesTried.count == 200 - 34 + 1)
    }

    /// A made-up font whose lines are `size / 2` per character, except at `wide` sizes, where
    /// every line is too wide, and at `narrow` ones, where every line takes no width: runs of
    /// sizes that do not fit, as long as wanted, below or above sizes that do. "Living room"
    /// fits 100 x 60 on two lines up to 26 px (2 x 30 = 60), on one line at a narrow size up
    /// to 56 px.
    private func fitWithGaps(wide: Set<Int> = [], narrow: Set<Int> = [], startSize: Int, search: Bool) -> LabelFit.Result {
        let measure = { (line: String, size: Int) in
            wide.contains(size) ? 10_000 : narrow.contains(size) ? 0 : line.count * size / 2
        }
        let lineHeight = { (size: Int) in size + 4 }
        return search
            ? LabelFit.fit("Living room", width: 100, height: 60, startSize: startSize, measure: measure, lineHeight: lineHeight)
            : stepPerPixelFit("Living room", width: 100, height: 60, startSize: startSize, measure: measure, lineHeight: lineHeight)
    }

    @Test func runsShorterThanTheVerifiedSizesAreSeenThrough() {
        #expect(fitWithGaps(startSize: 40, search: true) == LabelFit.Result(lines: ["Living", "room"], pixelSize: 26, fits: true))
        var cases = 0
        for runLength in 1..<LabelFit.verifiedSizes {
            // Below the largest size that fits...
            for runStart in 8...25 {
                let wide = Set(runStart..<min(runStart + runLength, 26))
                for startSize in [8, 9, 20, 26, 27, 40, 200] {
                    let old = fitWithGaps(wide: wide, startSize: startSize, search: false)
                    #expect(fitWithGaps(wide: wide, startSize: startSize, search: true) == old, "wide \(wide.sorted()) from \(startSize)")
                    cases += 1
                }
            }
            // ...and above it, below a size that fits again.
            let narrow: Set = [26 + runLength + 1]
            for startSize in [27, 28, 40, 200] {
                let old = fitWithGaps(narrow: narrow, startSize: startSize, search: false)
                #expect(fitWithGaps(narrow: narrow, startSize: startSize, search: true) == old, "narrow \(narrow) from \(startSize)")
                cases += 1
            }
        }
        #expect(cases == 3 * (18 * 7 + 4))
        // Several runs, each shorter than the verified sizes, with single sizes fitting between.
        let combs = Set([10, 11, 12, 14, 15, 16, 18, 19, 21, 22, 23, 25])
        for startSize in [26, 30, 200] {
            #expect(fitWithGaps(wide: combs, startSize: startSize, search: true) == fitWithGaps(wide: combs, startSize: startSize, search: false))
        }
    }

    /// The search's limit, said as it is: above a run of `verifiedSizes` sizes that do not
    /// fit, a larger size that fits is not looked for.
    @Test func aRunAsLongAsTheVerifiedSizesHidesTheSizesAboveIt() {
        let beyond: Set = [26 + LabelFit.verifiedSizes + 1]
        #expect(fitWithGaps(narrow: beyond, startSize: 200, search: false).pixelSize == 31)
        #expect(fitWithGaps(narrow: beyond, startSize: 200, search: true).pixelSize == 26)
        // One size less and the search sees through it.
        let within: Set = [26 + LabelFit.verifiedSizes]
        #expect(fitWithGaps(narrow: within, startSize: 200, search: false).pixelSize == 30)
        #expect(fitWithGaps(narrow: within, startSize: 200, search: true).pixelSize == 30)
    }
}
