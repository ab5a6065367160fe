import LinuxSystem
import PanelConfig
import PanelEngine
import TouchCore

/// Paints the panel into framebuffer memory: the mmap'd /dev/fbN of a live panel, or the
/// simulated board's buffer. Labels are rasterised once, at start-up or when set, and each
/// button's look is prepared once per state it is shown in, so a repaint only writes rows
/// into memory the caller owns.
public final class FramebufferSurface: PanelSurface {
    public let layout: FramebufferLayout
    /// Where it paints; a page-flipped display points it at its back buffer before each frame.
    public var pixels: UnsafeMutableRawBufferPointer
    private let painter: FramebufferPainter
    private let background: RGBColor
    private let rects: [Rect]
    /// Each drawn item's style; a switch's is its tile's (`SwitchLook.tileStyle`).
    private let styles: [ButtonStyle]
    /// Per button with `look = switch`, its switch, painted over its tile and label.
    private let switches: [SwitchLook?]
    private var labels: [LabelBitmap]
    /// Per button with an icon, its label and icons, composed when a look is made.
    private var iconParts: [IconParts?] {
        didSet { withIcons = FramebufferSurface.iconButtons(iconParts) }
    }
    /// The buttons `iconParts` has parts for: a button without is drawn from its label alone,
    /// without looking at (and so copying) its empty parts.
    private var withIcons = ButtonSet()
    /// Per drawn item with a sublabel, its line.
    private let sublabels: [SublabelLine?]
    private let prepared: PreparedButtons
    /// For a label set at run time: the font the others came from, each item's place, font
    /// size and page (not its whole config: a panel's buttons' configs are tens of KiB), the
    /// border.
    private let font: FontRasterizer
    private let iconFont: IconFont?
    private let pictures: IconPictures
    /// Each button's icons: the config's, or one set at run time (`setIcon`).
    private var icons: [ButtonIcons?]
    private let items: [(rect: Rect, fontSize: Int, page: Int)]
    private let borderPx: Int
    /// The place of the first text: buttons come before, texts from here on.
    private let firstText: Int
    /// The place of the first slider: buttons and texts come before (`ItemKind`).
    private let firstSlider: Int
    /// The place of the first QR code: every other kind comes before (`ItemKind`).
    public let firstQRCode: Int
    /// Each QR code's modules and where they go.
    private var qrCodes: [PreparedQRCode]
    /// The place of the first chart: every other kind comes before (`ItemKind`).
    public let firstChart: Int
    /// Each chart's layout, glyphs and what its last paint left on screen.
    private let charts: [PreparedChart]
    /// Each text's colours at every coverage, in the display's format: its value changes,
    /// its look seldom does, so a value is blended by lookup (`CoveragePalette`).
    private var textPalettes: [CoveragePalette]
    /// Called after each frame: the simulated board writes a PNG, a live panel notes the time.
    public var onFrame: ((MonotonicInstant) -> Void)?
    /// Each slider's look as on screen, so that a new value repaints only the span between
    /// (nil: not drawn since the last whole frame).
    private var sliderLooks: [SliderLook?] = []
    /// One row of a slider's span, composed here and copied down its rows (`paintSlider`):
    /// the longest slider's length in pixels, allocated once.
    private let sliderRow: UnsafeMutableRawBufferPointer
    /// Each slider's label and value glyphs (nil: it has neither), prepared at start, and again
    /// when its label is set at run time.
    private var sliderTexts: [PreparedSliderText?]
    /// Each dial's band pixels in order along its arc (nil for a straight slider).
    private let dialPixels: [PreparedDialPixels?]
    /// The config of each slider whose label comes from its entity, to prepare its text again
    /// with the label when it comes; nil for the others.
    private let relabelledSliders: [SliderConfig?]
    /// The page's background image or colour, and the invisible zones over it.
    private let backdrop: PageBackdrop
    /// Where whole frames stand (the screensaver's drift), and a physical row to move them by.
    public private(set) var frameShift = SaverShift.none
    private let shiftRow: UnsafeMutableRawBufferPointer
    /// The page whose background whole frames show.
    public var page: Int {
        get { backdrop.page }
        set { backdrop.page = newValue }
    }

    /// The most bytes of prepared looks a surface holds (`PreparedButtons`), by default: 28
    /// KiB, the normal and pressed looks of a plain button and one more look. It was 48 KiB
    /// until the rounded corners, sublabels and pictures of issue 27 grew the firmware (the
    /// kernel VM's pages run then read 516 to 524 kB anonymous, over issue 29's 512 KiB), then
    /// 32 KiB until the static firmware took in OpenSSL for its Home Assistant client (issue 45:
    /// its data and start-up cost the pages run 16 to 20 kB: 508 to 512 kB, 500 with 28 KiB;
    /// 24 KiB would put the eight-buttons repaint over its 15,000 instructions). The block is
    /// the one part of that which is the panel's to choose. A look not held is painted straight
    /// (about 20,000 instructions a repaint); one dropped is prepared again when next drawn (a
    /// few hundred thousand instructions for one with an icon, scripts/bench.sh's looks rows).
    public static let defaultLookByteLimit = 28 * 1024

    /// `lookByteLimit`: the most bytes of prepared looks held (`PreparedButtons`);
    /// `backgrounds`: the pages' images (nil: every page shows the colour).
    public init(
        layout: FramebufferLayout, pixels: UnsafeMutableRawBufferPointer, config: PanelConfiguration, labels: ButtonLabels,
        lookByteLimit: Int = FramebufferSurface.defaultLookByteLimit, backgrounds: PageBackgrounds? = nil
    ) {
        self.layout = layout
        self.pixels = pixels
        self.labels = labels.bitmaps
        iconParts = labels.iconParts + [IconParts?](repeating: nil, count: max(0, config.buttons.count - labels.iconParts.count))
        withIcons = FramebufferSurface.iconButtons(iconParts)
        sublabels = labels.sublabels + [SublabelLine?](repeating: nil, count: max(0, config.drawnItemCount - labels.sublabels.count))
        font = labels.font
        iconFont = labels.iconFont
        pictures = labels.pictures
        icons = config.buttons.map { $0.icons }
        items = FramebufferSurface.drawnPlaces(of: config)
        firstText = config.buttons.count
        firstSlider = config.firstPlace(of: .slider)
        firstQRCode = config.firstPlace(of: .qrCode)
        qrCodes = config.qrCodes.map { PreparedQRCode($0) }
        firstChart = config.firstPlace(of: .chart)
        charts = config.charts.map { PreparedChart($0, font: labels.font, fontSize: config.display.fontSize, format: layout.format) }
        textPalettes = [CoveragePalette](repeating: CoveragePalette(), count: config.texts.count)
        borderPx = config.display.borderPx
        painter = FramebufferPainter(layout: layout)
        prepared = PreparedButtons(painter: painter, buttonCount: config.drawnItemCount, byteLimit: lookByteLimit)
        background = config.display.colors.background
        rects = items.map { $0.rect }
        let switches = config.buttons.map { FramebufferSurface.switchLook(for: $0, borderPx: config.display.borderPx) }
        self.switches = switches
        styles = config.buttons.map { FramebufferSurface.drawnStyle(for: $0, borderPx: config.display.borderPx) }
            + config.texts.map { FramebufferSurface.style(for: $0) }
        let longest = config.sliders.map { Int(max($0.rect.width, $0.rect.height)) }.max() ?? 0
        sliderRow = .allocate(byteCount: max(16, longest * layout.format.bytesPerPixel), alignment: 16)
        sliderTexts = config.sliders.map { PreparedSliderText($0, font: labels.font, format: layout.format) }
        dialPixels = config.sliders.map { PreparedDialPixels($0, layout: layout) }
        relabelledSliders = config.sliders.map { $0.labelFromEntity ? $0 : nil }
        backdrop = PageBackdrop(layout: layout, config: config, styles: styles, backgrounds: backgrounds)
        shiftRow = .allocate(byteCount: max(16, Int(layout.physicalWidth) * layout.format.bytesPerPixel), alignment: 16)
    }

    deinit {
        shiftRow.deallocate()
        sliderRow.deallocate()
    }

    /// Where each drawn item is, by place: the buttons', then the texts'.
    static func drawnPlaces(of config: PanelConfiguration) -> [(rect: Rect, fontSize: Int, page: Int)] {
        config.buttons.map { ($0.rect, $0.fontSize, $0.page) } + config.texts.map { ($0.rect, $0.fontSize, $0.page) }
    }

    /// A config's colours as the painter's style: each state's fill, label and sublabel
    /// colour, and its corners' radius.
    public static func style(for button: ButtonConfig, borderPx: Int) -> ButtonStyle {
        let palette = button.colors
        func subtext(_ state: ButtonVisualState) -> RGBColor? { button.sublabel?.color(in: state, palette: palette) }
        var style = ButtonStyle(
            normal: .init(fill: palette.fill, text: palette.text, subtext: subtext(.normal)),
            pressed: .init(fill: palette.pressedFill, text: palette.resolvedPressedText, subtext: subtext(.pressed)),
            disabled: .init(fill: palette.disabledFill, text: palette.disabledText, subtext: subtext(.disabled)),
            on: .init(fill: palette.onFill, text: palette.resolvedOnText, subtext: subtext(.on)),
            pending: .init(fill: palette.resolvedPendingFill, text: palette.resolvedPendingText, subtext: subtext(.pending)),
            unknown: .init(fill: palette.unknownFill, text: palette.unknownText, subtext: subtext(.unknown)),
            border: palette.border, borderWidth: Int32(borderPx))
        style.radiusPx = Int32(clamping: button.radiusPx)
        return style
    }

    /// The style a button's frame and label are painted with: its own, or a switch's tile's.
    static func drawnStyle(for button: ButtonConfig, borderPx: Int) -> ButtonStyle {
        switchLook(for: button, borderPx: borderPx)?.tileStyle ?? style(for: button, borderPx: borderPx)
    }

    /// The switch of a button with `look = switch`, in its colours; nil for a plain button.
    public static func switchLook(for button: ButtonConfig, borderPx: Int) -> SwitchLook? {
        guard button.look == .switch else { return nil }
        return SwitchLook(rect: button.rect, colors: style(for: button, borderPx: borderPx))
    }

    /// The rect a button's label is fitted to: the button's, or beside a switch the part past
    /// it, so wide that the label's fitted width ends a padding inside the border (the
    /// painter starts it at `SwitchLook.labelInsetPx`).
    static func labelRect(of button: ButtonConfig, borderPx: Int) -> Rect {
        labelRect(button.rect, beside: switchLook(for: button, borderPx: borderPx), borderPx: borderPx)
    }

    static func labelRect(_ rect: Rect, beside look: SwitchLook?, borderPx: Int) -> Rect {
        guard let look else { return rect }
        let widthPx = look.labelWidthPx + Int32(2 * borderPx + LabelFit.paddingPx)
        return Rect(x: rect.x + rect.width - widthPx, y: rect.y, width: widthPx, height: rect.height)
    }

    /// Opens the config's font (and its icon font, when a button has an icon), once, and
    /// rasterises every button's label with them: a button with an icon keeps its parts
    /// (`IconParts`), its entry in `bitmaps` empty.
    public static func rasterizeLabels(for config: PanelConfiguration) throws(FontError) -> ButtonLabels {
        let font = try FontRasterizer(paths: config.display.fonts, pixelSize: DisplayConfig.defaultFontSize)
        let iconFont = try openIconFont(for: config)
        let pictures = IconPictures()
        let borderPx = config.display.borderPx
        let sublabels = config.buttons.map { SublabelLine($0.sublabel, rect: $0.rect, borderPx: borderPx, font: font) }
        let parts = config.buttons.indices.map { index in
            iconParts(
                config.buttons[index].label, of: config.buttons[index], below: sublabels[index], borderPx: borderPx, font: font,
                iconFont: iconFont, pictures: pictures)
        }
        return ButtonLabels(
            font: font,
            bitmaps: config.buttons.indices.map { index in
                guard parts[index] == nil else { return .empty }
                return fittedLabel(config.buttons[index].label, of: config.buttons[index], below: sublabels[index], borderPx: borderPx, font: font)
            } + config.texts.map { startLabel(of: $0, font: font) },
            iconFont: iconFont, pictures: pictures, iconParts: parts, sublabels: sublabels)
    }

    /// `[display] icon_font`, opened when a button has an icon; nil otherwise.
    public static func openIconFont(for config: PanelConfiguration) throws(FontError) -> IconFont? {
        guard let path = config.display.iconFont, config.buttons.contains(where: { $0.icons != nil }) else { return nil }
        return try IconFont(path: path)
    }

    /// A button's label and icons in parts, fitted above its sublabel; nil without an icon
    /// the font or the picture files have.
    static func iconParts(
        _ text: String, of button: ButtonConfig, below sublabel: SublabelLine?, borderPx: Int, font: FontRasterizer, iconFont: IconFont?,
        pictures: IconPictures
    ) -> IconParts? {
        guard let icons = button.icons else { return nil }
        return IconLabel.parts(
            text, icons: icons, rect: SublabelLine.labelRoom(button.rect, below: sublabel), fontSize: button.fontSize, borderPx: borderPx,
            font: font, iconFont: iconFont, pictures: pictures)
    }

    /// The label of a button as its resting look shows it: with its icon, when it has one
    /// (and an icon font), else the text alone; fitted above its sublabel.
    public static func fittedLabel(_ text: String, of button: ButtonConfig, borderPx: Int, font: FontRasterizer, iconFont: IconFont?) -> LabelBitmap {
        restingContent(text, of: button, borderPx: borderPx, font: font, iconFont: iconFont, pictures: IconPictures()).label.label
    }

    /// The label, its icon and its sublabel line as a button's resting look shows them.
    static func restingContent(
        _ text: String, of button: ButtonConfig, borderPx: Int, font: FontRasterizer, iconFont: IconFont?, pictures: IconPictures
    ) -> (label: ComposedLabel, sublabel: SublabelLine?) {
        let sublabel = SublabelLine(button.sublabel, rect: button.rect, borderPx: borderPx, font: font)
        if let parts = iconParts(text, of: button, below: sublabel, borderPx: borderPx, font: font, iconFont: iconFont, pictures: pictures) {
            return (parts.composed(for: .normal), sublabel)
        }
        return (ComposedLabel(label: fittedLabel(text, of: button, below: sublabel, borderPx: borderPx, font: font)), sublabel)
    }

    /// A button's text label fitted into the room its sublabel leaves (all of the button
    /// without one, through the measured `fittedLabel(_:of:borderPx:font:)`).
    static func fittedLabel(_ text: String, of button: ButtonConfig, below sublabel: SublabelLine?, borderPx: Int, font: FontRasterizer) -> LabelBitmap {
        guard sublabel != nil else { return fittedLabel(text, of: button, borderPx: borderPx, font: font) }
        return fittedLabel(
            text, rect: SublabelLine.labelRoom(button.rect, below: sublabel), fontSize: button.fontSize, borderPx: borderPx, font: font)
    }

    /// Lends `body` the painter's view of a composed label and `layers` with its picture and
    /// its sublabel placed.
    static func withContent<R>(
        _ composed: ComposedLabel, sublabel: SublabelLine?, layers: ButtonLayers, _ body: (AlphaBitmap, ButtonLayers) -> R
    ) -> R {
        guard let picture = composed.picture else { return SublabelLine.withLabel(composed.label, sublabel: sublabel, layers: layers, body) }
        return picture.pixels.withUnsafeBytes { bytes in
            var layers = layers
            layers.picture = RGBAPixels(width: Int32(picture.widthPx), height: Int32(picture.heightPx), stride: picture.rowBytes, pixels: bytes)
            layers.pictureX = composed.pictureX
            layers.pictureY = composed.pictureY
            return SublabelLine.withLabel(composed.label, sublabel: sublabel, layers: layers, body)
        }
    }

    /// One label fitted to its button (`LabelFit`) and rasterised at the size found: the work
    /// of a label at start-up and of each label set later. A function of its own in every
    /// build: scripts/bench.sh counts its instructions per call.
    @inline(never)
    public static func fittedLabel(_ text: String, of button: ButtonConfig, borderPx: Int, font: FontRasterizer) -> LabelBitmap {
        fittedLabel(text, rect: labelRect(of: button, borderPx: borderPx), fontSize: button.fontSize, borderPx: borderPx, font: font)
    }

    /// The same for a label in `rect` starting at `fontSize`.
    public static func fittedLabel(_ text: String, rect: Rect, fontSize: Int, borderPx: Int, font: FontRasterizer) -> LabelBitmap {
        let fit = fitLabel(text, rect: rect, fontSize: fontSize, borderPx: borderPx, font: font)
        font.setPixelSize(fit.pixelSize)
        // Only the rows with ink are kept: drawn in the same place, for a quarter less memory.
        return font.rasterize(lines: fit.lines).trimmed
    }

    /// For each slider with a label or a format, the size its text is drawn at and whether it
    /// fits the slider at that size (nil: no text), as the panel prepares it.
    public static func sliderTextFits(for config: PanelConfiguration, font: FontRasterizer) -> [(fits: Bool, pixelSize: Int)?] {
        config.sliders.map { slider in PreparedSliderText(slider, font: font).map { ($0.fits, $0.pixelSize) } }
    }

    /// How each button's label fits it, for `check`'s warnings; `font` is the config's. A
    /// label beside an icon fits the room the icon leaves; beside a centred icon it is not
    /// drawn, and fits.
    public static func labelFits(for config: PanelConfiguration, font: FontRasterizer, iconFont: IconFont? = nil) -> [LabelFit.Result] {
        let pictures = IconPictures()
        return config.buttons.map { button in
            let sublabel = SublabelLine(button.sublabel, rect: button.rect, borderPx: config.display.borderPx, font: font)
            let room = SublabelLine.labelRoom(labelRect(of: button, borderPx: config.display.borderPx), below: sublabel)
            if let icons = button.icons,
                let fit = IconLabel.labelFit(
                    button.label, icons: icons, rect: room, fontSize: button.fontSize, borderPx: config.display.borderPx,
                    font: font, iconFont: iconFont, pictures: pictures)
            {
                return fit
            }
            return fitLabel(button.label, rect: room, fontSize: button.fontSize, borderPx: config.display.borderPx, font: font)
        }
    }

    /// The room inside the border and the padding, at the button's font size and below. A
    /// size the font cannot be set to (a bitmap font has only some) never fits.
    static func fitLabel(_ text: String, of button: ButtonConfig, borderPx: Int, font: FontRasterizer) -> LabelFit.Result {
        fitLabel(text, rect: labelRect(of: button, borderPx: borderPx), fontSize: button.fontSize, borderPx: borderPx, font: font)
    }

    static func fitLabel(_ text: String, rect: Rect, fontSize: Int, borderPx: Int, font: FontRasterizer) -> LabelFit.Result {
        let inset = 2 * (borderPx + LabelFit.paddingPx)
        let height = max(0, Int(rect.height) - inset)
        return LabelFit.fit(
            text, width: max(0, Int(rect.width) - inset), height: height,
            startSize: fontSize,
            measure: { line, size in font.setPixelSize(size) ? font.measure(line) : Int.max },
            lineHeight: { size in font.setPixelSize(size) ? font.lineHeight : height + 1 })
    }

    /// The whole picture of page `page`: its buttons and texts (`drawAll(_:page:)` with their
    /// states), then its sliders and its QR codes, each painted whole.
    public func drawAll(_ looks: [ItemLook?], page: Int) {
        drawAll(FramebufferSurface.states(of: looks, before: firstSlider), page: page)
        for (index, look) in FramebufferSurface.sliderLooks(of: looks, from: firstSlider).enumerated() {
            if let look { draw(slider: index, look: look) }
        }
        for place in firstQRCode..<max(firstQRCode, looks.count) where looks[place] == .qrCode {
            paintWhole(qrCode: place - firstQRCode)
        }
        for place in firstChart..<max(firstChart, looks.count) {
            if case .chart(let chart)? = looks[place] { paintWhole(chart: place - firstChart, look: chart) }
        }
        applyFrameShift()
    }

    public func setFrameShift(_ shift: SaverShift) {
        frameShift = shift
    }

    /// The whole frame just painted moved to `frameShift` (a DRM back buffer's too).
    public func applyFrameShift() {
        FrameShift.apply(frameShift, layout: layout, painter: painter, background: background, scratch: shiftRow, in: pixels)
    }

    public func drawPlain(_ color: RGBColor) {
        _ = painter.fill(layout.logicalBounds, color, in: pixels)
    }

    public func draw(item: Int, look: ItemLook) {
        switch look {
        case .button(let state), .text(let state): draw(button: item, state: state)
        case .slider(let slider): draw(slider: item - firstSlider, look: slider)
        case .qrCode: paintWhole(qrCode: item - firstQRCode)
        case .chart(let chart):
            guard charts.indices.contains(item - firstChart) else { return }
            charts[item - firstChart].paint(chart, whole: false, with: painter, in: pixels)
        }
    }

    /// Chart `index` painted whole into `pixels` (a whole frame, or a DRM back buffer, which
    /// holds the chart as it was two frames ago).
    public func paintWhole(chart index: Int, look: ChartLook) {
        guard charts.indices.contains(index) else { return }
        charts[index].paint(look, whole: true, with: painter, in: pixels)
    }

    /// Where chart `index` is drawn.
    public func rect(ofChart index: Int) -> Rect? {
        charts.indices.contains(index) ? charts[index].rect : nil
    }

    /// QR code `index` painted whole: its rect in its light colour, its dark modules over it.
    public func paintWhole(qrCode index: Int) {
        guard qrCodes.indices.contains(index) else { return }
        qrCodes[index].paint(with: painter, in: pixels)
    }

    /// Where QR code `index` is drawn.
    public func rect(ofQRCode index: Int) -> Rect? {
        qrCodes.indices.contains(index) ? qrCodes[index].rect : nil
    }

    /// The buttons' and texts' states of `looks` (the places before `firstSlider`).
    static func states(of looks: [ItemLook?], before firstSlider: Int) -> [ButtonVisualState?] {
        (0..<min(firstSlider, looks.count)).map { place in
            switch looks[place] {
            case .button(let state)?, .text(let state)?: state
            case .slider?, .qrCode?, .chart?, nil: nil
            }
        }
    }

    /// The sliders' looks of `looks` (the places from `firstSlider` on), nil for those not shown.
    static func sliderLooks(of looks: [ItemLook?], from firstSlider: Int) -> [SliderLook?] {
        guard firstSlider < looks.count else { return [] }
        return looks[firstSlider...].map { look in
            if case .slider(let slider)? = look { return slider }
            return nil
        }
    }

    /// The buttons and texts of page `page` (nil: not shown): the background where no item is,
    /// the page's own items, then those on every page, above them. The looks of items not shown
    /// are dropped first, so the shown ones reuse their memory. The sliders are the caller's.
    func drawAll(_ states: [ButtonVisualState?], page: Int) {
        // A rounded item on every page keeps its looks across pages, and its corners show the
        // page's picture: made again over the new one.
        if page != self.page && backdrop.hasPictures {
            for index in styles.indices where styles[index].radiusPx > 0 && items[index].page == PageLayout.allPages {
                prepared.forget(button: index)
            }
        }
        self.page = page
        drawAll(states)
    }

    func drawAll(_ states: [ButtonVisualState?]) {
        for index in states.indices where index < firstText && states[index] == nil {
            prepared.forget(button: index)
        }
        for index in sliderLooks.indices { sliderLooks[index] = nil }
        // Invisible zones cover nothing: the background goes under them too.
        let shown = states.indices.filter { $0 < rects.count && states[$0] != nil && !backdrop.isZone($0) }.map { rects[$0] }
        for region in BackgroundRegions.uncovered(layout.logicalBounds, by: shown) where !backdrop.restoreImage(region, in: pixels) {
            _ = painter.fill(region, background, in: pixels)
        }
        for onEveryPage in [false, true] {
            for index in states.indices where index < items.count && (items[index].page == PageLayout.allPages) == onEveryPage {
                guard let state = states[index] else { continue }
                if backdrop.isZone(index) {
                    backdrop.paint(zone: index, rect: rects[index], state: state, label: label(of: index, in: state), overBackground: true, in: pixels)
                } else if index < firstText && !prepared.holds(button: index, state: state) {
                    paintWithoutLook(button: index, state: state)
                } else {
                    draw(button: index, state: state)
                }
            }
        }
    }

    /// A button whose look in `state` is not held, in a whole frame (a page just shown): its
    /// label blended straight onto the screen through a shared palette, which costs what
    /// preparing the look would, without its copy. The look is prepared when the button is
    /// next drawn on its own (its state changed), since only then is it drawn again.
    private func paintWithoutLook(button: Int, state: ButtonVisualState) {
        // The style copied once: it is a hundred bytes, and each `styles[button]` copies it.
        let style = styles[button]
        let rect = rects[button]
        withContent(of: button, in: state) { bitmap, layers in
            prepared.withPalette(for: style.colors(for: state)) { palette in
                _ = painter.paintButton(rect: rect, style: style, state: state, label: bitmap, layers: layers, palette: &palette, in: pixels)
            }
        }
        paintSwitch(of: button, state: state)
    }

    /// Button `button`'s switch, when it has one, over its tile just painted.
    private func paintSwitch(of button: Int, state: ButtonVisualState) {
        guard button < switches.count, let look = switches[button] else { return }
        painter.paintSwitch(look, state: state, in: pixels)
    }

    /// Lends `body` what button `button` shows in `state` over its fill: its label (with its
    /// icon), its sublabel, and what is behind its corners (the page's picture or colour).
    private func withContent<R>(of button: Int, in state: ButtonVisualState, _ body: (AlphaBitmap, ButtonLayers) -> R) -> R {
        let page = items[button].page == PageLayout.allPages ? self.page : items[button].page
        let layers = ButtonLayers(behind: background, backdrop: backdrop.picture(page: page))
        guard withIcons.contains(button) else {
            return SublabelLine.withLabel(labels[button], sublabel: sublabels[button], layers: layers, body)
        }
        return FramebufferSurface.withContent(composed(button, in: state), sublabel: sublabels[button], layers: layers, body)
    }

    /// What button `button` shows as its label in `state`: its icon for that look and its text
    /// composed (a new bitmap, for a look about to be made), or its text.
    private func composed(_ button: Int, in state: ButtonVisualState) -> ComposedLabel {
        guard withIcons.contains(button), button < iconParts.count, let parts = iconParts[button] else {
            return ComposedLabel(label: labels[button])
        }
        return parts.composed(for: state)
    }

    private static func iconButtons(_ parts: [IconParts?]) -> ButtonSet {
        var buttons = ButtonSet()
        for index in parts.indices where parts[index] != nil { buttons.insert(index) }
        return buttons
    }

    /// The coverage part of it: an invisible zone draws no picture.
    private func label(of button: Int, in state: ButtonVisualState) -> LabelBitmap {
        composed(button, in: state).label
    }

    func draw(button: Int, state: ButtonVisualState) {
        if backdrop.isZone(button) {
            backdrop.paint(zone: button, rect: rects[button], state: state, label: label(of: button, in: state), overBackground: false, in: pixels)
            return
        }
        // A text's look changes with each value: painted straight from its label, since a look
        // prepared for it would be used once.
        if button >= firstText {
            labels[button].withAlphaBitmap { bitmap in
                _ = painter.paintButton(
                    rect: rects[button], style: styles[button], state: state, label: bitmap,
                    palette: &textPalettes[button - firstText], in: pixels)
            }
            return
        }
        // A look made before and not kept for want of room: straight until there is room.
        guard prepared.admits(button: button, state: state) else {
            paintWithoutLook(button: button, state: state)
            return
        }
        prepared.with(button: button, state: state, rect: rects[button], style: styles[button], content: { withContent(of: button, in: state, $0) }) { look in
            _ = painter.paintButton(rect: rects[button], style: styles[button], state: state, prepared: look, in: pixels)
        }
        paintSwitch(of: button, state: state)
    }

    func draw(slider index: Int, look: SliderLook) {
        guard index >= 0 else { return }
        while sliderLooks.count <= index { sliderLooks.append(nil) }
        paint(slider: index, look: look, previous: sliderLooks[index])
        sliderLooks[index] = look
    }

    /// Slider `index` painted whole, label and value included, into `pixels` (a DRM back
    /// buffer, which holds the slider as it was two frames ago).
    public func paintWhole(slider index: Int, look: SliderLook) {
        paint(slider: index, look: look, previous: nil)
    }

    private func paint(slider index: Int, look: SliderLook, previous: SliderLook?) {
        let dial = dialPixels.indices.contains(index) ? dialPixels[index]?.pixels : nil
        guard let text = sliderTexts.indices.contains(index) ? sliderTexts[index] : nil else {
            painter.paintSlider(look, previous: previous, scratch: sliderRow, dialPixels: dial, in: pixels)
            return
        }
        painter.paintSlider(look, previous: previous, scratch: sliderRow, dialPixels: dial, text: text.look, palettes: &text.palettes, in: pixels)
    }

    /// Fits and rasterises with the font the start-up labels came from: no file is opened,
    /// and glyphs drawn before are not rendered again.
    public func setLabel(button: Int, text: String) -> String? {
        if button >= firstChart { return "a chart has no label" }
        if button >= firstQRCode { return setText(qrCode: button - firstQRCode, text: text) }
        if button >= firstSlider { return setLabel(slider: button - firstSlider, text: text) }
        guard button >= 0 && button < labels.count else { return "no button \(button)" }
        // A text has no border: its whole rect (less the padding) is room for its value.
        let border = styles[button].borderWidth == 0 ? 0 : borderPx
        let item = items[button]
        let room = SublabelLine.labelRoom(labelRect(of: button), below: sublabels[button])
        if button < iconParts.count, iconParts[button] != nil, let icons = icons[button] {
            iconParts[button] = IconLabel.parts(
                text, icons: icons, rect: room, fontSize: item.fontSize, borderPx: border, font: font, iconFont: iconFont, pictures: pictures)
        } else {
            labels[button] = FramebufferSurface.fittedLabel(text, rect: room, fontSize: item.fontSize, borderPx: border, font: font)
        }
        prepared.forget(button: button)
        return nil
    }

    /// The rect item `index`'s label is fitted to (`labelRect(of:borderPx:)`).
    private func labelRect(of index: Int) -> Rect {
        FramebufferSurface.labelRect(items[index].rect, beside: index < switches.count ? switches[index] : nil, borderPx: borderPx)
    }

    /// QR code `index` encoded again with `text`, painted from its next paint on; when the new
    /// code does not fit, the previous one stays and the reason is returned.
    private func setText(qrCode index: Int, text: String) -> String? {
        guard qrCodes.indices.contains(index) else { return "no QR code \(index)" }
        return qrCodes[index].setText(text)
    }

    /// Slider `index`'s label and value prepared again with `text` as its label (fitted anew),
    /// and the slider painted whole at its next paint.
    private func setLabel(slider index: Int, text: String) -> String? {
        guard relabelledSliders.indices.contains(index), var slider = relabelledSliders[index] else {
            return "no slider \(index) whose label is set at run time"
        }
        slider.label = text
        sliderTexts[index] = PreparedSliderText(slider, font: font, format: layout.format)
        if sliderLooks.indices.contains(index) { sliderLooks[index] = nil }
        return nil
    }

    /// The bytes of the prepared looks held now (those of the shown page's buttons, in the
    /// states they have been shown in since it was shown).
    public var preparedLookBytes: Int { prepared.byteCount }

    /// The bytes made at start for drawing dials and charts fast: each dial's band pixels in
    /// order along its arc, and the value glyphs of dials and the text glyphs of charts as
    /// pixels. Held for the surface's life.
    public var itemPixelBytes: Int {
        dialPixels.reduce(0) { $0 + ($1?.byteCount ?? 0) } + sliderTexts.reduce(0) { $0 + ($1?.paintedBytes ?? 0) }
            + charts.reduce(0) { $0 + $1.paintedBytes }
    }

    public func frameDone(at instant: MonotonicInstant) {
        paintedFrames &+= 1
        onFrame?(instant)
    }

    /// Counts the frames painted into `pixels` (the mirror makes a new picture when it moves):
    /// each `frameDone`, and each frame a page-flipping display paints through this surface.
    public private(set) var paintedFrames: UInt64 = 0

    /// A page-flipping display (`DRMSurface`) painted a frame through this surface.
    public func framePainted() {
        paintedFrames &+= 1
    }

    // MARK: - Pictures set at run time (made by `PictureWorker`; drawn from the next paint on)

    /// The colour a page's picture is fitted over.
    public var pageBackground: RGBColor { background }

    /// The square an icon set at run time for `button` is fitted into: its `icon_size`, else
    /// fitted to the room above its sublabel (as a `top` icon, for a button without one); nil
    /// for a place that is no button.
    public func iconSizePx(button: Int) -> Int? {
        guard button >= 0, button < firstText else { return nil }
        if let size = icons[button]?.sizePx { return size }
        let room = SublabelLine.labelRoom(items[button].rect, below: sublabels[button])
        let inset = 2 * (borderPx + LabelFit.paddingPx)
        return IconLabel.fittedSizePx(
            icons[button]?.position ?? .top, width: max(0, Int(room.width) - inset), height: max(0, Int(room.height) - inset))
    }

    /// Button `button` shows `picture` (fitted into `iconSizePx(button:)`) as its icon in every
    /// look from now on, beside `label` (its text now), as a PNG icon from a file is drawn; the
    /// picture set before is released.
    public func setIcon(button: Int, picture: RGBAImage, label: String) {
        guard let size = iconSizePx(button: button) else { return }
        let key = "\u{0}run-time icon \(button)"
        pictures.place(picture, as: key, sizePx: size)
        let given = ButtonIcons(normal: .picture(key), sizePx: size, position: icons[button]?.position ?? .top)
        icons[button] = given
        iconParts[button] = IconLabel.parts(
            label, icons: given, rect: SublabelLine.labelRoom(items[button].rect, below: sublabels[button]), fontSize: items[button].fontSize,
            borderPx: borderPx, font: font, iconFont: iconFont, pictures: pictures)
        prepared.forget(button: button)
    }

    /// Page `page` shows `picture` (`layout.bufferSize` bytes) from now on: the looks whose
    /// corners show it are made again.
    public func setPicture(_ picture: BackgroundPicture, page: Int) {
        backdrop.setPicture(picture, page: page)
        for index in 0..<firstText where styles[index].radiusPx > 0 && (items[index].page == page || items[index].page == PageLayout.allPages) {
            prepared.forget(button: index)
        }
    }
}
