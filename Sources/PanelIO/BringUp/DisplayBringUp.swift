import PanelConfig
import TouchCore

/// Opens the framebuffer, checks it is the size the config says at its rotation, and
/// rasterises the labels: everything the surface needs, or the reason it cannot be had.
enum DisplayBringUp {
    static func open(_ config: PanelConfiguration) throws(StartError) -> (LinuxFramebuffer, FramebufferLayout, [LabelBitmap]) {
        let framebuffer: LinuxFramebuffer
        do throws(FramebufferError) {
            framebuffer = try LinuxFramebuffer(path: config.display.framebuffer)
        } catch {
            throw StartError(message: error.message)
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
            throw StartError(message: "\(config.display.framebuffer): unsupported pixel layout (\(framebuffer.bitsPerPixel) bpp)")
        }
        guard layout.physicalWidth == config.display.width, layout.physicalHeight == config.display.height else {
            throw StartError(message: "\(config.display.framebuffer) is \(layout.physicalWidth)x\(layout.physicalHeight); [display] says \(config.display.width)x\(config.display.height)")
        }
        do throws(FontError) {
            return (framebuffer, layout, try FramebufferSurface.rasterizeLabels(for: config))
        } catch {
            throw StartError(message: error.message)
        }
    }
}
