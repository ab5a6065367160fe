import TouchCore

/// Bytes from register 0x814E (status, then 8 bytes a point) as a GT911 or GT9271 sends them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGT911(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var report = GT911Report()
    for index in 0..<min(size, GT911Report.capacity) { _ = report.append(data[index]) }
    for maxPoints in [5, 10] {
        let codec = GT911Codec(maxPoints: maxPoints, width: 1280, height: 720)
        checkDecoded(codec.decode(report), maxPoints: maxPoints, width: 1280, height: 720, decoder: "gt911")
    }
    return 0
}
