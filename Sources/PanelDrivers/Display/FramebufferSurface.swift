import LinuxSystem
import PanelConfig
import PanelEngine
import TouchCore

/// Paints the panel into framebuffer memory: the mmap'd /dev/fbN of a live panel, or the
/// simulated board's buffer. Labels are rasterised once, at start-up, and each button's look
/// is prepared once per state it is shown in, so a repaint is only row copies into memory the
/// caller owns.
public final class FramebufferSurface: PanelSurface {
    public let layout: FramebufferLayout
    /// Where it paints; a page-flipped display points it at its back buffer before each frame.
    public var pixels: UnsafeMutableRawBufferPointer
    private let painter: FramebufferPainter
    private let background: RGBColor
    private let rects: [Rect]
    private let styles: [ButtonStyle]
    private var labels: [LabelBitmap]
    private let prepared: PreparedButtons
    /// For a label set at run time: the font, each button, the border.
    private let fontPath: String
    private let buttons: [ButtonConfig]
    private let borderPx: Int
    /// Called after each frame: the simulated board writes a PNG, a live panel notes the time.
    public var onFrame: ((MonotonicInstant) -> Void)?

    public init(layout: FramebufferLayout, pixels: UnsafeMutableRawBufferPointer, config: PanelConfiguration, labels: [LabelBitmap]) {
        self.layout = layout
        self.pixels = pixels
        self.labels = labels
        fontPath = config.display.font
        buttons = config.buttons
        borderPx = config.display.borderPx
        painter = FramebufferPainter(layout: layout)
        prepared = PreparedButtons(painter: painter, buttonCount: config.buttons.count)
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

    /// Rasterises every button's label, fitted to its button (`LabelFit`): the font is
    /// opened once and set to each size tried.
    public static func rasterizeLabels(for config: PanelConfiguration) throws(FontError) -> [LabelBitmap] {
        let font = try FontRasterizer(path: config.display.font, pixelSize: DisplayConfig.defaultFontSize)
        return config.buttons.map { button in
            let fit = fitLabel(button.label, of: button, borderPx: config.display.borderPx, font: font)
            font.setPixelSize(fit.pixelSize)
            return font.rasterize(lines: fit.lines)
        }
    }

    /// How each button's label fits it, for `check`'s warnings.
    public static func labelFits(for config: PanelConfiguration) throws(FontError) -> [LabelFit.Result] {
        let font = try FontRasterizer(path: config.display.font, pixelSize: DisplayConfig.defaultFontSize)
        return config.buttons.map { fitLabel($0.label, of: $0, borderPx: config.display.borderPx, font: font) }
    }

    /// The room inside the border and the padding, at the button's font size and below.
    static func fitLabel(_ text: String, of button: ButtonConfig, borderPx: Int, font: FontRasterizer) -> LabelFit.Result {
        let inset = 2 * (borderPx + LabelFit.paddingPx)
        return LabelFit.fit(
            text, width: max(0, Int(button.rect.width) - inset), height: max(0, Int(button.rect.height) - inset),
            startSize: button.fontSize,
            measure: { line, size in
                font.setPixelSize(size)
                return font.measure(line)
            },
            lineHeight: { size in
                font.setPixelSize(size)
                return font.lineHeight
            })
    }

    public func drawAll(_ states: [ButtonVisualState]) {
        _ = painter.clear(to: background, in: pixels)
        for index in states.indices {
            draw(button: index, state: states[index])
        }
    }

    public func draw(button: Int, state: ButtonVisualState) {
        prepared.with(button: button, state: state, rect: rects[button], style: styles[button], label: labels[button]) { look in
            _ = painter.paintButton(rect: rects[button], style: styles[button], state: state, prepared: look, in: pixels)
        }
    }

    /// Opens the font for the one label: labels change seldom (the control socket), and
    /// FreeType then holds nothing between changes.
    public func setLabel(button: Int, text: String) -> String? {
        guard button >= 0 && button < labels.count else { return "no button \(button)" }
        do throws(FontError) {
            let font = try FontRasterizer(path: fontPath, pixelSize: buttons[button].fontSize)
            let fit = FramebufferSurface.fitLabel(text, of: buttons[button], borderPx: borderPx, font: font)
            font.setPixelSize(fit.pixelSize)
            labels[button] = font.rasterize(lines: fit.lines)
            prepared.forget(button: button)
            return nil
        } catch {
            return error.message
        }
    }

    public func frameDone(at instant: MonotonicInstant) {
        onFrame?(instant)
    }
}
