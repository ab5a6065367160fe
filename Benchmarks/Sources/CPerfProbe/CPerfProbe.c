#include "CPerfProbe.h"

#if defined(__linux__)
#include <linux/perf_event.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int perf_probe_instructions_available(void) {
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_HARDWARE;
    attr.config = PERF_COUNT_HW_INSTRUCTIONS;
    attr.disabled = 1;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    long fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
    if (fd < 0) {
        return 0;
    }
    close((int)fd);
    return 1;
}
#else
// macOS: the framework counts instructions through rusage, which always works.
int perf_probe_instructions_available(void) { return 1; }
#endif
