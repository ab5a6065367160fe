/// Where a button's label, sublabel and picture go and which part of each shows, for painting, preparing and `ZonePainter`.
extension FramebufferPainter {
    /// The label centred in `rect` (`placed`) and the part of it that shows (`clip`: inside
    /// `inner` and the screen). Nil when none shows. `ZonePainter` places a zone's label by it.
    func labelPlacement(
        _ label: AlphaBitmap, in rect: Rect, inside inner: Rect, style: ButtonStyle
    ) -> (placed: Rect, clip: Rect)? {
        guard label.width > 0, label.height > 0, let origin = lineOrigin(of: label, in: rect, inside: inner, style: style) else {
            return nil
        }
        // The bitmap holds the line's rows from `top` on.
        return placement(x: origin.x, y: origin.y, top: label.top, width: label.width, height: label.height, inside: inner)
    }

    /// Where the label's line starts: its first column, and the top of its line centred in
    /// `rect`. Nil where that overflows `Int32`.
    private func lineOrigin(of label: AlphaBitmap, in rect: Rect, inside inner: Rect, style: ButtonStyle) -> (x: Int32, y: Int32)? {
        guard label.width > 0, label.lineHeight > 0 else { return nil }
        // Floor halves (an arithmetic shift) so that the rounding is the same for labels wider
        // than the rect as for narrower ones. Both sizes are positive, so the differences
        // cannot overflow; only the sums can, for rects at the very edge of Int32 space.
        let x: (partialValue: Int32, overflow: Bool)
        switch style.alignment.resolved(rightToLeft: label.rightToLeft) {
        case .center: x = rect.x.addingReportingOverflow((rect.width - label.width) &>> 1)
        case .left, .start: x = inner.x.addingReportingOverflow(style.labelInsetPx)
        case .right, .end: x = (inner.x &+ inner.width).addingReportingOverflow(-(label.width &+ style.labelInsetPx))
        }
        let y = rect.y.addingReportingOverflow((rect.height - label.lineHeight) &>> 1)
        guard !x.overflow, !y.overflow else { return nil }
        return (x.partialValue, y.partialValue)
    }

    /// A `width` x `height` block at (`x + dx`, `y + dy`) and the part of it inside `inner` and
    /// the screen; nil when none shows or the sums overflow.
    private func placement(x: Int32, y: Int32, dx: Int32 = 0, top dy: Int32, width: Int32, height: Int32, inside inner: Rect)
        -> (placed: Rect, clip: Rect)?
    {
        let px = x.addingReportingOverflow(dx)
        let py = y.addingReportingOverflow(dy)
        guard width > 0, height > 0, !px.overflow, !py.overflow else { return nil }
        let placed = Rect(x: px.partialValue, y: py.partialValue, width: width, height: height)
        guard let clip = placed.clipped(to: inner)?.clipped(to: layout.logicalBounds) else { return nil }
        return (placed, clip)
    }

    /// Where the sublabel and the picture go, from the label's line origin (`ButtonLayers`).
    func layerPlacements(label: AlphaBitmap, layers: ButtonLayers, rect: Rect, inside inner: Rect, style: ButtonStyle)
        -> (sublabel: (placed: Rect, clip: Rect)?, picture: (placed: Rect, clip: Rect)?)
    {
        guard let origin = lineOrigin(of: label, in: rect, inside: inner, style: style) else { return (nil, nil) }
        let sublabel = layers.sublabel.flatMap { bitmap in
            placement(
                x: origin.x, y: origin.y, dx: layers.sublabelX, top: layers.sublabelY &+ bitmap.top, width: bitmap.width,
                height: bitmap.height, inside: inner)
        }
        let picture = layers.picture.flatMap { picture in
            placement(
                x: origin.x, y: origin.y, dx: layers.pictureX, top: layers.pictureY, width: picture.width, height: picture.height,
                inside: inner)
        }
        return (sublabel, picture)
    }
}
