import PanelConfig
import TouchCore

/// How a text item is drawn: as a borderless box whose label is its value, in its own
/// colours, its stale colour as the unknown look.
extension FramebufferSurface {
    /// A text's style: no border, its fill, its text, and its stale colour as the unknown look.
    public static func style(for text: TextItemConfig) -> ButtonStyle {
        let normal = ButtonStyle.Colors(fill: text.fill, text: text.text)
        var style = ButtonStyle(
            normal: normal, pressed: normal, disabled: normal, on: normal, pending: normal,
            unknown: .init(fill: text.fill, text: text.staleText), border: text.fill, borderWidth: 0)
        style.alignment = text.alignment
        style.labelInsetPx = Int32(LabelFit.paddingPx)
        return style
    }

    /// What a text shows before its first value: `--`, fitted to its rect.
    static func startLabel(of text: TextItemConfig, font: FontRasterizer) -> LabelBitmap {
        fittedLabel(TextItemConfig.unknownText, rect: text.rect, fontSize: text.fontSize, borderPx: 0, font: font)
    }
}
