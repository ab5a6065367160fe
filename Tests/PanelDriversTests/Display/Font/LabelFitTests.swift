import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// A font where every character is `size / 2` pixels wide and a line `size + 4` tall.
private func fit(_ text: String, width: Int, height: Int, size: Int = 24) -> LabelFit.Result {
    LabelFit.fit(
        text, width: width, height: height, startSize: size,
        measure: { line, size in line.count * size / 2 }, lineHeight: { $0 + 4 })
}

@Suite("Labels that fit: line breaks, wrapping, shrinking, and the warning")
struct LabelFitTests {
    @Test func aShortLabelKeepsItsSizeOnOneLine() {
        #expect(fit("Play", width: 100, height: 40) == LabelFit.Result(lines: ["Play"], pixelSize: 24, fits: true))
    }

    /// One line that fits at the start size is measured once, as written; a line whose words
    /// wrapping would space anew (doubled spaces, spaces at its ends) is wrapped as before.
    @Test func aLineThatFitsAsWrittenIsMeasuredOnce() {
        var measured: [String] = []
        func counted(_ text: String) -> LabelFit.Result {
            measured = []
            return LabelFit.fit(
                text, width: 200, height: 40, startSize: 24,
                measure: { line, size in measured.append(line); return line.count * size / 2 }, lineHeight: { $0 + 4 })
        }
        #expect(counted("21.5 °C") == LabelFit.Result(lines: ["21.5 °C"], pixelSize: 24, fits: true))
        #expect(measured == ["21.5 °C"])
        #expect(counted("") == LabelFit.Result(lines: [""], pixelSize: 24, fits: true))
        #expect(measured == [""])
        #expect(counted("21.5  °C") == LabelFit.Result(lines: ["21.5 °C"], pixelSize: 24, fits: true))
        #expect(measured == ["21.5", "21.5 °C"])
        #expect(counted(" on ") == LabelFit.Result(lines: ["on"], pixelSize: 24, fits: true))
        #expect(measured == ["on"])
        // Two lines need 2 * (size + 4) <= 40: not at 24, where one would be measured.
        #expect(counted("a\nb") == LabelFit.Result(lines: ["a", "b"], pixelSize: 16, fits: true))
        #expect(measured.count > 1)
    }

    @Test func wordsWrapOntoMoreLinesBeforeTheSizeShrinks() {
        // "Living room" is 132 px at 24 px: two lines of 72 and 48 fit 100 x 60.
        #expect(fit("Living room", width: 100, height: 60) == LabelFit.Result(lines: ["Living", "room"], pixelSize: 24, fits: true))
    }

    @Test func theSizeShrinksUntilTheLinesFitTheHeight() {
        // Two lines need 2 * (size + 4) <= 40: size 16, where "Living" is 48 px of the 60.
        #expect(fit("Living room", width: 60, height: 40) == LabelFit.Result(lines: ["Living", "room"], pixelSize: 16, fits: true))
        // In 100 x 40, at 18 px "Living room" is 99 px: one line is better than two smaller.
        #expect(fit("Living room", width: 100, height: 40) == LabelFit.Result(lines: ["Living room"], pixelSize: 18, fits: true))
    }

    @Test func aLineBreakIsKept() {
        #expect(fit("Kitchen\nfan", width: 200, height: 80) == LabelFit.Result(lines: ["Kitchen", "fan"], pixelSize: 24, fits: true))
    }

    @Test func aLabelThatCannotFitIsClippedAtTheSmallestSize() {
        #expect(fit("Supercalifragilistic", width: 40, height: 24)
            == LabelFit.Result(lines: ["Supercalifragilistic"], pixelSize: LabelFit.minimumPixelSize, fits: false))
    }

    @Test func lineBreaksAreWrittenBackslashN() {
        #expect(LabelText.unescaped("Kitchen\\nfan") == "Kitchen\nfan")
        #expect(LabelText.unescaped("C:\\temp\\") == "C:\\temp\\")
        #expect(LabelText.escaped("Kitchen\nfan") == "Kitchen\\nfan")
        #expect(LabelText.unescaped(LabelText.escaped("a\nb\nc")) == "a\nb\nc")
    }

    @Test func withTheRealFontOnlyTheLabelThatCannotFitIsReported() throws {
        let config = try PanelConfigLoader.parse(text: """
            [display]
            width = 800
            height = 480
            [theme]
            font_size = 24

            [button room]
            rect = 0, 0, 120, 80
            label = Living room lights

            [button tiny]
            rect = 200, 0, 40, 24
            label = Supercalifragilistic

            [button two]
            rect = 300, 0, 200, 100
            label = Kitchen\\nfan
            """, file: "labels.ini")
        let font = try FontRasterizer(path: config.display.font, pixelSize: 24)
        let fits = FramebufferSurface.labelFits(for: config, font: font)
        #expect(fits.map { $0.fits } == [true, false, true])
        #expect(fits[0].lines == ["Living", "room lights"])
        #expect(fits[0].pixelSize < 24)
        #expect(fits[2] == LabelFit.Result(lines: ["Kitchen", "fan"], pixelSize: 24, fits: true))
        // The two-line label's line is as tall as two lines of the font; it holds only the rows
        // with ink, from the capital K's top to the baseline of "fan" (no descender).
        let labels = try FramebufferSurface.rasterizeLabels(for: config)
        font.setPixelSize(24)
        #expect(labels.bitmaps[2].lineHeight == Int32(2 * font.lineHeight))
        #expect(labels.bitmaps[2].top > 0 && labels.bitmaps[2].top + labels.bitmaps[2].height < labels.bitmaps[2].lineHeight)
        #expect(labels.bitmaps[2].pixels.prefix(Int(labels.bitmaps[2].width)).contains { $0 != 0 })   // the first row has ink
    }
}
