import PanelConfig
import TouchCore

/// One look's icon: a glyph's coverage, drawn in the label's colour, or a PNG picture in its
/// own colours.
enum IconImage {
    case coverage(LabelBitmap)
    case picture(RGBAImage)

    var widthPx: Int {
        switch self {
        case .coverage(let bitmap): Int(bitmap.width)
        case .picture(let image): image.widthPx
        }
    }

    var heightPx: Int {
        switch self {
        case .coverage(let bitmap): Int(bitmap.height)
        case .picture(let image): image.heightPx
        }
    }
}

/// A button's label and icon as the painter takes them: one coverage bitmap (the text, and a
/// glyph icon), and a picture icon placed from the label's line origin (`ButtonLayers`).
struct ComposedLabel {
    var label: LabelBitmap
    var picture: RGBAImage?
    var pictureX: Int32 = 0
    var pictureY: Int32 = 0
}

/// A button's label beside its icon, kept in parts and composed (`IconLabel.compose`) only
/// when a look is prepared or painted without one: the text once per button, each icon once
/// per glyph and size for the whole panel (`IconFont` and `IconPictures` hand every button the
/// same pixels), so a page of icon buttons holds its text and a few icons, not a picture per
/// button and look.
struct IconParts {
    /// The label fitted into the room the icons leave (empty beside a centred icon).
    var text: LabelBitmap
    var normal: IconImage
    var on: IconImage?
    var pressed: IconImage?
    var disabled: IconImage?
    var position: IconPosition
    var gapPx: Int
    /// The box every look's icon is centred in: the largest of them, so that the label keeps
    /// its place when the icon changes with the look.
    var boxWidth: Int
    var boxHeight: Int

    /// The icon drawn in `state` (`IconLook`).
    func icon(for state: ButtonVisualState) -> IconImage {
        switch IconLook(state) {
        case .normal: normal
        case .on: on ?? normal
        case .pressed: pressed ?? normal
        case .disabled: disabled ?? normal
        }
    }

    /// What the painter draws in `state`: the icon and the text.
    func composed(for state: ButtonVisualState) -> ComposedLabel {
        IconLabel.compose(self, icon: icon(for: state))
    }
}
