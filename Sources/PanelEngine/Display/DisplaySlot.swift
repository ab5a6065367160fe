import LinuxSystem
import TouchCore

/// The panel's picture whether or not a display is there to show it: it keeps every item's
/// look and every label set at run time, passes them on to the display's surface while there
/// is one, and paints everything afresh on a display that appears. Touches and actions never
/// wait for it.
public final class DisplaySlot: PanelSurface {
    public private(set) var surface: PanelSurface?
    /// Every item's look since the last whole frame (nil: not on the page shown), kept as small
    /// as each kind's is: a button's or a text's state in a byte, not in the room a slider's
    /// look takes (a panel's worth of those was kilobytes of heap).
    private var states: [ButtonVisualState?]
    private var kinds: [ItemKind?]
    /// The looks larger than a state (a slider's, a chart's), whole, by place.
    private var largeLooks: [Int: ItemLook] = [:]
    /// The page shown, for a display that comes later.
    private var page = 0
    /// Labels set at run time, by button, for a display that comes later.
    private var labels: [Int: String] = [:]
    /// The whole frames' shift (the screensaver's), for a display that comes later.
    private var shift = SaverShift.none

    public init(itemCount: Int) {
        states = Array(repeating: nil, count: itemCount)
        kinds = Array(repeating: nil, count: itemCount)
    }

    /// The looks kept, as `drawAll` takes them.
    private var looks: [ItemLook?] {
        kinds.indices.map { place in
            switch kinds[place] {
            case .button?: states[place].map { .button($0) }
            case .text?: states[place].map { .text($0) }
            case .slider?, .chart?: largeLooks[place]
            case .qrCode?: .qrCode
            case nil: nil
            }
        }
    }

    private func keep(_ look: ItemLook?, at place: Int) {
        guard kinds.indices.contains(place) else { return }
        switch look {
        case .button(let state)?:
            kinds[place] = .button
            states[place] = state
        case .text(let state)?:
            kinds[place] = .text
            states[place] = state
        case .slider?:
            kinds[place] = .slider
            largeLooks[place] = look
        case .qrCode?:
            kinds[place] = .qrCode
        case .chart?:
            kinds[place] = .chart
            largeLooks[place] = look
        case nil:
            kinds[place] = nil
            states[place] = nil
            largeLooks[place] = nil
        }
    }

    /// Shows the panel on `surface` from now on: the labels set so far, then every item.
    public func attach(_ surface: PanelSurface, at instant: MonotonicInstant) {
        self.surface = surface
        if shift != .none { surface.setFrameShift(shift) }
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
        for place in kinds.indices { keep(place < looks.count ? looks[place] : nil, at: place) }
        self.page = page
        surface?.drawAll(looks, page: page)
    }

    public func draw(item: Int, look: ItemLook) {
        keep(look, at: item)
        surface?.draw(item: item, look: look)
    }

    public func frameDone(at instant: MonotonicInstant) {
        surface?.frameDone(at: instant)
    }

    public func frameDone(at instant: MonotonicInstant, edge: MonotonicInstant?) {
        surface?.frameDone(at: instant, edge: edge)
    }

    public func setFrameShift(_ shift: SaverShift) {
        self.shift = shift
        surface?.setFrameShift(shift)
    }

    /// A display that comes later shows the frame drawn next.
    public func drawPlain(_ color: RGBColor) {
        surface?.drawPlain(color)
    }

    /// Without a display the label is kept (and fitted when one appears).
    public func setLabel(button: Int, text: String) -> String? {
        if let surface, let problem = surface.setLabel(button: button, text: text) { return problem }
        labels[button] = text
        return nil
    }
}
