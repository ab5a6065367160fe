/// A QR code painted into the framebuffer: its rect in the light colour, then each row's runs
/// of dark modules as one rect each. No allocation: the modules are the caller's.
extension FramebufferPainter {
    /// `modules`: `layout.widthModules` rows of as many bytes, non-zero for dark. Returns false
    /// (writing nothing) when the buffer is too small or `modules` is short.
    @discardableResult
    public func paintQRCode(
        rect: Rect, layout: QRLayout, modules: UnsafeRawBufferPointer, dark: RGBColor, light: RGBColor,
        in buffer: UnsafeMutableRawBufferPointer
    ) -> Bool {
        let width = Int(layout.widthModules)
        guard modules.count >= width * width, fill(rect, light, in: buffer) else { return false }
        for row in 0..<width {
            var column = 0
            while column < width {
                guard modules[row * width + column] != 0 else {
                    column += 1
                    continue
                }
                let start = column
                while column < width && modules[row * width + column] != 0 { column += 1 }
                let run = Rect(
                    x: layout.originX + Int32(truncatingIfNeeded: start) * layout.modulePx,
                    y: layout.originY + Int32(truncatingIfNeeded: row) * layout.modulePx,
                    width: Int32(truncatingIfNeeded: column - start) * layout.modulePx, height: layout.modulePx)
                fill(run, dark, in: buffer)
            }
        }
        return true
    }
}
