#ifndef CPERFPROBE_H
#define CPERFPROBE_H

/// 1 when perf_event_open can count retired instructions of this process (the benchmark
/// framework's `instructions` metric then means something), 0 when the kernel or the
/// hypervisor refuses (as `perf stat -e instructions true` printing "<not supported>").
int perf_probe_instructions_available(void);

#endif
