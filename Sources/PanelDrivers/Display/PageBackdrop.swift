import PanelConfig
import TouchCore

/// What lies under a page's items for `FramebufferSurface`: the page's background image
/// (`PageBackgrounds`) or the `background` colour, and the invisible zones drawn over it
/// (`ZonePainter`), which show that background wherever they draw nothing.
final class PageBackdrop {
    private let zonePainter: ZonePainter
    private let backgrounds: PageBackgrounds?
    let background: RGBColor
    /// By drawn item (buttons, then texts): its zone style; nil for an ordinary item.
    private let zones: [ZoneStyle?]
    /// The page whose background is drawn.
    var page = 0
    /// Pictures set at run time, by page, over the config's (`setPicture`).
    private var runTime: [Int: BackgroundPicture] = [:]

    init(layout: FramebufferLayout, config: PanelConfiguration, styles: [ButtonStyle], backgrounds: PageBackgrounds?) {
        zonePainter = ZonePainter(layout: layout)
        self.backgrounds = backgrounds
        background = config.display.colors.background
        zones = config.buttons.indices.map { index in config.buttons[index].zone.map { $0.style(over: styles[index]) } }
    }

    /// Whether item `index` is an invisible zone.
    func isZone(_ index: Int) -> Bool {
        index < zones.count && zones[index] != nil
    }

    /// Page `page`'s picture, laid out as the screen; nil where it shows the colour.
    func picture(page: Int) -> UnsafeRawBufferPointer? {
        if let picture = runTime[page] { return picture.bytes }
        return backgrounds?.picture(page: page)
    }

    /// Whether any page has a picture.
    var hasPictures: Bool { backgrounds != nil || !runTime.isEmpty }

    /// Page `page` shows `picture` (`layout.bufferSize` bytes) from now on, instead of its
    /// image or colour; the one set before is released.
    func setPicture(_ picture: BackgroundPicture, page: Int) {
        runTime[page] = picture
    }

    /// Copies the page's image into `rect`; false when the page has none (the caller fills
    /// the colour, as fast as it fills).
    func restoreImage(_ rect: Rect, in pixels: UnsafeMutableRawBufferPointer) -> Bool {
        guard let picture = picture(page: page) else { return false }
        return zonePainter.restore(rect, from: picture, in: pixels)
    }

    /// Zone `index` in `state` at `rect`, with `label` (empty: none). `overBackground`: the
    /// background was just drawn there (a whole frame), so a zone that adds nothing to it in
    /// this state writes nothing.
    func paint(
        zone index: Int, rect: Rect, state: ButtonVisualState, label: LabelBitmap, overBackground: Bool,
        in pixels: UnsafeMutableRawBufferPointer
    ) {
        guard let style = zones[index] else { return }
        if overBackground && style.fill(for: state) == nil && style.button.borderWidth == 0 && (label.width == 0 || label.height == 0) {
            return
        }
        let picture = picture(page: page)
        label.withAlphaBitmap { bitmap in
            _ = zonePainter.paint(
                zone: rect, style: style, state: state, label: bitmap.width > 0 && bitmap.height > 0 ? bitmap : nil, backdrop: picture,
                background: background, in: pixels)
        }
    }
}
