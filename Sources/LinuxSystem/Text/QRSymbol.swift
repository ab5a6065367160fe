import CLinux

/// A text as a QR code (made by libqrencode, error correction M): its modules, dark or light,
/// without the quiet zone around them, which whoever draws it adds.
public struct QRSymbol: Equatable, Sendable {
    /// Modules across and down (21 for version 1, up to 177).
    public let widthModules: Int
    /// Row by row from the top left, 1 for a dark module and 0 for a light one.
    public let modules: [UInt8]

    /// Why a text is not a QR code.
    public enum Problem: Error, Equatable, Sendable {
        /// More than the largest QR code (version 40) holds at error correction M.
        case tooLong
        /// A NUL byte, which libqrencode's text entry point cannot take.
        case containsNUL
        /// No text at all: a QR code holds at least one byte.
        case empty
        /// This binary has no libqrencode (the static firmware: Debian ships no static library).
        case notBuiltIn
        /// libqrencode failed otherwise (out of memory): the errno it gave.
        case failed(errno: Int32)
    }

    public init(widthModules: Int, modules: [UInt8]) {
        self.widthModules = widthModules
        self.modules = modules
    }

    /// Why this binary makes no QR codes, for the messages that refuse them.
    public static let notBuiltInText =
        "QR codes are not built into this binary (the static firmware: Debian ships no static libqrencode); use the dynamic touchpanel"

    /// `text` encoded in the smallest QR code that takes it.
    public static func encode(_ text: String) -> Result<QRSymbol, Problem> {
        let length = text.utf8.count
        guard length > 0 else { return .failure(.empty) }
        let capacity = Int(TP_QR_MAX_WIDTH) * Int(TP_QR_MAX_WIDTH)
        var modules = [UInt8](repeating: 0, count: capacity)
        let width = text.withCString { cText in
            modules.withUnsafeMutableBufferPointer { buffer in
                tp_qr_encode(cText, length, buffer.baseAddress, capacity)
            }
        }
        guard width > 0 else {
            if width == -ERANGE { return .failure(.tooLong) }
            if width == -EINVAL { return .failure(.containsNUL) }
            if width == -ENOSYS { return .failure(.notBuiltIn) }
            return .failure(.failed(errno: -width))
        }
        let count = Int(width) * Int(width)
        return .success(QRSymbol(widthModules: Int(width), modules: Array(modules[0..<count])))
    }

    /// Whether the module `x` across and `y` down is dark.
    public func isDark(x: Int, y: Int) -> Bool {
        modules[y * widthModules + x] != 0
    }
}
