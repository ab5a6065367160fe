import TouchCore
/// The keys of `[display]`.
enum DisplayKey: SectionKey {
    case width
    case height
    case framebuffer
    case output
    case card
    case connector
    case drmFormat
    case rotation
    case font
    case fontSize
    case iconFont
    case background
    case color(ButtonColorKey)
    case sliderTrack
    case sliderFill
    case sliderKnob
    case borderPx
    case budgetUs

    static let allCases: [DisplayKey] =
        [.width, .height, .framebuffer, .output, .card, .connector, .drmFormat, .rotation, .font, .fontSize, .iconFont, .background]
        + ButtonColorKey.allCases.map(DisplayKey.color) + [.sliderTrack, .sliderFill, .sliderKnob, .borderPx, .budgetUs]

    init?(rawValue: String) {
        guard let key = DisplayKey.named(rawValue) else { return nil }
        self = key
    }

    var rawValue: String {
        switch self {
        case .width: "width"
        case .height: "height"
        case .framebuffer: "framebuffer"
        case .output: "output"
        case .card: "card"
        case .connector: "connector"
        case .drmFormat: "drm_format"
        case .rotation: "rotation"
        case .font: "font"
        case .fontSize: "font_size"
        case .iconFont: "icon_font"
        case .background: "background"
        case .color(let key): key.rawValue
        case .sliderTrack: "slider_track"
        case .sliderFill: "slider_fill"
        case .sliderKnob: "slider_knob"
        case .borderPx: "border_px"
        case .budgetUs: "budget_us"
        }
    }

    var doc: KeyDoc {
        let size = KeyDoc.span(DisplayDraft.sizeRange)
        return switch self {
        case .width: .required("the panel's native width in pixels, the framebuffer's xres, \(size)")
        case .height: .required("its native height, the framebuffer's yres, \(size)")
        case .framebuffer: .value(DisplayConfig.defaultFramebuffer, "the fbdev device, an absolute path")
        case .output:
            .value(DisplayOutputChoice.auto.rawValue,
                   "`drm` (DRM/KMS: page flips, no tearing), `fbdev`, or `auto`: DRM, else fbdev with a log line saying why")
        case .card: .words("the first with a connected display", "a DRM card, an absolute path: `/dev/dri/card1`")
        case .connector: .words("the first connected", "the kernel's connector name: `HDMI-A-1`, `DSI-1`, `DPI-1`")
        case .drmFormat:
            .value(DRMPixelFormat.xrgb8888.rawValue, "or `rgb565`: half the memory and bandwidth, colours rounded to 5-6-5 bits")
        case .rotation:
            .value("\(DisplayRotation.degrees0.degrees)",
                   "0, 90, 180 or 270, clockwise: turns the picture and the touch; button rects are in the turned picture")
        case .font:
            .value(DisplayConfig.defaultFont,
                   "the labels' TrueType or OpenType font, an absolute path or a file name in /usr/share/fonts; or a chain of up to "
                   + "\(DisplayConfig.fontChainLimit), `FONT, FONT...`: each character is drawn from the first font that has it "
                   + "(`DejaVuSans.ttf, NotoSansArabic-Regular.ttf, NotoSansCJK-Regular.ttc, NotoColorEmoji.ttf`)")
        case .fontSize:
            .words("none", "as `[theme]` `font_size` (without one: buttons fitted up to `font_size_max`, texts and sliders "
                   + "\(DisplayConfig.defaultFontSize)), \(KeyDoc.span(DisplayDraft.fontSizeRange)) pixels")
        case .iconFont:
            .words("none", "the font buttons' `icon`s come from, such as Debian's fonts-materialdesignicons-webfont: `\(DisplayConfig.materialDesignIconsFont)`")
        case .background: .value(PanelColors.defaults.background.hexString, "behind the buttons: near black")
        case .color(let key): key.displayDoc
        case .sliderTrack: .words("`fill`", "every slider's track (a slider's own `track` wins)")
        case .sliderFill: .words("`on_fill`", "every slider's track up to its value")
        case .sliderKnob: .words("`text`", "every slider's knob")
        case .borderPx:
            .value("\(DisplayConfig.defaultBorderPx)", "every button's border, \(KeyDoc.span(DisplayDraft.borderRange)) pixels")
        case .budgetUs:
            .words("none", "\(KeyDoc.span(DisplayDraft.budgetRange)) microseconds: log every frame whose INT edge to pixels took longer")
        }
    }
}

/// `[display]` while it is read: the size of the panel the buttons are laid out on, the
/// framebuffer, and the look every button starts from. Only the size is required.
struct DisplayDraft: MergeableDraft {
    /// Comfortably above any panel a Pi drives, small enough that pixel sums never overflow.
    static let sizeRange: ClosedRange<Int> = 1...8192
    /// Label sizes, in pixels: from barely readable to one word across a 7" display.
    static let fontSizeRange: ClosedRange<Int> = 6...200
    static let borderRange: ClosedRange<Int> = 0...20
    /// A latency budget from the INT edge to the pixels, in microseconds: up to a second.
    static let budgetRange: ClosedRange<Int> = 1...1_000_000

    let title = "display"
    let header: SourceLine
    var given = GivenKeys()
    var width: Int32?
    var height: Int32?
    var framebuffer: String?
    var output: DisplayOutputChoice?
    var card: String?
    var connector: String?
    var drmFormat: DRMPixelFormat?
    var rotation: DisplayRotation?
    var font: String?
    var fallbackFonts: [String] = []
    var fontsAsWritten: String?
    var fontSize: Int?
    var iconFont: String?
    var background: RGBColor?
    var colors = ColorSettings()
    var sliderTrack: RGBColor?
    var sliderFill: RGBColor?
    var sliderKnob: RGBColor?
    var borderPx: Int?
    var budgetUs: Int?

    init(header: SourceLine) {
        self.header = header
    }

    /// The looks that came with `[theme]` are taken there only; `[display]` keeps the ones it
    /// had for the configs written before.
    static func advice(forUnknownKey name: String) -> String? {
        guard let key = ThemeKey(rawValue: name) else { return nil }
        return "\(key.rawValue) is a look every item inherits; set it in [theme]"
    }

    mutating func set(_ key: DisplayKey, from value: String) throws(ValueProblem) {
        switch key {
        case .width: width = Int32(try ValueSyntax.integer(value, in: DisplayDraft.sizeRange, unit: " (pixels)"))
        case .height: height = Int32(try ValueSyntax.integer(value, in: DisplayDraft.sizeRange, unit: " (pixels)"))
        case .framebuffer: framebuffer = try ValueSyntax.absolutePath(value, of: "a framebuffer device like /dev/fb0")
        case .output:
            guard let choice = DisplayOutputChoice(rawValue: value) else {
                throw .expected("auto, drm or fbdev", found: value)
            }
            output = choice
        case .card: card = try ValueSyntax.absolutePath(value, of: "a DRM card like /dev/dri/card1")
        case .connector: connector = try DisplayDraft.connectorName(value)
        case .drmFormat:
            guard let format = DRMPixelFormat(rawValue: value) else {
                throw .expected("xrgb8888 or rgb565", found: value)
            }
            drmFormat = format
        case .rotation: rotation = try DisplayDraft.rotation(value)
        case .font:
            let chain = try DisplayDraft.fontChain(value)
            font = chain.paths[0]
            fallbackFonts = Array(chain.paths.dropFirst())
            fontsAsWritten = chain.byName ? value : nil
        case .fontSize: fontSize = try ValueSyntax.integer(value, in: DisplayDraft.fontSizeRange, unit: " (pixels)")
        case .iconFont: iconFont = try ValueSyntax.absolutePath(value, of: "an icon font file, such as \(DisplayConfig.materialDesignIconsFont)")
        case .background: background = try ValueSyntax.color(value)
        case .color(let key): try colors.set(key, from: value)
        case .sliderTrack: sliderTrack = try ValueSyntax.color(value)
        case .sliderFill: sliderFill = try ValueSyntax.color(value)
        case .sliderKnob: sliderKnob = try ValueSyntax.color(value)
        case .borderPx: borderPx = try ValueSyntax.integer(value, in: DisplayDraft.borderRange, unit: " (pixels)")
        case .budgetUs: budgetUs = try ValueSyntax.integer(value, in: DisplayDraft.budgetRange, unit: " (microseconds)")
        }
    }

    /// A connector as the kernel names it: HDMI-A-1, DSI-1, DPI-1, Virtual-1.
    static func connectorName(_ text: String) throws(ValueProblem) -> String {
        let allowed = text.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
        }
        guard allowed, !text.isEmpty, text.utf8.count <= 32 else {
            throw .expected("a connector name such as HDMI-A-1 or DSI-1", found: text)
        }
        return text
    }

    static func rotation(_ text: String) throws(ValueProblem) -> DisplayRotation {
        guard let degrees = ValueSyntax.integer(text.utf8), let rotation = DisplayRotation(rawValue: degrees) else {
            throw .expected("0, 90, 180 or 270 (degrees clockwise)", found: text)
        }
        return rotation
    }

    /// The display, or nil (and the reasons in `errors`) when a size is missing or was bad.
    /// The fonts of `font = FONT, FONT...` as found, and whether one was given by its name.
    struct FontChain {
        var paths: [String]
        var byName: Bool
    }

    /// `font = FONT, FONT...`: each an absolute path, or a file name found in the system's font
    /// folders (`FontFiles`); at most `DisplayConfig.fontChainLimit`, none twice.
    static func fontChain(_ value: String) throws(ValueProblem) -> FontChain {
        var paths: [String] = []
        var byName = false
        for part in value.split(separator: ",", omittingEmptySubsequences: false) {
            let given = String(decoding: ValueSyntax.trimmed(Array(part.utf8)), as: UTF8.self)
            let path: String
            if !given.isEmpty && !given.utf8.contains(UInt8(ascii: "/")) {
                guard let found = FontFiles.locate(given) else {
                    throw ValueProblem("no font file \(given) in \(FontFiles.folders.joined(separator: " or ")) or their subfolders; "
                        + "install the package that has it (fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji) or give its absolute path")
                }
                path = found
                byName = true
            } else {
                path = try ValueSyntax.absolutePath(given, of: "a TrueType or OpenType font file, or a font's file name")
            }
            guard !paths.contains(path) else { throw ValueProblem("\(path) is in the chain twice") }
            paths.append(path)
        }
        guard paths.count <= DisplayConfig.fontChainLimit else {
            throw ValueProblem("a chain of \(paths.count) fonts; at most \(DisplayConfig.fontChainLimit)")
        }
        return FontChain(paths: paths, byName: byName)
    }

    func finish(errors: inout ErrorCollector) -> DisplayConfig? {
        requireKey(.width, "the display width in pixels, 1..8192", errors: &errors)
        requireKey(.height, "the display height in pixels, 1..8192", errors: &errors)
        guard let width, let height else { return nil }
        let defaults = PanelColors.defaults
        let buttons = colors.applied(to: defaults.buttons)
        var display = DisplayConfig(
            width: width, height: height,
            framebuffer: framebuffer ?? DisplayConfig.defaultFramebuffer,
            output: output ?? .auto, card: card, connector: connector, drmFormat: drmFormat ?? .xrgb8888,
            rotation: rotation ?? .degrees0,
            font: font ?? DisplayConfig.defaultFont, fallbackFonts: fallbackFonts,
            fontSize: fontSize ?? DisplayConfig.defaultFontSize, iconFont: iconFont,
            colors: PanelColors(
                background: background ?? defaults.background, fill: buttons.fill, pressedFill: buttons.pressedFill,
                disabledFill: buttons.disabledFill, onFill: buttons.onFill, border: buttons.border, text: buttons.text,
                pressedText: buttons.pressedText, onText: buttons.onText, disabledText: buttons.disabledText,
                pendingFill: buttons.pendingFill, pendingText: buttons.pendingText,
                unknownFill: buttons.unknownFill, unknownText: buttons.unknownText, sliderTrack: sliderTrack,
                sliderFill: sliderFill, sliderKnob: sliderKnob),
            borderPx: borderPx ?? DisplayConfig.defaultBorderPx, budgetUs: budgetUs)
        display.fontsAsWritten = fontsAsWritten
        return display
    }
}
