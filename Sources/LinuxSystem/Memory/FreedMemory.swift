import CLinux

/// Gives the kernel back the pages of the heap that hold only freed memory (glibc's
/// `malloc_trim`, which since 2.8 also releases whole free pages inside the heap). A page
/// change frees one page's looks and makes the next one's: without it, the freed pages stay
/// resident, and a panel's anonymous memory is its largest heap ever, not what it holds.
public enum FreedMemory {
    public static func giveBack() {
        _ = malloc_trim(0)
    }
}
