import PanelConfig
import TouchCore

/// What the prepared looks of each page take (`PreparedButtons`): the page's buttons and those
/// on every page (not its invisible zones), each in two looks, normal and pressed, the two every touched button is shown
/// in. A whole frame drops the looks of the page it leaves, and at most
/// `FramebufferSurface.defaultLookByteLimit` bytes are held, so a panel holds the smaller of the
/// largest page's and that. `check` says it; the numbers are those `FramebufferPainter.prepare`
/// asks for.
public enum PreparedLookSizes {
    /// Per page in file order (one for a config without pages), the bytes of its looks in
    /// `format`, the labels fitted and rasterised with `font` (and their icons with `iconFont`)
    /// as the panel does.
    public static func bytesPerPage(of config: PanelConfiguration, font: FontRasterizer, iconFont: IconFont? = nil, format: PixelFormat) -> [Int] {
        guard let layout = FramebufferLayout(
            physicalWidth: config.panelWidth, physicalHeight: config.panelHeight, format: format, rotation: config.display.rotation)
        else { return [] }
        let painter = FramebufferPainter(layout: layout)
        // Each button's two looks made as the panel makes them, in a scratch block, for their
        // exact bytes: a look keeps its label's ink only, so its size depends on the pixels.
        let pictures = IconPictures()
        let perButton = config.buttons.map { button in
            let content = FramebufferSurface.restingContent(
                button.label, of: button, borderPx: config.display.borderPx, font: font, iconFont: iconFont, pictures: pictures)
            let layers = ButtonLayers(behind: config.display.colors.background)
            return FramebufferSurface.withContent(content.label, sublabel: content.sublabel, layers: layers) { label, layers in
                let style = FramebufferSurface.drawnStyle(for: button, borderPx: config.display.borderPx)
                let room = painter.preparedByteCount(label: label, layers: layers, rect: button.rect, style: style)
                guard room > 0 else { return 0 }
                let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: room, alignment: 16)
                defer { scratch.deallocate() }
                return [ButtonVisualState.normal, .pressed].reduce(0) { sum, state in
                    let bytes = painter.prepare(label: label, layers: layers, rect: button.rect, style: style, state: state, into: scratch)?
                        .byteCount ?? 0
                    return sum + (bytes + 15) & ~15
                }
            }
        }
        return (0..<config.pageCount).map { page in
            zip(config.buttons, perButton).reduce(0) { sum, item in
                // An invisible zone holds no look: it is painted over the background each time.
                item.0.zone == nil && (item.0.page == page || item.0.page == PageLayout.allPages) ? sum + item.1 : sum
            }
        }
    }

    /// `check`'s comment line: the largest page's looks, and the sum over pages, at 4 bytes a
    /// pixel (XRGB8888, what DRM/KMS scans out; RGB565 takes half).
    public static func commentLine(for config: PanelConfiguration, font: FontRasterizer, iconFont: IconFont? = nil) -> String {
        let perPage = bytesPerPage(of: config, font: font, iconFont: iconFont, format: .xrgb8888)
        guard let largest = perPage.indices.max(by: { perPage[$0] < perPage[$1] }) else { return "" }
        let which = config.pages.isEmpty ? "" : " (page \(config.pages[largest].name))"
        let sum = perPage.count > 1 ? "; all \(perPage.count) pages together \(perPage.reduce(0, +)) bytes, never held at once" : ""
        return "; prepared looks at 4 bytes a pixel, normal and pressed: \(perPage[largest]) bytes\(which)\(sum); "
            + "at most \(FramebufferSurface.defaultLookByteLimit) held, beyond which a button is drawn straight until a look goes unused for \(PreparedButtons.staleDraws) draws\n"
    }
}
