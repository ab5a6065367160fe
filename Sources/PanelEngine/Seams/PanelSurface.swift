import LinuxSystem
import TouchCore

/// Where buttons are drawn: the framebuffer, or the simulated board's memory. The engine
/// says which buttons changed; the surface paints them and then makes the frame visible.
public protocol PanelSurface: AnyObject {
    /// Paints the whole picture: the background, then every place in its state; nil for a
    /// place on a page not shown (start-up, reload, a page change).
    func drawAll(_ states: [ButtonVisualState?])
    /// `drawAll` of page `page` (by place in file order), whose background it shows: the
    /// page's image where it has one.
    func drawAll(_ states: [ButtonVisualState?], page: Int)
    /// Paints one button whose state changed.
    func draw(button: Int, state: ButtonVisualState)
    /// Paints slider `index` as `look` (its value or its pressed state changed). `drawAll`
    /// paints no slider: the engine draws the shown ones after it.
    func draw(slider index: Int, look: SliderLook)
    /// The buttons changed at `at` are painted: a PNG snapshot, a latency mark.
    func frameDone(at: MonotonicInstant)
    /// A new label for a button, drawn from its next paint on; nil, or why it cannot be.
    func setLabel(button: Int, text: String) -> String?
    /// `frameDone(at:)` for a frame caused by a report whose INT edge (or input event) came at
    /// `edge`: a surface that shows frames later (a page flip) measures to when they are seen.
    func frameDone(at instant: MonotonicInstant, edge: MonotonicInstant?)
}

extension PanelSurface {
    /// A surface that draws every page on the same background.
    public func drawAll(_ states: [ButtonVisualState?], page: Int) {
        drawAll(states)
    }

    public func frameDone(at instant: MonotonicInstant, edge: MonotonicInstant?) {
        frameDone(at: instant)
    }
}
