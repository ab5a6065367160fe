import LinuxSystem
import PanelEngine
import TouchCore

/// Any touchscreen the kernel drives, as a touch source: its events are decoded into frames
/// (multi-touch protocol B, or single-touch), each frame at its SYN_REPORT's kernel
/// timestamp; SYN_DROPPED is recovered by re-reading the slots. A device that is absent at
/// start or unplugged later is waited for (an inotify watch on /dev/input, and a re-check
/// every `recheckInterval` for links udev makes after the node) and reopened without a
/// restart; its held touches are cancelled when it goes. Idle with the device present, the
/// loop sleeps on its descriptor: no wake-ups at all. Any change to its states must be
/// represented in this diagram:
///
///                      lost: touches cancelled
///          present ------------------------------> absent(recheckAt)
///             ^                                     |    ^
///             +--- recheck: the device opens -------+    |
///                                                   +----+ recheck: it does not
///
/// (recheck: an inotify event on /dev/input, or `recheckAt` came).
public final class EvdevSource: TouchSource {
    public static let recheckInterval = MonotonicDuration.milliseconds(1_000)

    /// The device open, or waited for.
    private enum Presence {
        case present(EvdevDevice)
        case absent(recheckAt: MonotonicInstant)
    }

    public let description: String
    /// The range decoders and the transform use: the configured one, or the open device's
    /// (a device that appears later, or comes back with other axes, brings its own).
    public private(set) var range: ControllerRange
    private let rangeGiven: Bool
    private let open: () throws(EvdevError) -> EvdevDevice
    private let watch: DeviceDirectoryWatch?
    private let log: PanelLog
    private var presence: Presence
    private var assembler: EvdevFrameAssembler
    private var recorder: RawTraceRecorder?
    /// `--debug source`.
    private var transitions: TransitionLog?

    /// `device`: the device if it could be opened at start (nil: wait for it). `range`: the
    /// config's range when given; otherwise the device's, or the config's default while absent.
    public init(
        description: String, device: EvdevDevice?, range: ControllerRange, rangeGiven: Bool,
        watch: DeviceDirectoryWatch?, startedAt: MonotonicInstant, log: PanelLog,
        open: @escaping () throws(EvdevError) -> EvdevDevice
    ) {
        self.description = description
        presence = device.map { .present($0) } ?? .absent(recheckAt: startedAt + EvdevSource.recheckInterval)
        self.rangeGiven = rangeGiven
        self.range = !rangeGiven && device != nil ? device!.axes.range : range
        self.watch = watch
        self.log = log
        self.open = open
        assembler = EvdevSource.assembler(for: device?.axes, range: self.range, rangeGiven: rangeGiven)
        if let device { EvdevSource.adoptPositions(of: device, into: &assembler) }
    }

    public func record(to recorder: RawTraceRecorder?) {
        self.recorder = recorder
    }

    public func debug(to transitions: TransitionLog?) {
        self.transitions = transitions
    }

    public var waitDescriptor: FileDescriptor? {
        switch presence {
        case .present(let device): device.descriptor
        case .absent: watch?.descriptor
        }
    }

    public var nextWakeup: MonotonicInstant? {
        guard case .absent(let recheckAt) = presence else { return nil }
        return recheckAt
    }

    public func service(now: MonotonicInstant, readiness: DescriptorReadiness, into sink: TouchSink) {
        let device: EvdevDevice
        switch presence {
        case .present(let present):
            device = present
        case .absent(let recheckAt):
            if readiness != .quiet { watch?.drain() }
            if readiness == .readable || recheckAt <= now {
                reopen(now: now, into: sink)
            }
            return
        }
        if readiness == .failed {
            lost(EvdevError.gone.message, now: now, into: sink)
            return
        }
        guard readiness == .readable || device.descriptor == nil else { return }
        do throws(EvdevError) {
            try device.readEvents { event, instant in
                handle(event, at: instant, from: device, into: sink)
            }
        } catch {
            lost(error.message, now: now, into: sink)
        }
    }

    private func handle(_ event: EvdevEvent, at instant: MonotonicInstant, from device: EvdevDevice, into sink: TouchSink) {
        recorder?.record("evdev \(event.type) \(event.code) \(event.value)", at: instant)
        var outcome = assembler.feed(event)
        if assembler.needsResync {
            // Events were lost: the state is re-read from the device as it is now.
            if let contacts = try? device.currentContacts() {
                for contact in contacts {
                    assembler.resync(slot: contact.slot, trackingID: contact.trackingID, x: contact.x, y: contact.y)
                }
            }
            outcome = assembler.finishResync()
            log.warning(description + ": events dropped by the kernel (SYN_DROPPED); state re-read")
        }
        switch outcome {
        case .frame(let frame): sink.frame(frame, measuredAt: instant)
        case .malformed(let problem): sink.dropped(problem, at: instant)
        case .pending: break
        }
    }

    private func lost(_ message: String, now: MonotonicInstant, into sink: TouchSink) {
        recorder?.comment(description + ": " + message + " (replay cannot show this)")
        become(.absent(recheckAt: now + EvdevSource.recheckInterval), after: "lost", at: now)
        sink.sourceFailed(description + ": " + message + "; touches cancelled, waiting for it to come back", at: now)
    }

    private func reopen(now: MonotonicInstant, into sink: TouchSink) {
        do throws(EvdevError) {
            let reopened = try open()
            if !rangeGiven { range = reopened.axes.range }
            become(.present(reopened), after: "recheck", at: now)
            assembler = EvdevSource.assembler(for: reopened.axes, range: range, rangeGiven: rangeGiven)
            EvdevSource.adoptPositions(of: reopened, into: &assembler)
            sink.sourceRecovered(description + " is there: \"" + reopened.name + "\"")
        } catch {
            become(.absent(recheckAt: now + EvdevSource.recheckInterval), after: "recheck", at: now)
        }
    }

    /// The one place the presence changes.
    private func become(_ next: Presence, after input: String, at now: MonotonicInstant) {
        if let transitions, transitions.wants(.source) {
            transitions.record(
                .source, at: now, of: description, from: text(presence, origin: transitions.origin), input: input,
                to: text(next, origin: transitions.origin))
        }
        presence = next
    }

    private func text(_ presence: Presence, origin: MonotonicInstant) -> String {
        switch presence {
        case .present: "present"
        case .absent(let recheckAt): TransitionText.timed("absent(recheck at ", recheckAt, origin: origin)
        }
    }

    /// A device opened after touches (a restarted panel, one plugged back) sends only the
    /// values that change: the decoder starts from where each slot's contact last was.
    static func adoptPositions(of device: EvdevDevice, into assembler: inout EvdevFrameAssembler) {
        guard let contacts = try? device.currentContacts() else { return }
        for contact in contacts {
            assembler.adoptPosition(slot: contact.slot, x: contact.x, y: contact.y)
        }
        assembler.adoptCurrentSlot(device.currentSlot())
    }

    /// The decoder for a device's axes (or, while none is open, for the configured range).
    static func assembler(for axes: EvdevAxes?, range: ControllerRange, rangeGiven: Bool) -> EvdevFrameAssembler {
        guard let axes, !rangeGiven else {
            return EvdevFrameAssembler(
                mode: axes?.multiTouch == false ? .singleTouch : .multiTouch, maxPoints: TouchFrame.capacity,
                xMinimum: 0, xMaximum: range.width - 1, yMinimum: 0, yMaximum: range.height - 1)
        }
        return EvdevFrameAssembler(
            mode: axes.multiTouch ? .multiTouch : .singleTouch, maxPoints: TouchFrame.capacity,
            xMinimum: axes.xMinimum, xMaximum: axes.xMaximum, yMinimum: axes.yMinimum, yMaximum: axes.yMaximum)
    }
}
