import CLinux

/// Writes an 8-bit RGB PNG file into memory through libpng (rows deflated by zlib, measured
/// choice of filter and level in CLinux's png.c). Rows go in as they come, in as many calls as
/// the caller likes, so a frame can be spread over several turns of the loop: begin (init),
/// `writeRows` until `rowsLeft` is 0, then `finish` for the file's bytes.
public struct PNGWriter: ~Copyable {
    public let widthPx: Int
    public let heightPx: Int
    public private(set) var rowsWritten = 0
    private let writer: OpaquePointer

    /// How hard zlib works: the smallest files (snapshots, `preview`, the board's frames), or
    /// the least time for files a quarter larger (the mirror's pictures, made while touches
    /// come; CLinux's png.c has the figures).
    public enum Effort: Sendable {
        case smallest
        case fastest
    }

    /// Begins a `widthPx` x `heightPx` file (each side 1 to 1,000,000: libpng's limit, which
    /// it names itself when it refuses).
    public init(widthPx: Int, heightPx: Int, effort: Effort = .smallest) throws(PNGWriteError) {
        guard widthPx > 0, heightPx > 0 else {
            throw PNGWriteError("a PNG image of \(widthPx)x\(heightPx) pixels: each side must be 1 or more")
        }
        // PNG's own limit (2^31 - 1), so that the sizes reach libpng whole.
        guard widthPx <= 0x7FFF_FFFF, heightPx <= 0x7FFF_FFFF else {
            throw PNGWriteError("a PNG image of \(widthPx)x\(heightPx) pixels: PNG allows at most 2147483647 a side")
        }
        guard let writer = tp_png_writer_open() else { throw PNGWriteError("libpng could not make a writer (out of memory)") }
        let status = tp_png_writer_begin(writer, UInt32(widthPx), UInt32(heightPx), effort == .fastest ? 1 : 0)
        guard status == Int32(TP_PNG_OK.rawValue) else {
            let error = PNGWriteError(String(cString: tp_png_writer_message(writer)))
            tp_png_writer_close(writer)
            throw error
        }
        self.widthPx = widthPx
        self.heightPx = heightPx
        self.writer = writer
    }

    deinit {
        tp_png_writer_close(writer)
    }

    public var rowBytes: Int { widthPx * 3 }
    public var rowsLeft: Int { heightPx - rowsWritten }

    /// Deflates the next whole rows in `rgb`: `rowBytes` bytes a row (red, green, blue), top
    /// row first. Refused when the bytes are not whole rows or more rows than are left.
    public mutating func writeRows(_ rgb: [UInt8]) throws(PNGWriteError) {
        try writeRows(rgb[...])
    }

    /// The same for a part of a larger picture: `pixels[start..<end]`.
    public mutating func writeRows(_ rgb: ArraySlice<UInt8>) throws(PNGWriteError) {
        guard rgb.count % rowBytes == 0 else {
            throw PNGWriteError("\(rgb.count) bytes are not whole rows of \(rowBytes) bytes (\(widthPx) RGB pixels)")
        }
        let rows = rgb.count / rowBytes
        guard rows <= rowsLeft else {
            throw PNGWriteError("\(rows) rows given with \(rowsLeft) of the image's \(heightPx) left")
        }
        guard rows > 0 else { return }
        let status = rgb.withUnsafeBytes { bytes in
            tp_png_writer_write_rows(writer, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count, UInt32(rows))
        }
        try check(status)
        rowsWritten += rows
    }

    /// Ends the file after its last row and gives its bytes.
    public consuming func finish() throws(PNGWriteError) -> [UInt8] {
        guard rowsLeft == 0 else {
            throw PNGWriteError("the PNG image is finished with \(rowsLeft) of its \(heightPx) rows not written")
        }
        try check(tp_png_writer_finish(writer))
        var count = 0
        guard let bytes = tp_png_writer_bytes(writer, &count) else {
            throw PNGWriteError("libpng finished the PNG file but gave no bytes")
        }
        return Array(UnsafeBufferPointer(start: bytes, count: count))
    }

    private func check(_ status: Int32) throws(PNGWriteError) {
        guard status == Int32(TP_PNG_OK.rawValue) else {
            throw PNGWriteError(String(cString: tp_png_writer_message(writer)))
        }
    }

    /// A whole image at once: `pixels` is `heightPx` rows of `widthPx * 3` bytes.
    public static func encodeRGB(widthPx: Int, heightPx: Int, pixels: [UInt8]) throws(PNGWriteError) -> [UInt8] {
        var writer = try PNGWriter(widthPx: widthPx, heightPx: heightPx)
        guard pixels.count == writer.rowBytes * heightPx else {
            throw PNGWriteError("\(pixels.count) bytes given for \(widthPx)x\(heightPx) RGB pixels (\(writer.rowBytes * heightPx))")
        }
        try writer.writeRows(pixels)
        return try writer.finish()
    }
}
