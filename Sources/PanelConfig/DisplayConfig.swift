/// `[display]`: the size of the framebuffer in pixels. Button rects must lie inside it.
public struct DisplayConfig: Equatable, Sendable {
    public var width: Int32
    public var height: Int32

    public init(width: Int32, height: Int32) {
        self.width = width
        self.height = height
    }
}
