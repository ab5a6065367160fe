import PanelConfig
import TouchCore

/// Paints the panel into framebuffer memory: the mmap'd /dev/fbN of a live panel, or the
/// simulated board's buffer. Labels are rasterised once, at start-up, so a repaint is only
/// fills and blends into memory the caller owns.
public final class FramebufferSurface: PanelSurface {
    public let layout: FramebufferLayout
    public let pixels: UnsafeMutableRawBufferPointer
    private let painter: FramebufferPainter
    private let background: RGBColor
    private let rects: [Rect]
    private let styles: [ButtonStyle]
    private var labels: [LabelBitmap]
    /// For a label set at run time: the font and each button's size.
    private let fontPath: String
    private let fontSizes: [Int]
    /// Called after each frame: the simulated board writes a PNG, a live panel notes the time.
    public var onFrame: ((MonotonicInstant) -> Void)?

    public init(layout: FramebufferLayout, pixels: UnsafeMutableRawBufferPointer, config: PanelConfiguration, labels: [LabelBitmap]) {
        self.layout = layout
        self.pixels = pixels
        self.labels = labels
        fontPath = config.display.font
        fontSizes = config.buttons.map { $0.fontSize }
        painter = FramebufferPainter(layout: layout)
        background = config.display.colors.background
        rects = config.buttons.map { $0.rect }
        styles = config.buttons.map { FramebufferSurface.style(for: $0, borderPx: config.display.borderPx) }
    }

    /// A config's colours as the painter's style: each state's fill and label colour.
    public static func style(for button: ButtonConfig, borderPx: Int) -> ButtonStyle {
        let palette = button.colors
        return ButtonStyle(
            normal: .init(fill: palette.fill, text: palette.text),
            pressed: .init(fill: palette.pressedFill, text: palette.resolvedPressedText),
            disabled: .init(fill: palette.disabledFill, text: palette.disabledText),
            on: .init(fill: palette.onFill, text: palette.resolvedOnText),
            border: palette.border, borderWidth: Int32(borderPx))
    }

    /// Rasterises every button's label with its font size; fonts are opened once per size.
    public static func rasterizeLabels(for config: PanelConfiguration) throws(FontError) -> [LabelBitmap] {
        var fonts: [Int: FontRasterizer] = [:]
        var labels: [LabelBitmap] = []
        for button in config.buttons {
            let font: FontRasterizer
            if let open = fonts[button.fontSize] {
                font = open
            } else {
                font = try FontRasterizer(path: config.display.font, pixelSize: button.fontSize)
                fonts[button.fontSize] = font
            }
            labels.append(font.rasterize(button.label))
        }
        return labels
    }

    public func drawAll(_ states: [ButtonVisualState]) {
        _ = painter.clear(to: background, in: pixels)
        for index in states.indices {
            draw(button: index, state: states[index])
        }
    }

    public func draw(button: Int, state: ButtonVisualState) {
        labels[button].withAlphaBitmap { label in
            _ = painter.paintButton(rect: rects[button], style: styles[button], state: state, label: label, in: pixels)
        }
    }

    /// Opens the font for the one label: labels change seldom (the control socket), and
    /// FreeType then holds nothing between changes.
    public func setLabel(button: Int, text: String) -> String? {
        guard button >= 0 && button < labels.count else { return "no button \(button)" }
        do throws(FontError) {
            let font = try FontRasterizer(path: fontPath, pixelSize: fontSizes[button])
            labels[button] = font.rasterize(text)
            return nil
        } catch {
            return error.message
        }
    }

    public func frameDone(at instant: MonotonicInstant) {
        onFrame?(instant)
    }
}
