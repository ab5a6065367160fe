import CLinux

/// Gives the kernel back memory the panel freed but still holds resident.
public enum FreedMemory {
    /// The pages of the heap that hold only freed memory (glibc's `malloc_trim`, which since
    /// 2.8 also releases whole free pages inside the heap), then the stack below the caller
    /// (`giveBackStack`). A page change frees one page's looks and makes the next one's:
    /// without it, the freed pages stay resident, and a panel's anonymous memory is its largest
    /// heap ever, not what it holds.
    public static func giveBack() {
        _ = malloc_trim(0)
        giveBackStack()
    }

    /// The main thread's stack below the caller: reading the configuration and building the
    /// engine go far deeper than a turn of the loop (libinih's 64 KiB line buffer, the
    /// engine's fixed tables built by value), and the kernel keeps a stack page resident once
    /// touched. Called when start-up or a reload is done, with the loop's shallow frames left,
    /// and after a page change. /proc/self/maps is read at the first call only: later ones
    /// cost one `madvise`.
    /// False when it could not (no `[stack]` in /proc/self/maps, or not the main thread).
    @discardableResult
    public static func giveBackStack() -> Bool {
        clinux_release_stack_below_caller() == 0
    }
}
