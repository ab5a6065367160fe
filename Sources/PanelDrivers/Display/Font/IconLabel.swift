import PanelConfig
import TouchCore

/// A button's icon and label as one coverage bitmap, so that the painter draws, prepares and
/// repaints it as it does a plain label: the icon at its size (`icon_size`, else fitted to the
/// button), the label fitted into the room the icon leaves, both in the label's colour. A PNG
/// icon goes beside the label as a picture of its own, placed from the label's line.
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
        _ text: String, icons: ButtonIcons, rect: Rect, fontSize: Int, borderPx: Int, font: FontRasterizer, iconFont: IconFont?,
        pictures: IconPictures
    ) -> IconParts? {
        partsAndFit(
            text, icons: icons, rect: rect, fontSize: fontSize, borderPx: borderPx, font: font, iconFont: iconFont, pictures: pictures)?.parts
    }

    /// `parts`, and the label's fit that made its text (nil: no label is drawn).
    private static func partsAndFit(
        _ text: String, icons: ButtonIcons, rect: Rect, fontSize: Int, borderPx: Int, font: FontRasterizer, iconFont: IconFont?,
        pictures: IconPictures
    ) -> (parts: IconParts, fit: LabelFit.Result?)? {
        let inset = 2 * (borderPx + LabelFit.paddingPx)
        let width = max(0, Int(rect.width) - inset), height = max(0, Int(rect.height) - inset)
        let size = icons.sizePx ?? fittedSizePx(icons.position, width: width, height: height)
        /// The glyph from the icon font, the picture from its file; nil where neither has it.
        func image(_ glyph: IconGlyph) -> IconImage? {
            if case .picture(let path) = glyph { return pictures.image(path: path, sizePx: size).map { .picture($0) } }
            guard let bitmap = iconFont?.bitmap(for: glyph, sizePx: size), bitmap.width > 0 else { return nil }
            return .coverage(bitmap)
        }
        guard let normal = image(icons.normal) else { return nil }
        func other(_ glyph: IconGlyph?) -> IconImage? {
            guard let glyph, glyph != icons.normal else { return nil }
            return image(glyph)
        }
        var parts = IconParts(
            text: .empty, normal: normal, on: other(icons.on), pressed: other(icons.pressed), disabled: other(icons.disabled),
            position: icons.position, gapPx: gapPx(iconPx: size), boxWidth: 0, boxHeight: 0)
        let all = [parts.normal, parts.on, parts.pressed, parts.disabled].compactMap { $0 }
        parts.boxWidth = all.map { $0.widthPx }.max() ?? 0
        parts.boxHeight = all.map { $0.heightPx }.max() ?? 0
        let fit = labelFit(text, parts: parts, room: (width, height), fontSize: fontSize, font: font)
        if let fit {
            font.setPixelSize(fit.pixelSize)
            parts.text = font.glyphLabel(lines: fit.lines)
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
        _ text: String, icons: ButtonIcons, rect: Rect, fontSize: Int, borderPx: Int, font: FontRasterizer, iconFont: IconFont?,
        pictures: IconPictures
    ) -> LabelFit.Result? {
        guard let placed = partsAndFit(
            text, icons: icons, rect: rect, fontSize: fontSize, borderPx: borderPx, font: font, iconFont: iconFont, pictures: pictures)
        else { return nil }
        return placed.fit ?? LabelFit.Result(lines: [], pixelSize: fontSize, fits: icons.position == .center)
    }

    /// `icon` centred in the parts' icon box, and the text (placed by its lines) beside it or
    /// below it, each centred across the other, `gapPx` apart; only the rows with ink kept. A
    /// picture icon is not drawn into the bitmap but placed from its line's origin, and the
    /// bitmap keeps the whole box's width and line (so the two are centred together).
    static func compose(_ parts: IconParts, icon: IconImage) -> ComposedLabel {
        let label = parts.text
        let iconWidth = icon.widthPx, iconHeight = icon.heightPx
        let boxWidth = max(parts.boxWidth, iconWidth), boxHeight = max(parts.boxHeight, iconHeight)
        let hasText = label.width > 0 && parts.position != .center
        let labelWidth = hasText ? Int(label.width) : 0, labelLine = hasText ? Int(label.lineHeight) : 0
        let gapPx = hasText ? parts.gapPx : 0
        let width: Int, height: Int
        let iconAt: (x: Int, y: Int), labelAt: (x: Int, y: Int)
        switch parts.position {
        case .top, .center:
            width = max(boxWidth, labelWidth)
            height = boxHeight + gapPx + labelLine
            iconAt = ((width - iconWidth) / 2, (boxHeight - iconHeight) / 2)
            labelAt = ((width - labelWidth) / 2, boxHeight + gapPx + Int(label.top))
        case .left:
            width = boxWidth + gapPx + labelWidth
            height = max(boxHeight, labelLine)
            iconAt = ((boxWidth - iconWidth) / 2, (height - iconHeight) / 2)
            labelAt = (boxWidth + gapPx, (height - labelLine) / 2 + Int(label.top))
        }
        if case .coverage(let glyph) = icon, !hasText { return ComposedLabel(label: glyph) }
        var layers: [(LabelBitmap, (x: Int, y: Int))] = hasText ? [(label, labelAt)] : []
        if case .coverage(let glyph) = icon { layers.append((glyph, iconAt)) }
        // Only the rows from the first with ink to the last (the icon and the text hold only
        // theirs), so that the composite, made each time a look is, is not copied to trim it.
        var first = height, end = 0
        for (bitmap, at) in layers where bitmap.height > 0 {
            first = min(first, at.y)
            end = max(end, at.y + Int(bitmap.height))
        }
        var ink = LabelBitmap.empty
        if first < end {
            var pixels = [UInt8](repeating: 0, count: width * (end - first))
            pixels.withUnsafeMutableBufferPointer { target in
                for (bitmap, at) in layers {
                    bitmap.write(into: target.baseAddress! + (at.y - first) * width + at.x, stride: width, overZeros: true)
                }
            }
            var composite = LabelBitmap(width: Int32(width), height: Int32(end - first), pixels: pixels, top: Int32(first), lineHeight: Int32(height))
            if hasText, label.colour != nil {
                // The text's colour glyphs (emoji), at the text's place in the composite.
                var colours = [UInt8](repeating: 0, count: width * (end - first) * 4)
                label.writeColour(into: &colours, width: width, rows: end - first, x: labelAt.x, y: labelAt.y - first)
                composite.colour = colours
            }
            ink = composite.trimmed
        }
        guard case .picture(let picture) = icon else { return ComposedLabel(label: ink) }
        // The whole line kept even with no ink (an all-empty bitmap keeps its width and line,
        // no rows), so that the picture is placed from the same origin.
        let box = ink.width > 0 ? ink : LabelBitmap(width: Int32(width), height: 0, pixels: [], top: 0, lineHeight: Int32(height))
        return ComposedLabel(label: box, picture: picture, pictureX: Int32(iconAt.x), pictureY: Int32(iconAt.y))
    }
}
