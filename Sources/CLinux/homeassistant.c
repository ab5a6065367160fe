// Home Assistant's websocket API: libwebsockets as the client, serviced from the panel's own
// ppoll (lws never waits, never runs a thread), its callbacks turned into a queue of events that
// the Swift side takes after each service, as mqtt.c does for libmosquitto. cJSON turns a
// message into flat entries in C, so that Swift never walks a JSON tree.
// Both firmware builds have it: the static one links libwebsockets.a and OpenSSL's archives, and
// cJSON.c from Debian's source (scripts/build/build-firmware.sh).
#include "CLinux.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <libwebsockets.h>
#include <sys/socket.h>

/// The context's descriptors at most: lws's own event pipe, the client socket, and room for
/// the next socket while lws tries a name's second address.
#define TP_HA_FDS 4
/// What the send queue holds at most: the panel sends a command per tap, never a stream.
#define TP_HA_SEND_MESSAGES 64
#define TP_HA_SEND_BYTES (256 * 1024)
/// What an OVERSIZED event keeps of the message: enough for `{"id":N,` at its start.
#define TP_HA_HEAD_BYTES 40

struct tp_ha_queued {
    tp_ha_event event;
    struct tp_ha_queued *next;
};

/// One message waiting for the socket, with lws's header room in front of its bytes.
struct tp_ha_outgoing {
    struct tp_ha_outgoing *next;
    size_t length;
    unsigned char bytes[];
};

struct tp_ha {
    struct lws_context *context;
    int tls;
    int max_message_bytes;
    /// The connection, NULL when there is none. Each attempt's wsi carries `attempt` as its user
    /// pointer, so that a callback is matched to the attempt it belongs to.
    struct lws *wsi;
    uintptr_t attempt;
    /// 1 from tp_ha_connect until the attempt's CLOSED is queued: exactly one per attempt.
    int open;
    /// CLOSED's queue item, taken at connect, so that no allocation can lose it.
    struct tp_ha_queued *closed_item;
    int upgraded;
    /// 1: tp_ha_close asked for a close frame; 2: it went out.
    int closing;
    /// Why this side ended the connection (NULL: it did not).
    const char *ended_by_us;
    int peer_code;
    char peer_reason[124];
    int peer_closed;
    /// While lws_client_connect_via_info runs: a failure there is that call's answer, not an event.
    int in_connect_call;
    char connect_error[256];
    int destroying;
    // Bookworm's loop (no external poll), see wants_output.
    int upgrade_sent;
    int tcp_connected;
    int output_turn_since_connected;
    int after_input;
    // The message being received.
    char *rx;
    size_t rx_length, rx_capacity, rx_counted;
    int rx_skipping;
    /// A skipped message's first bytes: its `"id":N` names the command it answers.
    char rx_head[TP_HA_HEAD_BYTES + 1];
    // The send queue.
    struct tp_ha_outgoing *out_first, *out_last;
    int out_count;
    size_t out_bytes;
    // Events waiting to be taken.
    struct tp_ha_queued *first, *last;
#if defined(LWS_WITH_EXTERNAL_POLL)
    /// What lws asked to poll, kept from its ADD/DEL/CHANGE_MODE_POLL_FD callbacks.
    struct pollfd table[TP_HA_FDS];
    int table_count;
#endif
};

// lws logs through one process-wide function with no context pointer: the last lines are kept
// here, never written to stderr (the panel's own log says what matters, once).
static char last_error[256], last_warning[256];

static void keep_log_line(int level, const char *line) {
    char *slot = (level & LLL_ERR) ? last_error : last_warning;
    snprintf(slot, sizeof last_error, "%s", line ? line : "");
    size_t length = strlen(slot);
    while (length > 0 && (slot[length - 1] == '\n' || slot[length - 1] == '\r' || slot[length - 1] == ' ')) slot[--length] = 0;
}

static const char *last_log_line(void) {
    if (last_error[0]) return last_error;
    return last_warning[0] ? last_warning : NULL;
}

static void copy_text(char *destination, int capacity, const char *text) {
    if (destination && capacity > 0) snprintf(destination, (size_t)capacity, "%s", text);
}

/// Sent bytes are wiped before they are freed: the auth message holds the token.
static void discard_outgoing(struct tp_ha_outgoing *item) {
    explicit_bzero(item->bytes, LWS_PRE + item->length);
    free(item);
}

static void drop_send_queue(tp_ha *ha) {
    while (ha->out_first) {
        struct tp_ha_outgoing *item = ha->out_first;
        ha->out_first = item->next;
        discard_outgoing(item);
    }
    ha->out_last = NULL;
    ha->out_count = 0;
    ha->out_bytes = 0;
}

static void reset_receive(tp_ha *ha) {
    free(ha->rx);
    ha->rx = NULL;
    ha->rx_length = ha->rx_capacity = ha->rx_counted = 0;
    ha->rx_skipping = 0;
    ha->rx_head[0] = 0;
}

static void enqueue_item(tp_ha *ha, struct tp_ha_queued *item) {
    item->next = NULL;
    if (ha->last) ha->last->next = item; else ha->first = item;
    ha->last = item;
}

/// 0, or -1 when there is no memory for the event (then `text` is freed).
static int enqueue(tp_ha *ha, tp_ha_event event) {
    struct tp_ha_queued *item = calloc(1, sizeof *item);
    if (!item) {
        free(event.text);
        return -1;
    }
    item->event = event;
    enqueue_item(ha, item);
    return 0;
}

/// Ends the current attempt: its one CLOSED, or during tp_ha_connect's own call the reason that
/// call returns. Later callbacks of the same wsi find `open` 0 and change nothing.
static void finish(tp_ha *ha, int code, const char *text) {
    if (!ha->open) return;
    ha->open = 0;
    ha->wsi = NULL;
    ha->upgraded = 0;
    ha->closing = 0;
    drop_send_queue(ha);
    reset_receive(ha);
    struct tp_ha_queued *item = ha->closed_item;
    ha->closed_item = NULL;
    if (ha->in_connect_call) {
        snprintf(ha->connect_error, sizeof ha->connect_error, "%s", text);
        free(item);
        return;
    }
    if (ha->destroying) {
        free(item);
        return;
    }
    item->event = (tp_ha_event){ .kind = TP_HA_CLOSED, .code = code, .text = strdup(text) };
    enqueue_item(ha, item);
}

/// CLOSED's text for a connection that ended after it was made.
static const char *closed_text(tp_ha *ha) {
    if (ha->peer_closed) return ha->peer_reason[0] ? ha->peer_reason : "closed by the server";
    if (ha->ended_by_us) return ha->ended_by_us;
    const char *logged = last_log_line();
    return logged ? logged : "connection lost";
}

/// One fragment of a message. lws has no size limit of its own (its rx buffer is the chunk
/// size): a message over the limit is counted, not copied, up to its last fragment, and reported
/// once; the connection stays.
static int receive(tp_ha *ha, struct lws *wsi, const char *in, size_t length) {
    size_t limit = ha->max_message_bytes > 0 ? (size_t)ha->max_message_bytes : 0;
    if (!ha->rx_skipping) {
        size_t total = ha->rx_length + length;
        if (limit && total > limit) {
            ha->rx_skipping = 1;
            ha->rx_counted = total;
            size_t kept = ha->rx_length < TP_HA_HEAD_BYTES ? ha->rx_length : TP_HA_HEAD_BYTES;
            if (kept) memcpy(ha->rx_head, ha->rx, kept);
            size_t more = TP_HA_HEAD_BYTES - kept < length ? TP_HA_HEAD_BYTES - kept : length;
            if (more) memcpy(ha->rx_head + kept, in, more);
            ha->rx_head[kept + more] = 0;
            free(ha->rx);
            ha->rx = NULL;
            ha->rx_length = ha->rx_capacity = 0;
        } else {
            if (total + 1 > ha->rx_capacity) {
                // The frame's header told its length: usually one allocation for the whole message.
                size_t wanted = total + lws_remaining_packet_payload(wsi) + 1;
                if (wanted < ha->rx_capacity * 2) wanted = ha->rx_capacity * 2;
                if (limit && wanted > limit + 1) wanted = limit + 1;
                char *grown = realloc(ha->rx, wanted);
                if (!grown) {
                    // A dropped state message would leave a wrong state on screen: reconnect.
                    ha->ended_by_us = "no memory for a message";
                    return -1;
                }
                ha->rx = grown;
                ha->rx_capacity = wanted;
            }
            if (length) memcpy(ha->rx + ha->rx_length, in, length);
            ha->rx_length = total;
        }
    } else {
        ha->rx_counted += length;
    }
    if (!lws_is_final_fragment(wsi)) return 0;

    if (ha->rx_skipping) {
        int counted = ha->rx_counted > INT_MAX ? INT_MAX : (int)ha->rx_counted;
        char *head = strdup(ha->rx_head);
        reset_receive(ha);
        enqueue(ha, (tp_ha_event){ .kind = TP_HA_OVERSIZED, .length = counted, .text = head });
        return 0;
    }
    ha->rx[ha->rx_length] = 0;
    tp_ha_event event = { .kind = TP_HA_MESSAGE, .text = ha->rx, .length = (int)ha->rx_length };
    ha->rx = NULL;
    ha->rx_length = ha->rx_capacity = 0;
    if (enqueue(ha, event) != 0) {
        ha->ended_by_us = "no memory for a message";
        return -1;
    }
    return 0;
}

/// One queued message per WRITEABLE, as lws wants it; or the close frame tp_ha_close asked for.
static int write_next(tp_ha *ha, struct lws *wsi) {
    if (ha->closing == 1) {
        ha->closing = 2;
        lws_close_reason(wsi, LWS_CLOSE_STATUS_NORMAL, NULL, 0);
        return -1;
    }
    struct tp_ha_outgoing *item = ha->out_first;
    if (!item) return 0;
    ha->out_first = item->next;
    if (!ha->out_first) ha->out_last = NULL;
    ha->out_count--;
    ha->out_bytes -= item->length;
    // lws masks the payload in place and keeps its own copy of whatever the socket did not take.
    int written = lws_write(wsi, item->bytes + LWS_PRE, item->length, LWS_WRITE_TEXT);
    discard_outgoing(item);
    if (written < 0) {
        ha->ended_by_us = "the message could not be sent";
        return -1;
    }
    if (ha->out_first) lws_callback_on_writable(wsi);
    return 0;
}

#if defined(LWS_WITH_EXTERNAL_POLL)
static int track_descriptor(tp_ha *ha, enum lws_callback_reasons reason, const struct lws_pollargs *change) {
    int index = 0;
    while (index < ha->table_count && ha->table[index].fd != change->fd) index++;
    switch (reason) {
    case LWS_CALLBACK_ADD_POLL_FD:
        if (index == ha->table_count) {
            if (ha->table_count == TP_HA_FDS) return -1;
            ha->table_count++;
        }
        ha->table[index] = (struct pollfd){ .fd = change->fd, .events = (short)change->events };
        return 0;
    case LWS_CALLBACK_DEL_POLL_FD:
        if (index < ha->table_count) ha->table[index] = ha->table[--ha->table_count];
        return 0;
    default:
        if (index < ha->table_count) ha->table[index].events = (short)change->events;
        return 0;
    }
}
#endif

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t length) {
    tp_ha *ha = lws_context_user(lws_get_context(wsi));
#if defined(LWS_WITH_EXTERNAL_POLL)
    // For every descriptor of the context, the event pipe's too.
    if (reason == LWS_CALLBACK_ADD_POLL_FD || reason == LWS_CALLBACK_DEL_POLL_FD ||
        reason == LWS_CALLBACK_CHANGE_MODE_POLL_FD)
        return track_descriptor(ha, reason, in);
#endif
    if (!ha || !user || (uintptr_t)user != ha->attempt || !ha->open)
        return lws_callback_http_dummy(wsi, reason, user, in, length);

    switch (reason) {
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR: {
        // lws's reason, with the error it logged: 4.1's reason for a refused certificate is
        // "connect SSL err 1: error:00000001:lib(0)::reason(1)", its log line says why
        // ("SSL error: IP address mismatch ...", "... unable to get local issuer certificate").
        char text[256];
        if (ha->ended_by_us) snprintf(text, sizeof text, "%s", ha->ended_by_us);
        else if (in && length && last_error[0])
            snprintf(text, sizeof text, "%.*s (%.150s)", (int)strnlen(in, length < 100 ? length : 100), (const char *)in, last_error);
        else if (in && length) snprintf(text, sizeof text, "%.*s", (int)strnlen(in, length), (const char *)in);
        else snprintf(text, sizeof text, "%s", last_log_line() ? last_log_line() : "cannot connect");
        finish(ha, 0, text);
        return 0;
    }
    case LWS_CALLBACK_CLIENT_APPEND_HANDSHAKE_HEADER:
        // Called as the upgrade request is written: from here the server speaks next.
        ha->upgrade_sent = 1;
        break;
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        ha->upgraded = 1;
        enqueue(ha, (tp_ha_event){ .kind = TP_HA_UPGRADED });
        return 0;
    case LWS_CALLBACK_CLIENT_RECEIVE:
        return receive(ha, wsi, in, length);
    case LWS_CALLBACK_CLIENT_WRITEABLE:
        return write_next(ha, wsi);
    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE: {
        // The payload is the close frame's: a 16-bit status, then a reason in UTF-8. lws answers it.
        const unsigned char *payload = in;
        ha->peer_closed = 1;
        if (payload && length >= 2) {
            ha->peer_code = (payload[0] << 8) | payload[1];
            snprintf(ha->peer_reason, sizeof ha->peer_reason, "%.*s", (int)(length - 2), (const char *)payload + 2);
        }
        return 0;
    }
    case LWS_CALLBACK_CLIENT_CLOSED:
        finish(ha, ha->peer_code, closed_text(ha));
        return 0;
    case LWS_CALLBACK_WSI_DESTROY:
        // The wsi is going whichever way it went: its attempt ends here at the latest.
        finish(ha, ha->peer_code, closed_text(ha));
        return 0;
    default:
        break;
    }
    return lws_callback_http_dummy(wsi, reason, user, in, length);
}

static const struct lws_protocols protocols[] = {
    // rx_buffer_size is the chunk a message arrives in, not a limit.
    { .name = "touchpanel-homeassistant", .callback = callback, .rx_buffer_size = 4096 },
    { .name = NULL },
};

/// Both thresholds 0: lws's own idle PING and hang-up stay off. The panel pings Home Assistant
/// itself (its `ping` every 30 s), and lws's would go out only when the panel's loop happened to
/// ask for POLLOUT; its hang-up 10 s later could then drop a healthy connection.
static const lws_retry_bo_t no_idle_checks = { .secs_since_valid_ping = 0, .secs_since_valid_hangup = 0 };

tp_ha *tp_ha_new(int tls, const char *ca_file, int max_message_bytes, char *error, int capacity) {
    char text[320];
    if (tls && ca_file) {
        // lws only logs a CA file it cannot load and goes on without it: check it first.
        int fd = open(ca_file, O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            snprintf(text, sizeof text, "cannot read the CA file %s: %s", ca_file, strerror(errno));
            copy_text(error, capacity, text);
            return NULL;
        }
        close(fd);
    }
    tp_ha *ha = calloc(1, sizeof *ha);
    if (!ha) {
        copy_text(error, capacity, "no memory");
        return NULL;
    }
    ha->tls = tls != 0;
    ha->max_message_bytes = max_message_bytes;
    lws_set_log_level(LLL_ERR | LLL_WARN, keep_log_line);
    last_error[0] = last_warning[0] = 0;

    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = protocols;
    // Small: otherwise lws sizes its descriptor map by the process's open-file limit.
    info.fd_limit_per_thread = TP_HA_FDS;
    info.uid = -1;
    info.gid = -1;
    info.user = ha;
    if (ha->tls) {
        // OpenSSL only for wss://: its initialisation costs about 400 kB, ws:// about 8 kB.
        info.options = LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT;
        if (ca_file) {
            // A private CA instead of the system's store (which alone costs 1.25 MB).
            info.options |= LWS_SERVER_OPTION_DISABLE_OS_CA_CERTS;
            info.client_ssl_ca_filepath = ca_file;
        }
    }
    ha->context = lws_create_context(&info);
    if (!ha->context || (ha->tls && ca_file && last_error[0])) {
        snprintf(text, sizeof text, "%s", last_error[0] ? last_error : "libwebsockets could not make its context");
        if (ha->context) lws_context_destroy(ha->context);
        free(ha);
        copy_text(error, capacity, text);
        return NULL;
    }
    return ha;
}

static void kill_connection(tp_ha *ha, const char *why) {
    if (!ha->open) return;
    ha->ended_by_us = why;
    if (ha->wsi) lws_set_timeout(ha->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_SYNC);
    // In case lws reported nothing for it.
    finish(ha, 0, why);
}

void tp_ha_free(tp_ha *ha) {
    if (!ha) return;
    ha->destroying = 1;
    lws_context_destroy(ha->context);
    ha->open = 0;
    drop_send_queue(ha);
    reset_receive(ha);
    free(ha->closed_item);
    tp_ha_event event;
    while (tp_ha_next_event(ha, &event)) tp_ha_event_free(&event);
    free(ha);
}

int tp_ha_connect(tp_ha *ha, const char *host, int port, const char *path, char *error, int capacity) {
    if (ha->open) kill_connection(ha, "replaced by a new connection");
    if (!host || !path) {
        copy_text(error, capacity, "no host or path");
        return -1;
    }
    free(ha->closed_item);
    ha->closed_item = calloc(1, sizeof *ha->closed_item);
    if (!ha->closed_item) {
        copy_text(error, capacity, "no memory");
        return -1;
    }
    ha->attempt++;
    if (!ha->attempt) ha->attempt = 1;
    ha->open = 1;
    ha->wsi = NULL;
    ha->upgraded = ha->closing = 0;
    ha->ended_by_us = NULL;
    ha->peer_closed = ha->peer_code = 0;
    ha->peer_reason[0] = 0;
    ha->upgrade_sent = ha->tcp_connected = ha->output_turn_since_connected = ha->after_input = 0;
    ha->connect_error[0] = 0;
    last_error[0] = last_warning[0] = 0;

    struct lws_client_connect_info info;
    memset(&info, 0, sizeof info);
    info.context = ha->context;
    info.address = host;
    info.port = port;
    info.path = path;
    // The Host header is also the name the server's certificate is checked against (and SNI).
    info.host = host;
    info.origin = host;
    info.ssl_connection = ha->tls ? LCCSCF_USE_SSL : 0;
    info.local_protocol_name = protocols[0].name;
    info.userdata = (void *)ha->attempt;
    info.retry_and_idle_policy = &no_idle_checks;

    ha->in_connect_call = 1;
    struct lws *wsi = lws_client_connect_via_info(&info);
    ha->in_connect_call = 0;
    if (!wsi || !ha->open) {
        // Failed inside the call: no CLOSED follows. A name that does not resolve fails there
        // before the wsi has a protocol, so lws calls nothing back and logs it only as a notice.
        const char *logged = last_log_line();
        char text[sizeof ha->connect_error];
        if (ha->connect_error[0]) snprintf(text, sizeof text, "%s", ha->connect_error);
        else if (logged) snprintf(text, sizeof text, "%s", logged);
        else snprintf(text, sizeof text, "cannot connect to %.180s: the name does not resolve (or no memory)", host);
        ha->open = 0;
        ha->wsi = NULL;
        free(ha->closed_item);
        ha->closed_item = NULL;
        copy_text(error, capacity, text);
        return -1;
    }
    ha->wsi = wsi;
    return 0;
}

int tp_ha_send(tp_ha *ha, const char *text, int length) {
    if (!ha->open || !ha->wsi || !ha->upgraded || ha->closing || !text || length < 0) return -1;
    if (ha->out_count >= TP_HA_SEND_MESSAGES || ha->out_bytes + (size_t)length > TP_HA_SEND_BYTES) return -1;
    struct tp_ha_outgoing *item = malloc(sizeof *item + LWS_PRE + (size_t)length);
    if (!item) return -1;
    item->next = NULL;
    item->length = (size_t)length;
    memcpy(item->bytes + LWS_PRE, text, (size_t)length);
    if (ha->out_last) ha->out_last->next = item; else ha->out_first = item;
    ha->out_last = item;
    ha->out_count++;
    ha->out_bytes += item->length;
    lws_callback_on_writable(ha->wsi);
    return 0;
}

void tp_ha_close(tp_ha *ha) {
    if (!ha->open || !ha->wsi) return;
    if (ha->upgraded) {
        // A close frame, as the protocol wants it; the server's answer ends the connection.
        if (ha->closing) return;
        drop_send_queue(ha);
        ha->closing = 1;
        ha->ended_by_us = "closed";
        lws_callback_on_writable(ha->wsi);
        return;
    }
    kill_connection(ha, "closed");
}

#if defined(LWS_WITH_EXTERNAL_POLL)

// trixie's libwebsockets 4.3.5 is built with LWS_WITH_EXTERNAL_POLL: lws says which descriptors
// to poll for what, and services what was ready (README.coding.md, "External Polling Loop").

int tp_ha_poll_interests(tp_ha *ha, struct pollfd *fds, int capacity) {
    // Something already read and held (TLS records OpenSSL decrypted, a buffered rest): the loop
    // must come back at once, which a writable socket does.
    int client = ha->wsi ? lws_get_socket_fd(ha->wsi) : -1;
    int pending = client >= 0 && lws_service_adjust_timeout(ha->context, 1, 0) == 0;
    int count = 0;
    for (int index = 0; index < ha->table_count && count < capacity; index++) {
        fds[count] = ha->table[index];
        fds[count].revents = 0;
        if (pending && fds[count].fd == client) fds[count].events |= POLLOUT;
        count++;
    }
    return count;
}

void tp_ha_service(tp_ha *ha, const struct pollfd *fds, int count) {
    for (int index = 0; index < count; index++) {
        if (!fds[index].revents) continue;
        // Only descriptors lws still has (one may have gone in this loop), and only for what it
        // asked: POLLOUT added for pending input above is not a write lws wanted.
        int entry = 0;
        while (entry < ha->table_count && ha->table[entry].fd != fds[index].fd) entry++;
        if (entry == ha->table_count) continue;
        struct lws_pollfd ready = {
            .fd = fds[index].fd,
            .events = ha->table[entry].events,
            .revents = (short)(fds[index].revents & (ha->table[entry].events | POLLERR | POLLHUP | POLLNVAL)),
        };
        if (ready.revents) lws_service_fd(ha->context, &ready);
    }
    // Forced service (buffered input) and lws's ripe timers; the -1 keeps its poll from waiting.
    lws_service_tsi(ha->context, -1, 0);
}

#else

// bookworm's libwebsockets 4.1.6 is built without external poll and has no custom event loop
// either. The loop polls the client's own socket, and lws_service(context, -1) then runs lws's
// internal poll with a 0 ms timeout (lib/plat/unix/unix-service.c: a negative timeout is 0).
// What the panel cannot see is whether lws wants to write, so POLLOUT is asked for exactly
// when it may: asking for it after any event spun the loop (790,953 turns in a second).

/// 1 when lws may have something to write now.
static int wants_output(tp_ha *ha, int fd) {
    if (!ha->upgrade_sent) {
        if (!ha->tcp_connected) {
            struct sockaddr_storage peer;
            socklen_t size = sizeof peer;
            ha->tcp_connected = getpeername(fd, (struct sockaddr *)&peer, &size) == 0;
        }
        // The connect completes with POLLOUT.
        if (!ha->tcp_connected) return 1;
        // Then the upgrade request goes out at the next writable turn (client-http.c,
        // LRS_H1C_ISSUE_HANDSHAKE). Over TLS that turn sends the ClientHello instead, and the
        // handshake then goes on with the server's answers (POLLIN): asking for POLLOUT while
        // waiting for them would spin for a round trip.
        if (!ha->tls || !ha->output_turn_since_connected) return 1;
    }
    if (ha->out_first || ha->closing == 1) return 1;
    // After input lws may have queued an answer of its own (a pong, a close reply).
    if (ha->after_input) return 1;
    if (ha->wsi && lws_partial_buffered(ha->wsi)) return 1;
    // Input already read and held (TLS records OpenSSL decrypted): a writable socket brings the
    // loop back at once, and lws's forced service takes it.
    return lws_service_adjust_timeout(ha->context, 1, 0) == 0;
}

int tp_ha_poll_interests(tp_ha *ha, struct pollfd *fds, int capacity) {
    if (!ha->wsi || capacity < 1) return 0;
    int fd = lws_get_socket_fd(ha->wsi);
    if (fd < 0) return 0;
    fds[0] = (struct pollfd){ .fd = fd, .events = (short)(POLLIN | (wants_output(ha, fd) ? POLLOUT : 0)) };
    return 1;
}

void tp_ha_service(tp_ha *ha, const struct pollfd *fds, int count) {
    int fd = ha->wsi ? lws_get_socket_fd(ha->wsi) : -1;
    short revents = 0;
    for (int index = 0; fd >= 0 && index < count; index++)
        if (fds[index].fd == fd) revents |= fds[index].revents;
    ha->after_input = (revents & POLLIN) != 0;
    if ((revents & POLLOUT) && ha->tcp_connected) ha->output_turn_since_connected = 1;
    lws_service(ha->context, -1);
}

#endif

int tp_ha_next_event(tp_ha *ha, tp_ha_event *event) {
    struct tp_ha_queued *item = ha->first;
    if (!item) return 0;
    ha->first = item->next;
    if (!ha->first) ha->last = NULL;
    *event = item->event;
    free(item);
    return 1;
}

// --- messages ---------------------------------------------------------------------------------

/// Text made for a message (numbers, compact JSON), in blocks freed with it.
struct tp_ha_block {
    struct tp_ha_block *next;
    size_t used, size;
    char bytes[];
};

struct tp_ha_owned {
    cJSON *root;
    tp_ha_entry *entries;
    int count, capacity;
    struct tp_ha_block *blocks;
};

#define TP_HA_BLOCK_BYTES 1024

static const char *keep_text(struct tp_ha_owned *owned, const char *text, size_t length) {
    struct tp_ha_block *block = owned->blocks;
    if (!block || block->size - block->used < length + 1) {
        size_t size = length + 1 > TP_HA_BLOCK_BYTES ? length + 1 : TP_HA_BLOCK_BYTES;
        struct tp_ha_block *fresh = malloc(sizeof *fresh + size);
        if (!fresh) return NULL;
        fresh->used = 0;
        fresh->size = size;
        // A block made for one long text goes behind the current one, which keeps its room.
        if (block && size > TP_HA_BLOCK_BYTES) {
            fresh->next = block->next;
            block->next = fresh;
        } else {
            fresh->next = block;
            owned->blocks = fresh;
        }
        block = fresh;
    }
    char *copy = block->bytes + block->used;
    memcpy(copy, text, length);
    copy[length] = 0;
    block->used += length + 1;
    return copy;
}

static int add_entry(struct tp_ha_owned *owned, int kind, const char *name, const char *text, int is_number) {
    if (owned->count == owned->capacity) {
        int capacity = owned->capacity ? owned->capacity * 2 : 16;
        tp_ha_entry *grown = realloc(owned->entries, (size_t)capacity * sizeof *grown);
        if (!grown) return -1;
        owned->entries = grown;
        owned->capacity = capacity;
    }
    owned->entries[owned->count++] = (tp_ha_entry){ .kind = kind, .name = name, .text = text, .is_number = is_number };
    return 0;
}

static const char *string_of(const cJSON *item) {
    return cJSON_IsString(item) && item->valuestring ? item->valuestring : NULL;
}

/// An attribute's value as text: strings as they are, numbers as "%.15g" prints them (23.5,
/// 128), true/false/null as words, arrays and objects as compact JSON.
static int add_attribute(struct tp_ha_owned *owned, const cJSON *value) {
    const char *text = string_of(value);
    int is_number = 0;
    if (!text) {
        if (cJSON_IsNumber(value)) {
            char number[32];
            int length = snprintf(number, sizeof number, "%.15g", value->valuedouble);
            text = keep_text(owned, number, (size_t)length);
            is_number = 1;
        } else if (cJSON_IsTrue(value)) {
            text = "true";
        } else if (cJSON_IsFalse(value)) {
            text = "false";
        } else if (cJSON_IsNull(value)) {
            text = "null";
        } else {
            char *printed = cJSON_PrintUnformatted(value);
            if (!printed) return -1;
            text = keep_text(owned, printed, strlen(printed));
            free(printed);
        }
        if (!text) return -1;
    }
    return add_entry(owned, TP_HA_ATTRIBUTE, value->string, text, is_number);
}

static int add_attributes(struct tp_ha_owned *owned, const cJSON *attributes) {
    if (!cJSON_IsObject(attributes)) return 0;
    const cJSON *value;
    cJSON_ArrayForEach(value, attributes) {
        if (value->string && add_attribute(owned, value) != 0) return -1;
    }
    return 0;
}

/// subscribe_entities' event: `a` (added, or the first dump), `c` (changed), `r` (removed).
/// Whatever is not of the expected shape is skipped: an entity without a string state is left
/// out (the panel shows it unknown), a malformed part of one is left out of it.
static int add_event(struct tp_ha_owned *owned, const cJSON *event) {
    if (!cJSON_IsObject(event)) return 0;
    const cJSON *added = cJSON_GetObjectItemCaseSensitive(event, "a");
    const cJSON *changed = cJSON_GetObjectItemCaseSensitive(event, "c");
    const cJSON *removed = cJSON_GetObjectItemCaseSensitive(event, "r");
    const cJSON *entity;
    if (cJSON_IsObject(added)) {
        cJSON_ArrayForEach(entity, added) {
            const char *state = string_of(cJSON_GetObjectItemCaseSensitive(entity, "s"));
            if (!entity->string || !cJSON_IsObject(entity) || !state) continue;
            if (add_entry(owned, TP_HA_ENTITY_ADDED, entity->string, state, 0) != 0) return -1;
            if (add_attributes(owned, cJSON_GetObjectItemCaseSensitive(entity, "a")) != 0) return -1;
        }
    }
    if (cJSON_IsObject(changed)) {
        cJSON_ArrayForEach(entity, changed) {
            if (!entity->string || !cJSON_IsObject(entity)) continue;
            const cJSON *plus = cJSON_GetObjectItemCaseSensitive(entity, "+");
            const cJSON *minus = cJSON_GetObjectItemCaseSensitive(entity, "-");
            if (!cJSON_IsObject(plus)) plus = NULL;
            const char *state = plus ? string_of(cJSON_GetObjectItemCaseSensitive(plus, "s")) : NULL;
            if (add_entry(owned, TP_HA_ENTITY_CHANGED, entity->string, state, 0) != 0) return -1;
            if (plus && add_attributes(owned, cJSON_GetObjectItemCaseSensitive(plus, "a")) != 0) return -1;
            const cJSON *gone = cJSON_IsObject(minus) ? cJSON_GetObjectItemCaseSensitive(minus, "a") : NULL;
            const cJSON *name;
            if (cJSON_IsArray(gone)) {
                cJSON_ArrayForEach(name, gone) {
                    if (string_of(name) && add_entry(owned, TP_HA_ATTRIBUTE_REMOVED, name->valuestring, NULL, 0) != 0) return -1;
                }
            }
        }
    }
    if (cJSON_IsArray(removed)) {
        cJSON_ArrayForEach(entity, removed) {
            if (string_of(entity) && add_entry(owned, TP_HA_ENTITY_REMOVED, entity->valuestring, NULL, 0) != 0) return -1;
        }
    }
    return 0;
}

/// One recorded state of history/history_during_period's compressed form: `s` the state, `lu`
/// when it was last updated (epoch seconds); 0, or -1 when the point has not that shape.
static int add_history_point(struct tp_ha_owned *owned, const cJSON *point) {
    if (!cJSON_IsObject(point)) return -1;
    const char *state = string_of(cJSON_GetObjectItemCaseSensitive(point, "s"));
    const cJSON *updated = cJSON_GetObjectItemCaseSensitive(point, "lu");
    if (!state || !cJSON_IsNumber(updated)) return -1;
    if (add_entry(owned, TP_HA_HISTORY_POINT, NULL, state, 0) != 0) return -2;
    owned->entries[owned->count - 1].seconds = updated->valuedouble;
    return 0;
}

/// history/history_during_period's result: an object of entity id -> list of recorded states.
/// A list with a point of another shape gives its HISTORY entry `is_number` 1 (malformed) and
/// no points: the panel ignores that entity's reply whole. Members that are no list (another
/// command's object result) are skipped.
static int add_histories(struct tp_ha_owned *owned, const cJSON *result) {
    const cJSON *entity;
    cJSON_ArrayForEach(entity, result) {
        if (!entity->string || !cJSON_IsArray(entity)) continue;
        if (add_entry(owned, TP_HA_HISTORY, entity->string, NULL, 0) != 0) return -1;
        int header = owned->count - 1;
        const cJSON *point;
        cJSON_ArrayForEach(point, entity) {
            int status = add_history_point(owned, point);
            if (status == -2) return -1;
            if (status == -1) {
                owned->count = header + 1;
                owned->entries[header].is_number = 1;
                break;
            }
        }
    }
    return 0;
}

/// get_states' result: a list of full states.
static int add_states(struct tp_ha_owned *owned, const cJSON *states) {
    const cJSON *entity;
    cJSON_ArrayForEach(entity, states) {
        const char *id = string_of(cJSON_GetObjectItemCaseSensitive(entity, "entity_id"));
        const char *state = string_of(cJSON_GetObjectItemCaseSensitive(entity, "state"));
        if (!cJSON_IsObject(entity) || !id || !state) continue;
        if (add_entry(owned, TP_HA_ENTITY_ADDED, id, state, 0) != 0) return -1;
        if (add_attributes(owned, cJSON_GetObjectItemCaseSensitive(entity, "attributes")) != 0) return -1;
    }
    return 0;
}

/// One JSON object and nothing after it but white space (or the string's end).
static cJSON *parse_object(const char *text, int length) {
    if (!text || length <= 0) return NULL;
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(text, (size_t)length, &end, 0);
    if (!root) return NULL;
    const char *limit = text + length;
    while (end && end < limit && (*end == ' ' || *end == '\t' || *end == '\n' || *end == '\r')) end++;
    if (!cJSON_IsObject(root) || !end || (end < limit && *end != 0)) {
        cJSON_Delete(root);
        return NULL;
    }
    return root;
}

static int message_type(const char *type) {
    if (!type) return TP_HA_MSG_OTHER;
    if (!strcmp(type, "event")) return TP_HA_MSG_EVENT;
    if (!strcmp(type, "result")) return TP_HA_MSG_RESULT;
    if (!strcmp(type, "pong")) return TP_HA_MSG_PONG;
    if (!strcmp(type, "auth_required")) return TP_HA_MSG_AUTH_REQUIRED;
    if (!strcmp(type, "auth_ok")) return TP_HA_MSG_AUTH_OK;
    if (!strcmp(type, "auth_invalid")) return TP_HA_MSG_AUTH_INVALID;
    return TP_HA_MSG_OTHER;
}

int tp_ha_parse(const char *text, int length, tp_ha_message *message) {
    memset(message, 0, sizeof *message);
    cJSON *root = parse_object(text, length);
    if (!root) return -1;
    struct tp_ha_owned *owned = calloc(1, sizeof *owned);
    if (!owned) {
        cJSON_Delete(root);
        return -1;
    }
    owned->root = root;
    message->owned = owned;
    message->id = -1;

    // One pass over the top level: Home Assistant's key order varies (`id` comes last in cached
    // state diffs).
    const cJSON *item, *error = NULL, *result = NULL, *event = NULL;
    const char *said = NULL, *version = NULL;
    cJSON_ArrayForEach(item, root) {
        const char *key = item->string;
        if (!key) continue;
        if (!strcmp(key, "type")) message->type = message_type(string_of(item));
        else if (!strcmp(key, "id")) {
            if (cJSON_IsNumber(item) && item->valuedouble >= (double)-LLONG_MAX && item->valuedouble <= (double)LLONG_MAX)
                message->id = (long long)item->valuedouble;
        }
        else if (!strcmp(key, "success")) message->success = cJSON_IsTrue(item) ? 1 : 0;
        else if (!strcmp(key, "error")) error = item;
        else if (!strcmp(key, "result")) result = item;
        else if (!strcmp(key, "event")) event = item;
        else if (!strcmp(key, "message")) said = string_of(item);
        else if (!strcmp(key, "ha_version")) version = string_of(item);
    }
    int status = 0;
    switch (message->type) {
    case TP_HA_MSG_AUTH_REQUIRED:
    case TP_HA_MSG_AUTH_OK:
        message->ha_version = version;
        break;
    case TP_HA_MSG_AUTH_INVALID:
        message->error_message = said;
        break;
    case TP_HA_MSG_RESULT:
        if (!message->success && cJSON_IsObject(error)) {
            message->error_code = string_of(cJSON_GetObjectItemCaseSensitive(error, "code"));
            message->error_message = string_of(cJSON_GetObjectItemCaseSensitive(error, "message"));
        }
        message->result_text = string_of(result);
        if (cJSON_IsArray(result)) status = add_states(owned, result);
        else if (cJSON_IsObject(result)) status = add_histories(owned, result);
        break;
    case TP_HA_MSG_EVENT:
        status = add_event(owned, event);
        break;
    default:
        break;
    }
    if (status != 0) {
        tp_ha_message_free(message);
        return -1;
    }
    message->entries = owned->entries;
    message->entry_count = owned->count;
    return 0;
}

void tp_ha_message_free(tp_ha_message *message) {
    struct tp_ha_owned *owned = message->owned;
    if (owned) {
        cJSON_Delete(owned->root);
        free(owned->entries);
        while (owned->blocks) {
            struct tp_ha_block *block = owned->blocks;
            owned->blocks = block->next;
            free(block);
        }
        free(owned);
    }
    memset(message, 0, sizeof *message);
}

int tp_ha_json_object(const char *text, int length, int *has_entity_id) {
    if (has_entity_id) *has_entity_id = 0;
    cJSON *root = parse_object(text, length);
    if (!root) return 0;
    if (has_entity_id) *has_entity_id = cJSON_GetObjectItemCaseSensitive(root, "entity_id") != NULL;
    cJSON_Delete(root);
    return 1;
}

void tp_ha_event_free(tp_ha_event *event) {
    free(event->text);
    event->text = NULL;
}
