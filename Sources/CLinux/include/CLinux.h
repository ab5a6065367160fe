// CLinux: the one place where Swift meets glibc, the Linux headers and the hardware libraries.
// Variadic calls, macros and global variables do not import cleanly into Swift (and not at all
// into Embedded Swift), so they get small named wrappers here.
#ifndef CLINUX_H
#define CLINUX_H

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/fb.h>
#include <linux/i2c-dev.h>
#include <linux/kd.h>
#include <i2c/smbus.h>
#include <gpiod.h>
#include <ini.h>

/// glibc's stdout/stderr are mutable globals; Swift 6 refuses to read those directly.
static inline FILE *clinux_stdout(void) { return stdout; }
static inline FILE *clinux_stderr(void) { return stderr; }

/// errno is a macro over a thread-local function in glibc.
static inline int clinux_errno(void) { return errno; }

/// open(2) is variadic; reading a file needs no mode argument.
static inline int clinux_open_readonly(const char *path) { return open(path, O_RDONLY | O_CLOEXEC); }

/// ini_parse_stream's reader: fgets-shaped, fed by Swift so that it can count lines.
typedef char *(*clinux_ini_reader)(char *line, int capacity, void *stream);
/// ini_parse_stream's handler: called once per `key = value`.
typedef int (*clinux_ini_handler)(void *user, const char *section, const char *name, const char *value);

/// The longest line libinih accepts (INI_MAX_LINE of the library's build), terminator included.
static inline int clinux_ini_max_line(void) { return INI_MAX_LINE; }

/// ppoll(2) with a relative timeout in nanoseconds (negative: wait forever), so a deadline
/// is met to the microsecond rather than rounded up to poll(2)'s milliseconds.
/// glibc declares ppoll only under _GNU_SOURCE, which would change the layout other modules
/// (FreeType's) see of shared headers; declaring the one function keeps them consistent.
extern int ppoll(struct pollfd *fds, nfds_t nfds, const struct timespec *timeout, const sigset_t *sigmask);

static inline int clinux_ppoll_ns(struct pollfd *fds, nfds_t count, int64_t timeout_ns) {
    if (timeout_ns < 0) return ppoll(fds, count, NULL, NULL);
    struct timespec timeout = { .tv_sec = (time_t)(timeout_ns / 1000000000), .tv_nsec = (long)(timeout_ns % 1000000000) };
    return ppoll(fds, count, &timeout, NULL);
}

// --- Devices: I2C, GPIO, framebuffer, console, signals, child processes (PanelIO/Devices) ---

/// errno is a macro; fakes in tests set it to walk the same EINTR path as real calls.
static inline void clinux_set_errno(int value) { errno = value; }

/// open(2) for a device that is read and written (I2C bus, framebuffer).
static inline int clinux_open_readwrite(const char *path) { return open(path, O_RDWR | O_CLOEXEC); }

/// open(2) for a console: O_NOCTTY so the panel never adopts it as its controlling terminal.
static inline int clinux_open_console(const char *path) { return open(path, O_RDWR | O_CLOEXEC | O_NOCTTY); }

/// Binds the bus descriptor to one 7-bit address. I2C_SLAVE, never I2C_SLAVE_FORCE: an address
/// a kernel driver owns must fail with EBUSY rather than be read behind the driver's back.
static inline int clinux_i2c_select_address(int fd, unsigned int address) {
    return ioctl(fd, I2C_SLAVE, (unsigned long)address);
}

static inline int clinux_fb_get_variable_info(int fd, struct fb_var_screeninfo *info) {
    return ioctl(fd, FBIOGET_VSCREENINFO, info);
}

static inline int clinux_fb_get_fixed_info(int fd, struct fb_fix_screeninfo *info) {
    return ioctl(fd, FBIOGET_FSCREENINFO, info);
}

/// mmap(2) of a whole device, read/write and shared; NULL instead of the MAP_FAILED macro.
static inline void *clinux_mmap_shared(int fd, size_t length) {
    void *address = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    return address == MAP_FAILED ? NULL : address;
}

static inline int clinux_kd_get_mode(int fd, int *mode) { return ioctl(fd, KDGETMODE, mode); }
static inline int clinux_kd_set_mode(int fd, int mode) { return ioctl(fd, KDSETMODE, (unsigned long)mode); }

/// fcntl(2) is variadic: adds O_NONBLOCK to a descriptor someone else opened (libgpiod's
/// event descriptor), so draining it stops at EAGAIN instead of blocking the loop.
static inline int clinux_set_nonblocking(int fd) {
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0) return -1;
    return fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

/// The process environment, a mutable global Swift 6 refuses to read directly.
static inline char **clinux_environ(void) {
    extern char **environ;
    return environ;
}

/// The wait(2) status macros.
static inline int clinux_wifexited(int status) { return WIFEXITED(status); }
static inline int clinux_wexitstatus(int status) { return WEXITSTATUS(status); }
static inline int clinux_wifsignaled(int status) { return WIFSIGNALED(status); }
static inline int clinux_wtermsig(int status) { return WTERMSIG(status); }

/// The name of a directory entry; `struct dirent`'s layout differs between targets.
static inline const char *clinux_dirent_name(const struct dirent *entry) { return entry->d_name; }

#endif
