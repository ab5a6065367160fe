import LinuxSystem
import PanelConfig
import TouchCore

/// The screensaver (`[screensaver]`, `Screensaver`): started and stopped as the idle
/// blanking's power changes, its picture drawn whole at each minute's drift, and never an
/// action (DESIGN.md rule 13): it changes only what is drawn.
extension PanelEngine {
    /// Whether the screensaver shows now.
    public var isScreensaverShown: Bool { saver?.isShown ?? false }

    /// Whether the screensaver's nightly pass through the colours runs now.
    public var isAntiburning: Bool { saver?.isAntiburning ?? false }

    /// The saver's drift now (`.none` while it does not show).
    public var screensaverShift: SaverShift { isScreensaverShown ? saver?.shift ?? .none : .none }

    /// The power became `power` at `at`: the saver shows in `saver` and in `dimmed` after it.
    /// Leaving it shows the page shown before, drawn whole.
    func saverFollows(_ power: PanelPower, at: MonotonicInstant) {
        guard let shown = saver?.isShown else { return }
        let shows = power == .saver || power == .dimmed
        guard shows != shown else { return }
        if shows {
            saver?.start(at: at)
            log.log("screensaver: on")
            writer.screensaver(true, at: at)
            writer.flush()
            if saver?.antiburnDue == true { startAntiburn(at: at) } else { drawSaver(at: at) }
        } else {
            let wasAntiburning = saver?.isAntiburning ?? false
            saver?.stop()
            log.log("screensaver: off")
            if wasAntiburning { writer.antiburn(false, at: at) }
            writer.screensaver(false, at: at)
            writer.flush()
            surface?.setFrameShift(.none)
            drawWholePage(at: at)
        }
        listener?.panelStateChanged()
    }

    /// The night started (`on`) or ended: the night's pass through the colours is due from
    /// its start until it runs or the night ends.
    func saverNight(_ on: Bool, at: MonotonicInstant) {
        guard saver != nil, saver?.config.antiburnS ?? 0 > 0 else { return }
        saver?.antiburnPending = on
        if saver?.antiburnDue == true { startAntiburn(at: at) }
    }

    /// Reads the local time for the pass's 04:00 (without a night) at start.
    func startSaverClock(at instant: MonotonicInstant) {
        guard let wallClock, saver?.antiburnClock != nil else { return }
        if saver?.antiburnClock?.check(at: instant, wallClock: wallClock) == true { saverNight(true, at: instant) }
    }

    /// Whatever of the saver is due at or before `now`, each at its own instant.
    func tickSaver(now: MonotonicInstant) {
        guard saver != nil else { return }
        if let due = saver?.antiburnClock?.checkAt, due <= now, let wallClock {
            // Only its start counts: the pass then waits for the saver, past 04:01.
            if saver?.antiburnClock?.check(at: due, wallClock: wallClock) == true { saverNight(true, at: max(due, lastInputAt)) }
        }
        while let change = saver?.takeAntiburnChange(now: now) {
            switch change {
            case .color(let color, let at):
                surface?.drawPlain(color)
                surface?.frameDone(at: at)
            case .ended(let at):
                log.log("screensaver: antiburn ends")
                writer.antiburn(false, at: at)
                writer.flush()
                drawSaver(at: at)
                listener?.panelStateChanged()
            }
        }
        var stepped: MonotonicInstant?
        while let at = saver?.takeStep(now: now) { stepped = at }
        if let stepped, saver?.isAntiburning == false { drawSaver(at: stepped) }
    }

    private func startAntiburn(at: MonotonicInstant) {
        saver?.startAntiburn(at: at)
        log.log("screensaver: antiburn for \(saver?.config.antiburnS ?? 0) s")
        writer.antiburn(true, at: at)
        writer.flush()
        surface?.drawPlain(Screensaver.antiburnColors[0])
        surface?.frameDone(at: at)
        listener?.panelStateChanged()
    }

    /// The saver's page (or clock) drawn whole at its drift, in one frame at `at`.
    func drawSaver(at: MonotonicInstant) {
        guard let saver, saver.isShown, !saver.isAntiburning, let surface else { return }
        let looks: [ItemLook?] = (0..<placePages.count).map { place in
            let page = placePages[place]
            return page == saver.page || (saver.showsEveryPage && page == PageLayout.allPages) ? look(of: place) : nil
        }
        surface.setFrameShift(saver.shift)
        surface.drawAll(looks, page: saver.page)
        surface.frameDone(at: at)
    }

    /// While the saver shows, items whose look changed are drawn with its whole picture
    /// (it stands shifted), and only when it shows one of them; the others wait for the page.
    func repaintUnderSaver(_ items: ItemSet, at: MonotonicInstant) -> Bool {
        guard let saver else { return false }
        var items = items
        while let place = items.popFirst() {
            let page = placePages[place]
            if page == saver.page || (saver.showsEveryPage && page == PageLayout.allPages) {
                drawSaver(at: at)
                return true
            }
        }
        return false
    }
}
