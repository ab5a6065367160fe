import TouchCore

/// Bytes from register 0x00 as an FT5x06 of each point count would report them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFT5x06(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var report = FT5x06Report()
    for index in 0..<min(size, FT5x06Report.capacity) { _ = report.append(data[index]) }
    for maxPoints in [2, 5, 10] {
        let codec = FT5x06Codec(maxPoints: maxPoints, width: 800, height: 480)
        checkDecoded(codec.decode(report), maxPoints: maxPoints, width: 800, height: 480, decoder: "ft5x06")
    }
    return 0
}
