import TouchCore

/// A logical picture (3 bytes a pixel, as `FittedPicture` makes it) in a framebuffer's own
/// memory layout: its pixel format, its physical row order after the rotation, its stride
/// (padding bytes 0). What a page's background is kept as, so that drawing it is copying rows.
public enum FramebufferPicture {
    /// `layout.bufferSize` bytes; `rgb` holds `layout.logicalWidth * logicalHeight` pixels.
    public static func bytes(ofLogicalRGB rgb: [UInt8], layout: FramebufferLayout) -> [UInt8] {
        var memory = [UInt8](repeating: 0, count: layout.bufferSize)
        let width = Int(layout.logicalWidth), height = Int(layout.logicalHeight)
        let bytesPerPixel = layout.format.bytesPerPixel
        precondition(rgb.count == width * height * 3, "FramebufferPicture: the picture is not the display's size")
        for y in 0..<height {
            for x in 0..<width {
                guard let offset = layout.byteOffset(x: Int32(x), y: Int32(y)) else { continue }
                let source = 3 * (y * width + x)
                let value = layout.format.encode(RGBColor(r: rgb[source], g: rgb[source + 1], b: rgb[source + 2]))
                for byte in 0..<bytesPerPixel {
                    memory[offset + byte] = UInt8(truncatingIfNeeded: value >> UInt32(8 * byte))
                }
            }
        }
        return memory
    }
}
