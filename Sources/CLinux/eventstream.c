// The event lines' descriptor, written without ever blocking (see EventStream.swift).
#include "CLinux.h"

#include <sys/socket.h>

int tp_event_descriptor_open(int fd, int *kind) {
    struct stat status;
    if (fstat(fd, &status) != 0) return -errno;
    if (S_ISSOCK(status.st_mode)) {
        // A socket (journald's stream under systemd): send(2) takes MSG_DONTWAIT per call,
        // so the shared description stays as it is.
        *kind = TP_EVENT_SOCKET;
        return fd;
    }
    if (S_ISFIFO(status.st_mode) || S_ISCHR(status.st_mode)) {
        // A pipe or a terminal: a description of our own, non-blocking, so that stderr and
        // whoever else shares fd 1's description keep blocking writes.
        char path[32];
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
        int own = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
        if (own < 0) return -errno;
        *kind = TP_EVENT_NONBLOCKING;
        return own;
    }
    // A regular file: writes do not wait on a reader.
    *kind = TP_EVENT_FILE;
    return fd;
}

ssize_t tp_event_descriptor_write(int fd, int kind, const void *bytes, size_t count) {
    ssize_t written;
    do {
        written = kind == TP_EVENT_SOCKET ? send(fd, bytes, count, MSG_DONTWAIT | MSG_NOSIGNAL)
                                          : write(fd, bytes, count);
    } while (written < 0 && errno == EINTR);
    return written < 0 ? -errno : written;
}
