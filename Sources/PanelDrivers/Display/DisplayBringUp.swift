import LinuxSystem
import PanelConfig
import PanelEngine
import TouchCore

/// `[display] output` as a rule: which device to try, and what a failure means.
public enum DisplayChoice {
    /// The device chosen, and for `auto` on fbdev the reason DRM/KMS was not used.
    public enum Chosen<DRM, Fbdev> {
        case drm(DRM)
        case fbdev(Fbdev, drmUnusable: String?)
    }

    /// `drm` and `fbdev` take only their own device; `auto` takes DRM/KMS and falls back to
    /// fbdev, keeping DRM's reason for the log. When nothing can be had the error names why
    /// for each device tried.
    public static func choose<DRM, Fbdev>(
        _ output: DisplayOutputChoice, openDRM: () throws(DisplayUnavailable) -> DRM, openFbdev: () throws(DisplayUnavailable) -> Fbdev
    ) throws(DisplayUnavailable) -> Chosen<DRM, Fbdev> {
        switch output {
        case .drm:
            return .drm(try openDRM())
        case .fbdev:
            return .fbdev(try openFbdev(), drmUnusable: nil)
        case .auto:
            let drmReason: String
            let drmAbsent: Bool
            do throws(DisplayUnavailable) {
                return .drm(try openDRM())
            } catch {
                drmReason = error.message
                drmAbsent = error.absent
            }
            do throws(DisplayUnavailable) {
                return .fbdev(try openFbdev(), drmUnusable: drmReason)
            } catch {
                // Absent only when neither is there: one that is there but unusable is to be fixed.
                throw DisplayUnavailable("no display: \(drmReason); and \(error.message)", absent: drmAbsent && error.absent)
            }
        }
    }
}

/// Opens the display `[display] output` asks for, checks it is the size the config says at
/// its rotation, and rasterises the labels: everything the surface needs, or the reason it
/// cannot be had.
public enum DisplayBringUp {
    public static func open(_ config: PanelConfiguration, log: PanelLog) throws(DisplayUnavailable) -> PanelDisplay {
        let display = config.display
        let chosen = try DisplayChoice.choose(
            display.output,
            openDRM: { () throws(DisplayUnavailable) -> DRMCard in
                try DRMCard(
                    card: display.card, connector: display.connector, width: display.width, height: display.height,
                    rgb565: display.drmFormat == .rgb565, rotation: display.rotation)
            },
            openFbdev: { () throws(DisplayUnavailable) -> (LinuxFramebuffer, FramebufferLayout) in try openFramebuffer(config) })
        let opened: PanelDisplay.Device
        let layout: FramebufferLayout
        switch chosen {
        case .drm(let card):
            log.log("display: \(card.card) \(card.connector) \(display.width)x\(display.height)@\(card.refreshHz) through DRM/KMS (page flips)")
            opened = .drm(card)
            layout = card.layout
        case .fbdev(let (framebuffer, fbLayout), let drmUnusable):
            if let drmUnusable {
                log.log("display: \(framebuffer.path) (fbdev), since \(drmUnusable)")
            }
            opened = .fbdev(framebuffer)
            layout = fbLayout
        }
        do throws(FontError) {
            return PanelDisplay(opened, layout: layout, labels: try FramebufferSurface.rasterizeLabels(for: config))
        } catch {
            throw DisplayUnavailable(error.message, absent: false)
        }
    }

    private static func openFramebuffer(_ config: PanelConfiguration) throws(DisplayUnavailable) -> (LinuxFramebuffer, FramebufferLayout) {
        let framebuffer: LinuxFramebuffer
        do throws(FramebufferError) {
            framebuffer = try LinuxFramebuffer(path: config.display.framebuffer)
        } catch {
            if case .notFound = error { throw DisplayUnavailable(error.message, absent: true) }
            throw DisplayUnavailable(error.message, absent: false)
        }
        guard let format = PixelFormat(
            bytesPerPixel: framebuffer.bitsPerPixel / 8,
            red: .init(offset: framebuffer.red.offset, length: framebuffer.red.length),
            green: .init(offset: framebuffer.green.offset, length: framebuffer.green.length),
            blue: .init(offset: framebuffer.blue.offset, length: framebuffer.blue.length)),
            let layout = FramebufferLayout(
                physicalWidth: Int32(framebuffer.xres), physicalHeight: Int32(framebuffer.yres),
                strideBytes: framebuffer.lineLength, format: format, rotation: config.display.rotation)
        else {
            throw DisplayUnavailable(
                "\(config.display.framebuffer): unsupported pixel layout (\(framebuffer.bitsPerPixel) bpp)",
                absent: false)
        }
        guard layout.physicalWidth == config.display.width, layout.physicalHeight == config.display.height else {
            throw DisplayUnavailable(
                "\(config.display.framebuffer) is \(layout.physicalWidth)x\(layout.physicalHeight); [display] says \(config.display.width)x\(config.display.height)",
                absent: false)
        }
        return (framebuffer, layout)
    }
}
