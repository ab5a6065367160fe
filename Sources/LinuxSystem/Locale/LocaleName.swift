import CLinux

/// What a locale's name may be: `language[_territory][.codeset][@modifier]` (`de_DE.UTF-8`,
/// `sr_RS@latin`), `C` or `POSIX`. newlocale would take a path too (a `/` in the name), and
/// read whatever is there; a config names locales only.
public enum LocaleName {
    public static func isValid(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count <= 64 else { return false }
        var index = 0
        func run(_ allowed: (UInt8) -> Bool) -> Int {
            let start = index
            while index < bytes.count, allowed(bytes[index]) { index += 1 }
            return index - start
        }
        func letter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        func digit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard run(letter) > 0 else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: "_") {
            index += 1
            guard run({ letter($0) || digit($0) }) > 0 else { return false }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard run({ letter($0) || digit($0) || $0 == UInt8(ascii: "-") }) > 0 else { return false }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "@") {
            index += 1
            guard run({ letter($0) || digit($0) }) > 0 else { return false }
        }
        return index == bytes.count
    }

    /// "C" and "POSIX": the C library's own, English names and a point; `C.UTF-8` (Debian's
    /// default LANG) writes dates and numbers as "C" does.
    public static func isC(_ name: String) -> Bool {
        name == "C" || name == "POSIX" || name.utf8.starts(with: "C.".utf8)
    }

    /// The name the environment gives dates (LC_ALL, LC_TIME, LANG: the first set and not
    /// empty), for a message when the system lacks it.
    public static func fromEnvironment() -> String? {
        for variable in ["LC_ALL", "LC_TIME", "LANG"] {
            if let value = getenv(variable), value.pointee != 0 { return String(cString: value) }
        }
        return nil
    }

    /// `name` with the UTF-8 codeset: `de_DE` and `de_DE.ISO-8859-1` give `de_DE.UTF-8`, a
    /// modifier kept (`de_DE@euro`: `de_DE.UTF-8@euro`).
    public static func utf8Variant(of name: String) -> String {
        var base = Substring(name)
        var modifier = Substring()
        if let at = base.firstIndex(of: "@") {
            modifier = base[at...]
            base = base[..<at]
        }
        if let dot = base.firstIndex(of: ".") { base = base[..<dot] }
        return String(base) + ".UTF-8" + String(modifier)
    }
}
