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
        // the knob's ends. Under the knob the value changes no colour: no edge there (a turn's
        // usual span is then three edges: the old knob's start, the new knob's start and end).
        let knob = look.knobSpan
        func clamped(_ position: Int32) -> Int32 { min(max(position, span.lowerBound), span.upperBound) }
        var middle = (clamped(look.fillPixels), clamped(knob.lowerBound), clamped(knob.upperBound))
        if knob.contains(look.fillPixels) { middle.0 = middle.1 }
        // Three in order (the span's ends are the least and the most already).
        if middle.0 > middle.1 { middle = (middle.1, middle.0, middle.2) }
        if middle.1 > middle.2 { middle = (middle.0, middle.2, middle.1) }
        if middle.0 > middle.1 { middle = (middle.1, middle.0, middle.2) }
        var positions = DialPositions()
        positions.append(span.lowerBound)
        positions.append(middle.0)
        positions.append(middle.1)
        positions.append(middle.2)
        positions.append(span.upperBound)
        let band = DialBand(positions, look: look, knob: knob, halfArc: dial.halfArc, format: layout.format)
        let first = band.e0.direction, last = band.edge(band.count - 1).direction
        guard let box = dial.bounds(of: span, first: first, last: last).clipped(to: layout.logicalBounds) else { return }
        let step = layout.logicalSteps.x
        let boxEnd = box.x &+ box.width &- 1
        let centreX2 = dial.centreX2
        var rows = DialRows(dial: dial, firstY: box.y)
        for y in box.y..<(box.y &+ box.height) {
            let row = rows.next()
            guard row.outer >= 0 else { continue }
            // The band on this row: one run across (the row passes above or below the inner
            // circle) or two, cut at the centre so that the angle changes one way along each.
            let leftEnd = row.inner > 0 ? (centreX2 &- 1 &- row.inner) >> 1 : (centreX2 &- 2) >> 1
            let rightStart = row.inner > 0 ? (centreX2 &+ row.inner) >> 1 : leftEnd &+ 1
            // Above the centre the angle grows along the row (the pixels before an edge lead
            // it); below, it falls (they trail it).
            let leading = row.vy < 0
            for side in 0..<2 {
                let a = side == 0 ? max((centreX2 &- row.outer) >> 1, box.x) : max(rightStart, box.x)
                let b = side == 0 ? min(leftEnd, boxEnd) : min((centreX2 &- 1 &+ row.outer) >> 1, boxEnd)
                guard a <= b, let start = layout.byteOffset(x: a, y: y) else { continue }
                // How many of the run's pixels lie before each edge, then the parts between
                // written straight into the buffer, one logical step apart.
                let run = DialRun(first: a, last: b, vy: row.vy, rightSide: side == 1, centreX2: centreX2)
                let count = b &- a &+ 1
                var before = run.pixelsBefore(band.e0)
                for index in 1..<band.count {
                    let next = run.pixelsBefore(index == 1 ? band.e1 : index == 2 ? band.e2 : index == 3 ? band.e3 : band.e4)
                    if next > before {
                        let color = index == 1 ? band.c0 : index == 2 ? band.c1 : index == 3 ? band.c2 : band.c3
                        store(color, count: Int(next &- before), at: start &+ Int(leading ? before : count &- next) &* step, step: step, base: base)
                    }
                    before = next
                }
            }
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
                at &+= step
            }
        case 2:
            let pixel = UInt16(truncatingIfNeeded: value).littleEndian
            for _ in 0..<count {
                base.storeBytes(of: pixel, toByteOffset: at, as: UInt16.self)
                at &+= step
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
        defer { vy &+= 2 }
        let outerSquared = dial.outer2 &* dial.outer2 &- vy &* vy
        guard outerSquared > 0 else { return DialRow(vy: vy, outer: -1, inner: 0) }
        // The most |vx| with vx^2 < outerSquared: a Newton step from the last row's, then
        // exact.
        if outer > 0 { outer = (outer &+ (outerSquared &- 1) / outer) >> 1 }
        while outer > 0 && outer &* outer >= outerSquared { outer &-= 1 }
        while (outer &+ 1) &* (outer &+ 1) < outerSquared { outer &+= 1 }
        let innerSquared = dial.inner2 &* dial.inner2 &- vy &* vy
        if innerSquared <= 0 {
            inner = 0
        } else {
            // The least |vx| with vx^2 >= innerSquared.
            inner = inner > 0 ? (inner &+ innerSquared / inner) >> 1 : DialRows.squareRoot(innerSquared &- 1) &+ 1
            while inner > 0 && (inner &- 1) &* (inner &- 1) >= innerSquared { inner &-= 1 }
            while inner &* inner < innerSquared { inner &+= 1 }
        }
        return DialRow(vy: vy, outer: outer, inner: inner)
    }
}

/// Up to five positions along the arc where a run's colour can change, appended in order,
/// each once: plain fields (a tuple read through `withUnsafeBytes` read wrong in the Embedded
/// build).
struct DialPositions {
    private(set) var p0: Int32 = 0, p1: Int32 = 0, p2: Int32 = 0, p3: Int32 = 0, p4: Int32 = 0
    private(set) var count = 0

    subscript(index: Int) -> Int32 {
        switch index {
        case 0: p0
        case 1: p1
        case 2: p2
        case 3: p3
        default: p4
        }
    }

    /// Adds `position` unless it equals the last one (they come in order).
    mutating func append(_ position: Int32) {
        if count > 0 && self[count - 1] == position { return }
        switch count {
        case 0: p0 = position
        case 1: p1 = position
        case 2: p2 = position
        case 3: p3 = position
        default: p4 = position
        }
        count += 1
    }
}

/// An edge's direction (a screen vector 2^14 long) and which side of the centre it is on.
struct DialEdge {
    let x: Int32
    let y: Int32
    /// Its angle is at least 0: it points right (or straight up).
    let onRight: Bool

    init(_ vector: (x: Int32, y: Int32)) {
        x = vector.x
        y = vector.y
        onRight = vector.x > 0 || (vector.x == 0 && vector.y < 0)
    }

    var direction: (x: Int32, y: Int32) { (x, y) }
}

/// A band's edges (`count` of them, 2...5) and the colour from each to the next.
struct DialBand {
    let count: Int
    let e0: DialEdge, e1: DialEdge, e2: DialEdge, e3: DialEdge, e4: DialEdge
    let c0: UInt32, c1: UInt32, c2: UInt32, c3: UInt32

    /// The edges at `positions` (their directions by CORDIC) and the colours between, as
    /// `look` shows them: the knob's over its span, the fill's before the value, the track's.
    init(_ positions: DialPositions, look: SliderLook, knob: Range<Int32>, halfArc: Int32, format: PixelFormat) {
        count = positions.count
        func edge(_ index: Int) -> DialEdge {
            index < positions.count ? DialEdge(DialAngle.unitVector(positions[index] &- halfArc)) : DialEdge((0, 0))
        }
        func color(_ index: Int) -> UInt32 {
            guard index < positions.count else { return 0 }
            let position = positions[index]
            return format.encode(knob.contains(position) ? look.knob : position < look.fillPixels ? look.fill : look.track)
        }
        e0 = edge(0)
        e1 = edge(1)
        e2 = edge(2)
        e3 = edge(3)
        e4 = edge(4)
        c0 = color(0)
        c1 = color(1)
        c2 = color(2)
        c3 = color(3)
    }

    func edge(_ index: Int) -> DialEdge {
        switch index {
        case 0: e0
        case 1: e1
        case 2: e2
        case 3: e3
        default: e4
        }
    }
}

/// One run of a row: pixels `first...last`, on one side of the centre, on the row `vy` from it.
struct DialRun {
    let first: Int32
    let last: Int32
    let vy: Int32
    let rightSide: Bool
    let centreX2: Int32

    /// How many of its pixels lie before `edge`: their angle is less than the edge's. Exact:
    /// the pixel's side of the edge's ray is the sign of a cross product, linear along the
    /// row, solved for the row in one division.
    @inline(__always)
    func pixelsBefore(_ edge: DialEdge) -> Int32 {
        let count = last &- first &+ 1
        // On the other side of the centre every pixel's angle is on one side of the edge's:
        // left of an edge on the right is before it; right of one on the left, after.
        if rightSide != edge.onRight { return rightSide ? 0 : count }
        // On the edge's side a pixel is before it where cross(u, v) = u.x*vy - u.y*vx < 0.
        let t = edge.x &* vy
        if edge.y == 0 { return t < 0 ? count : 0 }
        if edge.y > 0 {
            // Before where vx > t/u.y: vx >= floor(t/u.y) + 1, vx = 2x+1-centreX2.
            let q = DialRun.floorDivision(t, edge.y)
            let x = (q &+ centreX2 &+ 1) >> 1
            return min(max(last &- x &+ 1, 0), count)
        }
        // u.y < 0: before where vx < (-t)/(-u.y): vx <= floor((-t - 1)/(-u.y)).
        let q = DialRun.floorDivision(0 &- t &- 1, 0 &- edge.y)
        let x = (q &+ centreX2 &- 1) >> 1
        return min(max(x &- first &+ 1, 0), count)
    }

    @inline(__always)
    static func floorDivision(_ a: Int32, _ b: Int32) -> Int32 {
        a >= 0 ? a / b : 0 &- ((0 &- a &+ b &- 1) / b)
    }
}
