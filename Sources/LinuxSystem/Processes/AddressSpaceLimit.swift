import CLinux

/// A cap on this process's address space (RLIMIT_AS), for a helper child that works on
/// outside input (`touchpanel decode-picture`): whatever a bug or a crafted file makes it ask
/// for, an allocation past the cap fails (libpng refuses, Swift's allocator ends the child)
/// instead of the board's memory running out. Core dumps are turned off with it: a child
/// ended that way writes no core.
public enum AddressSpaceLimit {
    /// Caps this process at `bytes`, for good (the hard limit too); nil, or why not.
    public static func apply(bytes: Int) -> Errno? {
        clinux_limit_address_space(UInt64(bytes)) == 0 ? nil : Errno.current
    }
}
