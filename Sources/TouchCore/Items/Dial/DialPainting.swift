extension FramebufferPainter {
    /// Paints a dial (rule 14) whose band's pixels are `pixels` (made for this dial and this
    /// layout): with `previous` (what is on screen, differing only in the value) just the band's
    /// pixels whose colour changed (where the knob left and where it came, a run each) and the
    /// value's glyphs that changed; else the whole square, its background first. Returns false
    /// (writing nothing) when the buffer is too small.
    @discardableResult
    public func paintDial(
        _ look: SliderLook, previous: SliderLook?, pixels: DialPixels, text: SliderTextLook?, palettes: inout SliderTextPalettes,
        in buffer: UnsafeMutableRawBufferPointer
    ) -> Bool {
        guard let dial = look.dial, let base = usableBase(of: buffer) else { return false }
        let onScreen = previous.flatMap { $0.differsOnlyInValue(from: look) ? $0 : nil }
        if onScreen == nil, let square = dial.square.clipped(to: layout.logicalBounds) {
            fill(square, value: layout.format.encode(look.background), base: base)
        }
        paintBand(look, over: onScreen, pixels: pixels, base: base)
        guard let text else { return true }
        palettes.overTrack.use(ButtonStyle.Colors(fill: look.background, text: look.text), in: layout.format)
        if onScreen == nil, let label = text.label, let clip = text.labelRect.clipped(to: layout.logicalBounds) {
            blend(label, placed: text.labelRect, clip: clip, palette: &palettes.overTrack, base: base)
        }
        guard let box = text.valueBox.clipped(to: layout.logicalBounds) else { return true }
        // The value's glyphs over the background: copied from their pixels when there are
        // some (worked out once per colours), else blended.
        let painted = PaintedGlyphs.ready(&palettes.paintedValue, for: text.glyphs, through: &palettes.overTrack)
        let over: SliderGlyphRun?
        if let onScreen, text.sharePlaces(onScreen.valueText, look.valueText) {
            guard onScreen.valueText != look.valueText else { return true }
            over = onScreen.valueText
        } else {
            if onScreen != nil { fill(box, value: layout.format.encode(look.background), base: base) }
            over = nil
        }
        if let painted {
            drawValue(look.valueText, over: over, text: text, box: box) { _, placed, clip, _, column in
                copy(painted, column: column, placed: placed, clip: clip, base: base)
            }
        } else {
            drawValue(look.valueText, over: over, text: text, box: box) { cell, placed, clip, overwriting, _ in
                blend(cell, placed: placed, clip: clip, palette: &palettes.overTrack, base: base, overwriting: overwriting)
            }
        }
        return true
    }

    /// The band's pixels as `look` colours them, where `onScreen` (nil: nothing) coloured them
    /// otherwise. Between any two neighbouring ends of the parts of either look (the knob's
    /// ends, the value, the arc's ends) both colours are one each: such a stretch is written
    /// whole, as one run of `pixels`, or not at all.
    private func paintBand(_ look: SliderLook, over onScreen: SliderLook?, pixels: DialPixels, base: UnsafeMutableRawPointer) {
        // One past the end: the pixels exactly at max belong to the arc too.
        let end = look.length &+ 1
        let new = DialParts(look)
        let old = onScreen.map { DialParts($0) }
        var ends = DialPartEnds(end: end)
        ends.add(new)
        if let old { ends.add(old) }
        ends.sort()
        var start: Int32 = 0
        // The index of `start`'s first pixel when known (the end of the last stretch written).
        var startIndex: Int?
        for index in 0..<ends.count {
            let stop = ends[index]
            guard stop > start else { continue }
            let part = new.part(at: start)
            if old?.part(at: start) != part {
                let from = startIndex ?? pixels.firstIndex(atOrAfter: start), to = pixels.firstIndex(atOrAfter: stop)
                store(layout.format.encode(look.color(of: part)), offsets: pixels.offsets, from: from, to: to, base: base)
                startIndex = to
            } else {
                startIndex = nil
            }
            start = stop
        }
    }

    /// The pixels `offsets[from..<to]` set to `value`.
    @inline(__always)
    private func store(_ value: UInt32, offsets: UnsafeBufferPointer<UInt32>, from: Int, to: Int, base: UnsafeMutableRawPointer) {
        guard from < to else { return }
        switch layout.format.bytesPerPixel {
        case 4:
            for index in from..<to { base.storeBytes(of: value.littleEndian, toByteOffset: Int(offsets[index]), as: UInt32.self) }
        case 2:
            let pixel = UInt16(truncatingIfNeeded: value).littleEndian
            for index in from..<to { base.storeBytes(of: pixel, toByteOffset: Int(offsets[index]), as: UInt16.self) }
        default:
            for index in from..<to { store(value, at: Int(offsets[index]), base: base) }
        }
    }
}

/// Which part of the band a position is in.
enum DialPart: Equatable {
    case fill
    case track
    case knob
}

/// Where a look's parts are along the arc: the knob over its span, the fill before the
/// value, the track beyond.
struct DialParts {
    let knob: Range<Int32>
    let value: Int32

    init(_ look: SliderLook) {
        knob = look.knobSpan
        value = look.fillPixels
    }

    @inline(__always)
    func part(at position: Int32) -> DialPart {
        knob.contains(position) ? .knob : position < value ? .fill : .track
    }
}

extension SliderLook {
    func color(of part: DialPart) -> RGBColor {
        switch part {
        case .fill: fill
        case .track: track
        case .knob: knob
        }
    }
}

/// The ends of the band's parts in one or two looks, within 0..<`end`, then sorted: at most
/// seven (the arc's end and three a look), in plain fields (a tuple read through
/// `withUnsafeBytes` read wrong in the Embedded build).
struct DialPartEnds {
    private var e0: Int32 = 0, e1: Int32 = 0, e2: Int32 = 0, e3: Int32 = 0, e4: Int32 = 0, e5: Int32 = 0, e6: Int32 = 0
    private(set) var count = 0
    private let end: Int32

    init(end: Int32) {
        self.end = end
        append(end)
    }

    /// The ends of a look's parts: the knob's two and the value.
    mutating func add(_ parts: DialParts) {
        append(parts.knob.lowerBound)
        append(parts.knob.upperBound)
        append(parts.value)
    }

    private mutating func append(_ position: Int32) {
        guard count < 7 else { return }
        let clamped = min(max(position, 0), end)
        count += 1
        self[count - 1] = clamped
    }

    subscript(index: Int) -> Int32 {
        get {
            switch index {
            case 0: e0
            case 1: e1
            case 2: e2
            case 3: e3
            case 4: e4
            case 5: e5
            default: e6
            }
        }
        set {
            switch index {
            case 0: e0 = newValue
            case 1: e1 = newValue
            case 2: e2 = newValue
            case 3: e3 = newValue
            case 4: e4 = newValue
            case 5: e5 = newValue
            default: e6 = newValue
            }
        }
    }

    /// Insertion sort: seven at most.
    mutating func sort() {
        guard count > 1 else { return }
        for index in 1..<count {
            let value = self[index]
            var at = index
            while at > 0 && self[at - 1] > value {
                self[at] = self[at - 1]
                at -= 1
            }
            self[at] = value
        }
    }
}
