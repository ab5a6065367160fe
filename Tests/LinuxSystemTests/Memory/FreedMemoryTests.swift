import Foundation
import Testing
import LinuxSystem

/// Giving the stack back judges the main thread's stack only: from any other thread it must
/// leave everything as it is and say so. (On the main thread the kernel VM's memory run shows
/// what it gives back: `VMTEST-ANON pages ... [stack]` in console.log.)
@Suite("Freed memory")
struct FreedMemoryTests {
    @Test func offTheMainThreadTheStackIsLeftAlone() {
        // Swift Testing runs a test that is not @MainActor on a thread of its own pool.
        #expect(!Thread.isMainThread)
        #expect(FreedMemory.giveBackStack() == false)
    }
}
