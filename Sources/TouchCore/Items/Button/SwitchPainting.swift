/// A switch (`SwitchLook`) painted over its button's tile, which the button's own painting
/// drew first (with `SwitchLook.tileStyle`): the track over the tile's fill, then the knob over
/// the track. Both edges are smoothed with the rounded corners' coverage (`cornerCoverage`),
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
            for i in 0..<radius {
                // The ends mirror each other.
                let covered = FramebufferPainter.stadiumCoverage(track, x: track.x + i, y: y)
                let color = FramebufferPainter.mix(trackColor, covered, tile, 16 - covered, tile, 0)
                store(color, x: track.x + i, y: y, base: base)
                store(color, x: track.x + track.width - 1 - i, y: y, base: base)
            }
        }
        // The knob over the track, and over the tile where it reaches past the track's ends.
        let knob = look.knobRect(for: state), knobColor = look.knobColor(for: state)
        for y in knob.y..<(knob.y + knob.height) {
            for x in knob.x..<(knob.x + knob.width) {
                let knobShare = FramebufferPainter.stadiumCoverage(knob, x: x, y: y)
                guard knobShare > 0 else { continue }
                let trackShare = FramebufferPainter.stadiumCoverage(track, x: x, y: y)
                let under = FramebufferPainter.mix(trackColor, trackShare, tile, 16 - trackShare, tile, 0)
                store(FramebufferPainter.mix(knobColor, knobShare, under, 16 - knobShare, under, 0), x: x, y: y, base: base)
            }
        }
        return true
    }

    /// How much of pixel (`x`, `y`) lies inside `rect` with its left and right ends rounded to
    /// half circles of half its height (a square: a circle), in sixteenths.
    static func stadiumCoverage(_ rect: Rect, x: Int32, y: Int32) -> Int {
        guard rect.contains(Point(x: x, y: y)) else { return 0 }
        let i = Int(min(x - rect.x, rect.x + rect.width - 1 - x)), j = Int(min(y - rect.y, rect.y + rect.height - 1 - y))
        return cornerCoverage(i, j, radius: Int(min(rect.width, rect.height) / 2))
    }

    /// `color` at logical pixel (`x`, `y`), when it is on the screen.
    private func store(_ color: RGBColor, x: Int32, y: Int32, base: UnsafeMutableRawPointer) {
        guard let offset = layout.byteOffset(x: x, y: y) else { return }
        store(layout.format.encode(color), at: offset, base: base)
    }
}
