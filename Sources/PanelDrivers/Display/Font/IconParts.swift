import PanelConfig
import TouchCore

/// A button's label beside its icon, kept in parts and composed (`IconLabel.compose`) only
/// when a look is prepared or painted without one: the text once per button, each icon once
/// per glyph and size for the whole panel (`IconFont` hands every button the same bitmap), so a
/// page of icon buttons holds its text and a few icons, not a picture per button and look.
struct IconParts {
    /// The label fitted into the room the icons leave (empty beside a centred icon).
    var text: LabelBitmap
    var normal: LabelBitmap
    var on: LabelBitmap?
    var pressed: LabelBitmap?
    var disabled: LabelBitmap?
    var position: IconPosition
    var gapPx: Int
    /// The box every look's icon is centred in: the largest of them, so that the label keeps
    /// its place when the icon changes with the look.
    var boxWidth: Int
    var boxHeight: Int

    /// The icon drawn in `state` (`IconLook`).
    func icon(for state: ButtonVisualState) -> LabelBitmap {
        switch IconLook(state) {
        case .normal: normal
        case .on: on ?? normal
        case .pressed: pressed ?? normal
        case .disabled: disabled ?? normal
        }
    }

    /// What the painter draws in `state`: the icon and the text as one coverage bitmap.
    func composed(for state: ButtonVisualState) -> LabelBitmap {
        IconLabel.compose(self, icon: icon(for: state))
    }
}
