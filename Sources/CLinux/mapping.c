// Reading a file's mapping without dying of it: a page that cannot be read (the file cut
// short since it was mapped, a read error of the card under it) is a SIGBUS at the load.
#include "CLinux.h"

#include <pthread.h>
#include <setjmp.h>
#include <signal.h>

// Where a SIGBUS during clinux_mapping_readable goes: set only while it touches the pages, so
// any other SIGBUS is the default's, as before. One guard at a time (`guard_lock`): the panel
// has one thread, but the tests run many, and two guards crossing would each restore the
// other's handler.
static sigjmp_buf *volatile bus_error_escape;
static pthread_mutex_t guard_lock = PTHREAD_MUTEX_INITIALIZER;

static void bus_error_during_touch(int signal)
{
    (void)signal;
    if (bus_error_escape != NULL) siglongjmp(*bus_error_escape, 1);
    // Not ours: die of it as the default would.
    struct sigaction fallback = {0};
    fallback.sa_handler = SIG_DFL;
    sigaction(SIGBUS, &fallback, NULL);
    raise(SIGBUS);
}

int clinux_mapping_readable(const void *base, size_t length)
{
    struct sigaction guard = {0}, previous;
    guard.sa_handler = bus_error_during_touch;
    sigemptyset(&guard.sa_mask);
    pthread_mutex_lock(&guard_lock);
    if (sigaction(SIGBUS, &guard, &previous) != 0) {
        pthread_mutex_unlock(&guard_lock);
        return -1;
    }
    sigjmp_buf escape;
    int readable = 1;
    // The mask saved and restored with it: the handler runs with SIGBUS blocked.
    if (sigsetjmp(escape, 1) == 0) {
        bus_error_escape = &escape;
        const volatile unsigned char *bytes = base;
        size_t page = (size_t)sysconf(_SC_PAGESIZE);
        for (size_t offset = 0; offset < length; offset += page) (void)bytes[offset];
        if (length > 0) (void)bytes[length - 1];
    } else {
        readable = 0;
    }
    bus_error_escape = NULL;
    sigaction(SIGBUS, &previous, NULL);
    pthread_mutex_unlock(&guard_lock);
    return readable;
}

uintptr_t clinux_sigbus_handler(void)
{
    struct sigaction now;
    pthread_mutex_lock(&guard_lock);
    sigaction(SIGBUS, NULL, &now);
    pthread_mutex_unlock(&guard_lock);
    return (uintptr_t)now.sa_handler;
}
