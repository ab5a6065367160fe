import CLinux

/// Runs libinih over a file already in memory, one line per reader call, so that every
/// `key = value` the handler sees comes with its line number.
///
/// Debian's libinih is built without INI_HANDLER_LINENO and without calling the handler on
/// new sections, so the reader does the bookkeeping libinih cannot: it counts lines, reads
/// `[section]` headers itself (empty and unknown sections still get their line), notices a
/// line that reached no handler (a syntax error; libinih only reports the first), and keeps
/// lines libinih would mangle away from it:
///
/// - Leading white space is removed before libinih sees a line. libinih's multi-line values
///   would otherwise turn an indented `label = Play` after `rect = ...` into a second value
///   of `rect`; here indentation is just indentation, and every value is one line.
/// - A line longer than libinih's buffer is reported here and handed over as an empty line
///   (libinih would silently cut it and read the rest as the next line's text).
/// - A UTF-8 byte-order mark at the start and `\r` line ends (files edited on Windows) are
///   dropped; a NUL byte, which would end libinih's view of a line early, is an error.
final class IniSession {
    private let bytes: [UInt8]
    private var position = 0
    private var lineNumber = 0
    /// What was read: the sections and their lines, the includes, the problems.
    private(set) var sections: IniSections

    /// The line being processed should produce exactly one handler call: it is neither blank,
    /// a comment nor a header. If none comes, libinih found no `key = value` in it.
    private var awaitingHandler = false
    /// The text of that line, to quote in the syntax error.
    private var awaitingText = ""
    private var syntaxErrorLines: [Int] = []

    /// `includeRefusal`: why an `include` line is an error here (nil: it is recorded).
    /// `builder`: where the lines go as they are read when the file includes nothing
    /// (`IniSections.builder`); nil: they are all kept.
    init(bytes: [UInt8], file: String, includeRefusal: String? = nil, builder: ConfigBuilder? = nil) {
        self.bytes = bytes
        sections = IniSections(file: file, includeRefusal: includeRefusal, builder: builder)
    }

    static let syntaxMessage = "expected `key = value`, `[section]` or a comment"

    /// Parses the whole file; the outcome is in `sections`.
    func run() {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let result = withExtendedLifetime(self) {
            ini_parse_stream(
                { buffer, capacity, stream in
                    guard let buffer, let stream else { return nil }
                    let session = Unmanaged<IniSession>.fromOpaque(stream).takeUnretainedValue()
                    return session.nextLine(into: buffer, capacity: Int(capacity))
                },
                context,
                { user, _, name, value in
                    guard let user, let name, let value else { return 1 }
                    let session = Unmanaged<IniSession>.fromOpaque(user).takeUnretainedValue()
                    session.keyValue(name: String(cString: name), value: String(cString: value))
                    // Always "success": a non-zero line from libinih then means a syntax error.
                    return 1
                },
                context)
        }
        // libinih reports the first line it could not parse. Every such line has been caught
        // above already; this guards against a libinih that parses differently.
        if result > 0 && !syntaxErrorLines.contains(Int(result)) {
            sections.addError(line: Int(result), IniSession.syntaxMessage)
        } else if result < 0 {
            sections.addError(line: 1, "libinih could not parse the file (error \(result))")
        }
        sections.finishReading()
    }

    /// ini_reader: the next line, with a `\n` and a terminating NUL, or nil at the end.
    private func nextLine(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> UnsafeMutablePointer<CChar>? {
        closePreviousLine()
        guard position < bytes.count else { return nil }
        lineNumber += 1

        var end = position
        while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
        var line = bytes[position..<end]
        position = end < bytes.count ? end + 1 : end
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        if lineNumber == 1 && line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
        var text = line.drop(while: ValueSyntax.isSpace)

        // Room for the line, its `\n` and the NUL. `capacity` is libinih's line buffer,
        // INI_MAX_LINE (clinux_ini_max_line()); the buffer actually handed over is what counts.
        let longest = capacity - 2
        if line.count > longest {
            sections.addError(line: lineNumber,
                             "line too long: \(line.count) characters, at most \(longest) fit libinih's line buffer; "
                             + "shorten it (a long exec command can live in a script)")
            if text.first == UInt8(ascii: "[") { sections.beginUnreadableSection() }
            text = text[text.endIndex...]
        } else if line.contains(0) {
            sections.addError(line: lineNumber, "line contains a NUL byte; is this a text file?")
            text = text[text.endIndex...]
        } else {
            classify(text)
        }

        var index = 0
        for byte in text {
            buffer[index] = CChar(bitPattern: byte)
            index += 1
        }
        buffer[index] = CChar(bitPattern: UInt8(ascii: "\n"))
        buffer[index + 1] = 0
        return buffer
    }

    /// Decides what libinih should make of a line (already without leading white space):
    /// blank and comment lines need nothing; headers are recorded here; anything else must
    /// reach the handler as one `key = value`.
    private func classify(_ text: ArraySlice<UInt8>) {
        guard let first = text.first, first != UInt8(ascii: ";"), first != UInt8(ascii: "#") else { return }
        if first == UInt8(ascii: "["), let header = IniSession.header(text) {
            let name = String(decoding: header.name, as: UTF8.self)
            sections.beginSection(name, line: lineNumber)
            // libinih ignores whatever follows the `]`; a key written there would be lost.
            let trailing = ValueSyntax.trimmed(header.rest)
            if let next = trailing.first, next != UInt8(ascii: ";"), next != UInt8(ascii: "#") {
                sections.addError(line: lineNumber,
                                 "unexpected text after [\(name)]: \"\(String(decoding: trailing, as: UTF8.self))\"; "
                                 + "put each key on its own line")
            }
            return
        }
        if first == UInt8(ascii: "[") {
            // A header libinih cannot read: a syntax error (below), and its keys belong to no
            // section we know, rather than to the section before it.
            sections.beginUnreadableSection()
        }
        awaitingHandler = true
        awaitingText = String(decoding: ValueSyntax.trimmed(text), as: UTF8.self)
    }

    /// A header as libinih reads one: the name runs from `[` to the first `]`, unless a `;`
    /// after white space (an inline comment) comes first, which makes the line a syntax error.
    static func header(_ text: ArraySlice<UInt8>) -> (name: ArraySlice<UInt8>, rest: ArraySlice<UInt8>)? {
        var index = text.index(after: text.startIndex)
        var afterSpace = false
        while index < text.endIndex {
            let byte = text[index]
            if byte == UInt8(ascii: "]") {
                return (text[text.index(after: text.startIndex)..<index], text[text.index(after: index)...])
            }
            if afterSpace && byte == UInt8(ascii: ";") { return nil }
            afterSpace = ValueSyntax.isSpace(byte)
            index += 1
        }
        return nil
    }

    /// ini_handler: one `key = value` of the line being processed.
    private func keyValue(name: String, value: String) {
        guard awaitingHandler else {
            // libinih only calls back for the line just handed over, once; anything else
            // would be a libinih that continues values over lines after all.
            sections.addError(line: lineNumber, "libinih reported a key on a line that holds none")
            return
        }
        awaitingHandler = false
        guard !name.isEmpty else {
            reportSyntaxError()
            return
        }
        sections.take(name: name, value: value, line: lineNumber, cutComment: IniSession.inlineComment(of: awaitingText))
    }

    /// What libinih drops from a `key = value` line as an inline comment: from the first `;`
    /// after white space in the value part (after the first `=` or `:`), or nil. Reported
    /// where it cut an exec command (`exec mpc stop ; mpc clear`).
    static func inlineComment(of line: String) -> String? {
        let bytes = Array(line.utf8)
        guard let delimiter = bytes.firstIndex(where: { $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: ":") }) else {
            return nil
        }
        var afterSpace = false
        for index in (delimiter + 1)..<bytes.count {
            let byte = bytes[index]
            if afterSpace && byte == UInt8(ascii: ";") {
                return String(decoding: bytes[index...], as: UTF8.self)
            }
            afterSpace = ValueSyntax.isSpace(byte)
        }
        return nil
    }

    private func closePreviousLine() {
        if awaitingHandler {
            awaitingHandler = false
            reportSyntaxError()
        }
    }

    private func reportSyntaxError() {
        syntaxErrorLines.append(lineNumber)
        sections.addError(line: lineNumber, "\(IniSession.syntaxMessage), found \"\(awaitingText)\"")
    }
}
