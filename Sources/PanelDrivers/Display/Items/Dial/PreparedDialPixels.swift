import PanelConfig
import TouchCore

/// A dial's band pixels in order along its arc (`DialPixels`), in memory of its own made at
/// start for the dial's place and the screen's layout: a turn then repaints runs of them.
final class PreparedDialPixels {
    private let memory: UnsafeMutableRawBufferPointer
    let pixels: DialPixels

    /// Nil for a straight slider, or a dial with no pixel on the screen.
    init?(_ slider: SliderConfig, layout: FramebufferLayout) {
        guard case .arc(let shape) = slider.orientation else { return nil }
        let dial = DialGeometry(rect: slider.rect, shape: shape)
        let count = DialPixels.pixelCount(of: dial, in: layout)
        guard count > 0 else { return nil }
        memory = .allocate(byteCount: DialPixels.byteCount(pixelCount: count), alignment: 4)
        let offsets = memory.baseAddress!.bindMemory(to: UInt32.self, capacity: count)
        let positions = (memory.baseAddress! + 4 * count).bindMemory(to: UInt16.self, capacity: count)
        guard let pixels = DialPixels.build(
            of: dial, in: layout, offsets: UnsafeMutableBufferPointer(start: offsets, count: count),
            positions: UnsafeMutableBufferPointer(start: positions, count: count))
        else {
            memory.deallocate()
            return nil
        }
        self.pixels = pixels
    }

    /// What it holds, for the memory figures.
    var byteCount: Int { memory.count }

    deinit {
        memory.deallocate()
    }
}
