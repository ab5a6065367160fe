import TouchCore

/// `night = HH:MM-HH:MM`, 24-hour local times, as a `NightWindow`.
enum NightSyntax {
    static let example = "HH:MM-HH:MM of 24-hour local time such as 22:00-06:30"

    static func window(_ text: String) throws(ValueProblem) -> NightWindow {
        let bytes = Array(text.utf8)
        guard bytes.count == 11, bytes[5] == UInt8(ascii: "-"),
              let start = minute(bytes[0..<5]), let end = minute(bytes[6..<11])
        else { throw .expected(example, found: text) }
        guard let window = NightWindow(startMinute: start, endMinute: end) else {
            throw ValueProblem("the night starts and ends at the same time, found \"\(text)\"; give two different times")
        }
        return window
    }

    /// `HH:MM` as minutes of the day, or nil.
    static func minute(_ bytes: ArraySlice<UInt8>) -> Int? {
        let start = bytes.startIndex
        guard bytes[start + 2] == UInt8(ascii: ":"),
              let hours = twoDigits(bytes[start], bytes[start + 1]), hours < 24,
              let minutes = twoDigits(bytes[start + 3], bytes[start + 4]), minutes < 60
        else { return nil }
        return hours * 60 + minutes
    }

    private static func twoDigits(_ tens: UInt8, _ ones: UInt8) -> Int? {
        let zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9")
        guard (zero...nine).contains(tens), (zero...nine).contains(ones) else { return nil }
        return Int(tens - zero) * 10 + Int(ones - zero)
    }

    /// `HH:MM-HH:MM`, as written in the config.
    static func text(_ window: NightWindow) -> String {
        "\(clock(window.startMinute))-\(clock(window.endMinute))"
    }

    static func clock(_ minute: Int) -> String {
        let hours = minute / 60, minutes = minute % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
    }
}
