// The toolchain bug that Sources/FirmwareRuntime/bridge-object-retain.c works around, as a
// program small enough to hand to the Swift project. Embedded Swift 6.3, aarch64, -Osize:
// a String copied out of a struct comes back with its object word masked by
// 0x8FFF_FFFF_FFFF_FFF8, so a small string loses its isSmall and isASCII bits and the next use
// crashes. The cause: IRGen declares swift_bridgeObjectRetain as returning its argument
// unchanged (`ptr returned %0`), but the Embedded runtime returns the pointer with its tag bits
// cleared; at -Osize the call is not inlined and the caller goes on with the returned value.
// At -O the runtime function is inlined and the returned value is never used.
// Tests/Toolchain/check-osize.sh builds this at -O, at -Osize, and at -Osize linked with the fix, and
// runs each under qemu-aarch64.

struct Draft {
    var name: String
    var label: String?
    var x: Int
}

struct Finished {
    var name: String
    var label: String
    var x: Int
}

/// The name used twice in one result, once through `??`: the shape of ButtonDraft.finish.
@inline(never) func finish(_ draft: Draft) -> Finished {
    Finished(name: draft.name, label: draft.label ?? draft.name, x: draft.x)
}

/// The String's second word (its discriminator and object pointer).
@inline(never) func objectWord(_ text: String) -> UInt64 {
    unsafeBitCast(text, to: (UInt64, UInt64).self).1
}

@_silgen_name("fflush") func fflush(_ stream: UnsafeMutableRawPointer?) -> Int32

@main struct Main {
    static func main() {
        // A small string made at run time, as a config file's button name is.
        let name = String(decoding: [115, 105, 110, 103, 108, 101] as [UInt8], as: UTF8.self)
        let finished = finish(Draft(name: name, label: nil, x: 7))
        let intact = objectWord(finished.name) == objectWord(name) && objectWord(finished.label) == objectWord(name)
        print(intact ? "intact" : "corrupted")
        _ = fflush(nil)
        var count = 0
        for _ in finished.name.utf8 { count += 1 }   // a corrupted String crashes here
        print("name has \(count) bytes")
    }
}
