import LinuxSystem
import TouchCore

/// The panel's picture whether or not a display is there to show it: it keeps every item's
/// look and every label set at run time, passes them on to the display's surface while there
/// is one, and paints everything afresh on a display that appears. Touches and actions never
/// wait for it.
public final class DisplaySlot: PanelSurface {
    public private(set) var surface: PanelSurface?
    /// Every item's look since the last whole frame (nil: not on the page shown).
    private var looks: [ItemLook?]
    /// The page shown, for a display that comes later.
    private var page = 0
    /// Labels set at run time, by button, for a display that comes later.
    private var labels: [Int: String] = [:]

    public init(itemCount: Int) {
        looks = Array(repeating: nil, count: itemCount)
    }

    /// Shows the panel on `surface` from now on: the labels set so far, then every item.
    public func attach(_ surface: PanelSurface, at instant: MonotonicInstant) {
        self.surface = surface
        for (button, text) in labels.sorted(by: { $0.key < $1.key }) {
            _ = surface.setLabel(button: button, text: text)
        }
        surface.drawAll(looks, page: page)
        surface.frameDone(at: instant)
    }

    /// The display went away: looks are kept for the next one.
    public func detach() {
        surface = nil
    }

    public func drawAll(_ looks: [ItemLook?], page: Int) {
        self.looks = looks
        self.page = page
        surface?.drawAll(looks, page: page)
    }

    public func draw(item: Int, look: ItemLook) {
        if looks.indices.contains(item) { looks[item] = look }
        surface?.draw(item: item, look: look)
    }

    public func frameDone(at instant: MonotonicInstant) {
        surface?.frameDone(at: instant)
    }

    public func frameDone(at instant: MonotonicInstant, edge: MonotonicInstant?) {
        surface?.frameDone(at: instant, edge: edge)
    }

    /// Without a display the label is kept (and fitted when one appears).
    public func setLabel(button: Int, text: String) -> String? {
        if let surface, let problem = surface.setLabel(button: button, text: text) { return problem }
        labels[button] = text
        return nil
    }
}
