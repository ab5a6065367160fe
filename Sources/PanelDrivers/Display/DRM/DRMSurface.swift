import CLinux
import LinuxSystem
import PanelEngine
import TouchCore

/// The panel on a DRM/KMS card: each frame is painted into the buffer that is not on screen
/// and shown by a page flip on vblank, so no frame is ever seen half painted. The engine's
/// changes are collected until `frameDone`; `PageFlipChain` says which buffer to paint, what
/// to copy forward into it first, and when a frame must wait for a queued flip.
public final class DRMSurface: PanelSurface {
    private let card: PageFlipDisplay
    /// Paints buttons; pointed at the back buffer for each frame.
    private let painter: FramebufferSurface
    private let rects: [Rect]
    /// The buttons' and texts' states, by place; the sliders' places follow theirs.
    private var states: [ButtonVisualState?]
    private let firstSlider: Int
    /// Where the QR codes' places start, and which of them the page shown has.
    private let firstQRCode: Int
    private var qrCodesShown: [Bool] = []
    /// Where the charts' places start, and the look of each the page shown has.
    private let firstChart: Int
    private var chartLooks: [ChartLook?] = []
    /// Each slider's look, painted whole into a frame that changes it.
    private var sliderLooks: [SliderLook?] = []
    private var changed = Damage.none
    /// The whole frame in one colour (`drawPlain`) until the next `drawAll`.
    private var plain: RGBColor?
    public private(set) var chain = PageFlipChain.start
    private let log: PanelLog
    /// Flips completed, and the last one's vblank time.
    public private(set) var flipsCompleted = 0
    /// Edge to flip: from a report's INT edge to the vblank that showed its frame.
    public var latency: LatencyStatistics?
    /// `--debug flips`: every page-flip transition logged, at the instant of the last frame
    /// (a flip's completion is read from the card, not from the clock).
    public var transitions: TransitionLog?
    private var lastFrameAt = MonotonicInstant(nanoseconds: 0)
    /// The earliest edge among changes not yet in a frame, and the one of the queued frame.
    private var waitingEdge: MonotonicInstant?
    private var flippingEdge: MonotonicInstant?
    /// A refused flip found the connector disconnected: the display is gone, and its owner
    /// lets go of the card (`LiveSession.noticeDisplayLoss`).
    public private(set) var isLost = false
    private var flipFailureLogged = false

    public init(card: PageFlipDisplay, painter: FramebufferSurface, buttonCount: Int, rects: [Rect], log: PanelLog) {
        self.card = card
        self.painter = painter
        self.rects = rects
        states = Array(repeating: .normal, count: buttonCount)
        firstSlider = buttonCount
        firstQRCode = painter.firstQRCode
        firstChart = painter.firstChart
        self.log = log
    }

    /// The card and connector, for log lines.
    public var name: String { card.name }

    /// The card's descriptor, polled for flip completions.
    public var pollInterest: PollInterest { PollInterest(descriptor: card.descriptor, events: .readable) }

    /// The page's background is the painter's: it paints the whole frames.
    public func setFrameShift(_ shift: SaverShift) {
        painter.setFrameShift(shift)
    }

    public func drawPlain(_ color: RGBColor) {
        plain = color
        changed = changed.union(.everything)
    }

    public func drawAll(_ looks: [ItemLook?], page: Int) {
        plain = nil
        painter.page = page
        states = FramebufferSurface.states(of: looks, before: firstSlider)
        sliderLooks = FramebufferSurface.sliderLooks(of: looks, from: firstSlider)
        qrCodesShown = (firstQRCode..<max(firstQRCode, looks.count)).map { looks[$0] == .qrCode }
        chartLooks = (firstChart..<max(firstChart, looks.count)).map { place in
            if case .chart(let chart)? = looks[place] { return chart }
            return nil
        }
        changed = changed.union(.everything)
    }

    public func draw(item: Int, look: ItemLook) {
        switch look {
        case .button(let state), .text(let state): draw(button: item, state: state)
        case .slider(let slider): draw(slider: item - firstSlider, look: slider)
        case .chart(let chart):
            guard item >= firstChart else { return }
            while chartLooks.count <= item - firstChart { chartLooks.append(nil) }
            chartLooks[item - firstChart] = chart
            var items = ItemSet()
            items.insert(item)
            changed = changed.union(Damage(items: items))
        case .qrCode:
            var items = ItemSet()
            items.insert(item)
            changed = changed.union(Damage(items: items))
        }
    }

    private func draw(button: Int, state: ButtonVisualState) {
        guard states.indices.contains(button) else { return }
        states[button] = state
        var buttons = ButtonSet()
        buttons.insert(button)
        changed = changed.union(Damage(buttons: buttons))
    }

    private func draw(slider index: Int, look: SliderLook) {
        guard index >= 0 && index < SliderLayout.capacity else { return }
        while sliderLooks.count <= index { sliderLooks.append(nil) }
        sliderLooks[index] = look
        var items = ItemSet()
        items.insert(firstSlider + index)
        changed = changed.union(Damage(items: items))
    }

    public func frameDone(at instant: MonotonicInstant) {
        frameDone(at: instant, edge: nil)
    }

    public func frameDone(at instant: MonotonicInstant, edge: MonotonicInstant?) {
        lastFrameAt = instant
        waitingEdge = MonotonicInstant.earliest(waitingEdge, edge)
        let damage = changed
        changed = .none
        step(.changed(damage))
    }

    public func setLabel(button: Int, text: String) -> String? {
        painter.setLabel(button: button, text: text)
    }

    /// The card's descriptor was readable: a flip completed, and what waited for it goes now.
    public func cardReadable() {
        switch card.takeFlipCompletion() {
        case .success(let vblank):
            guard let vblank else { return }
            flipsCompleted += 1
            if let edge = flippingEdge { latency?.frameShown(sinceEdge: edge, at: vblank) }
            flippingEdge = nil
            step(.flipCompleted)
        case .failure(let errno):
            log.error("DRM/KMS: reading \(card.name): \(errno.message)")
        }
    }

    private func step(_ input: PageFlipChain.Input) {
        let (next, frame) = PageFlipChain.next(chain, input)
        if let transitions, transitions.wants(.flips) {
            transitions.record(
                .flips, at: lastFrameAt, of: name, from: TransitionText.flips(chain), input: TransitionText.flips(input),
                to: TransitionText.flips(next))
        }
        chain = next
        if let frame {
            flippingEdge = waitingEdge
            waitingEdge = nil
            paint(frame)
        }
    }

    /// Where the item at `place` is drawn: a button's or text's rect, or a slider's.
    private func rect(at place: Int) -> Rect? {
        if place >= firstChart { return painter.rect(ofChart: place - firstChart) }
        if place >= firstQRCode { return painter.rect(ofQRCode: place - firstQRCode) }
        if place < firstSlider { return rects.indices.contains(place) ? rects[place] : nil }
        let slider = place - firstSlider
        return sliderLooks.indices.contains(slider) ? sliderLooks[slider]?.rect : nil
    }

    private func paint(_ frame: PageFlipChain.Frame) {
        let back = card.buffers[frame.buffer]
        let front = UnsafeRawBufferPointer(card.buffers[frame.copyFrom])
        let copier = FramebufferPainter(layout: card.layout)
        if frame.copy.whole {
            back.copyMemory(from: UnsafeRawBufferPointer(rebasing: front[0..<card.layout.bufferSize]))
        } else {
            var places = frame.copy.items
            while let place = places.popFirst() {
                if let rect = rect(at: place) { copier.copy(rect, from: front, to: back) }
            }
        }
        painter.pixels = back
        if frame.paint.whole, let plain {
            painter.drawPlain(plain)
        } else if frame.paint.whole {
            painter.drawAll(states)
            // The back buffer holds each slider as it was two frames ago, not one.
            for index in sliderLooks.indices {
                if let look = sliderLooks[index] { painter.paintWhole(slider: index, look: look) }
            }
            for index in qrCodesShown.indices where qrCodesShown[index] { painter.paintWhole(qrCode: index) }
            for index in chartLooks.indices {
                if let look = chartLooks[index] { painter.paintWhole(chart: index, look: look) }
            }
            painter.applyFrameShift()
        } else {
            var places = frame.paint.items
            while let place = places.popFirst() {
                if place >= firstChart {
                    if chartLooks.indices.contains(place - firstChart), let look = chartLooks[place - firstChart] {
                        painter.paintWhole(chart: place - firstChart, look: look)
                    }
                } else if place >= firstQRCode {
                    if qrCodesShown.indices.contains(place - firstQRCode) && qrCodesShown[place - firstQRCode] {
                        painter.paintWhole(qrCode: place - firstQRCode)
                    }
                } else if place < firstSlider {
                    if states.indices.contains(place), let state = states[place] { painter.draw(button: place, state: state) }
                } else if sliderLooks.indices.contains(place - firstSlider), let look = sliderLooks[place - firstSlider] {
                    painter.paintWhole(slider: place - firstSlider, look: look)
                }
            }
        }
        painter.framePainted()
        if let refused = card.flip(to: frame.buffer) {
            if !card.isConnected {
                isLost = true
                return
            }
            // Not shown (a display unplugged, the card taken by another master): the next frame
            // starts again from the buffer on screen and repaints everything.
            if !flipFailureLogged {
                log.error("DRM/KMS: \(card.name) refused a page flip: \(refused.message)")
                flipFailureLogged = true
            }
            chain = .showing(front: frame.copyFrom, backLacks: .everything)
            changed = .everything
            return
        }
        flipFailureLogged = false
    }
}
