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

    /// `text` with the icon `character` (nil: the font lacks it, and only the label is drawn)
    /// in a button `rect` whose label would start at `fontSize`.
    static func fitted(
        _ text: String, character: Unicode.Scalar?, icons: ButtonIcons, rect: Rect, fontSize: Int, borderPx: Int,
        font: FontRasterizer, iconFont: IconFont
    ) -> LabelBitmap {
        let placed = place(text, character: character, icons: icons, rect: rect, fontSize: fontSize, borderPx: borderPx, font: font, iconFont: iconFont)
        guard placed.icon.width > 0 else {
            return FramebufferSurface.fittedLabel(text, rect: rect, fontSize: fontSize, borderPx: borderPx, font: font)
        }
        guard let fit = placed.fit else { return placed.icon }
        font.setPixelSize(fit.pixelSize)
        return compose(icon: placed.icon, label: font.rasterize(lines: fit.lines).trimmed, position: icons.position, gapPx: placed.gapPx)
    }

    /// The icon rasterised at its size, and how the label fits the room it leaves (nil: no
    /// label is drawn, beside a centred icon or where no room is left). An icon the font
    /// lacks is 0 x 0, and the label then has the whole button.
    static func place(
        _ text: String, character: Unicode.Scalar?, icons: ButtonIcons, rect: Rect, fontSize: Int, borderPx: Int,
        font: FontRasterizer, iconFont: IconFont
    ) -> (icon: LabelBitmap, gapPx: Int, fit: LabelFit.Result?) {
        let inset = 2 * (borderPx + LabelFit.paddingPx)
        let width = max(0, Int(rect.width) - inset), height = max(0, Int(rect.height) - inset)
        let size = icons.sizePx ?? fittedSizePx(icons.position, width: width, height: height)
        var icon = LabelBitmap.empty
        if let character, iconFont.rasterizer.setPixelSize(size) {
            icon = iconFont.rasterizer.rasterize(String(Character(character))).trimmed
        }
        let gap = gapPx(iconPx: size)
        let room: (width: Int, height: Int)
        switch icons.position {
        case _ where icon.width == 0: room = (width, height)
        case .center: return (icon, gap, nil)
        case .top: room = (width, height - Int(icon.height) - gap)
        case .left: room = (width - Int(icon.width) - gap, height)
        }
        guard room.width > 0, room.height > 0 else { return (icon, gap, nil) }
        let fit = LabelFit.fit(
            text, width: room.width, height: room.height, startSize: fontSize,
            measure: { line, size in font.setPixelSize(size) ? font.measure(line) : Int.max },
            lineHeight: { size in font.setPixelSize(size) ? font.lineHeight : room.height + 1 })
        return (icon, gap, fit)
    }

    /// The icon (its ink) and the label (placed by its lines) side by side or one above the
    /// other, each centred across the other, `gapPx` apart; only the rows with ink kept.
    static func compose(icon: LabelBitmap, label: LabelBitmap, position: IconPosition, gapPx: Int) -> LabelBitmap {
        guard label.width > 0, position != .center else { return icon }
        let iconWidth = Int(icon.width), iconHeight = Int(icon.height)
        let labelWidth = Int(label.width), labelLine = Int(label.lineHeight)
        let width: Int, height: Int
        let iconAt: (x: Int, y: Int), labelAt: (x: Int, y: Int)
        switch position {
        case .top, .center:
            width = max(iconWidth, labelWidth)
            height = iconHeight + gapPx + labelLine
            iconAt = ((width - iconWidth) / 2, 0)
            labelAt = ((width - labelWidth) / 2, iconHeight + gapPx + Int(label.top))
        case .left:
            width = iconWidth + gapPx + labelWidth
            height = max(iconHeight, labelLine)
            iconAt = (0, (height - iconHeight) / 2)
            labelAt = (iconWidth + gapPx, (height - labelLine) / 2 + Int(label.top))
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

/// A button's labels for the looks whose icon differs from its resting one (`on_icon`,
/// `pressed_icon`, `disabled_icon`); nil: the resting label.
struct StateLabels {
    var on: LabelBitmap?
    var pressed: LabelBitmap?
    var disabled: LabelBitmap?

    func bitmap(for state: ButtonVisualState) -> LabelBitmap? {
        switch state {
        case .on: on
        case .pressed: pressed
        case .disabled: disabled
        case .normal, .pending, .unknown: nil
        }
    }

    /// Each look whose icon is not the resting one, drawn by `label(glyph)`; nil when none is.
    static func make(_ icons: ButtonIcons?, label: (IconGlyph) -> LabelBitmap) -> StateLabels? {
        guard let icons else { return nil }
        func other(_ state: ButtonVisualState) -> LabelBitmap? {
            let glyph = icons.glyph(for: state)
            return glyph == icons.normal ? nil : label(glyph)
        }
        let labels = StateLabels(on: other(.on), pressed: other(.pressed), disabled: other(.disabled))
        return labels.on == nil && labels.pressed == nil && labels.disabled == nil ? nil : labels
    }
}
