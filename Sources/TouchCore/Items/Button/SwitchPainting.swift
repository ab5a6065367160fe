/// A switch (`SwitchLook`) painted over its button's tile, which the button's own painting
/// drew first (with `SwitchLook.tileStyle`): the track over the tile's fill, then the knob over
/// the track. Both edges are smoothed with the rounded corners' coverage (`SampleRows`),
/// mixed with the colours known to be under them, so nothing is read back from the framebuffer.
extension FramebufferPainter {
    /// Returns false (writing nothing) when the buffer is too small.
    @discardableResult
    public func paintSwitch(_ look: SwitchLook, state: ButtonVisualState, in buffer: UnsafeMutableRawBufferPointer) -> Bool {
        guard let base = usableBase(of: buffer) else { return false }
        guard look.hasTrack else { return true }
        let tile = look.tileFill(for: state), trackColor = look.trackColor(for: state)
        let track = look.track
        // The track's straight middle at once, its round ends pixel by pixel.
        let radius = track.height / 2
        fill(Rect(x: track.x + radius, y: track.y, width: track.width - 2 * radius, height: track.height),
             value: layout.format.encode(trackColor), base: base)
        for y in track.y..<(track.y + track.height) {
            let row = StadiumRow(track, y: y)
            for i in 0..<radius {
                // The ends mirror each other.
                let covered = row.coverage(x: track.x + i)
                let color = FramebufferPainter.mix(trackColor, covered, tile, 16 - covered, tile, 0)
                store(color, x: track.x + i, y: y, base: base)
                store(color, x: track.x + track.width - 1 - i, y: y, base: base)
            }
        }
        // The knob over the track, and over the tile where it reaches past the track's ends.
        let knob = look.knobRect(for: state), knobColor = look.knobColor(for: state)
        for y in knob.y..<(knob.y + knob.height) {
            let knobRow = StadiumRow(knob, y: y), trackRow = StadiumRow(track, y: y)
            for x in knob.x..<(knob.x + knob.width) {
                let knobShare = knobRow.coverage(x: x)
                guard knobShare > 0 else { continue }
                let trackShare = trackRow.coverage(x: x)
                let under = FramebufferPainter.mix(trackColor, trackShare, tile, 16 - trackShare, tile, 0)
                store(FramebufferPainter.mix(knobColor, knobShare, under, 16 - knobShare, under, 0), x: x, y: y, base: base)
            }
        }
        return true
    }

    /// One row of a rect whose left and right ends are half circles of half its height (a
    /// square: a circle): the circle's reach on that row worked out once (`SampleRows`), so a
    /// pixel's coverage is a few comparisons.
    struct StadiumRow {
        let rect: Rect
        let inRect: Bool
        /// The row is in the straight band between the ends' corner squares: whole across.
        let whole: Bool
        let samples: SampleRows

        init(_ rect: Rect, y: Int32) {
            self.rect = rect
            let radius = Int(min(rect.width, rect.height) / 2)
            inRect = y >= rect.y && y < rect.y + rect.height
            // Rows counted from the nearer of the top and bottom edges: the ends are symmetric.
            let fromEdge = inRect ? Int(min(y - rect.y, rect.y + rect.height - 1 - y)) : 0
            whole = fromEdge >= radius
            samples = SampleRows(row: fromEdge, radius: radius)
        }

        /// How much of pixel `x` of the row lies inside, in sixteenths.
        func coverage(x: Int32) -> Int {
            guard inRect, x >= rect.x, x < rect.x + rect.width else { return 0 }
            if whole { return 16 }
            return samples.coverage(column: Int(min(x - rect.x, rect.x + rect.width - 1 - x)))
        }
    }

    /// `color` at logical pixel (`x`, `y`), when it is on the screen.
    private func store(_ color: RGBColor, x: Int32, y: Int32, base: UnsafeMutableRawPointer) {
        guard let offset = layout.byteOffset(x: x, y: y) else { return }
        store(layout.format.encode(color), at: offset, base: base)
    }
}
