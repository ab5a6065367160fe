// The control socket's system calls: a Unix stream socket at a path, non-blocking throughout.
#define _GNU_SOURCE
#include "CLinux.h"

#include <sys/socket.h>
#include <sys/un.h>

static int fill_address(struct sockaddr_un *address, const char *path)
{
    memset(address, 0, sizeof *address);
    address->sun_family = AF_UNIX;
    size_t length = strlen(path);
    if (length == 0 || length >= sizeof address->sun_path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(address->sun_path, path, length);
    return 0;
}

int tp_control_listen(const char *path, unsigned int mode)
{
    struct sockaddr_un address;
    if (fill_address(&address, path) < 0)
        return -1;
    // A socket left by a panel that was killed is in the way; anything else at the path is not ours.
    struct stat existing;
    if (lstat(path, &existing) == 0) {
        if (!S_ISSOCK(existing.st_mode)) {
            errno = EEXIST;
            return -1;
        }
        unlink(path);
    }
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    if (bind(fd, (struct sockaddr *)&address, sizeof address) < 0 || chmod(path, mode) < 0 || listen(fd, 8) < 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

int tp_control_accept(int listener)
{
    return accept4(listener, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

ssize_t tp_control_send(int fd, const void *bytes, size_t count)
{
    return send(fd, bytes, count, MSG_DONTWAIT | MSG_NOSIGNAL);
}

ssize_t tp_control_receive(int fd, void *bytes, size_t capacity)
{
    return recv(fd, bytes, capacity, MSG_DONTWAIT);
}

int tp_control_connect(const char *path)
{
    return tp_unix_connect(path, SOCK_STREAM | SOCK_CLOEXEC);
}

int tp_unix_connect(const char *path, int type)
{
    struct sockaddr_un address;
    if (fill_address(&address, path) < 0)
        return -1;
    int fd = socket(AF_UNIX, type, 0);
    if (fd < 0)
        return -1;
    if (connect(fd, (struct sockaddr *)&address, sizeof address) < 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}
