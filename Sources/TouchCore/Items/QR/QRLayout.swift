/// Where a QR code's modules go in its rect: whole pixels each (a scanner reads blurred edges
/// badly), as large as the rect takes with the quiet zone around, the whole centred.
public struct QRLayout: Equatable, Sendable {
    /// The most QR codes a panel has.
    public static let capacity = 8
    /// The light border a scanner needs around the modules, in modules (ISO/IEC 18004).
    public static let quietZoneModules = 4

    /// Pixels per module side.
    public var modulePx: Int32
    /// The top left of the first module (inside the quiet zone).
    public var originX: Int32
    public var originY: Int32
    /// Modules across and down, without the quiet zone.
    public var widthModules: Int32

    /// The layout of a code `widthModules` across in `rect`; nil when even one pixel a module
    /// with the quiet zone is more than the rect's shorter side.
    public init?(widthModules: Int, in rect: Rect) {
        guard widthModules > 0 else { return nil }
        let sideModules = Int32(clamping: widthModules + 2 * QRLayout.quietZoneModules)
        let modulePx = min(rect.width, rect.height) / sideModules
        guard modulePx >= 1 else { return nil }
        let codePx = Int32(clamping: widthModules) * modulePx
        self.modulePx = modulePx
        self.widthModules = Int32(clamping: widthModules)
        originX = rect.x + (rect.width - codePx) / 2
        originY = rect.y + (rect.height - codePx) / 2
    }

    /// The fewest pixels of a side that take a code `widthModules` across: a pixel a module
    /// and the quiet zone.
    public static func smallestSidePx(widthModules: Int) -> Int {
        widthModules + 2 * quietZoneModules
    }
}
