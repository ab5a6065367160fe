import LinuxSystem

/// `--wall-clock YYYY-MM-DDTHH:MM:SS`: the simulated board's local time at its start, so a
/// trace can begin at any time of day (the night schedule's 22:00). Local time as TZ has it
/// (mktime); in the hour a daylight-saving change repeats, glibc takes the second, standard time.
public enum WallClockOption {
    public static let usage = "--wall-clock takes a local time YYYY-MM-DDTHH:MM:SS, e.g. 2026-11-29T21:59:50"

    /// Nanoseconds since the epoch, or nil when `text` is not such a time.
    public static func epochNanoseconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count == 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = number(bytes[0..<4]), let month = number(bytes[5..<7]), let day = number(bytes[8..<10]),
              let hours = number(bytes[11..<13]), let minutes = number(bytes[14..<16]), let seconds = number(bytes[17..<19]),
              year >= 1970, (1...12).contains(month), (1...daysIn(month, year)).contains(day),
              hours < 24, minutes < 60, seconds < 60,
              let epoch = LocalTime.epochSeconds(year: year, month: month, day: day, hours: hours, minutes: minutes, seconds: seconds)
        else { return nil }
        return epoch * 1_000_000_000
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
