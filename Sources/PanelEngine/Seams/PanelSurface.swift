import LinuxSystem
import TouchCore

/// Where items are drawn: the framebuffer, or the simulated board's memory. The engine says
/// which items changed and how each looks (`ItemLook`, by place in the one index space of
/// items); the surface paints them and then makes the frame visible. It is the one door into
/// drawing for every kind of item.
public protocol PanelSurface: AnyObject {
    /// Paints the whole picture of page `page` (by place in file order): its background (the
    /// page's image where it has one), then every item in its look; nil for an item on a page
    /// not shown (start-up, reload, a page change).
    func drawAll(_ looks: [ItemLook?], page: Int)
    /// Paints one item whose look changed.
    func draw(item: Int, look: ItemLook)
    /// The items changed at `at` are painted: a PNG snapshot, a latency mark.
    func frameDone(at: MonotonicInstant)
    /// A new label for the item at place `button` (a button's label, a text's value, a slider's
    /// label), drawn from its next paint on; nil, or why it cannot be.
    func setLabel(button: Int, text: String) -> String?
    /// `frameDone(at:)` for a frame caused by a report whose INT edge (or input event) came at
    /// `edge`: a surface that shows frames later (a page flip) measures to when they are seen.
    func frameDone(at instant: MonotonicInstant, edge: MonotonicInstant?)
    /// The whole frames painted from now on (`drawAll`) stand `shift` logical pixels from
    /// their place, the background colour filling the edge they leave: the screensaver's
    /// drift. `.none` puts them back.
    func setFrameShift(_ shift: SaverShift)
    /// The whole frame in one colour (the screensaver's nightly pass); the next `drawAll`
    /// paints over it.
    func drawPlain(_ color: RGBColor)
}

extension PanelSurface {
    public func frameDone(at instant: MonotonicInstant, edge: MonotonicInstant?) {
        frameDone(at: instant)
    }
}
