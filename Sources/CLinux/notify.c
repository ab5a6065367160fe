// The service manager's side channel: libsystemd's sd_notify (READY=1, WATCHDOG=1, RELOADING=1,
// STOPPING=1) and the watchdog interval systemd asks for. Debian ships no static libsystemd, so
// the static firmware is compiled with TOUCHPANEL_WITHOUT_SYSTEMD and tells nobody anything; it
// runs under Type=simple.
#include "CLinux.h"

#ifndef TOUCHPANEL_WITHOUT_SYSTEMD
#include <systemd/sd-daemon.h>

int tp_notify(const char *state) { return sd_notify(0, state); }
int tp_watchdog_interval_us(uint64_t *interval_us) { return sd_watchdog_enabled(0, interval_us); }
int tp_notify_supported(void) { return 1; }
#else
int tp_notify(const char *state) { (void)state; return 0; }
int tp_watchdog_interval_us(uint64_t *interval_us) { *interval_us = 0; return 0; }
int tp_notify_supported(void) { return 0; }
#endif

int tp_stderr_is_journal(void) {
    const char *stream = getenv("JOURNAL_STREAM");
    if (!stream) return 0;
    unsigned long long device = 0, inode = 0;
    if (sscanf(stream, "%llu:%llu", &device, &inode) != 2) return 0;
    struct stat info;
    if (fstat(STDERR_FILENO, &info) != 0) return 0;
    return (unsigned long long)info.st_dev == device && (unsigned long long)info.st_ino == inode;
}
