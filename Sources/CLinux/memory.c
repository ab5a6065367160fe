// The main thread's stack, given back after start-up and page changes (FreedMemory.giveBackStack).
#include "CLinux.h"

// The main thread's stack mapping as /proc/self/maps gave it the first time: read once, so
// that later calls cost one madvise. The mapping only grows downwards, so a start read earlier
// is never below what is mapped.
static unsigned long stack_start, stack_end;

static int find_stack(void)
{
    if (stack_end != 0) return 0;
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
    stack_start = start;
    stack_end = end;
    return 0;
}

int clinux_release_stack_below_caller(void)
{
    if (find_stack() != 0) return -1;
    unsigned long page = (unsigned long)sysconf(_SC_PAGESIZE);
    unsigned long here = (unsigned long)__builtin_frame_address(0);
    // Called from another thread's stack, there is nothing of the main one to judge.
    if (here < stack_start || here >= stack_end) {
        errno = EFAULT;
        return -1;
    }
    // Everything below this frame is dead (fopen and the rest have returned); its page and
    // the one under it stay.
    unsigned long below = (here & ~(page - 1)) - page;
    if (below <= stack_start) return 0;
    return madvise((void *)stack_start, below - stack_start, MADV_DONTNEED);
}
