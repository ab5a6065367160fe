import LinuxSystem
import PanelEngine
import TouchCore

/// Each button's look prepared once per state, the first time the button is shown in that
/// state (`FramebufferPainter.prepare`: its border and middle rows, and the label blended
/// over the fill): a repaint then writes rows from these instead of filling and blending
/// every pixel again. Only the states a button is actually shown in take memory: most buttons are only
/// ever normal and pressed. A whole frame drops the looks of the buttons it does not show (those
/// of other pages): the looks held are those of one page, so memory grows with the items of the
/// largest page, not with pages. And at most `byteLimit` bytes of them are held (a look of
/// a 185x145 button with a 24-pixel label is about 8 KiB, its label's rows with ink only; the
/// 28 KiB default holds the normal and pressed looks of the button a hand is on, and one more:
/// `FramebufferSurface.defaultLookByteLimit`).
///
/// Beyond the limit a new look takes the room of looks not drawn for `staleDraws` draws, those
/// drawn longest ago first, and of no other: when there is not enough, it is not kept (its
/// size is, `declined`), and the button is painted straight (`admits` says so) until there is.
/// Dropping looks still in use only to prepare them again costs far more than painting
/// straight: eight buttons of 200x100 with 48-pixel labels, pressed and released in turn, need
/// 146 KiB of looks; dropping the oldest made every repaint prepare its look again (102,489
/// instructions a repaint in XRGB8888, against 19,693 for one painted straight).
final class PreparedButtons {
    /// One state's look: where the bytes `prepare` made are (in `slab`, or for a look larger
    /// than the slab in a mapping of its own; neither when nothing shows), and when it was last
    /// drawn (a count of draws). The look describes itself (`PreparedButton(look:)`).
    struct Look {
        var offset: Int?
        var own: MappedMemory?
        var byteCount: Int
        var lastUse: UInt64

        static var nothing: Look { Look(offset: nil, own: nil, byteCount: 0, lastUse: 0) }
    }

    let byteLimit: Int
    /// The bytes of every look held now.
    private(set) var byteCount = 0
    /// Where the looks are: one block of `byteLimit` bytes made at start, never freed, so
    /// that looks coming and going with pages leave no freed pages in the heap. A new look goes
    /// after the last one; when it does not fit there, the looks held are moved down together
    /// first (at most the block's bytes, copied once).
    private let slab: MappedMemory?
    private var slabUsed = 0
    private var uses: UInt64 = 0

    private let painter: FramebufferPainter
    /// [button, state], nil until first shown.
    private var looks: LookTable
    /// The bytes of each look made and not kept for want of room (0: none), so that it is not
    /// made again until that room is there; per button, shared until one of it is declined.
    private var declined: [[UInt32]]
    /// No look held was drawn before this draw count: until `uses` is `staleDraws` past it,
    /// none is stale and no scan need look (`staleBytes` moves it on).
    private var oldestUseAtLeast: UInt64 = 0
    /// How many draws a look goes undrawn before a new one may take its room.
    static let staleDraws: UInt64 = 64
    /// The label colours over their fills of the looks prepared lately, at every coverage: a
    /// page shown again blends its labels by lookup (`CoveragePalette`), and the buttons of a
    /// page mostly share their colours. A few kept, the oldest made over.
    private var palettes = Array(repeating: CoveragePalette(), count: PreparedButtons.paletteCount)
    private var nextPalette = 0

    init(painter: FramebufferPainter, buttonCount: Int, byteLimit: Int = FramebufferSurface.defaultLookByteLimit) {
        self.painter = painter
        self.byteLimit = byteLimit
        slab = MappedMemory(byteCount: byteLimit)
        looks = LookTable(buttonCount: buttonCount)
        declined = Array(repeating: Array(repeating: 0, count: PreparedButtons.stateCount), count: buttonCount)
    }

    /// Whether the button is drawn from its look in `state`: it is held, it was never made, or
    /// the room it took when it was made is there now. Otherwise the caller paints it straight,
    /// and that counts as a draw: looks age with every button drawn, not only with theirs.
    func admits(button: Int, state: ButtonVisualState) -> Bool {
        let slot = PreparedButtons.slot(of: state)
        if looks[button, slot] != nil { return true }
        let bytes = Int(declined[button][slot])
        if bytes == 0 || canHold(bytes) { return true }
        uses &+= 1
        return false
    }

    /// Lends `body` the button's look in `state`, preparing it first if this is the first time
    /// (nil when nothing of it shows); `content` (which lends its argument the label and the
    /// layers over the fill) is asked for only then.
    func with<R>(
        button: Int, state: ButtonVisualState, rect: Rect, style: ButtonStyle,
        content: ((AlphaBitmap, ButtonLayers) -> Look) -> Look, _ body: (PreparedButton?) -> R
    ) -> R {
        let slot = PreparedButtons.slot(of: state)
        if looks[button, slot] == nil {
            let which = palette(for: style.colors(for: state))
            looks[button, slot] = content { bitmap, layers in
                // Made in a mapping of its own, as large as blending the label and encoding it
                // takes, then the look (its ink's spans: far fewer bytes) copied into the slab
                // and the mapping given back.
                let room = painter.preparedByteCount(label: bitmap, layers: layers, rect: rect, style: style)
                guard room > 0, let scratch = MappedMemory(byteCount: room),
                    let made = painter.prepare(
                        label: bitmap, layers: layers, rect: rect, style: style, state: state, palette: &palettes[which], into: scratch.bytes)
                else { return Look.nothing }
                // Whole 16 bytes, so that every look in the slab starts as aligned as a look must.
                let count = (made.byteCount + 15) & ~15
                // Room first: stale looks, those drawn longest ago first, go until this one fits
                // the limit; without room enough it is drawn once from where it was made.
                guard canHold(count) else {
                    return Look(offset: nil, own: scratch, byteCount: count, lastUse: PreparedButtons.notKept)
                }
                dropStaleLooks(toHold: count)
                guard let slab, count <= slab.bytes.count, let from = scratch.bytes.baseAddress, let to = slab.bytes.baseAddress else {
                    return Look(offset: nil, own: scratch, byteCount: count, lastUse: 0)
                }
                if slabUsed + count > slab.bytes.count { compact() }
                (to + slabUsed).copyMemory(from: from, byteCount: made.byteCount)
                defer { slabUsed += count }
                return Look(offset: slabUsed, own: nil, byteCount: count, lastUse: 0)
            }
            if looks[button, slot]!.lastUse == PreparedButtons.notKept {
                let look = looks[button, slot]!
                looks[button, slot] = nil
                declined[button][slot] = UInt32(clamping: look.byteCount)
                uses &+= 1
                return withExtendedLifetime(look.own) {
                    body(look.own.flatMap { PreparedButton(look: UnsafeRawBufferPointer($0.bytes)) })
                }
            }
            if declined[button][slot] != 0 { declined[button][slot] = 0 }
            byteCount += looks[button, slot]!.byteCount
        }
        uses &+= 1
        looks[button, slot]!.lastUse = uses
        let look = looks[button, slot]!
        let bytes: UnsafeRawBufferPointer
        if let offset = look.offset, let slab {
            bytes = UnsafeRawBufferPointer(rebasing: slab.bytes[offset..<(offset + look.byteCount)])
        } else if let own = look.own {
            bytes = UnsafeRawBufferPointer(own.bytes)
        } else {
            return body(nil)
        }
        return withExtendedLifetime(look.own) { body(PreparedButton(look: bytes)) }
    }

    /// Whether the button's look in `state` is held.
    func holds(button: Int, state: ButtonVisualState) -> Bool {
        looks[button, PreparedButtons.slot(of: state)] != nil
    }

    /// Lends `body` the palette of `colors` (made over from the oldest when none is), for a
    /// label blended straight onto the screen.
    func withPalette<R>(for colors: ButtonStyle.Colors, _ body: (inout CoveragePalette) -> R) -> R {
        body(&palettes[palette(for: colors)])
    }

    /// Where the palette of `colors` is, or the one to make over for them.
    private func palette(for colors: ButtonStyle.Colors) -> Int {
        if let found = palettes.firstIndex(where: { $0.colors == colors }) { return found }
        let which = nextPalette
        nextPalette = (nextPalette + 1) % PreparedButtons.paletteCount
        return which
    }

    /// A button's label changed, or it left the screen: its looks are dropped and prepared
    /// again when next shown.
    func forget(button: Int) {
        for slot in 0..<PreparedButtons.stateCount {
            // Written only when set: a write gives the button an array of its own.
            if declined[button][slot] != 0 { declined[button][slot] = 0 }
            guard let look = looks[button, slot] else { continue }
            byteCount -= look.byteCount
            looks[button, slot] = nil
        }
    }

    /// Whether a look of `incoming` bytes fits within `byteLimit` once the stale looks are
    /// dropped (one larger than the limit, when every look held is stale: it is then held
    /// alone, in a mapping of its own).
    private func canHold(_ incoming: Int) -> Bool {
        if byteCount + incoming <= byteLimit { return true }
        let inUse = byteCount - staleBytes()
        return inUse + incoming <= byteLimit || (incoming > byteLimit && inUse == 0)
    }

    private func isStale(_ look: Look) -> Bool {
        uses &- look.lastUse >= PreparedButtons.staleDraws
    }

    /// The bytes of the looks held that are stale.
    private func staleBytes() -> Int {
        guard uses &- oldestUseAtLeast >= PreparedButtons.staleDraws else { return 0 }
        var bytes = 0
        var oldest = uses
        for b in 0..<looks.buttonCount {
            for s in 0..<PreparedButtons.stateCount {
                guard let look = looks[b, s] else { continue }
                if isStale(look) { bytes += look.byteCount }
                oldest = min(oldest, look.lastUse)
            }
        }
        oldestUseAtLeast = oldest
        return bytes
    }

    /// Drops stale looks, those drawn longest ago first, until a look of `incoming` bytes fits
    /// within `byteLimit` beside those held (all of them go for one larger than the limit).
    private func dropStaleLooks(toHold incoming: Int) {
        while byteCount + incoming > byteLimit {
            var oldest: (button: Int, slot: Int, use: UInt64)?
            for b in 0..<looks.buttonCount {
                for s in 0..<PreparedButtons.stateCount {
                    guard let look = looks[b, s], isStale(look) else { continue }
                    if oldest.map({ look.lastUse < $0.use }) ?? true { oldest = (b, s, look.lastUse) }
                }
            }
            guard let oldest else { return }
            byteCount -= looks[oldest.button, oldest.slot]!.byteCount
            looks[oldest.button, oldest.slot] = nil
        }
    }

    /// Moves the looks held in the slab down to its start, in the order they lie, so that the
    /// free bytes are together after them.
    private func compact() {
        guard let slab, let base = slab.bytes.baseAddress else { return }
        var held: [(button: Int, slot: Int, offset: Int)] = []
        for b in 0..<looks.buttonCount {
            for s in 0..<PreparedButtons.stateCount {
                if let offset = looks[b, s]?.offset { held.append((b, s, offset)) }
            }
        }
        held.sort { $0.offset < $1.offset }
        var next = 0
        for look in held {
            let count = looks[look.button, look.slot]!.byteCount
            if look.offset != next { (base + next).copyMemory(from: base + look.offset, byteCount: count) }
            looks[look.button, look.slot]!.offset = next
            next += count
        }
        slabUsed = next
    }

    /// Each button's look in each state: one array per button, all of them sharing one buffer
    /// until a look of that button is made (`Array(repeating:count:)` copies on write), so a
    /// panel pays only for the buttons drawn from looks. (One flat table for every button and
    /// state cost the kernel VM's memory run 8 KiB more.)
    struct LookTable {
        private var storage: [[Look?]]

        var buttonCount: Int { storage.count }

        init(buttonCount: Int) {
            storage = Array(repeating: Array(repeating: nil, count: PreparedButtons.stateCount), count: buttonCount)
        }

        subscript(button: Int, slot: Int) -> Look? {
            get { storage[button][slot] }
            set { storage[button][slot] = newValue }
        }
    }

    /// `Look.lastUse` of a look made and not kept (`with` draws it once).
    private static let notKept = UInt64.max
    static let stateCount = 6
    private static let paletteCount = 4

    private static func slot(of state: ButtonVisualState) -> Int {
        switch state {
        case .normal: 0
        case .pressed: 1
        case .disabled: 2
        case .on: 3
        case .pending: 4
        case .unknown: 5
        }
    }
}
