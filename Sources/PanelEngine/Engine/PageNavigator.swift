import PanelConfig
import TouchCore

/// Which page is shown and which was before it, and where a `page` action leads from there:
/// the one rule the engine and `replay` share.
public struct PageNavigator: Sendable {
    public private(set) var shown = 0
    public private(set) var previous = 0
    private let names: [String]

    /// `names`: the `[page NAME]` sections in file order; none is one page.
    public init(names: [String]) {
        self.names = names
    }

    public var count: Int { max(1, names.count) }

    /// The page `target` leads to from the one shown: `next` and `prev` wrap round, `back` is
    /// the one shown before (the first at start).
    public func page(for target: PageTarget) -> Int {
        switch target {
        case .named(let name): names.firstIndex(of: name) ?? shown
        case .next: (shown + 1) % count
        case .previous: (shown + count - 1) % count
        case .back: previous
        }
    }

    /// Shows `page`; false (nothing changes) for the page shown or one that is not there.
    public mutating func show(_ page: Int) -> Bool {
        guard page != shown, names.indices.contains(page) else { return false }
        previous = shown
        shown = page
        return true
    }

    /// The `page` action an event ran on its button, if it ran one: a tap's, a long press's or
    /// a repeat's (hold-to-run's go through the engine's own path).
    public static func target(of event: GestureEvent, on button: ButtonConfig) -> PageTarget? {
        let action: ButtonAction?
        switch event.kind {
        case .tap(let taps): action = button.action(forTaps: taps)
        case .longPress: action = button.onLongPress
        case .repeat: action = button.onRepeat
        case .pressed, .released, .cancelled, .exit, .enter: action = nil
        }
        guard case .page(let target)? = action else { return nil }
        return target
    }
}
