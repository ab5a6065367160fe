import TouchCore

/// One `[qr NAME]` section: a QR code of a text (a URL, a Wi-Fi network's details) that a
/// phone scans off the panel. It takes no touch.
public struct QRCodeConfig: Equatable, Sendable {
    public var name: String
    public var rect: Rect
    /// What the code holds: `text`, or the whole of `text_file` without its last line end;
    /// with `topic`, what it holds until the first message (empty: no code, the fill alone).
    public var text: String
    /// `text_file` as written, when the text came from a file: the effective config names the
    /// file, never the text (a Wi-Fi password kept out of the config).
    public var textFile: String?
    /// A topic whose messages (each payload whole) the code holds from then on.
    public var topic: String?
    /// A Home Assistant entity whose state the code holds from its first known state on.
    public var entity: EntityID?
    /// The dark modules, and the light ones with the quiet zone and the rest of the rect.
    public var dark: RGBColor
    public var fill: RGBColor
    /// The page it is on, by place in file order, or `PageLayout.allPages` (0 without pages).
    public var page: Int
    /// `cell`: where its page's grid put it; nil: placed by `rect`.
    public var cell: GridCell?
    /// The section header's line.
    public var line: Int

    /// Dark on light whatever the theme: scanners look for dark modules on a light ground.
    public static let defaultDark = RGBColor.black
    public static let defaultFill = RGBColor.white
    /// The most bytes `text_file` may hold (a QR code at error correction M holds 2331).
    public static let maxFileBytes = 4_096

    public init(
        name: String, rect: Rect, text: String, textFile: String? = nil, topic: String? = nil, entity: EntityID? = nil, dark: RGBColor = QRCodeConfig.defaultDark,
        fill: RGBColor = QRCodeConfig.defaultFill, page: Int = 0, cell: GridCell? = nil, line: Int
    ) {
        self.name = name
        self.rect = rect
        self.text = text
        self.textFile = textFile
        self.topic = topic
        self.entity = entity
        self.dark = dark
        self.fill = fill
        self.page = page
        self.cell = cell
        self.line = line
    }
}
