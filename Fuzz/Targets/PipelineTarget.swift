import TouchCore

/// The whole touch pipeline (tracker, then classifier) driven by the fuzzer's bytes through
/// the property test's `GestureDriver` (Tests/TouchCoreTests/GestureInvariants.swift), nine
/// bytes a step; any broken rule is a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var driver = GestureDriver()
    var offset = 0
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
