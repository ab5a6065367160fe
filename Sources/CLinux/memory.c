// The main thread's stack, given back after start-up (FreedMemory.giveBackStack).
#include "CLinux.h"

int clinux_release_stack_below_caller(void)
{
    FILE *maps = fopen("/proc/self/maps", "re");
    if (maps == NULL) return -1;
    char line[512];
    unsigned long start = 0, end = 0;
    int found = 0;
    while (!found && fgets(line, sizeof line, maps) != NULL) {
        found = strstr(line, "[stack]") != NULL && sscanf(line, "%lx-%lx", &start, &end) == 2;
    }
    fclose(maps);
    if (!found) {
        errno = ENOENT;
        return -1;
    }
    unsigned long page = (unsigned long)sysconf(_SC_PAGESIZE);
    unsigned long here = (unsigned long)__builtin_frame_address(0);
    // Called from another thread's stack, there is nothing of the main one to judge.
    if (here < start || here >= end) {
        errno = EFAULT;
        return -1;
    }
    // Everything below this frame is dead (fopen and the rest have returned); its page and
    // the one under it stay.
    unsigned long below = (here & ~(page - 1)) - page;
    if (below <= start) return 0;
    return madvise((void *)start, below - start, MADV_DONTNEED);
}
