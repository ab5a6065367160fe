import PanelConfig
import TouchCore

/// A button's icon and label as one coverage bitmap, so that the painter draws, prepares and
/// repaints it as it does a plain label: the icon at its size (`icon_size`, else fitted to the
/// button), the label fitted into the room the icon leaves, both in the label's colour.
enum IconLabel {
    /// Between the icon and the label.
    static func gapPx(iconPx: Int) -> Int { max(2, iconPx / 8) }

    /// The icon's size in a room `width` x `height` (inside the border and padding): above a
    /// label three fifths of the height, before one two fifths of the width, alone four
    /// fifths of the smaller side; never wider or taller than the room, never below 8 pixels.
    static func fittedSizePx(_ position: IconPosition, width: Int, height: Int) -> Int {
        let size = switch position {
        case .top: min(width, height * 3 / 5)
        case .left: min(height, width * 2 / 5)
        case .center: min(width, height) * 4 / 5
        }
        return max(ButtonIcons.sizeRange.lowerBound, size)
    }

    /// The icons of every look at their size and the label fitted into the room they leave;
    /// nil when the font has no resting icon (the button then shows its label alone). A look's
    /// icon the font lacks shows the resting one.
    static func parts(
        _ text: String, icons: ButtonIcons, rect: Rect, fontSize: Int, borderPx: Int, font: FontRasterizer, iconFont: IconFont
    ) -> IconParts? {
        partsAndFit(text, icons: icons, rect: rect, fontSize: fontSize, borderPx: borderPx, font: font, iconFont: iconFont)?.parts
    }

    /// `parts`, and the label's fit that made its text (nil: no label is drawn).
    private static func partsAndFit(
        _ text: String, icons: ButtonIcons, rect: Rect, fontSize: Int, borderPx: Int, font: FontRasterizer, iconFont: IconFont
    ) -> (parts: IconParts, fit: LabelFit.Result?)? {
        let inset = 2 * (borderPx + LabelFit.paddingPx)
        let width = max(0, Int(rect.width) - inset), height = max(0, Int(rect.height) - inset)
        let size = icons.sizePx ?? fittedSizePx(icons.position, width: width, height: height)
        let normal = iconFont.bitmap(for: icons.normal, sizePx: size)
        guard normal.width > 0 else { return nil }
        func other(_ glyph: IconGlyph?) -> LabelBitmap? {
            guard let glyph, glyph != icons.normal else { return nil }
            let bitmap = iconFont.bitmap(for: glyph, sizePx: size)
            return bitmap.width > 0 ? bitmap : nil
        }
        var parts = IconParts(
            text: .empty, normal: normal, on: other(icons.on), pressed: other(icons.pressed), disabled: other(icons.disabled),
            position: icons.position, gapPx: gapPx(iconPx: size), boxWidth: 0, boxHeight: 0)
        let all = [parts.normal, parts.on, parts.pressed, parts.disabled].compactMap { $0 }
        parts.boxWidth = all.map { Int($0.width) }.max() ?? 0
        parts.boxHeight = all.map { Int($0.height) }.max() ?? 0
        let fit = labelFit(text, parts: parts, room: (width, height), fontSize: fontSize, font: font)
        if let fit {
            font.setPixelSize(fit.pixelSize)
            parts.text = font.rasterize(lines: fit.lines).trimmed
        }
        return (parts, fit)
    }

    /// How `text` fits the room the icons leave in a `room` inside the border and padding;
    /// nil beside a centred icon or where no room is left (no label is drawn).
    private static func labelFit(
        _ text: String, parts: IconParts, room whole: (width: Int, height: Int), fontSize: Int, font: FontRasterizer
    ) -> LabelFit.Result? {
        let room: (width: Int, height: Int)
        switch parts.position {
        case .center: return nil
        case .top: room = (whole.width, whole.height - parts.boxHeight - parts.gapPx)
        case .left: room = (whole.width - parts.boxWidth - parts.gapPx, whole.height)
        }
        guard room.width > 0, room.height > 0 else { return nil }
        return LabelFit.fit(
            text, width: room.width, height: room.height, startSize: fontSize,
            measure: { line, size in font.setPixelSize(size) ? font.measure(line) : Int.max },
            lineHeight: { size in font.setPixelSize(size) ? font.lineHeight : room.height + 1 })
    }

    /// How a button's label fits beside its icon, for `check`: nil when it shows no icon.
    static func labelFit(
        _ text: String, icons: ButtonIcons, rect: Rect, fontSize: Int, borderPx: Int, font: FontRasterizer, iconFont: IconFont
    ) -> LabelFit.Result? {
        guard let placed = partsAndFit(text, icons: icons, rect: rect, fontSize: fontSize, borderPx: borderPx, font: font, iconFont: iconFont)
        else { return nil }
        return placed.fit ?? LabelFit.Result(lines: [], pixelSize: fontSize, fits: icons.position == .center)
    }

    /// `icon` centred in the parts' icon box, and the text (placed by its lines) beside it or
    /// below it, each centred across the other, `gapPx` apart; only the rows with ink kept.
    static func compose(_ parts: IconParts, icon: LabelBitmap) -> LabelBitmap {
        let label = parts.text
        guard label.width > 0, parts.position != .center else { return icon }
        let boxWidth = max(parts.boxWidth, Int(icon.width)), boxHeight = max(parts.boxHeight, Int(icon.height))
        let labelWidth = Int(label.width), labelLine = Int(label.lineHeight), gapPx = parts.gapPx
        let width: Int, height: Int
        let iconAt: (x: Int, y: Int), labelAt: (x: Int, y: Int)
        switch parts.position {
        case .top, .center:
            width = max(boxWidth, labelWidth)
            height = boxHeight + gapPx + labelLine
            iconAt = ((width - Int(icon.width)) / 2, (boxHeight - Int(icon.height)) / 2)
            labelAt = ((width - labelWidth) / 2, boxHeight + gapPx + Int(label.top))
        case .left:
            width = boxWidth + gapPx + labelWidth
            height = max(boxHeight, labelLine)
            iconAt = ((boxWidth - Int(icon.width)) / 2, (height - Int(icon.height)) / 2)
            labelAt = (boxWidth + gapPx, (height - labelLine) / 2 + Int(label.top))
        }
        var pixels = [UInt8](repeating: 0, count: width * height)
        for (bitmap, at) in [(icon, iconAt), (label, labelAt)] {
            let rowBytes = Int(bitmap.width)
            for row in 0..<Int(bitmap.height) {
                let target = (at.y + row) * width + at.x
                pixels.replaceSubrange(target..<(target + rowBytes), with: bitmap.pixels[(row * rowBytes)..<((row + 1) * rowBytes)])
            }
        }
        return LabelBitmap(width: Int32(width), height: Int32(height), pixels: pixels).trimmed
    }
}
