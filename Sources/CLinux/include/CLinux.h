// CLinux: the one place where Swift meets glibc, the Linux headers and the hardware libraries.
// Variadic calls, macros and global variables do not import cleanly into Swift (and not at all
// into Embedded Swift), so they get small named wrappers here.
#ifndef CLINUX_H
#define CLINUX_H

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

#endif
