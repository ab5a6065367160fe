import CLinux

/// Makes `attributes` (initialised by the caller) start a child of the panel with no signal
/// blocked and every signal the panel handles or ignores, SIGPIPE too, back at its default:
/// a child that inherited them would be deaf to `kill` and to a closed pipe. `flags` are set
/// beside the two this needs.
func setChildSignalDefaults(_ attributes: inout posix_spawnattr_t, flags: Int32 = 0) {
    var empty = sigset_t()
    sigemptyset(&empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in Signal.all { sigaddset(&defaults, signal.number) }
    sigaddset(&defaults, SIGPIPE)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | flags))
}
