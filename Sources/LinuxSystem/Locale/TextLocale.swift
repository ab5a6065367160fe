import CLinux

/// The dates and numbers of one locale (`de_DE.UTF-8`): day and month names for strftime
/// formats, and the decimal separator for numbers. Only its time and number categories are
/// loaded, as a locale of its own (newlocale): the process's locale stays "C", so logs, event
/// lines and config text are written as before whatever the panel shows.
///
/// Immutable once made; glibc's `*_l` calls read it from any thread.
public final class TextLocale: Equatable, @unchecked Sendable {
    /// As written in the config, or as the environment resolved it; "C" for the C library's own.
    public let name: String
    /// What numbers written in a `format` put between their whole part and decimals.
    public let decimalSeparator: Unicode.Scalar
    /// Nil for "C": strftime as the process writes it, today's text exactly.
    private let handle: OpaquePointer?

    private init(name: String, decimalSeparator: Unicode.Scalar, handle: OpaquePointer?) {
        self.name = name
        self.decimalSeparator = decimalSeparator
        self.handle = handle
    }

    deinit {
        if let handle { tp_locale_free(handle) }
    }

    /// The C library's own: English names, a point.
    public static let c = TextLocale(name: "C", decimalSeparator: ".", handle: nil)

    /// Whether it writes as "C" does.
    public var isC: Bool { handle == nil }

    public static func == (a: TextLocale, b: TextLocale) -> Bool {
        a.name == b.name && a.decimalSeparator == b.decimalSeparator
    }

    /// The locale `name`, as the system has it installed. "C" and "POSIX" are `c`.
    public static func named(_ name: String) -> Result<TextLocale, LocaleProblem> {
        guard LocaleName.isValid(name) else { return .failure(.badName(name)) }
        if LocaleName.isC(name) { return .success(.c) }
        guard let handle = name.withCString({ tp_locale_open($0) }) else { return .failure(.notInstalled(name)) }
        return made(name: name, handle: handle)
    }

    /// The locale the process's environment names for dates and numbers (LC_ALL, then
    /// LC_TIME and LC_NUMERIC, then LANG: what systemd passes from /etc/locale.conf or
    /// /etc/default/locale); `c` when it names none, or "C" or "POSIX".
    public static func system() -> Result<TextLocale, LocaleProblem> {
        guard let handle = tp_locale_open("") else {
            return .failure(.notInstalled(LocaleName.fromEnvironment() ?? "the environment's locale"))
        }
        let time = String(cString: tp_locale_time_name(handle))
        let numeric = String(cString: tp_locale_numeric_name(handle))
        if LocaleName.isC(time), LocaleName.isC(numeric) {
            tp_locale_free(handle)
            return .success(.c)
        }
        return made(name: time == numeric ? time : "\(time) (numbers: \(numeric))", handle: handle)
    }

    /// A loaded locale, if it writes UTF-8 (the only text the panel draws).
    private static func made(name: String, handle: OpaquePointer) -> Result<TextLocale, LocaleProblem> {
        let codeset = String(cString: tp_locale_codeset(handle))
        guard codeset == "UTF-8" || codeset == "ANSI_X3.4-1968" else {
            tp_locale_free(handle)
            return .failure(.notUTF8(name, codeset: codeset))
        }
        let point = String(cString: tp_locale_decimal_point(handle)).unicodeScalars
        let separator: Unicode.Scalar = point.count == 1 ? point[point.startIndex] : "."
        return .success(TextLocale(name: name, decimalSeparator: separator, handle: handle))
    }

    /// `format` as strftime writes local time `epochSeconds` in this locale (TZ and
    /// /etc/localtime apply); "" when it is empty or longer than the largest buffer.
    public func text(_ format: String, epochSeconds: Int64) -> String {
        guard let handle else { return LocalTime.text(format, epochSeconds: epochSeconds) }
        for size in LocalTime.bufferBytes {
            var buffer = [CChar](repeating: 0, count: size)
            let count = format.withCString { tp_locale_strftime(handle, &buffer, buffer.count, $0, epochSeconds) }
            if count < 0 { return "--" }
            if count > 0 { return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        }
        return ""
    }

    /// `number` (digits with a `.`, as `DecimalNumber` writes them) with this locale's
    /// decimal separator.
    public func localized(number: String) -> String {
        guard decimalSeparator != "." else { return number }
        var text = String()
        for scalar in number.unicodeScalars { text.unicodeScalars.append(scalar == "." ? decimalSeparator : scalar) }
        return text
    }
}
