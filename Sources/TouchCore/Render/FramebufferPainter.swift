/// Draws into a caller's framebuffer memory (an mmap'd /dev/fb0, or a plain buffer in tests
/// and the simulated board) in logical coordinates. Everything is clipped to the screen, and a
/// buffer smaller than `layout.bufferSize` is refused whole, so no call writes outside the
/// buffer or into a row's stride padding. It only writes, never reads the framebuffer back:
/// framebuffer memory is often uncached and slow to read.
///
/// Its primitives are extensions, one file each in `Painter/` (fill, frame, stores, label
/// placement, blend, prepared look, button), and rounded corners in `RoundedCorners.swift`.
public struct FramebufferPainter: Sendable {
    public let layout: FramebufferLayout

    public init(layout: FramebufferLayout) {
        self.layout = layout
    }
}
