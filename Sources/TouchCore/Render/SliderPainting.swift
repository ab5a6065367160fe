extension FramebufferPainter {
    /// Paints a slider: with `previous` (what is on screen, differing only in the value) just
    /// the span between the two values and both knobs, else the whole slider. A drag repaints a
    /// few columns per report, not the rect. Returns false (writing nothing) when the buffer is
    /// too small.
    @discardableResult
    public func paintSlider(_ look: SliderLook, previous: SliderLook?, in buffer: UnsafeMutableRawBufferPointer) -> Bool {
        var span: Range<Int32> = 0..<look.length
        if let previous, previous.differsOnlyInValue(from: look) {
            let old = previous.knobSpan, new = look.knobSpan
            let low = min(min(previous.fillPixels, look.fillPixels), min(old.lowerBound, new.lowerBound))
            let high = max(max(previous.fillPixels, look.fillPixels), max(old.upperBound, new.upperBound))
            guard low < high else { return true }
            span = low..<high
        }
        let filled = span.clamped(to: span.lowerBound..<max(span.lowerBound, min(look.fillPixels, span.upperBound)))
        let rest = span.clamped(to: min(max(look.fillPixels, span.lowerBound), span.upperBound)..<span.upperBound)
        if !filled.isEmpty, !fill(look.rect(along: filled), look.fill, in: buffer) { return false }
        if !rest.isEmpty, !fill(look.rect(along: rest), look.track, in: buffer) { return false }
        let knob = look.knobSpan.clamped(to: span)
        if !knob.isEmpty, !fill(look.rect(along: knob), look.knob, in: buffer) { return false }
        return true
    }
}
