/// Widens a 32-bit value to 64 bits without the standard library's generic conversion.
///
/// On 32-bit targets `Int64(x)` from a 32-bit value goes through a generic path that
/// `-no-allocations` rejects (it can reach an array-building error message). Building the
/// value from its bits compiles to a plain move and sign extension.
@inline(__always)
func widen(_ value: Int32) -> Int64 {
    let low = Int64(_truncatingBits: UInt(UInt32(bitPattern: value)))
    return value < 0 ? low | ~0xFFFF_FFFF : low
}

@inline(__always)
func widen(_ value: UInt16) -> Int64 {
    Int64(_truncatingBits: UInt(value))
}

@inline(__always)
func widen(_ value: Int) -> Int64 {
    #if _pointerBitWidth(_64)
    return Int64(_truncatingBits: UInt(bitPattern: value))
    #else
    return widen(Int32(truncatingIfNeeded: value))
    #endif
}

@inline(__always)
func widen(_ value: UInt32) -> Int64 {
    Int64(_truncatingBits: UInt(value))
}
