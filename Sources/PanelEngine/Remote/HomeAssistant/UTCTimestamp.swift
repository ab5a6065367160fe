/// A wall-clock time as ISO 8601 in UTC with milliseconds (`2026-11-29T23:46:43.120+00:00`),
/// as Home Assistant's commands take it: worked out from the epoch, no time zone involved.
public enum UTCTimestamp {
    public static func text(epochMs: Int64) -> String {
        let dayMs: Int64 = 86_400_000
        let days = epochMs >= 0 ? epochMs / dayMs : -((-epochMs + dayMs - 1) / dayMs)
        let msOfDay = epochMs - days * dayMs
        // Howard Hinnant's civil_from_days: the proleptic Gregorian date of a day number.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func padded(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2) + "T" + padded(msOfDay / 3_600_000, 2) + ":"
            + padded(msOfDay / 60_000 % 60, 2) + ":" + padded(msOfDay / 1_000 % 60, 2) + "." + padded(msOfDay % 1_000, 3) + "+00:00"
    }
}
