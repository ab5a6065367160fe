import LinuxSystem
import PanelDrivers
import PanelEngine
import TouchCore

/// Pictures set at run time, after the touch path's turn: the engine's `PictureLoader`. Each
/// PNG is decoded, fitted and converted by a child (`PictureWorker`, `touchpanel
/// decode-picture`); a turn here copies at most `PictureWorker.chunkBytes` each way, and a
/// picture that is ready is put on the surface and drawn. One that does not decode is logged
/// with its source and reason, and changes nothing; a flood of them from one source is three
/// lines a minute, then a count (`LogRateLimiter`).
final class PictureTurn: LoopParticipant, PictureLoader {
    let worker: PictureWorker
    /// Not held: the engine holds this turn (its `pictureLoader`) and outlives it.
    unowned(unsafe) let engine: PanelEngine
    private let surface: () -> FramebufferSurface?
    private let log: PanelLog
    private let readClock: () -> MonotonicInstant
    private let waitsForDeadlines: Bool
    private var lastTurnAt: MonotonicInstant?
    /// Pictures that came to nothing, by source (`mqtt: TOPIC`).
    private var failureLogs = LogRateLimiter()

    /// `surface`: the display's, while there is one.
    init(
        engine: PanelEngine, surface: @escaping () -> FramebufferSurface?, log: PanelLog, worker: PictureWorker = PictureWorker(),
        readClock: @escaping () -> MonotonicInstant = { MonotonicClock.now() }, waitsForDeadlines: Bool = true
    ) {
        self.waitsForDeadlines = waitsForDeadlines
        self.worker = worker
        self.engine = engine
        self.surface = surface
        self.log = log
        self.readClock = readClock
        engine.pictureLoader = self
    }

    var pollInterests: [PollInterest] { worker.pollInterests }

    /// A waiting picture starts in the next turn, at once; a running child's time limit and
    /// the count of lines left out are on the real clock, and only a loop on the real clock
    /// waits for them (a virtual one would jump to them).
    var nextDeadline: MonotonicInstant? {
        if worker.startsNext, let lastTurnAt { return lastTurnAt }
        return waitsForDeadlines ? MonotonicInstant.earliest(worker.timeLimitAt, failureLogs.nextDeadline) : nil
    }

    func turn(_ events: ArraySlice<PollEvents>, now: MonotonicInstant) {
        lastTurnAt = now
        for line in failureLogs.expire(at: now) { log.warning(line) }
        guard worker.isBusy else { return }
        for finished in worker.turn(now: MonotonicClock.now()) { put(finished, now: now) }
    }

    func load(_ png: [UInt8], for target: PictureTarget, source: String) -> String? {
        guard let surface = surface() else { return "no display to draw it on" }
        let kind: PictureJob.Kind
        switch target {
        case .icon(let button):
            guard let size = surface.iconSizePx(button: button) else { return "no button \(button)" }
            kind = .icon(sizePx: size)
        case .page:
            kind = .page(layout: surface.layout, background: surface.pageBackground)
        }
        return worker.submit(PictureWorker.Request(target: target, png: png, kind: kind, source: source))
    }

    /// A finished picture on the surface (made for it: a display that changed meanwhile gets
    /// none), or the reason there is none in the log.
    private func put(_ finished: PictureWorker.Finished, now: MonotonicInstant) {
        let source = finished.request.source
        let made: PictureWorker.Made
        switch finished.result {
        case .success(let picture): made = picture
        case .failure(let failure):
            if failureLogs.admit(source, at: now) { log.warning("\(source): \(failure.reason); nothing changed") }
            return
        }
        guard let surface = surface() else {
            log.warning("\(source): the display went away; nothing changed")
            return
        }
        switch (finished.request.target, made) {
        case (.icon(let button), .icon(let image)):
            guard finished.request.kind == .icon(sizePx: surface.iconSizePx(button: button) ?? 0) else {
                log.warning("\(source): the button's icon changed size meanwhile; nothing changed")
                return
            }
            surface.setIcon(button: button, picture: image, label: engine.currentLabels[button])
        case (.page(let page), .page(let memory)):
            guard finished.request.kind == .page(layout: surface.layout, background: surface.pageBackground) else {
                log.warning("\(source): the display changed meanwhile; nothing changed")
                return
            }
            surface.setPicture(.memory(memory), page: page)
        default:
            return
        }
        engine.pictureChanged(finished.request.target, now: readClock())
    }
}
