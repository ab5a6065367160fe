// Replaces the Embedded Swift 6.3 runtime's swift_bridgeObjectRetain and _n in the firmware
// (scripts/build/build-firmware.sh links this; the host build uses the full Swift runtime and never
// sees it). The compiler declares swift_bridgeObjectRetain as returning its argument unchanged
// (LLVM's `returned`), but the runtime returns the pointer with its tag bits cleared; _n
// returns its argument too, to match. Where the call is
// not inlined, as at -Osize, the caller goes on with that value, and a String copied out of a
// struct loses its small and ASCII bits (Tests/Toolchain/osize-string-retain.swift). The
// runtime's own definitions are weak, so these win at link time. Newer Swift runtimes return
// the argument too, which is all this does differently.
#include <stdint.h>

// The Embedded runtime's retain: skips null and immortal objects itself.
void *swift_retain_n(void *object, uint32_t count);

void *swift_bridgeObjectRetain_n(void *object, uint32_t count) {
#if UINTPTR_MAX > 0xffffffffu
    // The runtime's bridgeObjectToPlainObjectMask on 64-bit targets: the tag bits cleared,
    // the immortal bit (63) kept so that swift_retain_n still sees it.
    swift_retain_n((void *)((uintptr_t)object & UINT64_C(0x8ffffffffffffff8)), count);
#else
    // 32-bit targets have no tag bits in a bridge object.
    swift_retain_n(object, count);
#endif
    return object;
}

void *swift_bridgeObjectRetain(void *object) {
    return swift_bridgeObjectRetain_n(object, 1);
}
