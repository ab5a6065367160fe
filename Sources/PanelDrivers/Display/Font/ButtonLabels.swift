import LinuxSystem
import PanelEngine

/// Every button's label fitted and rasterised, and the font they came from: the surface keeps
/// the font for labels set later, so the font file is opened once per display, not once per
/// label.
public struct ButtonLabels {
    public let font: FontRasterizer
    public var bitmaps: [LabelBitmap]

    public init(font: FontRasterizer, bitmaps: [LabelBitmap]) {
        self.font = font
        self.bitmaps = bitmaps
    }
}
