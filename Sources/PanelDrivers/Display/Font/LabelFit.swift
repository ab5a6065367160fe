import LinuxSystem
import PanelEngine

/// How a label goes into its button: its own line breaks (`\n` in the config), words wrapped
/// onto further lines where a line is too wide, and the largest size from the button's
/// `font_size` down to `minimumPixelSize` at which every line fits the width and all lines
/// the height. A label that does not fit even at the smallest size is drawn at that size and
/// clipped; `check` warns of it.
///
/// The largest size that fits is found by a search over sizes, not by trying each in turn: a
/// label that fits at its font size costs one wrap, and one that must shrink a few (from a
/// guess, then halving) rather than one per pixel; each size tried costs FreeType a run of
/// the font's hinting program and a load of each character. Fitting is nearly monotonic in
/// the size, but not quite: hinting
/// rounds each glyph's edges to whole pixels, so a line can be a pixel narrower one size up,
/// and a label that does not fit at one size may fit at the next. The search therefore
/// checks the `verifiedSizes` sizes above the size it found as well, and goes on from any of
/// them that fits: its answer is the largest size that fits, the one that trying every size
/// from the top would find, whenever no run of `verifiedSizes` sizes that do not fit lies
/// below a size that does (`LabelFitSearchTests` checks both over the sizes of many labels).
public enum LabelFit {
    public static let minimumPixelSize = 8
    /// Space kept between the label and the button's border on every side.
    public static let paddingPx = 4
    /// How many sizes above the one found are known not to fit before it is the answer: the
    /// longest run of sizes that do not fit below one that does is 2 in the DejaVu fonts
    /// (Sans, Serif, Mono, Bold, Condensed, ExtraLight; 8 to 200 px, 27,702 label and button
    /// sizes each), and 4 leaves room for a font hinted more coarsely.
    static let verifiedSizes = 4

    public struct Result: Equatable, Sendable {
        public var lines: [String]
        public var pixelSize: Int
        public var fits: Bool

        public init(lines: [String], pixelSize: Int, fits: Bool) {
            self.lines = lines
            self.pixelSize = pixelSize
            self.fits = fits
        }
    }

    /// `measure(text, size)`: the ink width of one line at that size; `lineHeight(size)`.
    public static func fit(
        _ text: String, width: Int, height: Int, startSize: Int,
        measure: (String, Int) -> Int, lineHeight: (Int) -> Int
    ) -> Result {
        // The common case, a short label or a text's value on one line that fits at the start
        // size, measured once without splitting it into words. It is what wrapping gives: a
        // part of a line is never wider than the line (its ink lies within the line's), so
        // every word joins the first line, and a line without breaks, doubled spaces or spaces
        // at its ends comes back as it was written.
        if isOneLine(text), lineHeight(startSize) <= height, measure(text, startSize) <= width {
            return Result(lines: [text], pixelSize: startSize, fits: true)
        }
        // Each paragraph's words, split once for every size tried.
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.split(separator: " ").map(String.init)
        }
        /// The lines at `size` when they fit, else nil.
        func lines(at size: Int) -> [String]? {
            let lineHeight = lineHeight(size)
            guard lineHeight > 0 else {
                return wrap(paragraphs, width: width, measure: { measure($0, size) }).flatMap {
                    $0.count * lineHeight <= height ? $0 : nil
                }
            }
            // As many lines as the height holds: wrapping stops at the first line more.
            return wrap(paragraphs, width: width, measure: { measure($0, size) }, maximumLines: height / lineHeight)
        }
        // Each size once: the lines where it fits, nil where it does not.
        var tried: [Int: [String]?] = [:]
        func attempt(_ size: Int) -> [String]? {
            if let known = tried[size] { return known }
            let fitted = lines(at: size)
            tried.updateValue(fitted, forKey: size)
            return fitted
        }
        if let fitted = attempt(startSize) {
            return Result(lines: fitted, pixelSize: startSize, fits: true)
        }
        if startSize > minimumPixelSize {
            // `low` fits (below the range: none found yet), `high` does not.
            var low = minimumPixelSize - 1
            var high = startSize
            // From a guess, steps of 1, 2, 4... towards the answer until it lies between two
            // sizes tried, then halving the sizes between.
            let guess = guessedSize(
                paragraphs, width: width, height: height, startSize: startSize, measure: measure, lineHeight: lineHeight)
            var step = 1
            if attempt(guess) != nil {
                low = guess
                while low + step < high {
                    if attempt(low + step) == nil {
                        high = low + step
                        break
                    }
                    low += step
                    step *= 2
                }
            } else {
                high = guess
                while high - step > low {
                    if attempt(high - step) != nil {
                        low = high - step
                        break
                    }
                    high -= step
                    step *= 2
                }
            }
            while true {
                while high - low > 1 {
                    let middle = low + (high - low) / 2
                    if attempt(middle) != nil { low = middle } else { high = middle }
                }
                // `low + 1` does not fit; nor may the sizes after it up to `low + verifiedSizes`,
                // or the search goes on from the first of them that does.
                let above = stride(from: low + 2, through: min(low + verifiedSizes, startSize), by: 1)
                guard let next = above.first(where: { attempt($0) != nil }) else { break }
                low = next
                high = tried.filter { $0.key > next && $0.value == nil }.keys.min() ?? startSize
            }
            if let found = tried[low], let lines = found {
                return Result(lines: lines, pixelSize: low, fits: true)
            }
        }
        let lines = wrap(paragraphs, width: width, measure: { measure($0, minimumPixelSize) }, clipping: true)
            ?? text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return Result(lines: lines, pixelSize: minimumPixelSize, fits: false)
    }

    /// Whether splitting `text` at line breaks and spaces and joining its words with one space
    /// gives one line equal to it: no `\n`, no space first or last, no two spaces in a row.
    static func isOneLine(_ text: String) -> Bool {
        var previous: UInt8 = 0x20   // a space first is refused like two in a row
        for byte in text.utf8 {
            if byte == 0x0A || (byte == 0x20 && previous == 0x20) { return false }
            previous = byte
        }
        return previous != 0x20 || text.isEmpty
    }

    /// Where the search for a label that does not fit at `startSize` begins: the largest size
    /// below it at which the label's paragraphs, measured at the start size and scaled in
    /// proportion, fill lines nine tenths full (greedy wrapping leaves the rest) that fit the
    /// height, and its widest word fits the width. Only a guess: the search finds the same
    /// size from any, in fewer steps from a close one.
    static func guessedSize(
        _ paragraphs: [[String]], width: Int, height: Int, startSize: Int,
        measure: (String, Int) -> Int, lineHeight: (Int) -> Int
    ) -> Int {
        guard width > 0 else { return minimumPixelSize }
        let paragraphWidths = paragraphs.map { measure($0.joined(separator: " "), startSize) }
        let widestWord = paragraphs.joined().map { measure($0, startSize) }.max() ?? 0
        func plausible(_ size: Int) -> Bool {
            guard widestWord * size <= width * startSize else { return false }
            let room = width * startSize * 9
            let lines = paragraphWidths.reduce(0) { $0 + max(1, ($1 * size * 10 + room - 1) / room) }
            return lines * lineHeight(size) <= height
        }
        var low = minimumPixelSize
        var high = startSize
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if plausible(middle) { low = middle } else { high = middle }
        }
        return low
    }

    /// Each paragraph's words (split at spaces) filled greedily into lines no wider than
    /// `width`; nil when one word alone is wider (unless `clipping`, which then gives it a line
    /// of its own), or when there would be more than `maximumLines` lines.
    static func wrap(
        _ paragraphs: [[String]], width: Int, measure: (String) -> Int, clipping: Bool = false, maximumLines: Int = Int.max
    ) -> [String]? {
        var lines: [String] = []
        for words in paragraphs {
            var line = ""
            for word in words {
                let candidate = line.isEmpty ? word : line + " " + word
                if measure(candidate) <= width {
                    line = candidate
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                guard measure(word) <= width || clipping, lines.count < maximumLines else { return nil }
                line = word
            }
            lines.append(line)
            guard lines.count <= maximumLines else { return nil }
        }
        return lines
    }
}
