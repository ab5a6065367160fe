import CLinux
import TouchCore

/// The time of day, for text items that show it. The loop's own clock is monotonic and never
/// jumps; the wall clock may (NTP setting it at boot), so it is read where a time is shown,
/// never for a deadline. The engine gets one from PanelApp, which alone reads clocks.
public protocol WallClock: AnyObject {
    /// Nanoseconds since the epoch at `instant` of the loop's clock.
    func epochNanoseconds(at instant: MonotonicInstant) -> Int64
    /// `format` as strftime writes local time `epochSeconds` (TZ and /etc/localtime apply).
    func localText(_ format: String, epochSeconds: Int64) -> String
}

/// strftime over the C library's local time: no clock is read here.
public enum LocalTime {
    /// The buffers strftime is given in turn. It writes nothing when its text does not fit,
    /// so a longer text (`%c` many times, a wide field such as `%300S`) is tried in the next;
    /// an empty text (`%p` in some locales) costs the same tries once a minute.
    static let bufferBytes = [256, 4_096, 65_536]

    /// The text, or "" when it is empty or longer than the largest buffer.
    public static func text(_ format: String, epochSeconds: Int64) -> String {
        var seconds = time_t(epochSeconds)
        var broken = tm()
        guard localtime_r(&seconds, &broken) != nil else { return "--" }
        for size in bufferBytes {
            var buffer = [CChar](repeating: 0, count: size)
            let count = format.withCString { strftime(&buffer, buffer.count, $0, &broken) }
            if count > 0 { return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        }
        return ""
    }
}
