/// Why a PNG image could not be used, with where it came from: a path, or whatever the caller
/// names as the source (an MQTT topic).
public struct PNGError: Error, Equatable, Sendable {
    public enum Reason: Equatable, Sendable {
        /// The file has no bytes at all.
        case empty
        /// The bytes do not start with the PNG signature (another format, or not an image).
        case notPNG
        /// The bytes end before the image does (a cut download or copy).
        case truncated
        /// libpng refused the data, in its own words ("IHDR: CRC error"), or the decoder did
        /// before libpng saw it ("the first chunk is tEXt, not IHDR").
        case corrupt(String)
        /// The header says more than PNGDecoder.maxSidePx in width or height; refused before
        /// any pixel is decompressed.
        case tooLarge(widthPx: Int, heightPx: Int)
        /// More than PNGDecoder.maxFileBytes; a file is refused by its size, before it is read.
        case fileTooLarge(bytes: Int)
        /// The file could not be read; LinuxSystem's words with the errno text, e.g.
        /// "cannot open: No such file or directory".
        case unreadable(String)
        /// libpng could not make its reader.
        case outOfMemory
    }

    /// The path, or what the caller called the bytes.
    public var source: String
    public var reason: Reason

    public init(source: String, reason: Reason) {
        self.source = source
        self.reason = reason
    }

    /// One line for the log or a config error: "icons/lamp.png: not a PNG image (...)".
    public var message: String {
        "\(source): \(reasonText)"
    }

    /// The reason in plain words, without the source.
    public var reasonText: String {
        switch reason {
        case .empty:
            "the file is empty, not a PNG image"
        case .notPNG:
            "not a PNG image (it does not start with the PNG signature)"
        case .truncated:
            "the PNG image is truncated: the data ends before the image does"
        case .corrupt(let libpng):
            "the PNG image is corrupt: \(libpng)"
        case .tooLarge(let width, let height):
            "the PNG image is \(width)x\(height) pixels; at most \(PNGDecoder.maxSidePx)x\(PNGDecoder.maxSidePx) are allowed"
        case .fileTooLarge(let bytes):
            "the file has \(bytes) bytes; a PNG image may have at most \(PNGDecoder.maxFileBytes) (\(PNGDecoder.maxFileBytes >> 20) MiB)"
        case .unreadable(let text):
            text
        case .outOfMemory:
            "out of memory: libpng could not start reading the PNG image"
        }
    }
}
