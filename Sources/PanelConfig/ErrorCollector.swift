/// Gathers the problems of one file as they are found, and hands them out in line order.
///
/// Problems are found in two passes (while reading lines, and when the sections are checked
/// as a whole at the end), so they are sorted once at the end; the sort is stable, so problems
/// on one line keep the order they were found in.
struct ErrorCollector {
    let file: String
    private(set) var errors: [ConfigError] = []

    init(file: String) {
        self.file = file
    }

    var isEmpty: Bool { errors.isEmpty }

    mutating func add(line: Int, section: String? = nil, key: String? = nil, _ message: String) {
        errors.append(ConfigError(file: file, line: line, section: section, key: key, message: message))
    }

    /// The problems sorted by line. A hand-written stable insertion sort: the lists are short,
    /// and the standard library's `sort` is not documented as stable.
    func inLineOrder() -> [ConfigError] {
        var sorted = errors
        var index = 1
        while index < sorted.count {
            let item = sorted[index]
            var slot = index
            while slot > 0 && sorted[slot - 1].line > item.line {
                sorted[slot] = sorted[slot - 1]
                slot -= 1
            }
            sorted[slot] = item
            index += 1
        }
        return sorted
    }
}
