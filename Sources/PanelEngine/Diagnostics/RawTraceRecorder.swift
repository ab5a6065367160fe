import LinuxSystem
import TouchCore

/// `touchpanel record`: every raw report the live source reads (an FT5x06's or GT911's
/// register bytes, an input device's events) written as a trace line with its instant in
/// milliseconds since the panel started, so that `replay` plays back what the panel saw.
/// Each line goes out as it is read: a recording cut short by a power cut keeps what came
/// before.
public final class RawTraceRecorder {
    private let file: CreatedFile
    private let origin: MonotonicInstant
    public let path: String
    /// Set when a write failed: the recording stops, the panel goes on.
    public private(set) var failure: String?

    /// Creates (or truncates) `path`.
    public init(path: String, origin: MonotonicInstant) throws(StartError) {
        self.path = path
        self.origin = origin
        do throws(Errno) {
            file = try CreatedFile(path: path)
        } catch {
            throw StartError(.recording, "cannot create \(path): \(error.message)")
        }
    }

    /// One raw line, `ft5x06 00 00 01 ...`, at `at`.
    public func record(_ text: String, at instant: MonotonicInstant) {
        write("\(max(0, (instant - origin).nanoseconds / 1_000_000)) \(text)\n")
    }

    /// A `#` line: what the trace cannot replay (a controller that failed), for the reader.
    public func comment(_ text: String) {
        write("# \(text)\n")
    }

    /// The panel stopped at `at`: touches still down are cancelled there, as on the panel.
    public func end(at instant: MonotonicInstant) {
        record("end", at: instant)
    }

    /// `ft5x06 xx xx ...` or `gt911 xx ...`: a report's bytes in hex.
    public static func hexLine(_ kind: String, _ bytes: some Collection<UInt8>) -> String {
        var line = kind
        for byte in bytes {
            line += " " + HexText.twoDigits(byte)
        }
        return line
    }

    private func write(_ line: String) {
        guard failure == nil else { return }
        if let error = file.write(Array(line.utf8)) {
            failure = "recording to \(path) stopped: \(error.message)"
        }
    }
}
