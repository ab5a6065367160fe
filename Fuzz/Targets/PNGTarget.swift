import CLinux

/// Any bytes through the whole PNG path as an icon or a pushed image takes it: the Swift checks
/// (size, signature, the header's limits), CLinux's setjmp shim and libpng. Every input gives
/// an image or a PNGError, never a crash or a bad access (AddressSanitizer); an image has the
/// size its IHDR says, within the limits, with exactly its pixels; a refusal says something
/// bytes can cause (never "unreadable") and a size refusal is over the limit.
///
/// Built from the decoder's own files (Sources/PanelDrivers/Display/Image) with LinuxSystem and
/// CLinux, not the whole PanelDrivers module: see scripts/fuzz.sh.
///
/// Each input is decoded twice: as it is, and with every chunk's CRC made right. libpng is not
/// instrumented, so the fuzzer cannot learn to fix a CRC; without the repair nearly every
/// change inside a chunk would stop at libpng's CRC check and never reach its parsing or zlib.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    check(bytes)
    let repaired = withCRCsRepaired(bytes)
    if repaired != bytes { check(repaired) }
    return 0
}

private func check(_ bytes: [UInt8]) {
    do {
        let image = try PNGDecoder.decode(bytes: bytes, source: "fuzz")
        // What decodes has IHDR first, as the PNG spec says (the decoder refuses a file with
        // another chunk before it, which libpng alone would read past): the image's size is at
        // bytes 16 to 23, width then height, big-endian.
        guard bytes.count >= 24, bytes[12..<16].elementsEqual(PNGDecoder.ihdr) else {
            fatalError("png: a \(image.widthPx)x\(image.heightPx) image from a file whose first chunk is not IHDR")
        }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        guard image.widthPx == word(16), image.heightPx == word(20) else {
            fatalError("png: a \(image.widthPx)x\(image.heightPx) image from a header that says otherwise")
        }
        guard (1...PNGDecoder.maxSidePx).contains(image.widthPx), (1...PNGDecoder.maxSidePx).contains(image.heightPx),
              image.pixels.count == image.widthPx * image.heightPx * RGBAImage.bytesPerPixel
        else {
            fatalError("png: \(image.widthPx)x\(image.heightPx) with \(image.pixels.count) pixel bytes")
        }
    } catch {
        guard error.source == "fuzz" else { fatalError("png: the error names \(error.source)") }
        switch error.reason {
        case .unreadable, .outOfMemory:
            fatalError("png: \(error.message)")
        case .tooLarge(let width, let height):
            if width <= PNGDecoder.maxSidePx && height <= PNGDecoder.maxSidePx { fatalError("png: \(error.message)") }
        case .fileTooLarge(let count):
            if count <= PNGDecoder.maxFileBytes { fatalError("png: \(error.message)") }
        case .corrupt(let text):
            if text.isEmpty { fatalError("png: corrupt without libpng's words") }
        case .empty, .notPNG, .truncated:
            break
        }
    }
}

/// `bytes` with the CRC of every whole chunk after the signature set to the right value.
private func withCRCsRepaired(_ bytes: [UInt8]) -> [UInt8] {
    var out = bytes
    var at = 8
    while at + 12 <= out.count {
        let length = out[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
        guard length <= out.count - at - 12 else { break }
        // zlib's CRC-32 (libpng's own), of the chunk's type and data.
        let crc = UInt32(out[at + 4..<at + 8 + length].withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
        for i in 0..<4 { out[at + 8 + length + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * i)) }
        at += 12 + length
    }
    return out
}
