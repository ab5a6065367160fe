import LinuxSystem
import TouchCore

/// The panel's picture whether or not a display is there to show it: it keeps every button's
/// look and every label set at run time, passes them on to the display's surface while there
/// is one, and paints everything afresh on a display that appears. Touches and actions never
/// wait for it.
public final class DisplaySlot: PanelSurface {
    public private(set) var surface: PanelSurface?
    private var states: [ButtonVisualState?]
    /// The page shown, for a display that comes later.
    private var page = 0
    /// The shown sliders' looks since the last whole frame.
    private var sliderLooks: [SliderLook?] = []
    /// Labels set at run time, by button, for a display that comes later.
    private var labels: [Int: String] = [:]

    public init(buttonCount: Int) {
        states = Array(repeating: .normal, count: buttonCount)
    }

    /// Shows the panel on `surface` from now on: the labels set so far, then every button.
    public func attach(_ surface: PanelSurface, at instant: MonotonicInstant) {
        self.surface = surface
        for (button, text) in labels.sorted(by: { $0.key < $1.key }) {
            _ = surface.setLabel(button: button, text: text)
        }
        surface.drawAll(states, page: page)
        for (index, look) in sliderLooks.enumerated() {
            if let look { surface.draw(slider: index, look: look) }
        }
        surface.frameDone(at: instant)
    }

    /// The display went away: looks are kept for the next one.
    public func detach() {
        surface = nil
    }

    public func drawAll(_ states: [ButtonVisualState?]) {
        drawAll(states, page: page)
    }

    public func drawAll(_ states: [ButtonVisualState?], page: Int) {
        self.states = states
        self.page = page
        for index in sliderLooks.indices { sliderLooks[index] = nil }
        surface?.drawAll(states, page: page)
    }

    public func draw(slider index: Int, look: SliderLook) {
        guard index >= 0 else { return }
        while sliderLooks.count <= index { sliderLooks.append(nil) }
        sliderLooks[index] = look
        surface?.draw(slider: index, look: look)
    }

    public func draw(button: Int, state: ButtonVisualState) {
        if states.indices.contains(button) { states[button] = state }
        surface?.draw(button: button, state: state)
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
