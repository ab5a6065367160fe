/// Where a dial's arc is on the screen, in doubled logical pixels (a pixel's centre is at
/// 2x+1, so a rect of even size has its centre between pixels without rounding), and how a
/// finger's place becomes a value (rule 14).
public struct DialGeometry: Equatable, Sendable {
    public let shape: DialShape
    /// The centre of the largest circle the rect holds, doubled.
    public let centreX2: Int32
    public let centreY2: Int32
    /// The band's outer and inner radii, doubled.
    public let outer2: Int32
    public let inner2: Int32

    public init(rect: Rect, shape: DialShape) {
        self.shape = shape
        centreX2 = 2 * rect.x + rect.width
        centreY2 = 2 * rect.y + rect.height
        outer2 = max(0, min(rect.width, rect.height))
        inner2 = max(0, outer2 - 2 * shape.bandPx)
    }

    /// Half the arc, in hundredths of a degree: the arc runs from -half (min) to +half (max).
    public var halfArc: Int32 { shape.arcCentidegrees / 2 }

    /// The vector from the centre to `point`'s pixel centre, doubled.
    @inline(__always)
    public func vector(to point: Point) -> (x: Int32, y: Int32) {
        (2 * point.x + 1 - centreX2, 2 * point.y + 1 - centreY2)
    }

    /// Whether `point` is on the band: between the inner and the outer circle (the gap too).
    public func isOnBand(_ point: Point) -> Bool {
        let v = vector(to: point)
        guard abs(v.x) <= outer2, abs(v.y) <= outer2 else { return false }
        let squared = v.x * v.x + v.y * v.y
        return squared < outer2 * outer2 && squared >= inner2 * inner2
    }

    /// The position along the arc (0 at min, `arcCentidegrees` at max) of an angle; outside
    /// 0...arc in the gap.
    @inline(__always)
    public func position(ofAngle centidegrees: Int32) -> Int32 { centidegrees + halfArc }

    /// Where `step` of `stepCount` is along the arc, in hundredths of a degree from its start.
    /// Unsigned: 65536 steps times 36000 overflow 31 bits (and 64-bit division pulls in a
    /// runtime routine on armv7).
    public func position(ofStep step: Int32, stepCount: Int32) -> Int32 {
        let clamped = UInt32(min(max(step, 0), stepCount))
        return Int32(clamped * UInt32(shape.arcCentidegrees) / UInt32(max(1, stepCount)))
    }

    /// The step nearest to `position` (clamped to the arc).
    public func step(atPosition position: Int32, stepCount: Int32) -> Int32 {
        let arc = shape.arcCentidegrees
        let along = UInt32(min(max(position, 0), arc))
        return Int32((along * UInt32(stepCount) + UInt32(arc / 2)) / UInt32(arc))
    }

    /// The step a finger at `point` sets (rule 14). At the down (`previous` nil) the value goes
    /// to the finger's angle, in the gap to the nearer end. While held, the value turns from
    /// `previous` the short way towards the finger and stops at an end: a finger that goes on
    /// through the gap leaves it there, so it never jumps across the gap.
    public func step(at point: Point, from previous: Int32?, stepCount: Int32) -> Int32 {
        let v = vector(to: point)
        let angle = DialAngle.of(dx: v.x, dy: v.y)
        guard let previous else {
            let position = self.position(ofAngle: angle)
            if position >= 0 && position <= shape.arcCentidegrees { return step(atPosition: position, stepCount: stepCount) }
            // In the gap: the end nearer by angle (the gap's middle is at 180 degrees).
            return angle > 0 ? stepCount : 0
        }
        let from = position(ofStep: previous, stepCount: stepCount) - halfArc
        var turn = angle - from
        if turn > 18000 { turn -= 36000 } else if turn <= -18000 { turn += 36000 }
        return step(atPosition: position(ofAngle: from + turn), stepCount: stepCount)
    }

    /// Whether a down at `point` is the dial's: on the band within the arc (the knob is drawn
    /// across the band there). A down inside the ring, outside it or in the gap is not.
    public func claims(_ point: Point) -> Bool { bandPosition(of: point) != nil }

    /// The position along the arc of a pixel of the band within the arc (its ends included);
    /// nil for one inside the ring, outside it or in the gap. The painted band is exactly
    /// these pixels, each in the colour of its position: what a finger there would set.
    public func bandPosition(of point: Point) -> Int32? {
        guard isOnBand(point) else { return nil }
        let v = vector(to: point)
        let position = self.position(ofAngle: DialAngle.of(dx: v.x, dy: v.y))
        return position >= 0 && position <= shape.arcCentidegrees ? position : nil
    }

    /// The knob's width along the arc in hundredths of a degree, for a knob `knobPx` wide at
    /// the band's middle: 18000/pi per radius.
    public func centidegrees(ofPixels knobPx: Int32) -> Int32 {
        let middle = max(1, (outer2 + inner2) / 4)
        return min(shape.arcCentidegrees, knobPx * 5730 / middle)
    }

    /// The dial's square: the largest its rect holds, centred in it.
    public var square: Rect {
        Rect(x: (centreX2 - outer2) >> 1, y: (centreY2 - outer2) >> 1, width: outer2, height: outer2)
    }

    /// The box around the band between positions `span` (a pixel's margin for rounding),
    /// inside the dial's square.
    public func bounds(of span: Range<Int32>) -> Rect {
        let square = self.square
        guard !span.isEmpty else { return Rect(x: square.x, y: square.y, width: 0, height: 0) }
        let first = DialAngle.unitVector(span.lowerBound - halfArc), last = DialAngle.unitVector(span.upperBound - halfArc)
        var box = SpanBox()
        box.include(first.x * outer2 / 16384, first.y * outer2 / 16384)
        box.include(first.x * inner2 / 16384, first.y * inner2 / 16384)
        box.include(last.x * outer2 / 16384, last.y * outer2 / 16384)
        box.include(last.x * inner2 / 16384, last.y * inner2 / 16384)
        // Where the band's outer edge is furthest out inside the span: up, right, left (the
        // bottom is in the gap).
        if span.contains(position(ofAngle: 0)) { box.include(0, -outer2) }
        if span.contains(position(ofAngle: 9000)) { box.include(outer2, 0) }
        if span.contains(position(ofAngle: -9000)) { box.include(-outer2, 0) }
        let around = Rect(
            x: (centreX2 + box.lowX) >> 1 - 1, y: (centreY2 + box.lowY) >> 1 - 1,
            width: (box.highX - box.lowX) >> 1 + 3, height: (box.highY - box.lowY) >> 1 + 3)
        return around.clipped(to: square) ?? Rect(x: square.x, y: square.y, width: 0, height: 0)
    }
}

/// The least and most of some doubled vectors.
private struct SpanBox {
    var lowX = Int32.max, lowY = Int32.max, highX = Int32.min, highY = Int32.min

    mutating func include(_ x: Int32, _ y: Int32) {
        lowX = min(lowX, x)
        lowY = min(lowY, y)
        highX = max(highX, x)
        highY = max(highY, y)
    }
}
