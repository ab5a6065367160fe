/// Versions as the fleet compares them (`1.2.10` after `1.2.9`): dotted numbers compared
/// number by number, a missing number as 0; a part that is no number (`1.3.0-rc1`'s last)
/// compares by its leading digits, then as text. `fleet status` says which panels run an
/// older version than the newest it sees.
public enum VersionOrder {
    /// Whether `left` is an older version than `right`.
    public static func isOlder(_ left: String, than right: String) -> Bool {
        let a = parts(left)
        let b = parts(right)
        for index in 0..<max(a.count, b.count) {
            let x = index < a.count ? a[index] : (0, "")
            let y = index < b.count ? b[index] : (0, "")
            if x.0 != y.0 { return x.0 < y.0 }
            if x.1 != y.1 { return x.1 < y.1 }
        }
        return false
    }

    /// The newest of `versions` (empty ones left out); nil when there is none.
    public static func newest(_ versions: [String]) -> String? {
        var best: String?
        for version in versions where !version.isEmpty {
            if let current = best, !isOlder(current, than: version) { continue }
            best = version
        }
        return best
    }

    /// Each dotted part as its leading number and the text after it.
    static func parts(_ version: String) -> [(UInt64, String)] {
        version.split(separator: ".", omittingEmptySubsequences: false).map { part in
            let digits = part.prefix { $0 >= "0" && $0 <= "9" }
            return (UInt64(digits) ?? 0, String(part.dropFirst(digits.count)))
        }
    }
}
