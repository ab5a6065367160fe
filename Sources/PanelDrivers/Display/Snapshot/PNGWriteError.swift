/// Why a PNG file could not be written: libpng's own words ("Invalid IHDR data (Image width
/// is zero in IHDR)", "out of memory ..."), or ours for a call out of order or rows of the
/// wrong size.
public struct PNGWriteError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
