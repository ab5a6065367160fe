import LinuxSystem
import PanelEngine

/// Every button's label fitted and rasterised (with its icon), and the fonts they came from:
/// the surface keeps the fonts for labels set later, so each font file is opened once per
/// display, not once per label.
public struct ButtonLabels {
    public let font: FontRasterizer
    public var bitmaps: [LabelBitmap]
    /// `[display] icon_font`, when a button has an icon.
    public let iconFont: IconFont?
    /// The PNG icons, each decoded once.
    public let pictures: IconPictures
    /// Per button with an icon, its label and icons in parts (its entry in `bitmaps` is then
    /// empty).
    var iconParts: [IconParts?]
    /// Per button with a sublabel, its line (its label fitted into the room it leaves).
    var sublabels: [SublabelLine?]

    public init(font: FontRasterizer, bitmaps: [LabelBitmap], iconFont: IconFont? = nil) {
        self.init(font: font, bitmaps: bitmaps, iconFont: iconFont, pictures: IconPictures(), iconParts: [], sublabels: [])
    }

    /// Made once every label is rasterised, so the icon font's face is closed here
    /// (`IconFont.closeFace`): its icons are drawn by now, and a label set later reuses them.
    init(
        font: FontRasterizer, bitmaps: [LabelBitmap], iconFont: IconFont?, pictures: IconPictures, iconParts: [IconParts?],
        sublabels: [SublabelLine?]
    ) {
        self.font = font
        self.bitmaps = bitmaps
        self.iconFont = iconFont
        self.pictures = pictures
        self.iconParts = iconParts
        self.sublabels = sublabels
        iconFont?.closeFace()
    }
}
