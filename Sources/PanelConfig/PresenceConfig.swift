import TouchCore

/// `[presence]`: a sensor that says whether someone is in front of the panel (a PIR or radar
/// module on a GPIO input, or a topic or entity that another system keeps). Someone arriving
/// wakes the panel as a touch would; while someone is there the panel does not idle-blank;
/// `away_after_s` after they leave it goes off. It never starts an action (DESIGN rule 13).
public struct PresenceConfig: Equatable, Sendable {
    /// Where "someone is there" comes from.
    public enum Source: Equatable, Sendable {
        /// A GPIO input read as edge events; `activeLow`: a low level means present.
        case line(chip: String, line: LineRef, activeLow: Bool, debounceMs: Int)
        /// Messages on a topic (or a field of their JSON): ON/OFF, on/off, true/false, 1/0.
        case topic(String, field: [String]?)
        /// A Home Assistant entity's state: `on` is present (a `binary_sensor`).
        case entity(EntityID)
    }

    public var source: Source
    /// Seconds from the end of presence (or the last lift after it) to off; 0: never, only
    /// `[backlight]`'s idle times.
    public var awayAfterS: Int
    /// The section's header line, for messages.
    public var line: Int

    /// Long enough to pass over a relay's contact bounce and a spike picked up on a long
    /// sensor cable, short against the second or so a person takes to walk up to a wall: the
    /// panel is lit before the finger arrives.
    public static let defaultDebounceMs = 200

    public init(source: Source, awayAfterS: Int = 0, line: Int = 0) {
        self.source = source
        self.awayAfterS = awayAfterS
        self.line = line
    }

    /// The away time for the wake gate; nil for never.
    public var awayAfter: MonotonicDuration? {
        .seconds(orNever: awayAfterS)
    }

    /// The debounce of a GPIO line; nil for a topic or entity (whoever sends them settled them).
    public var debounceMs: Int? {
        if case .line(_, _, _, let debounceMs) = source { return debounceMs }
        return nil
    }
}
