/// What one item shows now: the one thing a surface is told to draw of it. The closed set of
/// item kinds (DESIGN.md section 2), each with the look its painting takes: a button's visual
/// state, a text's (normal, or unknown while stale), a slider's look, a QR code (whose modules
/// the surface holds: it has one look), a chart (a view of its history).
public enum ItemLook: Equatable, Sendable {
    case button(ButtonVisualState)
    case text(ButtonVisualState)
    case slider(SliderLook)
    case qrCode
    case chart(ChartLook)
}
