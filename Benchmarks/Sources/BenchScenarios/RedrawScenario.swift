import TouchCore

/// Painting the bench panel into an 800x480 framebuffer in memory: a full redraw (clear, then
/// every button with its label) as after start-up or a console switch, and a single button
/// with its label, as after a press. Labels are synthetic 8-bit coverage bitmaps shaped like
/// antialiased text (stems, bars and soft edges, about a third of the pixels inked), one
/// 12 x 22 cell per character of the button's name, as FreeType would hand them over. Like
/// the panel (FramebufferSurface), each button's look is prepared once per state it is shown
/// in (a fill row and the blended label), so a repaint is the border and row copies.
public final class RedrawScenario {
    public let layout: FramebufferLayout
    public let painter: FramebufferPainter
    public let buffer: UnsafeMutableRawBufferPointer
    public let labels: [AlphaBitmap]
    private let labelMemory: [UnsafeMutableRawBufferPointer]
    /// Each button's look in .normal and .pressed, prepared once.
    private var normalLooks: [PreparedButton?] = []
    private var pressedLooks: [PreparedButton?] = []
    private var lookMemory: [UnsafeMutableRawBufferPointer] = []
    public let style = ButtonStyle.standard
    public let background = RGBColor(r: 0x10, g: 0x10, b: 0x10)
    private var pressed = false

    public init(format: PixelFormat) {
        guard let layout = FramebufferLayout(physicalWidth: BenchPanel.width, physicalHeight: BenchPanel.height, format: format)
        else { fatalError("800x480 framebuffer layout refused") }
        self.layout = layout
        painter = FramebufferPainter(layout: layout)
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: layout.bufferSize, alignment: 64)
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
        var labels: [AlphaBitmap] = []
        var memory: [UnsafeMutableRawBufferPointer] = []
        for button in BenchPanel.buttons {
            let (bitmap, pixels) = RedrawScenario.makeLabel(characters: button.name.utf8.count)
            labels.append(bitmap)
            memory.append(pixels)
        }
        self.labels = labels
        labelMemory = memory
        for index in labels.indices {
            for state in [ButtonVisualState.normal, .pressed] {
                let rect = BenchPanel.buttonRect(index)
                let bytes = UnsafeMutableRawBufferPointer.allocate(
                    byteCount: max(1, painter.preparedByteCount(label: labels[index], rect: rect, style: style)), alignment: 16)
                lookMemory.append(bytes)
                let look = painter.prepare(label: labels[index], rect: rect, style: style, state: state, into: bytes)
                if state == .normal { normalLooks.append(look) } else { pressedLooks.append(look) }
            }
        }
    }

    deinit {
        buffer.deallocate()
        for pixels in labelMemory + lookMemory {
            pixels.deallocate()
        }
    }

    /// Clear plus every button with its label; one button shown pressed.
    @inline(never)
    public func fullRedraw() {
        painter.clear(to: background, in: buffer)
        for index in 0..<labels.count {
            painter.paintButton(
                rect: BenchPanel.buttonRect(index), style: style, state: index == 1 ? .pressed : .normal,
                prepared: index == 1 ? pressedLooks[index] : normalLooks[index], in: buffer)
        }
    }

    /// One button with its label, alternately pressed and released.
    @inline(never)
    public func singleButton() {
        pressed.toggle()
        painter.paintButton(
            rect: BenchPanel.buttonRect(0), style: style, state: pressed ? .pressed : .normal,
            prepared: pressed ? pressedLooks[0] : normalLooks[0], in: buffer)
    }

    /// A byte of the framebuffer, so that the optimiser cannot drop the painting.
    public var probe: UInt8 { buffer[layout.bufferSize / 2 + 7] }

    static func makeLabel(characters: Int) -> (AlphaBitmap, UnsafeMutableRawBufferPointer) {
        let cellWidth = 12
        let height = 22
        let width = max(1, characters) * cellWidth
        let pixels = UnsafeMutableRawBufferPointer.allocate(byteCount: width * height, alignment: 16)
        for y in 0..<height {
            for x in 0..<width {
                let cx = x % cellWidth
                let glyph = x / cellWidth
                var coverage: UInt8 = 0
                let stem = cx == 2 || cx == 3 || (glyph % 2 == 0 && (cx == 8 || cx == 9))
                let bar = (y == 4 || y == 11 || (glyph % 3 == 0 && y == 17)) && cx >= 2 && cx <= 9
                if (stem && y >= 4 && y <= 17) || bar {
                    coverage = 255
                } else if (cx == 1 || cx == 4 || cx == 7 || cx == 10) && y >= 4 && y <= 17 {
                    coverage = 96   // antialiased edge beside a stem
                } else if (y == 3 || y == 5 || y == 12) && cx >= 2 && cx <= 9 {
                    coverage = 48   // soft edge of a bar
                }
                pixels[y * width + x] = coverage
            }
        }
        guard let bitmap = AlphaBitmap(
            width: Int32(width), height: Int32(height), stride: width, pixels: UnsafeRawBufferPointer(pixels))
        else { fatalError("label bitmap refused") }
        return (bitmap, pixels)
    }
}
