import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
import TouchCore

/// What the panel shows on one page, drawn into memory as the simulated board draws it, without
/// a trace, a controller or a display: `touchpanel preview`'s pictures. Each item in its look at
/// start (a disabled button disabled, a bound button and a text unknown, `--`) unless `looks`
/// names another.
public enum PagePreview {
    /// The looks `--state ITEM=LOOK` takes.
    public static let lookNames: [(String, ButtonVisualState)] = [
        ("normal", .normal), ("pressed", .pressed), ("on", .on), ("disabled", .disabled), ("pending", .pending), ("unknown", .unknown),
    ]

    /// The page `page` (by place in file order) as a PNG file's bytes, in `format`; the error
    /// names what could not be drawn.
    public static func png(
        config: PanelConfiguration, page: Int, looks: [String: ButtonVisualState], format: PixelFormat
    ) -> Result<[UInt8], StartError> {
        guard let layout = FramebufferLayout(
            physicalWidth: config.panelWidth, physicalHeight: config.panelHeight, format: format, rotation: config.display.rotation)
        else {
            return .failure(StartError(.display, "a \(config.panelWidth)x\(config.panelHeight) picture cannot be drawn"))
        }
        let labels: ButtonLabels
        do {
            labels = try FramebufferSurface.rasterizeLabels(for: config)
        } catch {
            return .failure(StartError(.display, error.message))
        }
        if let problem = PageBackgrounds.problems(config).first { return .failure(StartError(.display, problem)) }
        let backgrounds = config.pages.indices.contains(page) && config.pages[page].image != nil
            ? PageBackgrounds(config: config, layout: layout, cache: .fromEnvironment(), log: nil) : nil
        var memory = [UInt8](repeating: 0, count: layout.bufferSize)
        return memory.withUnsafeMutableBytes { pixels in
            let surface = FramebufferSurface(layout: layout, pixels: pixels, config: config, labels: labels, backgrounds: backgrounds)
            surface.drawAll(states(config: config, page: page, looks: looks), page: page)
            for (index, slider) in config.sliders.enumerated() where slider.page == page || slider.page == PageLayout.allPages {
                let state = looks[slider.name]
                surface.draw(slider: index, look: slider.look(
                    step: slider.startStep, pressed: state == .pressed, enabled: state == .disabled ? false : slider.enabled))
            }
            guard let png = FramebufferSnapshot.png(of: UnsafeRawBufferPointer(pixels), layout: layout) else {
                return .failure(StartError(.display, "the picture could not be read back"))
            }
            return .success(png)
        }
    }

    /// Each place's look on `page` (nil: on another page): the buttons', then the texts'.
    static func states(config: PanelConfiguration, page: Int, looks: [String: ButtonVisualState]) -> [ButtonVisualState?] {
        func shown(_ itemPage: Int) -> Bool { itemPage == page || itemPage == PageLayout.allPages }
        let buttons: [ButtonVisualState?] = config.buttons.map { button in
            guard shown(button.page) else { return nil }
            if let look = looks[button.name] { return look }
            if !button.enabled { return .disabled }
            return button.binding != nil ? .unknown : .normal
        }
        let texts: [ButtonVisualState?] = config.texts.map { text in
            guard shown(text.page) else { return nil }
            return looks[text.name] ?? .unknown
        }
        return buttons + texts
    }
}
