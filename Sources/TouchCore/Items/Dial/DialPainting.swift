extension FramebufferPainter {
    /// Paints a dial (rule 14): with `previous` (what is on screen, differing only in the
    /// value) just the part of the band between the two values and both knobs, and the value's
    /// glyphs that changed; else the whole square, its background first. The band is written
    /// a row at a time: where each part of it begins on a row comes from one division per
    /// part, not from a test per pixel. Returns false (writing nothing) when the buffer is too
    /// small.
    @discardableResult
    public func paintDial(
        _ look: SliderLook, previous: SliderLook?, text: SliderTextLook?, palettes: inout SliderTextPalettes,
        in buffer: UnsafeMutableRawBufferPointer
    ) -> Bool {
        guard let dial = look.dial, let base = usableBase(of: buffer) else { return false }
        let onScreen = previous.flatMap { $0.differsOnlyInValue(from: look) ? $0 : nil }
        if let onScreen {
            let old = onScreen.knobSpan, new = look.knobSpan
            let low = min(min(onScreen.fillPixels, look.fillPixels), min(old.lowerBound, new.lowerBound))
            let high = max(max(onScreen.fillPixels, look.fillPixels), max(old.upperBound, new.upperBound))
            if low < high { paintBand(look, dial: dial, span: low..<high, base: base) }
        } else {
            if let square = dial.square.clipped(to: layout.logicalBounds) { fill(square, value: layout.format.encode(look.background), base: base) }
            // One past the end: the pixels exactly at max belong to the arc too.
            paintBand(look, dial: dial, span: 0..<(look.length + 1), base: base)
        }
        guard let text else { return true }
        palettes.overTrack.use(ButtonStyle.Colors(fill: look.background, text: look.text), in: layout.format)
        if onScreen == nil, let label = text.label, let clip = text.labelRect.clipped(to: layout.logicalBounds) {
            blend(label, placed: text.labelRect, clip: clip, palette: &palettes.overTrack, base: base)
        }
        guard let box = text.valueBox.clipped(to: layout.logicalBounds) else { return true }
        if let onScreen, text.sharePlaces(onScreen.valueText, look.valueText) {
            guard onScreen.valueText != look.valueText else { return true }
            drawValue(look.valueText, over: onScreen.valueText, text: text, box: box) { cell, placed, clip, overwriting in
                blend(cell, placed: placed, clip: clip, palette: &palettes.overTrack, base: base, overwriting: overwriting)
            }
        } else {
            if onScreen != nil { fill(box, value: layout.format.encode(look.background), base: base) }
            drawValue(look.valueText, over: nil, text: text, box: box) { cell, placed, clip, overwriting in
                blend(cell, placed: placed, clip: clip, palette: &palettes.overTrack, base: base, overwriting: overwriting)
            }
        }
        return true
    }

    /// The band's pixels whose position along the arc is in `span`: the knob's in its colour,
    /// the rest in the fill's up to the value and the track's beyond.
    private func paintBand(_ look: SliderLook, dial: DialGeometry, span: Range<Int32>, base: UnsafeMutableRawPointer) {
        // Where the colour can change along the arc, in order: the span's ends, the value,
        // the knob's ends.
        var edges = DialEdges()
        let knob = look.knobSpan
        edges.insert(span.lowerBound, within: span)
        edges.insert(look.fillPixels, within: span)
        edges.insert(knob.lowerBound, within: span)
        edges.insert(knob.upperBound, within: span)
        edges.insert(span.upperBound, within: span)
        var colors = DialRunColors()
        for index in 0..<(edges.count - 1) {
            let position = edges.position(index)
            let color = knob.contains(position) ? look.knob : position < look.fillPixels ? look.fill : look.track
            colors.set(index, layout.format.encode(color))
        }
        for index in 0..<edges.count {
            edges.setDirection(index, DialAngle.unitVector(edges.position(index) - dial.halfArc))
        }
        let first = edges.direction(0), last = edges.direction(edges.count - 1)
        guard let box = dial.bounds(of: span, first: first, last: last).clipped(to: layout.logicalBounds) else { return }
        let steps = layout.logicalSteps
        var rows = DialRows(dial: dial, firstY: box.y)
        for y in box.y..<(box.y + box.height) {
            let row = rows.next()
            guard row.outer >= 0 else { continue }
            // The band on this row: one run across (the row passes above or below the inner
            // circle) or two, cut at the centre so that the angle changes one way along each.
            let left = (dial.centreX2 - row.outer) >> 1, right = (dial.centreX2 - 1 + row.outer) >> 1
            let leftEnd = row.inner > 0 ? (dial.centreX2 - 1 - row.inner) >> 1 : (dial.centreX2 - 2) >> 1
            let rightStart = row.inner > 0 ? (dial.centreX2 + row.inner) >> 1 : leftEnd + 1
            paintRun(y: y, from: max(left, box.x), to: min(leftEnd, box.x + box.width - 1), row: row, dial: dial, edges: edges,
                     colors: colors, steps: steps, base: base)
            paintRun(y: y, from: max(rightStart, box.x), to: min(right, box.x + box.width - 1), row: row, dial: dial, edges: edges,
                     colors: colors, steps: steps, base: base)
        }
    }

    /// One run of the band on row `y`, pixels `a...b` on one side of the centre (inside the
    /// screen): how many of its pixels lie before each edge, then the parts between written
    /// straight into the buffer, one logical step apart.
    @inline(__always)
    private func paintRun(
        y: Int32, from a: Int32, to b: Int32, row: DialRow, dial: DialGeometry, edges: DialEdges,
        colors: DialRunColors, steps: (x: Int, y: Int), base: UnsafeMutableRawPointer
    ) {
        guard a <= b, let start = layout.byteOffset(x: a, y: y) else { return }
        let rightSide = 2 * a + 1 - dial.centreX2 >= 0
        // Above the centre the angle grows along the row (the pixels before an edge lead it);
        // below, it falls (they trail it).
        let leading = row.vy < 0
        let count = b - a + 1
        var before = edges.pixelsBefore(0, from: a, to: b, vy: row.vy, rightSide: rightSide, centreX2: dial.centreX2)
        for index in 1..<edges.count {
            let next = edges.pixelsBefore(index, from: a, to: b, vy: row.vy, rightSide: rightSide, centreX2: dial.centreX2)
            if next > before {
                let first = leading ? before : count - next
                store(colors.value(index - 1), count: Int(next - before), at: start + Int(first) * steps.x, step: steps.x, base: base)
            }
            before = next
        }
    }

    /// `count` pixels of `value`, `step` bytes apart from `offset`.
    @inline(__always)
    private func store(_ value: UInt32, count: Int, at offset: Int, step: Int, base: UnsafeMutableRawPointer) {
        var at = offset
        switch layout.format.bytesPerPixel {
        case 4:
            for _ in 0..<count {
                base.storeBytes(of: value.littleEndian, toByteOffset: at, as: UInt32.self)
                at += step
            }
        case 2:
            let pixel = UInt16(truncatingIfNeeded: value).littleEndian
            for _ in 0..<count {
                base.storeBytes(of: pixel, toByteOffset: at, as: UInt16.self)
                at += step
            }
        default:
            for _ in 0..<count {
                store(value, at: at, base: base)
                at += step
            }
        }
    }
}

/// The band's extent on one row, in doubled pixels from the centre: |vx| <= `outer` (-1: the
/// row misses the band) and, where the row crosses the inner circle, |vx| >= `inner` (0: it
/// does not).
struct DialRow {
    var vy: Int32
    var outer: Int32
    var inner: Int32
}

/// The rows of a dial's band from `firstY` down: the square roots carried from row to row
/// (they change by little), so a row costs a few steps, not two roots.
struct DialRows {
    private let dial: DialGeometry
    private var vy: Int32
    private var outer: Int32 = 0
    private var inner: Int32 = 0

    init(dial: DialGeometry, firstY: Int32) {
        self.dial = dial
        vy = 2 * firstY + 1 - dial.centreY2
        // The first row's roots outright; `next` then steps them.
        outer = DialRows.squareRoot(max(0, dial.outer2 * dial.outer2 - vy * vy))
        inner = DialRows.squareRoot(max(0, dial.inner2 * dial.inner2 - vy * vy))
    }

    /// The greatest r with r^2 <= n, digit by digit in base 4.
    static func squareRoot(_ n: Int32) -> Int32 {
        var rest = UInt32(max(0, n)), root: UInt32 = 0, bit: UInt32 = 1 << 30
        while bit > rest { bit >>= 2 }
        while bit != 0 {
            if rest >= root + bit {
                rest -= root + bit
                root = (root >> 1) + bit
            } else {
                root >>= 1
            }
            bit >>= 2
        }
        return Int32(root)
    }

    /// The next row's extent.
    mutating func next() -> DialRow {
        defer { vy += 2 }
        let outerSquared = dial.outer2 * dial.outer2 - vy * vy
        guard outerSquared > 0 else { return DialRow(vy: vy, outer: -1, inner: 0) }
        // The most |vx| with vx^2 < outerSquared.
        while outer > 0 && outer * outer >= outerSquared { outer -= 1 }
        while (outer + 1) * (outer + 1) < outerSquared { outer += 1 }
        let innerSquared = dial.inner2 * dial.inner2 - vy * vy
        if innerSquared <= 0 {
            inner = 0
        } else {
            // The least |vx| with vx^2 >= innerSquared.
            while inner > 0 && (inner - 1) * (inner - 1) >= innerSquared { inner -= 1 }
            while inner * inner < innerSquared { inner += 1 }
        }
        return DialRow(vy: vy, outer: outer, inner: inner)
    }
}

/// Up to five positions along the arc where a run's colour can change, in order, each with
/// its direction (a screen vector 2^14 long).
struct DialEdges {
    private var positions: (Int32, Int32, Int32, Int32, Int32) = (0, 0, 0, 0, 0)
    private var directions: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    private(set) var count = 0

    func position(_ index: Int) -> Int32 {
        withUnsafeBytes(of: positions) { $0.load(fromByteOffset: index * 4, as: Int32.self) }
    }

    func direction(_ index: Int) -> (x: Int32, y: Int32) {
        withUnsafeBytes(of: directions) {
            ($0.load(fromByteOffset: index * 8, as: Int32.self), $0.load(fromByteOffset: index * 8 + 4, as: Int32.self))
        }
    }

    /// Adds `position` (clamped to `span`) in order, once.
    mutating func insert(_ position: Int32, within span: Range<Int32>) {
        let value = min(max(position, span.lowerBound), span.upperBound)
        var at = count
        for index in 0..<count {
            let existing = self.position(index)
            if existing == value { return }
            if existing > value { at = index; break }
        }
        withUnsafeMutableBytes(of: &positions) { bytes in
            var index = count
            while index > at {
                bytes.storeBytes(of: bytes.load(fromByteOffset: (index - 1) * 4, as: Int32.self), toByteOffset: index * 4, as: Int32.self)
                index -= 1
            }
            bytes.storeBytes(of: value, toByteOffset: at * 4, as: Int32.self)
        }
        count += 1
    }

    mutating func setDirection(_ index: Int, _ vector: (x: Int32, y: Int32)) {
        withUnsafeMutableBytes(of: &directions) {
            $0.storeBytes(of: vector.x, toByteOffset: index * 8, as: Int32.self)
            $0.storeBytes(of: vector.y, toByteOffset: index * 8 + 4, as: Int32.self)
        }
    }

    /// How many pixels of `first...last` (one side of the centre, on the row `vy` from it)
    /// lie before edge `index`: their angle is less than the edge's. Exact: the pixel's side
    /// of the edge's ray is the sign of a cross product, linear along the row, solved for the
    /// row in one division.
    @inline(__always)
    func pixelsBefore(_ index: Int, from first: Int32, to last: Int32, vy: Int32, rightSide: Bool, centreX2: Int32) -> Int32 {
        let count = last - first + 1
        let u = direction(index)
        // The edge's angle is at least 0 when its vector points right (or straight up/down).
        let edgeOnRight = u.x > 0 || (u.x == 0 && u.y < 0)
        // On the other side of the centre every pixel's angle is on one side of the edge's:
        // left of an edge on the right is before it; right of one on the left, after.
        if rightSide != edgeOnRight { return rightSide ? 0 : count }
        // On the edge's side a pixel is before it where cross(u, v) = u.x*vy - u.y*vx < 0.
        let t = u.x * vy
        if u.y == 0 { return t < 0 ? count : 0 }
        if u.y > 0 {
            // Before where vx > t/u.y: vx >= floor(t/u.y) + 1, vx = 2x+1-centreX2.
            let q = DialEdges.floorDivision(t, u.y)
            let x = (q + centreX2 + 1) >> 1
            return min(max(last - x + 1, 0), count)
        }
        // u.y < 0: before where vx < (-t)/(-u.y): vx <= floor((-t - 1)/(-u.y)).
        let q = DialEdges.floorDivision(-t - 1, -u.y)
        let x = (q + centreX2 - 1) >> 1
        return min(max(x - first + 1, 0), count)
    }

    @inline(__always)
    static func floorDivision(_ a: Int32, _ b: Int32) -> Int32 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }
}

/// A run's colour between each two edges, in the display's format.
struct DialRunColors {
    private var values: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)

    mutating func set(_ index: Int, _ value: UInt32) {
        withUnsafeMutableBytes(of: &values) { $0.storeBytes(of: value, toByteOffset: index * 4, as: UInt32.self) }
    }

    func value(_ index: Int) -> UInt32 {
        withUnsafeBytes(of: values) { $0.load(fromByteOffset: index * 4, as: UInt32.self) }
    }
}
