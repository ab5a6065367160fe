/// The kinds of item a panel is made of: a closed set (DESIGN.md section 2). Every item has
/// one place in one index space, buttons first, then texts, then sliders, then QR codes, then charts, each
/// kind in file order: the order they are drawn in. A new kind is one more case here and its own places
/// after the last kind's.
public enum ItemKind: Equatable, Sendable {
    case button
    case text
    case slider
    case qrCode
    case chart
}
