import TouchCore

/// A stream of input events, 8 bytes each (type, code, value as little-endian 16, 16, 32
/// bits), with codes folded onto the ones a touchscreen sends so that most events mean
/// something; the first byte picks single- or multi-touch.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvdev(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let codes: [UInt16] = [
        EvdevCode.absMTSlot, EvdevCode.absMTTrackingID, EvdevCode.absMTPositionX, EvdevCode.absMTPositionY,
        EvdevCode.absX, EvdevCode.absY, EvdevCode.btnTouch, EvdevCode.synReport, EvdevCode.synDropped,
    ]
    let mode: EvdevFrameAssembler.Mode = data[0] & 1 == 0 ? .multiTouch : .singleTouch
    var assembler = EvdevFrameAssembler(mode: mode, maxPoints: 10, xMinimum: 0, xMaximum: 799, yMinimum: 0, yMaximum: 479)
    var offset = 1
    while offset + 8 <= size {
        let type = UInt16(data[offset]) % 4
        let rawCode = UInt16(data[offset + 2]) | UInt16(data[offset + 3]) << 8
        let code = data[offset + 1] & 0x80 == 0 ? codes[Int(rawCode) % codes.count] : rawCode
        let value = Int32(bitPattern: UInt32(data[offset + 4]) | UInt32(data[offset + 5]) << 8
            | UInt32(data[offset + 6]) << 16 | UInt32(data[offset + 7]) << 24)
        let outcome = assembler.feed(EvdevEvent(type: type, code: code, value: value))
        checkDecoded(outcome, maxPoints: 10, width: 800, height: 480, decoder: "evdev")
        offset += 8
    }
    return 0
}
