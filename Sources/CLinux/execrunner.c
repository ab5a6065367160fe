// The exec runner's socket: a Unix seqpacket socket, so that one send is one message and the
// two sides need no framing of their own. Non-blocking and close-on-exec throughout.
#define _GNU_SOURCE
#include "CLinux.h"

#include <poll.h>
#include <sys/socket.h>

int tp_runner_connect(const char *path)
{
    // A local seqpacket connect completes at once or fails (ECONNREFUSED, ENOENT, EACCES);
    // EAGAIN means the listener's backlog is full, taken as a failure too.
    return tp_unix_connect(path, SOCK_SEQPACKET | SOCK_NONBLOCK | SOCK_CLOEXEC);
}

int tp_runner_pair(int ends[2])
{
    return socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, ends);
}

ssize_t tp_runner_send(int fd, const void *bytes, size_t count)
{
    return send(fd, bytes, count, MSG_DONTWAIT | MSG_NOSIGNAL);
}

ssize_t tp_runner_receive(int fd, void *bytes, size_t capacity, int *truncated, int *closed)
{
    struct iovec part = { .iov_base = bytes, .iov_len = capacity };
    struct msghdr message;
    memset(&message, 0, sizeof message);
    message.msg_iov = &part;
    message.msg_iovlen = 1;
    ssize_t count = recvmsg(fd, &message, MSG_DONTWAIT);
    *truncated = count >= 0 && (message.msg_flags & MSG_TRUNC) != 0;
    // recvmsg gives 0 both for a zero-length message and for the end of the connection; only
    // the end leaves the socket shut for reading (POLLRDHUP, set with the same flag that makes
    // recvmsg say 0 with no message), or hung up or failed.
    *closed = 0;
    if (count == 0) {
        struct pollfd state = { .fd = fd, .events = POLLIN | POLLRDHUP };
        *closed = poll(&state, 1, 0) == 1 && (state.revents & (POLLRDHUP | POLLHUP | POLLERR)) != 0;
    }
    return count;
}

int tp_runner_is_seqpacket(int fd)
{
    int type = 0;
    socklen_t length = sizeof type;
    if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &length) < 0)
        return 0;
    return type == SOCK_SEQPACKET;
}

int tp_supplementary_group_count(void)
{
    return getgroups(0, NULL);
}

int tp_supplementary_groups(unsigned int *groups, int capacity)
{
    return getgroups(capacity, (gid_t *)groups);
}
