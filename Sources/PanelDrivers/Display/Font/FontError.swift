import CFreeType
import LinuxSystem
import PanelEngine

/// Why a font could not be used. The message names the font file, because a field
/// engineer reading it has the config, not the code, in front of them.
public enum FontError: Error, Equatable, CustomStringConvertible {
    /// FT_Init_FreeType failed (in practice: out of memory).
    case cannotInitialize(reason: String)
    /// The file is missing or unreadable (reason from errno) or not a font FreeType knows.
    case cannotOpen(path: String, reason: String)
    /// The face cannot be scaled to the requested size (a bitmap-only font without that size,
    /// or a size outside 1...1000).
    case cannotSetSize(path: String, pixelSize: Int, reason: String)

    public var message: String {
        switch self {
        case .cannotInitialize(let reason):
            "cannot initialise FreeType: \(reason)"
        case .cannotOpen(let path, let reason):
            "cannot open font \(path): \(reason)"
        case .cannotSetSize(let path, let pixelSize, let reason):
            "cannot use font \(path) at \(pixelSize) px: \(reason)"
        }
    }

    public var description: String { message }
}

/// FreeType error codes as short text. Debian builds FreeType without FT_Error_String's
/// table, so the common ones are spelled out here; the rest show their number.
enum FreeTypeErrorText {
    static func describe(_ error: FT_Error) -> String {
        switch error & 0xFF {   // the low byte is the error, the rest names the module
        case 0x01: "cannot open resource"
        case 0x02: "unknown file format"
        case 0x03: "broken file"
        case 0x06: "invalid argument"
        case 0x07: "unimplemented feature"
        case 0x08: "broken table"
        case 0x09: "broken offset"
        case 0x10: "invalid glyph index"
        case 0x11: "invalid character code"
        case 0x12: "unsupported glyph image format"
        case 0x13: "cannot render this glyph format"
        case 0x14: "invalid outline"
        case 0x17: "invalid pixel size"
        case 0x23: "invalid face handle"
        case 0x40: "out of memory"
        case 0x51: "cannot open stream"
        case 0x54: "invalid stream read"
        default: "FreeType error \(error & 0xFF)"
        }
    }
}
