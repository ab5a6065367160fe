import CLinux
import LinuxSystem

/// PNG files to 8-bit RGBA through Debian's libpng (CLinux's png.c holds its errors). Every
/// colour type and bit depth comes out the same way: gray (1, 2, 4, 8, 16 bits), gray with
/// alpha, palette with or without tRNS, RGB and RGBA (8 and 16 bits), Adam7 interlaced or not;
/// tRNS becomes alpha, 16-bit samples keep their high byte, no gamma is applied.
///
/// Limits, checked before the work they would cost: a file of more than `maxFileBytes` is
/// refused by its size before it is read; an image wider or taller than `maxSidePx` is refused
/// from its header, before a pixel is decompressed (a 4096x4096 image is 64 MiB as RGBA).
public enum PNGDecoder {
    public static let maxSidePx = 4096
    public static let maxFileBytes = 16 << 20
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The PNG file at `path`, read through LinuxSystem's FileContents (regular files only).
    public static func load(path: String) throws(PNGError) -> RGBAImage {
        let bytes: [UInt8]
        do throws(FileContents.Failure) {
            bytes = try FileContents.bytes(ofFile: path, maxBytes: maxFileBytes, what: "a PNG image", checkSizeFirst: true)
        } catch {
            if let size = error.tooLargeBytes {
                throw PNGError(source: path, reason: .fileTooLarge(bytes: size))
            }
            throw PNGError(source: path, reason: .unreadable(error.message))
        }
        return try decode(bytes: bytes, source: path)
    }

    /// The PNG image in `bytes`; `source` names them in the error (a path, a topic).
    public static func decode(bytes: [UInt8], source: String) throws(PNGError) -> RGBAImage {
        if let reason = refusedBeforeLibpng(bytes) {
            throw PNGError(source: source, reason: reason)
        }
        let outcome = bytes.withUnsafeBytes { decodeWithLibpng($0) }
        switch outcome {
        case .image(let image): return image
        case .refused(let reason): throw PNGError(source: source, reason: reason)
        }
    }

    /// The image's size from IHDR, and every refusal that can be told without libpng or a
    /// pixel: the file's size, the signature, IHDR first and whole, a size of 1 to `maxSidePx`
    /// each way (the reasons as `decode` gives them, but for a side over libpng's own limit of a
    /// million pixels: too large here, "Invalid IHDR data" there). Not a check that the image decodes: for
    /// bytes known to have decoded before (a page image whose cache file was made from them),
    /// so that a rule of the decoder's that the cache predates still holds at a start.
    public static func header(of bytes: [UInt8], source: String) throws(PNGError) -> (widthPx: Int, heightPx: Int) {
        if let reason = refusedBeforeLibpng(bytes) { throw PNGError(source: source, reason: reason) }
        // Signature, IHDR's length and type, its 13 bytes and its CRC.
        guard bytes.count >= signature.count + 8 + 13 + 4 else { throw PNGError(source: source, reason: .truncated) }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let width = word(16)
        let height = word(20)
        // libpng's words for a zero side.
        if width == 0 { throw PNGError(source: source, reason: .corrupt("Invalid IHDR data (Image width is zero in IHDR)")) }
        if height == 0 { throw PNGError(source: source, reason: .corrupt("Invalid IHDR data (Image height is zero in IHDR)")) }
        guard width <= maxSidePx && height <= maxSidePx else {
            throw PNGError(source: source, reason: .tooLarge(widthPx: width, heightPx: height))
        }
        return (width, height)
    }

    /// What can be told from the size, the first 8 bytes and the first chunk's type.
    static func refusedBeforeLibpng(_ bytes: [UInt8]) -> PNGError.Reason? {
        if bytes.count > maxFileBytes { return .fileTooLarge(bytes: bytes.count) }
        if bytes.isEmpty { return .empty }
        let head = bytes.prefix(signature.count)
        guard head.elementsEqual(signature.prefix(head.count)) else { return .notPNG }
        // The signature or a part of it, and nothing after.
        if bytes.count <= signature.count { return .truncated }
        // The PNG spec puts IHDR first. libpng 1.6 reads past a chunk it does not know (or is
        // told to skip, as tEXt) before IHDR and decodes the rest; such a file is refused here,
        // so that what decodes is a PNG by the spec and its size is at bytes 16 to 23. A file
        // that ends inside the first chunk's type is left to libpng, which calls it truncated.
        let type = signature.count + 4
        if bytes.count >= type + 4, !bytes[type..<type + 4].elementsEqual(ihdr) {
            return .corrupt("the first chunk is \(chunkName(bytes[type..<type + 4])), not IHDR")
        }
        return nil
    }

    /// The type of the chunk that has to come first.
    static let ihdr: [UInt8] = Array("IHDR".utf8)

    /// A chunk type as libpng writes one in its messages: letters as they are, any other byte
    /// as `[XX]` in hexadecimal.
    static func chunkName(_ type: ArraySlice<UInt8>) -> String {
        let digits: [UInt8] = Array("0123456789ABCDEF".utf8)
        var name = ""
        for byte in type {
            let letter = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            if letter {
                name.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                name += "[" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self) + "]"
            }
        }
        return name
    }

    private enum Outcome {
        case image(RGBAImage)
        case refused(PNGError.Reason)
    }

    /// libpng reads straight from `raw`, which stays valid for this call only: the reader is
    /// opened and closed here.
    private static func decodeWithLibpng(_ raw: UnsafeRawBufferPointer) -> Outcome {
        guard let reader = tp_png_open(raw.baseAddress, raw.count) else { return .refused(.outOfMemory) }
        defer { tp_png_close(reader) }
        func refusal(_ status: Int32) -> Outcome {
            if status == Int32(TP_PNG_TRUNCATED.rawValue) { return .refused(.truncated) }
            return .refused(.corrupt(String(cString: tp_png_message(reader))))
        }

        var width: UInt32 = 0
        var height: UInt32 = 0
        let header = tp_png_read_header(reader, &width, &height)
        guard header == Int32(TP_PNG_OK.rawValue) else { return refusal(header) }
        // libpng refuses a zero width or height in IHDR; the sizes here are 1 and up.
        guard width <= UInt32(maxSidePx) && height <= UInt32(maxSidePx) else {
            return .refused(.tooLarge(widthPx: Int(width), heightPx: Int(height)))
        }

        let widthPx = Int(width)
        let heightPx = Int(height)
        var pixels = [UInt8](repeating: 0, count: widthPx * heightPx * RGBAImage.bytesPerPixel)
        let status = pixels.withUnsafeMutableBytes { buffer in
            tp_png_read_rgba(reader, buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count)
        }
        guard status == Int32(TP_PNG_OK.rawValue) else { return refusal(status) }
        return .image(RGBAImage(widthPx: widthPx, heightPx: heightPx, pixels: pixels))
    }
}
