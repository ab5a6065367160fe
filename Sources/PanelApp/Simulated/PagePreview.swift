import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
import TouchCore

/// What the panel shows on one page, drawn into memory as the simulated board draws it, without
/// a trace, a controller or a display: `touchpanel preview`'s pictures. Each item in its look at
/// start (a disabled button disabled, a bound button and a text unknown, `--`) unless `looks`
/// names another. Made once for all the pages drawn: the labels rasterised and the page images
/// brought in once, as at a start.
public struct PagePreview {
    /// The looks `--state ITEM=LOOK` takes.
    public static let lookNames: [(String, ButtonVisualState)] = [
        ("normal", .normal), ("pressed", .pressed), ("on", .on), ("disabled", .disabled), ("pending", .pending), ("unknown", .unknown),
    ]

    private let config: PanelConfiguration
    public let layout: FramebufferLayout
    private let labels: ButtonLabels
    private let backgrounds: PageBackgrounds?
    /// The charts' histories: read from `historyDirectory` as the panel keeps them, shown as
    /// they were at their newest bucket (a preview reads no clock); empty without one.
    private let charts: ChartHistories

    /// Ready to draw `pages` (by place in file order) in `format`. Refused as the start refuses:
    /// a label that cannot be drawn, a page image that does not decode (at the key's file:line).
    /// `log` gets what the start logs on the way, as `run` logs it: a page image that could not
    /// be kept in `cache` (held in memory instead).
    public init(
        config: PanelConfiguration, pages: [Int], format: PixelFormat, cache: BackgroundCache = .fromEnvironment(), log: PanelLog?,
        historyDirectory: String? = nil
    ) throws(StartError) {
        guard let layout = FramebufferLayout(
            physicalWidth: config.panelWidth, physicalHeight: config.panelHeight, format: format, rotation: config.display.rotation)
        else {
            throw StartError(.display, "a \(config.panelWidth)x\(config.panelHeight) picture cannot be drawn")
        }
        do {
            labels = try FramebufferSurface.rasterizeLabels(for: config)
        } catch {
            throw StartError(.display, error.message)
        }
        if let problem = (PageBackgrounds.problems(config, cache: cache) + IconPictures.problems(config)).first {
            throw StartError(.display, problem)
        }
        backgrounds = pages.contains(where: { config.pages.indices.contains($0) && config.pages[$0].image != nil })
            ? PageBackgrounds(config: config, layout: layout, cache: cache, log: log) : nil
        self.config = config
        self.layout = layout
        charts = ChartHistories(config.charts, directory: historyDirectory, nowEpochMs: nil, log: log)
    }

    /// The page `page` (by place in file order) as a PNG file's bytes; the error names what
    /// could not be drawn.
    public func png(page: Int, looks: [String: ButtonVisualState]) -> Result<[UInt8], StartError> {
        let memory = frame(page: page, looks: looks)
        return memory.withUnsafeBytes { pixels in
            do throws(PNGWriteError) {
                return .success(try FramebufferSnapshot.png(of: pixels, layout: layout))
            } catch {
                return .failure(StartError(.display, "the picture could not be written as PNG: \(error.message)"))
            }
        }
    }

    /// The page drawn into framebuffer memory of `layout`, as `png` writes it.
    public func frame(page: Int, looks: [String: ButtonVisualState]) -> [UInt8] {
        var memory = [UInt8](repeating: 0, count: layout.bufferSize)
        memory.withUnsafeMutableBytes { pixels in
            let surface = FramebufferSurface(layout: layout, pixels: pixels, config: config, labels: labels, backgrounds: backgrounds)
            surface.drawAll(PagePreview.itemLooks(config: config, page: page, looks: looks, charts: charts), page: page)
        }
        return memory
    }

    /// Each item's look on `page` (nil: on another page), by place: the buttons', the texts',
    /// then the sliders' at their start, as `looks` (by name) says.
    static func itemLooks(config: PanelConfiguration, page: Int, looks: [String: ButtonVisualState], charts: ChartHistories? = nil) -> [ItemLook?] {
        func shown(_ itemPage: Int) -> Bool { itemPage == page || itemPage == PageLayout.allPages }
        let buttons: [ItemLook?] = config.buttons.map { button in
            guard shown(button.page) else { return nil }
            if let look = looks[button.name] { return .button(look) }
            if !button.enabled { return .button(.disabled) }
            return .button(button.binding != nil ? .unknown : .normal)
        }
        let texts: [ItemLook?] = config.texts.map { text in
            guard shown(text.page) else { return nil }
            return .text(looks[text.name] ?? .unknown)
        }
        let sliders: [ItemLook?] = config.sliders.map { slider in
            guard shown(slider.page) else { return nil }
            let state = looks[slider.name]
            return .slider(slider.look(
                step: slider.startStep, pressed: state == .pressed, enabled: state == .disabled ? false : slider.enabled))
        }
        let qrCodes: [ItemLook?] = config.qrCodes.map { shown($0.page) ? .qrCode : nil }
        let chartLooks: [ItemLook?] = config.charts.indices.map { index in
            guard shown(config.charts[index].page), let charts else { return nil }
            return .chart(charts.look(index))
        }
        return buttons + texts + sliders + qrCodes + chartLooks
    }
}
