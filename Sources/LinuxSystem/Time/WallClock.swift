import CLinux
import TouchCore

/// The time of day, for text items that show it. The loop's own clock is monotonic and never
/// jumps; the wall clock may (NTP setting it at boot), so it is read where a time is shown,
/// never for a deadline. The engine gets one from PanelApp, which alone reads clocks.
public protocol WallClock: AnyObject {
    /// Nanoseconds since the epoch at `instant` of the loop's clock.
    func epochNanoseconds(at instant: MonotonicInstant) -> Int64
    /// `format` as strftime writes local time `epochSeconds` in `locale` (its day and month
    /// names; TZ and /etc/localtime apply).
    func localText(_ format: String, epochSeconds: Int64, locale: TextLocale) -> String
    /// The local minute of the day (0..<1440) at `epochSeconds`, daylight-saving time applied.
    func localMinuteOfDay(epochSeconds: Int64) -> Int
}

extension WallClock {
    public func localMinuteOfDay(epochSeconds: Int64) -> Int {
        LocalTime.minuteOfDay(epochSeconds: epochSeconds)
    }
}

/// strftime over the C library's local time: no clock is read here.
public enum LocalTime {
    /// The buffers strftime is given in turn. It writes nothing when its text does not fit,
    /// so a longer text (`%c` many times, a wide field such as `%300S`) is tried in the next;
    /// an empty text (`%p` in some locales) costs the same tries once a minute.
    static let bufferBytes = [256, 4_096, 65_536]

    /// The local minute of the day at `epochSeconds` (localtime_r: TZ or /etc/localtime,
    /// daylight-saving time applied); 0 if the C library cannot say.
    public static func minuteOfDay(epochSeconds: Int64) -> Int {
        var seconds = time_t(epochSeconds)
        var broken = tm()
        guard localtime_r(&seconds, &broken) != nil else { return 0 }
        return Int(broken.tm_hour) * 60 + Int(broken.tm_min)
    }

    /// Seconds since the epoch of local time `year-month-day hours:minutes:seconds` (mktime,
    /// the C library deciding whether daylight-saving time applies); nil if it cannot say.
    public static func epochSeconds(year: Int, month: Int, day: Int, hours: Int, minutes: Int, seconds: Int) -> Int64? {
        var broken = tm()
        broken.tm_year = Int32(year - 1900)
        broken.tm_mon = Int32(month - 1)
        broken.tm_mday = Int32(day)
        broken.tm_hour = Int32(hours)
        broken.tm_min = Int32(minutes)
        broken.tm_sec = Int32(seconds)
        broken.tm_isdst = -1
        let result = mktime(&broken)
        guard result != -1 else { return nil }
        return Int64(result)
    }

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
