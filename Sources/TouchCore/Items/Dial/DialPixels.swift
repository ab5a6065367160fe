/// A dial's band as its pixels in order along the arc: each pixel's byte offset in the
/// framebuffer and its position (hundredths of a degree from the arc's start, the angle a
/// finger on it would set). Made once at load for the dial's place, rotation and format, so a
/// turn's repaint is a contiguous run of these per changed part, found by two binary searches,
/// not a walk of the rows the part crosses. 6 bytes a pixel: about 73 KiB for a 240x240 dial
/// with a 24-pixel band. The memory is the caller's (PanelDrivers allocates it): TouchCore
/// fills and reads it without allocating.
public struct DialPixels {
    public let offsets: UnsafeBufferPointer<UInt32>
    public let positions: UnsafeBufferPointer<UInt16>

    public var count: Int { offsets.count }

    /// The bytes a dial's pixels take: what `build` needs for `pixelCount` pixels.
    public static func byteCount(pixelCount: Int) -> Int { pixelCount * 6 }

    /// How many of `dial`'s band pixels are on the screen of `layout`.
    public static func pixelCount(of dial: DialGeometry, in layout: FramebufferLayout) -> Int {
        var walk = DialBandWalk(dial: dial, layout: layout)
        var count = 0
        while walk.next() != nil { count += 1 }
        return count
    }

    /// The band's pixels written into `offsets` and `positions` (each exactly `pixelCount`
    /// long) and put in order along the arc; nil when the sizes differ or an offset does not
    /// fit 32 bits.
    public static func build(
        of dial: DialGeometry, in layout: FramebufferLayout,
        offsets: UnsafeMutableBufferPointer<UInt32>, positions: UnsafeMutableBufferPointer<UInt16>
    ) -> DialPixels? {
        // The size as a UInt: on a 32-bit Int, UInt32.max is no Int (and every size fits).
        guard offsets.count == positions.count, UInt(bitPattern: layout.bufferSize) <= UInt(UInt32.max),
            dial.shape.arcCentidegrees <= Int32(UInt16.max)
        else { return nil }
        var walk = DialBandWalk(dial: dial, layout: layout)
        var index = 0
        while let pixel = walk.next() {
            guard index < offsets.count else { return nil }
            offsets[index] = UInt32(truncatingIfNeeded: pixel.offset)
            positions[index] = UInt16(truncatingIfNeeded: pixel.position)
            index += 1
        }
        guard index == offsets.count else { return nil }
        DialPixels.sort(offsets: offsets, positions: positions)
        return DialPixels(offsets: UnsafeBufferPointer(offsets), positions: UnsafeBufferPointer(positions))
    }

    public init(offsets: UnsafeBufferPointer<UInt32>, positions: UnsafeBufferPointer<UInt16>) {
        self.offsets = offsets
        self.positions = positions
    }

    /// The index of the first pixel at `position` or beyond it (`count` if none is).
    @inline(__always)
    func firstIndex(atOrAfter position: Int32) -> Int {
        var low = 0, high = positions.count
        while low < high {
            let middle = (low &+ high) >> 1
            if Int32(positions[middle]) < position { low = middle &+ 1 } else { high = middle }
        }
        return low
    }

    /// Heap sort by position, then offset (a total order: no two pixels share an offset), the
    /// two buffers kept in step; in place, so nothing is allocated.
    static func sort(offsets: UnsafeMutableBufferPointer<UInt32>, positions: UnsafeMutableBufferPointer<UInt16>) {
        func less(_ a: Int, _ b: Int) -> Bool {
            positions[a] != positions[b] ? positions[a] < positions[b] : offsets[a] < offsets[b]
        }
        func swapAt(_ a: Int, _ b: Int) {
            offsets.swapAt(a, b)
            positions.swapAt(a, b)
        }
        func siftDown(_ start: Int, _ end: Int) {
            var root = start
            while true {
                var child = 2 &* root &+ 1
                guard child < end else { return }
                if child &+ 1 < end && less(child, child &+ 1) { child &+= 1 }
                guard less(root, child) else { return }
                swapAt(root, child)
                root = child
            }
        }
        let count = offsets.count
        guard count > 1 else { return }
        var start = count / 2
        while start > 0 {
            start -= 1
            siftDown(start, count)
        }
        var end = count
        while end > 1 {
            end -= 1
            swapAt(0, end)
            siftDown(0, end)
        }
    }
}

/// The band's pixels on the screen, row by row: between the inner and the outer circle and
/// within the arc (its ends included), each with its byte offset and its position.
struct DialBandWalk {
    private let dial: DialGeometry
    private let layout: FramebufferLayout
    private let area: Rect?
    private var x: Int32
    private var y: Int32

    init(dial: DialGeometry, layout: FramebufferLayout) {
        self.dial = dial
        self.layout = layout
        area = dial.square.clipped(to: layout.logicalBounds)
        x = area?.x ?? 0
        y = area?.y ?? 0
    }

    mutating func next() -> (offset: Int, position: Int32)? {
        guard let area else { return nil }
        while y < area.y &+ area.height {
            while x < area.x &+ area.width {
                let point = Point(x: x, y: y)
                x &+= 1
                if let position = dial.bandPosition(of: point), let offset = layout.byteOffset(x: point.x, y: point.y) {
                    return (offset, position)
                }
            }
            x = area.x
            y &+= 1
        }
        return nil
    }
}
