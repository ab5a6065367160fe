import PanelConfig
import TouchCore

/// A button's second line (`sublabel`), rasterised once: at its size, made smaller only where
/// it does not fit the width inside the border and padding; one line, never wrapped. It goes
/// under the label, the pair centred in the button (`grouped`), and the label is fitted into
/// the height it leaves (`labelRoom`).
struct SublabelLine {
    let bitmap: LabelBitmap
    /// Between the label's line and the sublabel's: a quarter of the sublabel's line.
    let gapPx: Int

    /// Nil without a sublabel, or for one with no ink (spaces only).
    init?(_ sublabel: ButtonSublabel?, rect: Rect, borderPx: Int, font: FontRasterizer) {
        guard let sublabel, !sublabel.text.isEmpty else { return nil }
        let width = max(0, Int(rect.width) - 2 * (borderPx + LabelFit.paddingPx))
        var size = max(sublabel.sizePx, LabelFit.minimumPixelSize)
        while size > LabelFit.minimumPixelSize && !(font.setPixelSize(size) && font.measure(sublabel.text) <= width) {
            size -= 1
        }
        guard font.setPixelSize(size) else { return nil }
        let bitmap = font.rasterize(sublabel.text).trimmed
        guard bitmap.width > 0 else { return nil }
        self.bitmap = bitmap
        gapPx = max(1, Int(bitmap.lineHeight) / 4)
    }

    /// The rect the label is fitted into: the button less the sublabel's line and the gap at
    /// the bottom (only the room's size matters to fitting).
    static func labelRoom(_ rect: Rect, below sublabel: SublabelLine?) -> Rect {
        guard let sublabel else { return rect }
        var room = rect
        room.height = max(0, rect.height - sublabel.bitmap.lineHeight - Int32(sublabel.gapPx))
        return room
    }

    /// The label made to carry both lines: its line as tall as the two and the gap (the
    /// painter centres a label by its line), and where the sublabel goes from that line's
    /// origin: centred across the label, under it. A label without ink keeps the sublabel's
    /// width, so that the sublabel is still placed.
    func grouped(_ label: LabelBitmap) -> (label: LabelBitmap, x: Int32, y: Int32) {
        let hasLabel = label.width > 0 && label.lineHeight > 0
        let y = hasLabel ? label.lineHeight + Int32(gapPx) : 0
        let lineHeight = y + bitmap.lineHeight
        let group = hasLabel
            ? LabelBitmap(width: label.width, height: label.height, pixels: label.pixels, top: label.top, lineHeight: lineHeight)
            : LabelBitmap(width: bitmap.width, height: 0, pixels: [], top: 0, lineHeight: lineHeight)
        return (group, (group.width - bitmap.width) >> 1, y)
    }
}

extension SublabelLine {
    /// Lends `body` the label to paint and `layers` with the sublabel placed under it (as
    /// `grouped` places it); without a sublabel, the label and `layers` as they are.
    static func withLabel<R>(
        _ label: LabelBitmap, sublabel: SublabelLine?, layers: ButtonLayers, _ body: (AlphaBitmap, ButtonLayers) -> R
    ) -> R {
        guard let sublabel else { return label.withAlphaBitmap { body($0, layers) } }
        let group = sublabel.grouped(label)
        var layers = layers
        layers.sublabelX = group.x
        layers.sublabelY = group.y
        return group.label.withAlphaBitmap { bitmap in
            sublabel.bitmap.withAlphaBitmap { line in
                layers.sublabel = line
                return body(bitmap, layers)
            }
        }
    }
}
