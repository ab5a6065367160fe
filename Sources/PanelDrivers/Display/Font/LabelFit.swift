import LinuxSystem
import PanelEngine

/// How a label goes into its button: its own line breaks (`\n` in the config), words wrapped
/// onto further lines where a line is too wide, and the size shrunk, a pixel at a time down to
/// `minimumPixelSize`, until every line fits the width and all lines the height. A label that
/// does not fit even then is drawn at the smallest size and clipped; `check` warns of it.
public enum LabelFit {
    public static let minimumPixelSize = 8
    /// Space kept between the label and the button's border on every side.
    public static let paddingPx = 4

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
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var size = startSize
        while true {
            if let lines = wrap(paragraphs, width: width, measure: { measure($0, size) }),
                lines.count * lineHeight(size) <= height
            {
                return Result(lines: lines, pixelSize: size, fits: true)
            }
            guard size > minimumPixelSize else { break }
            size -= 1
        }
        let lines = wrap(paragraphs, width: width, measure: { measure($0, minimumPixelSize) }, clipping: true) ?? paragraphs
        return Result(lines: lines, pixelSize: minimumPixelSize, fits: false)
    }

    /// Each paragraph's words filled greedily into lines no wider than `width`; nil when one
    /// word alone is wider (unless `clipping`, which then gives it a line of its own).
    static func wrap(_ paragraphs: [String], width: Int, measure: (String) -> Int, clipping: Bool = false) -> [String]? {
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
}
