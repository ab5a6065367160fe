/// "Did you mean ...?" for misspelt names: the closest known name, if it is close enough that
/// the suggestion is more likely helpful than confusing.
enum Suggestion {
    /// Names further than this many single-byte edits away are not suggested.
    static let maxDistance = 2

    /// The candidate with the smallest edit distance to `name` (the first one on a tie), or nil
    /// when none is within `maxDistance`.
    static func closest(to name: String, among candidates: [String]) -> String? {
        var best: String?
        var bestDistance = maxDistance + 1
        for candidate in candidates {
            let distance = editDistance(Array(name.utf8), Array(candidate.utf8))
            if distance < bestDistance {
                best = candidate
                bestDistance = distance
            }
        }
        return best
    }

    /// Levenshtein distance (insertions, deletions, substitutions) over bytes, one row at a time.
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
