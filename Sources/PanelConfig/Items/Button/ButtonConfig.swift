import TouchCore

/// One `[button NAME]` section, validated: everything the panel needs to draw the button,
/// classify its gestures and run its actions.
public struct ButtonConfig: Equatable, Sendable {
    /// The name from the header: it identifies the button in event lines.
    public var name: String
    /// The text drawn on the button; the name unless `label` is given.
    public var label: String
    public var rect: Rect
    public var enabled: Bool
    /// The panel's `[touch]` timings with this button's overrides applied.
    public var timings: GestureTimings
    public var onTap: ButtonAction?
    public var onDoubleTap: ButtonAction?
    public var onTripleTap: ButtonAction?
    public var onLongPress: ButtonAction?
    public var onRepeat: ButtonAction?
    /// Hold-to-run: `on_press` runs at `pressed`, `on_release` exactly once when that press
    /// ends, whatever ends it (DESIGN.md section 4, last paragraph).
    public var onPress: ButtonAction?
    public var onRelease: ButtonAction?
    /// The line of the section header, for messages about the button at run time.
    public var line: Int
    /// The panel's colours (`[theme]`, or `[display]`) with this button's overrides applied.
    public var colors: ButtonPalette
    /// The largest size in pixels the label is drawn at, smaller where it does not fit: the
    /// button's `font_size`, else the panel's; without one anywhere, `font_size_max`
    /// (`fontSizeFitted`).
    public var fontSize: Int
    /// No `font_size` was given, for the button, in `[theme]` or in `[display]`: `fontSize` is
    /// `font_size_max`, and the label takes the largest size up to it that fits.
    public var fontSizeFitted: Bool
    /// A toggle: each single tap flips it between off and on (a double or triple tap has
    /// actions of its own and leaves it), and it is drawn with `colors.onFill` while on. It
    /// starts off.
    public var latch: Bool
    /// `exec_limit` and `exec_timeout_ms`: how many of its `exec` commands run at once, and
    /// how long each may.
    public var execLimits: ExecLimits
    /// `interlock`: the group whose buttons never run together (nil: none).
    public var interlock: String?
    /// `title`: its name in Home Assistant; nil: the label.
    public var title: String?
    /// `state_topic` and its keys, or `entity`: the device whose state the button shows (nil: none).
    public var binding: StateBinding?
    /// Bound to an entity and given no `label`: the label is the entity's `friendly_name`
    /// once Home Assistant tells it (the name until then).
    public var labelFromEntity = false
    /// The page it is on, by place in file order, or `PageLayout.allPages` (0 without pages).
    public var page: Int
    /// `swipe`: whether its touch may become the page's swipe (rule 11).
    public var swipe: Bool
    /// `cell`: where its page's grid put it (its `rect` is that cell's); nil: placed by `rect`.
    public var cell: GridCell?
    /// `icon` and its keys: the icon drawn with the label (nil: none).
    public var icons: ButtonIcons?
    /// `radius`: the corners' radius in pixels, already at most half the rect's smaller side
    /// (0: square).
    public var radiusPx: Int
    /// `sublabel` and its keys: the second line under the label (nil: none).
    public var sublabel: ButtonSublabel?
    /// `fill = none`: an invisible zone over the page's background (nil: an ordinary button).
    public var zone: ZoneLook?
    /// `look`: a plain button, or a switch (only on a latch or bound button).
    public var look: ButtonLookKind = .button
    /// `feedback = no`: its press plays no `[feedback]` pulse.
    public var feedback = true

    public init(
        name: String, label: String, rect: Rect, enabled: Bool = true, timings: GestureTimings = .defaults,
        onTap: ButtonAction? = nil, onDoubleTap: ButtonAction? = nil, onTripleTap: ButtonAction? = nil,
        onLongPress: ButtonAction? = nil, onRepeat: ButtonAction? = nil,
        onPress: ButtonAction? = nil, onRelease: ButtonAction? = nil, line: Int,
        colors: ButtonPalette = .defaults, fontSize: Int = DisplayConfig.defaultFontSize, fontSizeFitted: Bool = false, latch: Bool = false,
        execLimits: ExecLimits = .defaults, interlock: String? = nil, title: String? = nil, binding: StateBinding? = nil,
        page: Int = 0, swipe: Bool = true, cell: GridCell? = nil, icons: ButtonIcons? = nil, radiusPx: Int = 0,
        sublabel: ButtonSublabel? = nil, zone: ZoneLook? = nil
    ) {
        self.name = name
        self.label = label
        self.rect = rect
        self.enabled = enabled
        self.timings = timings
        self.onTap = onTap
        self.onDoubleTap = onDoubleTap
        self.onTripleTap = onTripleTap
        self.onLongPress = onLongPress
        self.onRepeat = onRepeat
        self.onPress = onPress
        self.onRelease = onRelease
        self.line = line
        self.colors = colors
        self.fontSize = fontSize
        self.fontSizeFitted = fontSizeFitted
        self.latch = latch
        self.execLimits = execLimits
        self.interlock = interlock
        self.title = title
        self.binding = binding
        self.page = page
        self.swipe = swipe
        self.cell = cell
        self.icons = icons
        self.radiusPx = radiusPx
        self.sublabel = sublabel
        self.zone = zone
    }

    /// Its name in Home Assistant: `title`, else the label on one line.
    public var displayTitle: String {
        title ?? (label.isEmpty ? name : label.split(separator: "\n").joined(separator: " "))
    }

    /// Whether one of its actions publishes on the broker.
    public var publishes: Bool {
        allActions.contains { action in
            if case .mqtt = action { return true }
            return false
        }
    }

    /// What the classifier needs: the gestures to listen for follow from the actions given.
    /// A button waits for a double tap only when it has `on_double_tap` (or a triple tap only
    /// with `on_triple_tap`), so a button with just `on_tap` fires with no added latency.
    public var spec: ButtonSpec {
        let highestTapCount = onTripleTap != nil ? 3 : onDoubleTap != nil ? 2 : onTap != nil ? 1 : 0
        return ButtonSpec(
            rect: rect, enabled: enabled, highestTapCount: highestTapCount,
            listensForLongPress: onLongPress != nil || onRepeat != nil,
            listensForRepeat: onRepeat != nil, timings: timings, page: page, yieldsToSwipe: swipe && !holdsToRun && onRepeat == nil)
    }

    /// Whether the button runs actions for the life of a press (`on_press` or `on_release`).
    public var holdsToRun: Bool { onPress != nil || onRelease != nil }

    /// Whether one of its actions starts a command.
    public var runsCommands: Bool {
        [onTap, onDoubleTap, onTripleTap, onLongPress, onRepeat, onPress, onRelease].contains { action in
            if case .exec? = action { return true }
            return false
        }
    }

    /// Every action the button has, in the order of its keys.
    public var allActions: [ButtonAction] {
        [onTap, onDoubleTap, onTripleTap, onLongPress, onRepeat, onPress, onRelease].compactMap { $0 }
    }

    /// The action for a `tap` event with `taps` taps, or nil when that count has none
    /// (the event line still goes out).
    public func action(forTaps taps: Int) -> ButtonAction? {
        switch taps {
        case 1: onTap
        case 2: onDoubleTap
        case 3: onTripleTap
        default: nil
        }
    }
}
