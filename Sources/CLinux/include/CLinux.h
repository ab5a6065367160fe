// CLinux: the one place where Swift meets glibc, the Linux headers and the hardware libraries.
// Variadic calls, macros and global variables do not import cleanly into Swift (and not at all
// into Embedded Swift), so they get small named wrappers here.
#ifndef CLINUX_H
#define CLINUX_H

#include <dirent.h>
#include <grp.h>
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
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/fb.h>
#include <linux/i2c.h>
#include <linux/i2c-dev.h>
#include <linux/input.h>
#include <sys/inotify.h>
#include <linux/kd.h>
#include <malloc.h>
#include <i2c/smbus.h>
#include <ini.h>
// zlib, which libpng deflates with: its crc32, adler32 and stored blocks make the tests'
// hand-made (hostile) PNG files.
#include <zlib.h>

// --- the control socket (control.c) --------------------------------------------------------------

/// A listening Unix stream socket at `path` with `mode`, non-blocking; a stale socket at the path
/// is replaced, anything else there fails with EEXIST. -1 and errno on failure.
int tp_control_listen(const char *path, unsigned int mode);
/// The next waiting client, non-blocking; -1 with EAGAIN when none.
int tp_control_accept(int listener);
/// recv(2) without waiting.
ssize_t tp_control_receive(int fd, void *bytes, size_t capacity);
/// send(2) without waiting and without SIGPIPE.
ssize_t tp_control_send(int fd, const void *bytes, size_t count);
/// A blocking client connection (touchpanel ctl).
int tp_control_connect(const char *path);
/// A connection to the Unix socket at `path`, of socket(2)'s `type` with its flags; -1 and
/// errno on failure (ENAMETOOLONG for a path sockaddr_un cannot hold).
int tp_unix_connect(const char *path, int type);

// --- the exec runner's socket (execrunner.c) ------------------------------------------------------

/// A connection to the exec runner's seqpacket socket at `path`, non-blocking, close-on-exec;
/// -1 and errno on failure.
int tp_runner_connect(const char *path);
/// A connected seqpacket pair, non-blocking, close-on-exec (tests, and a runner's own checks).
int tp_runner_pair(int ends[2]);
/// One message, without waiting and without SIGPIPE.
ssize_t tp_runner_send(int fd, const void *bytes, size_t count);
/// One message without waiting; `*truncated` is 1 when it was longer than `capacity` (the rest
/// is gone). 0 is a zero-length message, or the other side closed when `*closed` is 1.
ssize_t tp_runner_receive(int fd, void *bytes, size_t capacity, int *truncated, int *closed);
/// 1 when `fd` is a seqpacket socket (the runner's standard input under systemd's Accept=yes).
int tp_runner_is_seqpacket(int fd);
/// getgroups(2): how many supplementary groups this process has, and which.
int tp_supplementary_group_count(void);
int tp_supplementary_groups(unsigned int *groups, int capacity);

// --- the MQTT client (mqtt.c): libmosquitto without its threads -------------------------------

/// One client; its events wait in a queue until taken.
typedef struct tp_mqtt tp_mqtt;
/// What a libmosquitto callback said, in the order it said it.
enum tp_mqtt_event_kind { TP_MQTT_CONNECTED = 1, TP_MQTT_DISCONNECTED, TP_MQTT_PUBLISHED, TP_MQTT_MESSAGE, TP_MQTT_OVERSIZED };
/// libmosquitto's MOSQ_ERR_NOT_SUPPORTED: what every call returns in a build without it.
#define TP_MQTT_NOT_BUILT_IN 10
typedef struct {
    int kind;
    /// CONNECTED: the CONNACK's code (0 accepted); DISCONNECTED: 0 when we asked for it.
    int code;
    /// PUBLISHED: the message id that `tp_mqtt_publish` gave.
    int message_id;
    /// MESSAGE: topic and payload (NUL-terminated copies, freed by tp_mqtt_event_free).
    /// OVERSIZED: the topic and payload_length of a message over the limit; no payload.
    char *topic;
    void *payload;
    int payload_length;
    int retained;
} tp_mqtt_event;

/// 1 when built with libmosquitto (0 in the static firmware).
int tp_mqtt_available(void);
/// An MQTT 5 client with a clean session (Clean Start, no session expiry), or NULL with a
/// libmosquitto error code in `error`.
tp_mqtt *tp_mqtt_new(const char *client_id, int *error);
void tp_mqtt_free(tp_mqtt *mqtt);
/// These return 0 or a libmosquitto error code (text: tp_mqtt_error_text).
int tp_mqtt_set_login(tp_mqtt *mqtt, const char *username, const char *password);
int tp_mqtt_set_will(tp_mqtt *mqtt, const char *topic, const void *payload, int length, int qos, int retain);
/// Verify the broker against `ca_file`; with a client certificate when `cert_file` is not NULL.
int tp_mqtt_set_tls(tp_mqtt *mqtt, const char *ca_file, const char *cert_file, const char *key_file);
/// Messages whose payload is longer than `bytes` are not copied: an OVERSIZED event says so.
/// Over MQTT 5 the next connects also ask the broker for no packet that could not hold such a
/// payload (Maximum Packet Size: `bytes` and room for topic and properties).
void tp_mqtt_set_max_message(tp_mqtt *mqtt, int bytes);
/// Starts a connection without waiting for it (the CONNACK arrives as an event). MQTT 5, or
/// 3.1.1 once a broker answered a connect with 132, unsupported protocol version.
int tp_mqtt_connect(tp_mqtt *mqtt, const char *host, int port, int keepalive_s);
/// The socket to poll, or -1.
int tp_mqtt_socket(tp_mqtt *mqtt);
/// 1 while bytes wait to be written: poll for POLLOUT too.
int tp_mqtt_want_write(tp_mqtt *mqtt);
int tp_mqtt_loop_read(tp_mqtt *mqtt);
int tp_mqtt_loop_write(tp_mqtt *mqtt);
/// Keep-alive: sends a PINGREQ when due, drops a connection whose PINGRESP never came.
int tp_mqtt_loop_misc(tp_mqtt *mqtt);
int tp_mqtt_publish(tp_mqtt *mqtt, int *message_id, const char *topic, const void *payload, int length, int qos, int retain);
int tp_mqtt_subscribe(tp_mqtt *mqtt, const char *pattern, int qos);
int tp_mqtt_disconnect(tp_mqtt *mqtt);
/// A libmosquitto error code's text, or an MQTT 5 reason code's (128 and up: a DISCONNECT's).
const char *tp_mqtt_error_text(int code);
/// The library's last error-level log line since the last call (OpenSSL's reason for a failed
/// handshake) into `text`: 1, or 0 when there was none.
int tp_mqtt_take_last_error(tp_mqtt *mqtt, char *text, int capacity);
const char *tp_mqtt_connack_text(int code);
/// Takes the oldest event: 1, or 0 when none waits.
int tp_mqtt_next_event(tp_mqtt *mqtt, tp_mqtt_event *event);
void tp_mqtt_event_free(tp_mqtt_event *event);

// --- Home Assistant's websocket API (homeassistant.c): libwebsockets in the panel's loop, cJSON --

/// One websocket client to Home Assistant's `/api/websocket`, serviced from the panel's own
/// ppoll (never lws's): its events wait in a queue until taken, as tp_mqtt's do.
typedef struct tp_ha tp_ha;
/// What libwebsockets said, in the order it said it.
enum tp_ha_event_kind {
    /// The websocket upgrade completed: Home Assistant's `auth_required` comes next.
    TP_HA_UPGRADED = 1,
    /// One whole text message (all its fragments), NUL-terminated in `text`, `length` bytes.
    TP_HA_MESSAGE,
    /// A message longer than the limit was skipped uncopied: `length` is what arrived of it
    /// before the shim stopped counting (at least the limit + 1), `text` its first 40 bytes (the
    /// `"id":N` of a command's answer).
    TP_HA_OVERSIZED,
    /// The connection ended or never came: `code` the close status (0 when none), `text` why.
    TP_HA_CLOSED,
};
typedef struct {
    int kind;
    int code;
    char *text;
    int length;
} tp_ha_event;

/// A client; `ca_file` (NULL: none) verifies an https server against a private CA instead of
/// the system's store; the host name is always verified. Messages over `max_message_bytes` are
/// skipped. NULL with the reason in `error` (`capacity` bytes) when the context cannot be made
/// (a CA file that cannot be read).
tp_ha *tp_ha_new(int tls, const char *ca_file, int max_message_bytes, char *error, int capacity);
void tp_ha_free(tp_ha *ha);
/// Starts a connection to ws(s)://host:port/path without waiting for it (a host name is
/// resolved by a blocking getaddrinfo inside: IP literals and /etc/hosts names do not wait).
/// 0, or -1 with the reason in `error`. A connection still open is closed first.
int tp_ha_connect(tp_ha *ha, const char *host, int port, const char *path, char *error, int capacity);
/// Queues one text message to send when the socket can take it: 0, or -1 when no connection
/// is upgraded. The shim wipes its copy once written (the auth message holds the token).
int tp_ha_send(tp_ha *ha, const char *text, int length);
/// Closes the connection (a TP_HA_CLOSED event follows at a later service).
void tp_ha_close(tp_ha *ha);
/// The descriptors to poll and for what (POLLIN, POLLOUT), at most `capacity`: how many.
int tp_ha_poll_interests(tp_ha *ha, struct pollfd *fds, int capacity);
/// Services what `fds` (as polled, revents filled; count may be 0) says is ready, and lws's
/// own timers: never waits.
void tp_ha_service(tp_ha *ha, const struct pollfd *fds, int count);
/// Takes the oldest event: 1, or 0 when none waits.
int tp_ha_next_event(tp_ha *ha, tp_ha_event *event);
void tp_ha_event_free(tp_ha_event *event);

/// A parsed Home Assistant message (cJSON), flattened: its type and fields, and for an event of
/// `subscribe_entities` (or a `get_states` result) one entry per entity followed by entries for
/// its attributes; for a `history/history_during_period` result one entry per entity followed by
/// its recorded states. Every string points into the message and lives until tp_ha_message_free.
enum tp_ha_message_type {
    TP_HA_MSG_OTHER = 0,
    TP_HA_MSG_AUTH_REQUIRED,
    TP_HA_MSG_AUTH_OK,
    TP_HA_MSG_AUTH_INVALID,
    TP_HA_MSG_RESULT,
    TP_HA_MSG_EVENT,
    TP_HA_MSG_PONG,
};
enum tp_ha_entry_kind {
    /// `a` (new entity, or the first dump) and each element of a `get_states` result: `text`
    /// its state; attribute entries follow with every attribute the entity has.
    TP_HA_ENTITY_ADDED = 1,
    /// `c`: `text` the new state, or NULL when only attributes changed; attribute entries follow
    /// with the added or changed ones.
    TP_HA_ENTITY_CHANGED,
    /// `r`: the entity is gone.
    TP_HA_ENTITY_REMOVED,
    /// An attribute of the entity before it: `name`, `text` its value (a string as it is, a
    /// number as "%.15g" would print it, true, false, null; an array or object as compact JSON).
    TP_HA_ATTRIBUTE,
    /// `c`'s `-`: attribute `name` was removed.
    TP_HA_ATTRIBUTE_REMOVED,
    /// A history/history_during_period result's entity `name`; its points follow. `is_number`
    /// 1: a point of its list had another shape, and none follow (the reply is malformed).
    TP_HA_HISTORY,
    /// A recorded state of the HISTORY before it: `text` the state, `seconds` its `lu`.
    TP_HA_HISTORY_POINT,
};
typedef struct {
    int kind;
    const char *name;
    const char *text;
    /// 1 when the attribute's value is a JSON number (`text` then parses as one).
    int is_number;
    /// HISTORY_POINT: when it was recorded, in epoch seconds (with fractions).
    double seconds;
} tp_ha_entry;
typedef struct {
    int type;
    /// The message's `id`, or -1 when it has none.
    long long id;
    /// RESULT: 1 for `"success": true`.
    int success;
    /// RESULT that failed: `error.code` and `error.message`; AUTH_INVALID: `message`. Else NULL.
    const char *error_code;
    const char *error_message;
    /// AUTH_REQUIRED and AUTH_OK: `ha_version`, else NULL.
    const char *ha_version;
    /// RESULT whose `result` is a string (auth/long_lived_access_token): it, else NULL.
    const char *result_text;
    int entry_count;
    tp_ha_entry *entries;
    void *owned;
} tp_ha_message;
/// 0, or -1 when `text` is not a JSON object (`message` is then empty, and free to free).
int tp_ha_parse(const char *text, int length, tp_ha_message *message);
void tp_ha_message_free(tp_ha_message *message);
/// 1 when `text` is one JSON object (a `service` action's data), 0 otherwise; `has_entity_id`
/// (may be NULL) set to 1 when it has a top-level `entity_id`.
int tp_ha_json_object(const char *text, int length, int *has_entity_id);

// --- GPIO lines (gpio.c): libgpiod v1.6 or v2, whichever gpiod.h the build found ---------------

/// How a request names its chip, as GPIOChipSelector does.
enum tp_gpio_chip_kind { TP_GPIO_CHIP_PATH, TP_GPIO_CHIP_NAME, TP_GPIO_CHIP_NUMBER, TP_GPIO_CHIP_LABEL };
/// An output, or an input whose falling or rising edges (or both: a level's changes) are events.
enum tp_gpio_mode { TP_GPIO_OUTPUT, TP_GPIO_FALLING_EDGES, TP_GPIO_RISING_EDGES, TP_GPIO_BOTH_EDGES };
/// Why tp_gpio_request returned NULL.
enum tp_gpio_failure_kind {
    TP_GPIO_NO_CHIP = 1, TP_GPIO_PERMISSION_DENIED, TP_GPIO_NO_LINE, TP_GPIO_REQUEST_FAILED
};

struct tp_gpio_request {
    int chip_kind;            /* enum tp_gpio_chip_kind */
    const char *chip;         /* path, name or label */
    int chip_number;
    const char *line_name;    /* NULL: use line_offset */
    int line_offset;
    int mode;                 /* enum tp_gpio_mode */
    int active_low;           /* values below are logical: active is low on the pin */
    int initial_active;       /* outputs: the level driven from the request on */
    int pull_up;              /* inputs: ask for the pull-up bias (kernel 5.5+) */
};

struct tp_gpio_failure {
    int kind;                 /* enum tp_gpio_failure_kind */
    int err;                  /* errno, 0 when none applies */
    char chip_name[32];       /* "gpiochip0" once the chip was open */
    char consumer[64];        /* who holds a busy line, when the kernel says */
};

typedef struct tp_gpio_line tp_gpio_line;

/// 1 or 2: the libgpiod API this binary was built against.
int tp_gpio_api_version(void);
/// Requests one line as consumer "touchpanel"; NULL with `failure` filled in when it cannot.
tp_gpio_line *tp_gpio_request(const struct tp_gpio_request *request, struct tp_gpio_failure *failure);
void tp_gpio_release(tp_gpio_line *line);
/// The descriptor that turns readable when edges are queued (edge requests only).
int tp_gpio_event_fd(tp_gpio_line *line);
/// Drives an output to its active (1) or inactive (0) level; -1 and errno on failure.
int tp_gpio_set_active(tp_gpio_line *line, int active);
/// Reads up to 16 queued edge events without blocking (the fd is O_NONBLOCK). Returns how many
/// were read (16: there may be more) or -1 and errno (EAGAIN: none); `matched` counts those of
/// the requested kind, and `latest_ns` gets the newest one's CLOCK_MONOTONIC stamp.
int tp_gpio_read_edges(tp_gpio_line *line, uint64_t *latest_ns, int *matched);
/// An input's logical level now: 1 active, 0 inactive, -1 and errno on failure.
int tp_gpio_get_active(tp_gpio_line *line);
/// Reads up to 16 queued edges of a both-edges request without blocking, in order: each one's
/// CLOCK_MONOTONIC stamp in `ns` and 1 in `active` for a change to the active level (the
/// kernel reports edges of the logical level, active_low applied). Returns how many (16: there
/// may be more) or -1 and errno (EAGAIN: none).
int tp_gpio_read_levels(tp_gpio_line *line, uint64_t ns[16], unsigned char active[16]);

// --- the service manager (notify.c) ----------------------------------------------------------

/// sd_notify(0, state): > 0 sent, 0 when not run by systemd (or built without it), < 0 -errno.
int tp_notify(const char *state);
/// sd_watchdog_enabled: > 0 with the interval systemd expects WATCHDOG=1 within.
int tp_watchdog_interval_us(uint64_t *interval_us);
/// 1 when built with libsystemd.
int tp_notify_supported(void);
/// 1 when stderr is the journal's stream (JOURNAL_STREAM names its device and inode): log lines
/// then start with a "<N>" syslog priority that journald takes off and keeps.
int tp_stderr_is_journal(void);

/// glibc's stdout/stderr are mutable globals; Swift 6 refuses to read those directly.
static inline FILE *clinux_stdout(void) { return stdout; }
static inline FILE *clinux_stderr(void) { return stderr; }

/// SIG_IGN is a macro cast Swift cannot import: a reader of stdout that goes away must not
/// kill the panel; writes then fail with EPIPE. Children get SIGPIPE's default back.
static inline void clinux_ignore_sigpipe(void) { signal(SIGPIPE, SIG_IGN); }

/// errno is a macro over a thread-local function in glibc.
static inline int clinux_errno(void) { return errno; }

/// open(2) is variadic; reading a file needs no mode argument.
static inline int clinux_open_readonly(const char *path) { return open(path, O_RDONLY | O_CLOEXEC); }

/// Opening a FIFO for reading waits for a writer: O_NONBLOCK returns at once, so that the
/// caller can see what it opened. (For a regular file it changes nothing.)
static inline int clinux_open_file_to_read(const char *path) { return open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC); }

/// 1 when `fd` is a regular file, 0 when it is something else (FIFO, device, directory), -1 on error.
static inline int clinux_is_regular_file(int fd) {
    struct stat info;
    if (fstat(fd, &info) != 0) return -1;
    return S_ISREG(info.st_mode) ? 1 : 0;
}

/// The size of the file open at `fd` in bytes (st_size), or -1 and errno. Only a regular file's
/// size means what it says: sysfs reports 4096 and procfs 0 whatever they hold.
static inline int64_t clinux_file_size(int fd) {
    struct stat info;
    if (fstat(fd, &info) != 0) return -1;
    return (int64_t)info.st_size;
}

/// When the file open at `fd` was last written (st_mtim) in nanoseconds since the epoch, or -1
/// and errno: with its size, what tells that a file mapped earlier was cut or rewritten since.
static inline int64_t clinux_file_modified_ns(int fd) {
    struct stat info;
    if (fstat(fd, &info) != 0) return -1;
    return (int64_t)info.st_mtim.tv_sec * 1000000000 + (int64_t)info.st_mtim.tv_nsec;
}

/// Caps this process's address space at `bytes` (RLIMIT_AS, soft and hard: it cannot be raised
/// again) and turns its core dumps off (RLIMIT_CORE 0), so that a mapping or allocation past
/// the cap fails and a crash writes nothing. 0, or -1 and errno.
static inline int clinux_limit_address_space(uint64_t bytes) {
    struct rlimit none = { 0, 0 };
    if (setrlimit(RLIMIT_CORE, &none) != 0) return -1;
    struct rlimit cap = { (rlim_t)bytes, (rlim_t)bytes };
    return setrlimit(RLIMIT_AS, &cap);
}

/// The permission bits (st_mode & 07777) of `path`, links followed; -1 and errno on error.
static inline int clinux_permission_bits(const char *path) {
    struct stat info;
    if (stat(path, &info) != 0) return -1;
    return (int)(info.st_mode & 07777);
}

/// Gives the kernel back the main thread's stack pages below the caller's frame (memory.c; the
/// stack's place is read from /proc/self/maps once):
/// start-up reaches far deeper than the loop ever does again (libinih's line buffer alone is
/// INI_MAX_LINE bytes, touched page by page by the stack-clash probes), and without this those
/// pages stay resident for the panel's life. 0, or -1 with errno.
int clinux_release_stack_below_caller(void);

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
/// A file to write from its start (a recorded trace), created 0644 or emptied.
static inline int clinux_create_file(const char *path) { return open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644); }
/// A sysfs attribute to write in place (a backlight's brightness).
static inline int clinux_open_writeonly(const char *path) { return open(path, O_WRONLY | O_CLOEXEC); }

/// open(2) for a console: O_NOCTTY so the panel never adopts it as its controlling terminal.
static inline int clinux_open_console(const char *path) { return open(path, O_RDWR | O_CLOEXEC | O_NOCTTY); }

/// Binds the bus descriptor to one 7-bit address. I2C_SLAVE, never I2C_SLAVE_FORCE: an address
/// a kernel driver owns must fail with EBUSY rather than be read behind the driver's back.
static inline int clinux_i2c_select_address(int fd, unsigned int address) {
    return ioctl(fd, I2C_SLAVE, (unsigned long)address);
}

/// One combined I2C_RDWR transfer, as a Goodix chip wants it: write the 16-bit big-endian
/// register address, then read `length` bytes (repeated start, no stop in between).
static inline int clinux_i2c_read_register16(int fd, uint16_t address, uint16_t reg, uint8_t *bytes, uint16_t length) {
    uint8_t pointer[2] = { (uint8_t)(reg >> 8), (uint8_t)(reg & 0xFF) };
    struct i2c_msg messages[2] = {
        { .addr = address, .flags = 0, .len = 2, .buf = pointer },
        { .addr = address, .flags = I2C_M_RD, .len = length, .buf = bytes },
    };
    struct i2c_rdwr_ioctl_data transfer = { .msgs = messages, .nmsgs = 2 };
    return ioctl(fd, I2C_RDWR, &transfer);
}

/// One I2C_RDWR write message: the 16-bit big-endian register address, then `length` bytes
/// (at most 64: a Goodix status clear or a small config write).
static inline int clinux_i2c_write_register16(int fd, uint16_t address, uint16_t reg, const uint8_t *bytes, uint16_t length) {
    uint8_t buffer[2 + 64];
    if (length > 64) { errno = EINVAL; return -1; }
    buffer[0] = (uint8_t)(reg >> 8);
    buffer[1] = (uint8_t)(reg & 0xFF);
    memcpy(buffer + 2, bytes, length);
    struct i2c_msg message = { .addr = address, .flags = 0, .len = (uint16_t)(2 + length), .buf = buffer };
    struct i2c_rdwr_ioctl_data transfer = { .msgs = &message, .nmsgs = 1 };
    return ioctl(fd, I2C_RDWR, &transfer);
}

// --- Input devices (evdev) ---

/// open(2) of an input device for reading, without blocking reads.
static inline int clinux_open_input(const char *path) { return open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC); }

/// EVIOCGNAME: the device's name into `name` (NUL-terminated); the length, or -1.
static inline int clinux_evdev_name(int fd, char *name, int capacity) { return ioctl(fd, EVIOCGNAME(capacity), name); }

/// EVIOCGBIT(type): which codes of `type` the device sends, as a bitmap.
static inline int clinux_evdev_bits(int fd, int type, uint8_t *bits, int capacity) { return ioctl(fd, EVIOCGBIT(type, capacity), bits); }

/// EVIOCGABS(axis): the axis's value, minimum and maximum.
static inline int clinux_evdev_axis(int fd, int axis, int32_t *value, int32_t *minimum, int32_t *maximum) {
    struct input_absinfo info;
    int result = ioctl(fd, EVIOCGABS(axis), &info);
    if (result < 0) return result;
    *value = info.value;
    *minimum = info.minimum;
    *maximum = info.maximum;
    return result;
}

/// EVIOCGKEY: which keys (BTN_TOUCH among them) are down now, as a bitmap.
static inline int clinux_evdev_keys(int fd, uint8_t *bits, int capacity) { return ioctl(fd, EVIOCGKEY(capacity), bits); }

/// EVIOCGMTSLOTS for one axis code: `values[0]` is the code, then one value per slot.
static inline int clinux_evdev_slots(int fd, int32_t *values, int count) {
    return ioctl(fd, EVIOCGMTSLOTS((unsigned int)(sizeof(int32_t) * (size_t)count)), values);
}

/// EVIOCGRAB: take (1) or release (0) the device exclusively.
static inline int clinux_evdev_grab(int fd, int grab) { return ioctl(fd, EVIOCGRAB, (unsigned long)grab); }

/// EVIOCSCLOCKID: stamp events with CLOCK_MONOTONIC (the loop's clock) instead of the
/// default CLOCK_REALTIME, which jumps with NTP.
static inline int clinux_evdev_use_monotonic_clock(int fd) {
    int clock = CLOCK_MONOTONIC;
    return ioctl(fd, EVIOCSCLOCKID, &clock);
}

/// The size of one `struct input_event` on this target (24 bytes on 64-bit, 16 on armhf
/// with a 32-bit time_t).
static inline int clinux_input_event_size(void) { return (int)sizeof(struct input_event); }

/// Fields of the `index`-th event in a buffer of `struct input_event`s: the time layout
/// differs between targets and time_t widths, so Swift never sees the struct.
static inline void clinux_input_event_fields(const void *events, int index, int64_t *time_ns, uint16_t *type, uint16_t *code, int32_t *value) {
    const struct input_event *event = (const struct input_event *)events + index;
    *time_ns = (int64_t)event->input_event_sec * 1000000000LL + (int64_t)event->input_event_usec * 1000LL;
    *type = event->type;
    *code = event->code;
    *value = event->value;
}

/// inotify for /dev/input: a device that appears (or gets its permissions from udev).
static inline int clinux_inotify_open(void) { return inotify_init1(IN_NONBLOCK | IN_CLOEXEC); }
static inline int clinux_inotify_watch_devices(int fd, const char *directory) {
    return inotify_add_watch(fd, directory, IN_CREATE | IN_ATTRIB | IN_MOVED_TO);
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

/// mmap(2) of private anonymous memory (zeroed pages of its own mapping); NULL on failure.
static inline void *clinux_mmap_anonymous(size_t length) {
    void *address = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return address == MAP_FAILED ? NULL : address;
}

/// Loads one byte of every page of a file's mapping, with SIGBUS caught while it does
/// (mapping.c): 1 when every page could be read (they are in memory now), 0 when one could
/// not (the file cut short since it was mapped, a read error under it), -1 when the guard
/// could not be set.
int clinux_mapping_readable(const void *base, size_t length);
/// The SIGBUS handler now, read when no guard of clinux_mapping_readable is in place (one
/// running on another thread is waited for), as an address.
uintptr_t clinux_sigbus_handler(void);

/// mmap(2) of a whole file, read-only and shared: its pages are the page cache's (file-backed,
/// not anonymous memory); NULL on failure.
static inline void *clinux_mmap_readonly_shared(int fd, size_t length) {
    void *address = mmap(NULL, length, PROT_READ, MAP_SHARED, fd, 0);
    return address == MAP_FAILED ? NULL : address;
}

/// mkdir(2) with mode 0755 (a cache folder of one's own); 0, or -1 and errno.
static inline int clinux_make_directory(const char *path) { return mkdir(path, 0755); }

static inline int clinux_kd_get_mode(int fd, int *mode) { return ioctl(fd, KDGETMODE, mode); }
static inline int clinux_kd_set_mode(int fd, int mode) { return ioctl(fd, KDSETMODE, (unsigned long)mode); }

/// fcntl(2) is variadic: adds O_NONBLOCK to a descriptor someone else opened (libgpiod's
/// event descriptor), so draining it stops at EAGAIN instead of blocking the loop.
static inline int clinux_set_nonblocking(int fd) {
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0) return -1;
    return fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

/// A pipe whose two ends are close-on-exec (a child gets its end by a spawn's dup2, which clears
/// the flag on the copy). pipe2 is declared only under _GNU_SOURCE, as ppoll is.
extern int pipe2(int ends[2], int flags);
static inline int clinux_pipe_cloexec(int ends[2]) { return pipe2(ends, O_CLOEXEC); }

/// A spawn action closing every descriptor from `from` up in the child (glibc 2.34+: bookworm
/// has 2.36). Declared here for the reason ppoll is: spawn.h has it only under _GNU_SOURCE.
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

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

/// How event lines reach fd 1 (eventstream.c): a socket written with MSG_DONTWAIT, a pipe or
/// terminal through a non-blocking description of our own, or a regular file.
enum { TP_EVENT_SOCKET = 1, TP_EVENT_NONBLOCKING = 2, TP_EVENT_FILE = 3 };
/// The descriptor to write `fd`'s event lines to, and its kind; -errno on failure.
int tp_event_descriptor_open(int fd, int *kind);
/// Bytes written, or -errno (-EAGAIN: the reader is behind; -EPIPE: it is gone).
ssize_t tp_event_descriptor_write(int fd, int kind, const void *bytes, size_t count);

// --- Fleet configs (fleetcrypto.c): Ed25519 and SHA-256 through OpenSSL's libcrypto -----------

/// Whether `pem` holds an Ed25519 key (a private one when `private_key` is non-zero): 0, or -1
/// with why in `message`.
int tp_ed25519_check_key(const void *pem, size_t pem_count, int private_key, char *message, size_t capacity);
/// Checks `signature` over `data` with the public key in `pem`: 0 good, 1 not this key's
/// signature of these bytes, -1 the key is unusable; `message` says why when not 0.
int tp_ed25519_verify(const void *pem, size_t pem_count, const void *data, size_t data_count, const uint8_t *signature,
                      size_t signature_count, char *message, size_t capacity);
/// Signs `data` with the private key in `pem` into the 64 bytes of `signature`: 0, or -1 with why.
int tp_ed25519_sign(const void *pem, size_t pem_count, const void *data, size_t data_count, uint8_t signature[64], char *message,
                    size_t capacity);
/// SHA-256 of `data`: 0, or -1.
int tp_sha256(const void *data, size_t count, uint8_t digest[32]);

// --- PNG images (png.c): libpng, its longjmp errors turned into return codes -------------------

/// One PNG file being read from memory. libpng reports an error by longjmp, which Swift cannot
/// catch: every call below sets its own setjmp and returns a status instead.
typedef struct tp_png tp_png;
enum tp_png_status {
    TP_PNG_OK = 0,
    /// The bytes end before the image does.
    TP_PNG_TRUNCATED = 1,
    /// libpng refused the data; tp_png_message says why in its words ("IHDR: CRC error").
    TP_PNG_CORRUPT = 2,
    /// A call out of order, or a pixel buffer of the wrong size (the caller's mistake).
    TP_PNG_MISUSE = 3,
    /// libpng could not write the file; tp_png_writer_message says why in its words.
    TP_PNG_WRITE_FAILED = 4,
};
/// A reader of the `count` bytes at `bytes`, which must stay valid and unchanged until
/// tp_png_close. NULL when libpng cannot make one (out of memory). The caller has checked the
/// 8-byte PNG signature. Warnings are dropped; ancillary chunks other than tRNS are skipped
/// unread (no gamma, colour profile or text is applied: samples are taken as sRGB bytes).
tp_png *tp_png_open(const void *bytes, size_t count);
/// Reads the chunks before the image data (IHDR, PLTE, tRNS) and gives the image's size, so
/// that the caller can refuse an image before any pixel is decompressed.
int tp_png_read_header(tp_png *png, uint32_t *width, uint32_t *height);
/// Decodes every pixel (all colour types and bit depths, Adam7 too) into `rgba`: `height`
/// rows of `width` pixels, 4 bytes each (red, green, blue, alpha; 8 bits; alpha straight, not
/// premultiplied; 16-bit samples keep their high byte). `capacity` must be width*height*4.
/// Then reads up to IEND, so a file cut after its image data is TRUNCATED too. Image data
/// that goes on after the last row (more than a row's worth) is CORRUPT, refused uninflated.
int tp_png_read_rgba(tp_png *png, uint8_t *rgba, size_t capacity);
/// The last error's text: libpng's own for CORRUPT, ours for the others.
const char *tp_png_message(const tp_png *png);
void tp_png_close(tp_png *png);

/// One PNG file being written into memory: 8-bit RGB, not interlaced, rows deflated by libpng
/// with zlib as they come, so that a caller can spread a frame over several calls (the writer
/// keeps libpng's state between them). Every call sets its own setjmp, as the reader's do.
typedef struct tp_png_writer tp_png_writer;
/// A writer with no file begun; NULL when libpng cannot make one (out of memory).
tp_png_writer *tp_png_writer_open(void);
/// Writes the header of a `width` x `height` image (1 to libpng's limit of 1,000,000 each way;
/// WRITE_FAILED with libpng's "Invalid IHDR data (...)" otherwise). `fast`: zlib's level 1
/// instead of 6 (the mirror's pictures; png.c has the figures).
int tp_png_writer_begin(tp_png_writer *writer, uint32_t width, uint32_t height, int fast);
/// Deflates the next `rows` rows of the image, `width * 3` bytes each (red, green, blue), from
/// the `count` bytes at `rgb`. MISUSE for more rows than the image has left, or a `count` that
/// is not `rows` rows.
int tp_png_writer_write_rows(tp_png_writer *writer, const uint8_t *rgb, size_t count, uint32_t rows);
/// After the last row: ends the image data and writes IEND. MISUSE while rows are missing.
int tp_png_writer_finish(tp_png_writer *writer);
/// The whole file once finished (valid until tp_png_writer_close), else NULL and 0.
const uint8_t *tp_png_writer_bytes(const tp_png_writer *writer, size_t *count);
/// The last error's text: libpng's own for WRITE_FAILED, ours for MISUSE.
const char *tp_png_writer_message(const tp_png_writer *writer);
void tp_png_writer_close(tp_png_writer *writer);

#endif

// --- Local dates and numbers (locale.c): a locale's time and number categories ---------------

/// A loaded locale (glibc's locale_t), used only through the calls below.
typedef struct tp_locale tp_locale;
/// The LC_TIME and LC_NUMERIC categories of locale `name` (`de_DE.UTF-8`; "": as the
/// environment's LC_ALL, LC_TIME or LC_NUMERIC, and LANG say); NULL and errno when the system
/// lacks it (ENOENT) or the name is none (EINVAL).
tp_locale *tp_locale_open(const char *name);
void tp_locale_free(tp_locale *locale);
/// strftime_l of local time `epoch_seconds` (TZ or /etc/localtime); 0 when the text does not
/// fit or is empty, (size_t)-1 when the time cannot be broken down.
size_t tp_locale_strftime(tp_locale *locale, char *buffer, size_t capacity, const char *format, int64_t epoch_seconds);
/// Its decimal separator (RADIXCHAR), in its codeset: "." or "," mostly.
const char *tp_locale_decimal_point(tp_locale *locale);
/// Its codeset (CODESET): "UTF-8", "ANSI_X3.4-1968" for C, "ISO-8859-1".
const char *tp_locale_codeset(tp_locale *locale);
/// The names the environment resolved its categories to ("C", "de_DE.UTF-8").
const char *tp_locale_time_name(tp_locale *locale);
const char *tp_locale_numeric_name(tp_locale *locale);

// --- QR codes (qrcode.c): libqrencode -------------------------------------------------------

/// The most modules a QR code has across (version 40): a buffer of TP_QR_MAX_WIDTH squared
/// bytes takes any code.
enum { TP_QR_MAX_WIDTH = 177 };
/// Encodes the `length` bytes of the NUL-terminated `text` at error correction M in the
/// smallest version that takes them, and writes its modules row by row into `modules`, one
/// byte each (1: dark, 0: light), without the quiet zone. The code's width in modules
/// (21..177); -ERANGE when the text is too long for any QR code, -EINVAL when it holds a NUL
/// byte, -ENOSPC when `capacity` is less than width squared, -ENOMEM; -ENOSYS in a binary built
/// without libqrencode (the static firmware).
int tp_qr_encode(const char *text, size_t length, uint8_t *modules, size_t capacity);

// --- Text layout (textshape.c): FriBidi's levels, HarfBuzz's shaping over FreeType faces -----

/// One face of a font chain as the layout sees it: FreeType's face (an FT_Face), HarfBuzz's
/// font over it (tp_text_font_create), whether it draws colour emoji, and for a face of
/// bitmaps only, the pixel size of the strike it is set to (its glyphs are scaled from it).
typedef struct tp_text_face {
    void *ft_face;
    void *hb_font;
    int is_colour;
    uint32_t bitmap_ppem;
} tp_text_face;

/// One glyph of a laid-out line, in visual order: its index in face `face` of the chain, the
/// first character it draws (`cluster`, an index into the line's UTF-32), and the pen's move
/// and the glyph's offset from the pen in 26.6 pixels (y up); `level`: its bidi embedding
/// level (odd: right to left).
typedef struct tp_text_glyph {
    uint32_t glyph;
    uint32_t cluster;
    int32_t x_advance;
    int32_t x_offset;
    int32_t y_offset;
    uint16_t face;
    uint8_t level;
} tp_text_glyph;

/// HarfBuzz's font over an open FreeType face, with hinted advances; NULL in a binary built
/// without HarfBuzz (the static firmware). `tp_text_font_changed` after the face's size changes.
void *tp_text_font_create(void *ft_face);
void tp_text_font_changed(void *font);
void tp_text_font_destroy(void *font);

/// Lays out one line of `length` characters (UTF-32, logical order) from the faces of a chain:
/// each character's bidi level by the Unicode algorithm (FriBidi; the paragraph's direction
/// from its first strong character, `*right_to_left` says which), its face (the first of the
/// chain that has it; a mark, a joiner or a selector the face of the character before it), runs
/// of one level, script and face shaped by HarfBuzz, the runs in visual order. `pixel_size`
/// scales a bitmap face's glyphs. Returns the number of glyphs; when that is more than
/// `capacity` only the first `capacity` are written (call again with the room). -EINVAL,
/// -ENOMEM; -ENOSYS without HarfBuzz.
int tp_text_shape_line(const tp_text_face *faces, size_t face_count, const uint32_t *text, size_t length,
                       uint32_t pixel_size, tp_text_glyph *glyphs, size_t capacity, int *right_to_left);

/// FriBidi's own visual order of a line (fribidi_log2vis): the logical index of the character
/// at each visual position, for the tests that hold the layout to it. 0, -EINVAL; -ENOSYS
/// without HarfBuzz and FriBidi.
int tp_text_visual_order(const uint32_t *text, size_t length, int32_t *logical_of_visual, int *right_to_left);

// --- DRM/KMS output (drm.c): libdrm, two dumb buffers, page flips ---------------------------

typedef struct tp_drm tp_drm;

typedef struct {
    uint32_t width, height;
    /// Bytes from one row to the next.
    uint32_t stride;
    uint32_t bits_per_pixel;
    uint32_t refresh_hz;
    /// The two buffers' pixels (mmap'd dumb buffers) and the bytes each has.
    void *pixels[2];
    uint32_t buffer_bytes;
    char connector[40];
    char card[64];
} tp_drm_info;

/// Opens `card` (NULL: the first /dev/dri/cardN with a connected display), its `connector`
/// (NULL: the first connected) in a `width` x `height` mode (the preferred one when it is that
/// size), makes two buffers (XRGB8888, or RGB565) and shows buffer 0. NULL: why is in `error`,
/// and `absent` is 1 when there is simply no display yet (no card, nothing connected).
tp_drm *tp_drm_open(const char *card, const char *connector, uint32_t width, uint32_t height, int rgb565,
                    tp_drm_info *info, int *absent, char *error, int capacity);
int tp_drm_fd(const tp_drm *drm);
/// Queues a flip to `buffer` on the next vblank; 0, or -errno (-EBUSY: one is queued already).
int tp_drm_flip(tp_drm *drm, int buffer);
/// Reads the card's events: the number of flips completed (0 or 1), the last one's time in
/// CLOCK_MONOTONIC nanoseconds in `flip_ns`; -errno on failure.
int tp_drm_read_events(tp_drm *drm, int64_t *flip_ns);
/// 1 while the connector is connected (the kernel's last probe; no new probe is forced).
int tp_drm_connected(tp_drm *drm);
/// Puts back what the CRTC showed before, frees the buffers, closes the card.
void tp_drm_close(tp_drm *drm);
