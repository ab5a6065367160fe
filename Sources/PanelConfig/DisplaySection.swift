/// The keys of `[display]`.
enum DisplayKey: String, SectionKey {
    case width
    case height
}

/// `[display]` while it is read: the size of the framebuffer the buttons are laid out on.
struct DisplayDraft: SectionDraft {
    /// Comfortably above any panel a Pi drives, small enough that pixel sums never overflow.
    static let sizeRange: ClosedRange<Int> = 1...8192

    let title = "display"
    let headerLine: Int
    var keyLines: [DisplayKey: Int] = [:]
    var width: Int32?
    var height: Int32?

    init(headerLine: Int) {
        self.headerLine = headerLine
    }

    mutating func set(_ key: DisplayKey, from value: String) throws(ValueProblem) {
        let size = Int32(try ValueSyntax.integer(value, in: DisplayDraft.sizeRange, unit: " (pixels)"))
        switch key {
        case .width: width = size
        case .height: height = size
        }
    }

    /// The display, or nil (and the reasons in `errors`) when a size is missing or was bad.
    func finish(errors: inout ErrorCollector) -> DisplayConfig? {
        requireKey(.width, "the display width in pixels, 1..8192", errors: &errors)
        requireKey(.height, "the display height in pixels, 1..8192", errors: &errors)
        guard let width, let height else { return nil }
        return DisplayConfig(width: width, height: height)
    }
}
