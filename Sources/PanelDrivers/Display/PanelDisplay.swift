import LinuxSystem
import PanelConfig
import PanelEngine
import TouchCore

/// The display a panel draws on, whichever kind `[display] output` chose (`DisplayBringUp`):
/// the fbdev framebuffer, painted in place, or a DRM/KMS card, painted into a back buffer and
/// flipped. Only this type knows which: above the drivers a display is its surfaces, the
/// descriptor it wakes on (a DRM card's page-flip events) and whether it is still there.
public final class PanelDisplay {
    /// The kinds of display, each holding its open device.
    enum Device {
        case drm(DRMCard)
        case fbdev(LinuxFramebuffer)
    }

    private let device: Device
    /// Its pixels' layout at the config's rotation.
    public let layout: FramebufferLayout
    /// The labels rasterised for it.
    public let labels: ButtonLabels
    /// On DRM/KMS, the surface that flips, once `surfaces` made it.
    private var flipping: DRMSurface?

    init(_ device: Device, layout: FramebufferLayout, labels: ButtonLabels) {
        self.device = device
        self.layout = layout
        self.labels = labels
    }

    /// The pixels shown now: what `calibrate` draws its targets straight onto (no flips).
    public var shownPixels: UnsafeMutableRawBufferPointer {
        switch device {
        case .drm(let card): card.buffers[0]
        case .fbdev(let framebuffer): UnsafeMutableRawBufferPointer(rebasing: framebuffer.pixels[framebuffer.visibleOffset...])
        }
    }

    /// The surfaces of the panel of `config` on this display: `drawn`, the one the engine
    /// draws on (on DRM/KMS it flips), and `painted`, the one that paints the pixels (where
    /// pictures set at run time go). Made once per display.
    public func surfaces(
        config: PanelConfiguration, backgrounds: PageBackgrounds?, latency: LatencyStatistics, transitions: TransitionLog?,
        log: PanelLog
    ) -> (drawn: PanelSurface, painted: FramebufferSurface) {
        let painter = FramebufferSurface(layout: layout, pixels: shownPixels, config: config, labels: labels, backgrounds: backgrounds)
        switch device {
        case .fbdev:
            return (painter, painter)
        case .drm(let card):
            let drm = DRMSurface(
                card: card, painter: painter, buttonCount: config.drawnItemCount,
                rects: config.buttons.map { $0.rect } + config.texts.map { $0.rect }, log: log)
            drm.latency = latency
            drm.transitions = transitions
            flipping = drm
            return (drm, painter)
        }
    }

    /// What the display wakes the loop on: a DRM card's page-flip events; nil on fbdev.
    public var pollInterest: PollInterest? { flipping?.pollInterest }

    /// The display's descriptor has events: a page flip completed.
    public func readable() {
        flipping?.cardReadable()
    }

    /// Whether the display went away (a DRM connector unplugged); fbdev does not.
    public var isLost: Bool { flipping?.isLost ?? false }

    /// Its name in log lines: the card and connector, or the framebuffer's path.
    public var name: String {
        switch device {
        case .drm(let card): flipping?.name ?? card.card
        case .fbdev(let framebuffer): framebuffer.path
        }
    }

    /// What it did, for the log line at its end: the page flips on DRM/KMS; nil on fbdev.
    public var summary: String? {
        flipping.map { "\($0.flipsCompleted) page flips on \($0.name)" }
    }
}
