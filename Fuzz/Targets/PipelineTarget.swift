import TouchCore

/// The whole touch pipeline (tracker, wake gate, classifier) driven by the fuzzer's bytes
/// through the property test's `GestureDriver` (Tests/TouchCoreTests/GestureInvariants.swift):
/// an odd first byte turns idle blanking on (dim at 300 ms, off at 600 ms), then nine bytes a
/// step; any broken rule is a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let idle = data[0] & 1 == 1 ? IdleTimings(dimAfter: .milliseconds(300), offAfter: .milliseconds(600)) : nil
    var driver = GestureDriver(idle: idle)
    var offset = 1
    while offset + 9 <= size {
        var value: UInt64 = 0
        for index in 1...8 { value = value << 8 | UInt64(data[offset + index]) }
        driver.step(choice: UInt64(data[offset]), value: value)
        if let violation = driver.violation { fatalError("pipeline, step \(offset / 9): \(violation)") }
        offset += 9
    }
    if let violation = driver.finish() { fatalError("pipeline, at the end: \(violation)") }
    return 0
}
