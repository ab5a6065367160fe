/// What one buffer lacks, or what a frame changes: some items, by place (`ItemKind`), or the
/// whole picture (the first frame, a reload).
public struct Damage: Hashable, Sendable {
    public private(set) var items: ItemSet
    /// Everything: the background and every item.
    public private(set) var whole: Bool

    /// The whole picture holds every item: its set is kept empty, so equal damage compares
    /// equal.
    public init(items: ItemSet = ItemSet(), whole: Bool = false) {
        self.items = whole ? ItemSet() : items
        self.whole = whole
    }

    /// The buttons of `buttons`, at their places (a button's index is its place).
    public init(buttons: ButtonSet) {
        var items = ItemSet()
        items.formUnion(buttons)
        self.init(items: items)
    }

    public static let none = Damage()
    public static let everything = Damage(whole: true)

    public var isEmpty: Bool { !whole && items.isEmpty }

    public func union(_ other: Damage) -> Damage {
        Damage(items: items.union(other.items), whole: whole || other.whole)
    }

    /// What is in `self` and not in `other`: the part of a stale buffer that a frame's own
    /// painting does not cover.
    public func subtracting(_ other: Damage) -> Damage {
        if other.whole { return .none }
        if whole { return self }
        return Damage(items: items.subtracting(other.items))
    }
}

/// Two buffers and page flips on vblank (DRM/KMS): the panel paints only into the buffer that
/// is not on screen, and asks for a flip; while a flip is queued, changes wait for it to
/// complete. The back buffer is one frame behind the front: before painting a frame into it,
/// the last frame's damage is copied forward from the front buffer, so each buffer is always a
/// complete picture and a flip never shows half a state.
///
/// Every transition is in `next`; the surface does what the returned `Frame` says. Buffers are
/// 0 and 1.
///
///                    changed (not empty) / paint the back buffer, queue its flip
///     showing(front) ------------------------------------------> flipping(pending)
///           ^                                                     |   ^      |
///           +---- flip completed, nothing waiting ----------------+   |      | changed /
///                 flip completed, changes waiting / paint and flip ---+      | wait for it
///                                                                  <---------+
///     (flip completed while showing: a stray event, no change)
///
/// Any change to `next` must be represented in this diagram.
public enum PageFlipChain: Hashable, Sendable {
    /// Nothing queued; `front` is on screen and the other buffer lacks `backLacks`.
    case showing(front: Int, backLacks: Damage)
    /// A flip to `pending` is queued. The buffer it replaces lacks `backLacks` (what
    /// `pending` got in its frame); `waiting` is what changed since and goes in the next frame.
    case flipping(pending: Int, backLacks: Damage, waiting: Damage)

    public enum Input: Hashable, Sendable {
        /// A frame's changes, painted when a buffer is free.
        case changed(Damage)
        /// The kernel's page-flip event: `pending` is on screen.
        case flipCompleted
    }

    /// The work for one frame: into `buffer`, first copy `copy` from `copyFrom` (what that
    /// buffer lacks and this frame does not repaint), then paint `paint`, then flip to it.
    public struct Frame: Hashable, Sendable {
        public var buffer: Int
        public var copyFrom: Int
        public var copy: Damage
        public var paint: Damage

        public init(buffer: Int, copyFrom: Int, copy: Damage, paint: Damage) {
            self.buffer = buffer
            self.copyFrom = copyFrom
            self.copy = copy
            self.paint = paint
        }
    }

    /// At start: buffer 0 is set on the CRTC, and neither buffer holds a picture yet.
    public static let start = PageFlipChain.showing(front: 0, backLacks: .everything)

    /// The next state, and the frame to paint and flip now, if any.
    public static func next(_ state: PageFlipChain, _ input: Input) -> (PageFlipChain, Frame?) {
        switch (state, input) {
        case (.showing(let front, let backLacks), .changed(let damage)):
            if damage.isEmpty { return (state, nil) }
            return frame(front: front, backLacks: backLacks, damage: damage)
        case (.showing, .flipCompleted):
            // No flip was queued: a stray event changes nothing.
            return (state, nil)
        case (.flipping(let pending, let backLacks, let waiting), .changed(let damage)):
            return (.flipping(pending: pending, backLacks: backLacks, waiting: waiting.union(damage)), nil)
        case (.flipping(let pending, let backLacks, let waiting), .flipCompleted):
            if waiting.isEmpty { return (.showing(front: pending, backLacks: backLacks), nil) }
            return frame(front: pending, backLacks: backLacks, damage: waiting)
        }
    }

    private static func frame(front: Int, backLacks: Damage, damage: Damage) -> (PageFlipChain, Frame) {
        let back = 1 - front
        let work = Frame(buffer: back, copyFrom: front, copy: backLacks.subtracting(damage), paint: damage)
        // Once `back` is on screen, `front` lacks exactly this frame's changes.
        return (.flipping(pending: back, backLacks: damage, waiting: .none), work)
    }
}
