// The MQTT client: libmosquitto driven from the panel's own poll loop (never its threads, never
// a blocking call), its callbacks turned into a queue of events that the Swift side takes after
// each loop call. It speaks MQTT 5, so that CONNECT can carry a maximum packet size (see
// store_connect_properties), and falls back to MQTT 3.1.1 for a broker that refuses version 5.
// Debian ships no static libmosquitto, so the static firmware is compiled with
// TOUCHPANEL_WITHOUT_MOSQUITTO: there every call fails with MOSQ_ERR_NOT_SUPPORTED.
#include "CLinux.h"
#include <stdlib.h>
#include <string.h>

#ifndef TOUCHPANEL_WITHOUT_MOSQUITTO
#include <mosquitto.h>
#include <mqtt_protocol.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

struct tp_mqtt_queued {
    tp_mqtt_event event;
    struct tp_mqtt_queued *next;
};

struct tp_mqtt {
    struct mosquitto *client;
    struct tp_mqtt_queued *first;
    struct tp_mqtt_queued *last;
    /// The library's last error-level log line: OpenSSL's reason for a failed handshake.
    char last_error[256];
    /// Payloads longer than this are dropped here, before any copy (0: no limit). Over MQTT 5
    /// the broker is also asked to send no packet that could not hold such a payload.
    int max_message_bytes;
    /// 1 once a broker answered MQTT 5's CONNECT with "unsupported protocol version": every
    /// later connect of this client is MQTT 3.1.1, where only the check on arrival is left.
    int mqtt311;
};

/// What a PUBLISH holds besides its payload, at most: the fixed header (5 bytes), the topic
/// with its length (2 + 65,535, the longest MQTT allows), a packet id (2) and the properties
/// with their length (4 + 4,096: a publisher's content type, response topic or user properties
/// in any ordinary use). The maximum packet size asked for is the payload limit plus this, so
/// the broker never drops a message that the panel would take because of a long topic.
#define TP_MQTT_PUBLISH_OVERHEAD (5 + 2 + 65535 + 2 + 4 + 4096)

static void enqueue(tp_mqtt *mqtt, tp_mqtt_event event) {
    struct tp_mqtt_queued *item = calloc(1, sizeof *item);
    if (!item) {
        free(event.topic);
        free(event.payload);
        return;
    }
    item->event = event;
    if (mqtt->last) mqtt->last->next = item; else mqtt->first = item;
    mqtt->last = item;
}

static void on_connect(struct mosquitto *client, void *context, int code) {
    (void)client;
    tp_mqtt *mqtt = context;
    // A broker of MQTT 3.1.1 at most answers version 5 with a 3.1.1 CONNACK "unacceptable
    // protocol version"; libmosquitto reports it as MQTT 5's 132 (lib/handle_connack.c). The
    // protocol is switched at the next connect, not here inside the library's read.
    if (code == MQTT_RC_UNSUPPORTED_PROTOCOL_VERSION) mqtt->mqtt311 = 1;
    enqueue(mqtt, (tp_mqtt_event){ .kind = TP_MQTT_CONNECTED, .code = code });
}

static void on_disconnect(struct mosquitto *client, void *context, int code) {
    (void)client;
    enqueue(context, (tp_mqtt_event){ .kind = TP_MQTT_DISCONNECTED, .code = code });
}

static void on_publish(struct mosquitto *client, void *context, int message_id) {
    (void)client;
    enqueue(context, (tp_mqtt_event){ .kind = TP_MQTT_PUBLISHED, .message_id = message_id });
}

static void on_message(struct mosquitto *client, void *context, const struct mosquitto_message *message) {
    (void)client;
    tp_mqtt *mqtt = context;
    if (mqtt->max_message_bytes > 0 && message->payloadlen > mqtt->max_message_bytes) {
        tp_mqtt_event oversized = { .kind = TP_MQTT_OVERSIZED, .retained = message->retain, .payload_length = message->payloadlen };
        oversized.topic = strdup(message->topic);
        if (oversized.topic) enqueue(mqtt, oversized);
        return;
    }
    tp_mqtt_event event = { .kind = TP_MQTT_MESSAGE, .retained = message->retain };
    event.topic = strdup(message->topic);
    event.payload = malloc((size_t)message->payloadlen + 1);
    if (!event.topic || !event.payload) {
        free(event.topic);
        free(event.payload);
        return;
    }
    if (message->payloadlen > 0) memcpy(event.payload, message->payload, (size_t)message->payloadlen);
    event.payload_length = message->payloadlen;
    enqueue(context, event);
}

static void on_log(struct mosquitto *client, void *context, int level, const char *text) {
    (void)client;
    if (!(level & MOSQ_LOG_ERR) || !text) return;
    tp_mqtt *mqtt = context;
    snprintf(mqtt->last_error, sizeof mqtt->last_error, "%s", text);
}

int tp_mqtt_available(void) { return 1; }

tp_mqtt *tp_mqtt_new(const char *client_id, int *error) {
    static int initialised;
    if (!initialised) {
        mosquitto_lib_init();
        initialised = 1;
    }
    tp_mqtt *mqtt = calloc(1, sizeof *mqtt);
    if (!mqtt) {
        *error = MOSQ_ERR_NOMEM;
        return NULL;
    }
    mqtt->client = mosquitto_new(client_id, true, mqtt);
    if (!mqtt->client) {
        *error = errno == EINVAL ? MOSQ_ERR_INVAL : MOSQ_ERR_NOMEM;
        free(mqtt);
        return NULL;
    }
    mosquitto_connect_callback_set(mqtt->client, on_connect);
    mosquitto_disconnect_callback_set(mqtt->client, on_disconnect);
    mosquitto_publish_callback_set(mqtt->client, on_publish);
    mosquitto_message_callback_set(mqtt->client, on_message);
    mosquitto_log_callback_set(mqtt->client, on_log);
    // An event is a few small packets: Nagle's algorithm would hold the second one back until
    // the first is acknowledged (tens of ms with delayed ACKs).
    mosquitto_int_option(mqtt->client, MOSQ_OPT_TCP_NODELAY, 1);
    // MQTT 5 with the session as clean as 3.1.1's clean session was: mosquitto_new's `true` is
    // Clean Start, and without a Session Expiry Interval property the broker ends the session
    // when the connection ends. The last will (no Will Delay Interval) is sent at once, as before.
    mosquitto_int_option(mqtt->client, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V5);
    *error = 0;
    return mqtt;
}

void tp_mqtt_free(tp_mqtt *mqtt) {
    if (!mqtt) return;
    tp_mqtt_event event;
    while (tp_mqtt_next_event(mqtt, &event)) tp_mqtt_event_free(&event);
    mosquitto_destroy(mqtt->client);
    free(mqtt);
}

int tp_mqtt_set_login(tp_mqtt *mqtt, const char *username, const char *password) {
    return mosquitto_username_pw_set(mqtt->client, username, password);
}

int tp_mqtt_set_will(tp_mqtt *mqtt, const char *topic, const void *payload, int length, int qos, int retain) {
    return mosquitto_will_set(mqtt->client, topic, length, payload, qos, retain != 0);
}

int tp_mqtt_set_tls(tp_mqtt *mqtt, const char *ca_file, const char *cert_file, const char *key_file) {
    return mosquitto_tls_set(mqtt->client, ca_file, NULL, cert_file, key_file, NULL);
}

void tp_mqtt_set_max_message(tp_mqtt *mqtt, int bytes) { mqtt->max_message_bytes = bytes; }

/// Sets the properties that libmosquitto sends in every CONNECT from now on: the maximum packet
/// size over MQTT 5, none over 3.1.1 (libmosquitto refuses to connect 3.1.1 with properties).
///
/// libmosquitto 2.0 takes CONNECT properties only in mosquitto_connect_bind_v5, whose TCP
/// connect blocks the caller. That function copies the properties into the client
/// (mosq->connect_properties) before it checks host, port and keepalive in
/// mosquitto__connect_init, which returns MOSQ_ERR_INVAL for a NULL host before anything else
/// happens; mosquitto_connect_async then sends what is stored (mosquitto__reconnect). So the
/// call below with no host stores them without touching the network. Read in lib/connect.c of
/// 2.0.11 (bookworm: lines 95-120, 41-48, 157-179) and 2.0.21 (trixie: the same code at 96-121,
/// 41-48, 158-180); Tests/MQTT checks that the broker gets the property.
static int store_connect_properties(tp_mqtt *mqtt) {
    mosquitto_property *properties = NULL;
    if (!mqtt->mqtt311 && mqtt->max_message_bytes > 0) {
        uint32_t limit = (uint32_t)mqtt->max_message_bytes + TP_MQTT_PUBLISH_OVERHEAD;
        int result = mosquitto_property_add_int32(&properties, MQTT_PROP_MAXIMUM_PACKET_SIZE, limit);
        if (result != MOSQ_ERR_SUCCESS) return result;
    }
    int result = mosquitto_connect_bind_v5(mqtt->client, NULL, 0, 0, NULL, properties);
    mosquitto_property_free_all(&properties);
    // MOSQ_ERR_INVAL is the host check's answer after the properties were stored; anything else
    // (no memory for the copy) is a failure of its own.
    return result == MOSQ_ERR_INVAL ? MOSQ_ERR_SUCCESS : result;
}

int tp_mqtt_connect(tp_mqtt *mqtt, const char *host, int port, int keepalive_s) {
    if (mqtt->mqtt311) mosquitto_int_option(mqtt->client, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V311);
    int result = store_connect_properties(mqtt);
    if (result != MOSQ_ERR_SUCCESS) return result;
    result = mosquitto_connect_async(mqtt->client, host, port, keepalive_s);
    // libmosquitto makes its socket without SOCK_CLOEXEC (lib/net_mosq.c, net__try_connect_tcp),
    // a new one on every connect: mark it, or a child that outlives a killed panel would hold
    // the broker connection open and the last will would wait for the child. (Its internal
    // socket pair is not reachable from here; ChildProcesses closes it in the child.)
    int socket = mosquitto_socket(mqtt->client);
    if (socket >= 0) fcntl(socket, F_SETFD, FD_CLOEXEC);
    return result;
}

int tp_mqtt_socket(tp_mqtt *mqtt) { return mosquitto_socket(mqtt->client); }
int tp_mqtt_want_write(tp_mqtt *mqtt) { return mosquitto_want_write(mqtt->client) ? 1 : 0; }
int tp_mqtt_loop_read(tp_mqtt *mqtt) {
    int result = mosquitto_loop_read(mqtt->client, 16);
    // Acknowledge what arrives at once. Brokers leave Nagle's algorithm on (mosquitto's
    // set_tcp_nodelay is off by default), so a second PUBACK waits for our ACK of the first;
    // with Linux's delayed ACKs that held it up to 40 ms, until our next publish. Quick-ack
    // mode lapses by itself, so it is asked for again after every read.
    int socket = mosquitto_socket(mqtt->client);
    if (socket >= 0) {
        int on = 1;
        setsockopt(socket, IPPROTO_TCP, TCP_QUICKACK, &on, sizeof on);
    }
    return result;
}
int tp_mqtt_loop_write(tp_mqtt *mqtt) { return mosquitto_loop_write(mqtt->client, 16); }
int tp_mqtt_loop_misc(tp_mqtt *mqtt) { return mosquitto_loop_misc(mqtt->client); }

int tp_mqtt_publish(tp_mqtt *mqtt, int *message_id, const char *topic, const void *payload, int length, int qos, int retain) {
    return mosquitto_publish(mqtt->client, message_id, topic, length, payload, qos, retain != 0);
}

int tp_mqtt_subscribe(tp_mqtt *mqtt, const char *pattern, int qos) {
    return mosquitto_subscribe(mqtt->client, NULL, pattern, qos);
}

int tp_mqtt_disconnect(tp_mqtt *mqtt) { return mosquitto_disconnect(mqtt->client); }

// libmosquitto's errors are below 128; a DISCONNECT from an MQTT 5 broker reports its reason
// code (128 and up) through the same callback.
const char *tp_mqtt_error_text(int code) { return code >= 128 ? mosquitto_reason_string(code) : mosquitto_strerror(code); }

int tp_mqtt_take_last_error(tp_mqtt *mqtt, char *text, int capacity) {
    if (!mqtt->last_error[0] || capacity <= 0) return 0;
    snprintf(text, (size_t)capacity, "%s", mqtt->last_error);
    mqtt->last_error[0] = 0;
    return 1;
}
// A CONNACK's code: 3.1.1's are 1 to 5, MQTT 5's reason codes 128 and up.
const char *tp_mqtt_connack_text(int code) { return code >= 128 ? mosquitto_reason_string(code) : mosquitto_connack_string(code); }

int tp_mqtt_next_event(tp_mqtt *mqtt, tp_mqtt_event *event) {
    struct tp_mqtt_queued *item = mqtt->first;
    if (!item) return 0;
    mqtt->first = item->next;
    if (!mqtt->first) mqtt->last = NULL;
    *event = item->event;
    free(item);
    return 1;
}

#else

struct tp_mqtt { int unused; };

int tp_mqtt_available(void) { return 0; }
tp_mqtt *tp_mqtt_new(const char *client_id, int *error) { (void)client_id; *error = TP_MQTT_NOT_BUILT_IN; return NULL; }
void tp_mqtt_free(tp_mqtt *mqtt) { (void)mqtt; }
int tp_mqtt_set_login(tp_mqtt *mqtt, const char *username, const char *password) { (void)mqtt; (void)username; (void)password; return TP_MQTT_NOT_BUILT_IN; }
int tp_mqtt_set_will(tp_mqtt *mqtt, const char *topic, const void *payload, int length, int qos, int retain) {
    (void)mqtt; (void)topic; (void)payload; (void)length; (void)qos; (void)retain;
    return TP_MQTT_NOT_BUILT_IN;
}
int tp_mqtt_set_tls(tp_mqtt *mqtt, const char *ca_file, const char *cert_file, const char *key_file) {
    (void)mqtt; (void)ca_file; (void)cert_file; (void)key_file;
    return TP_MQTT_NOT_BUILT_IN;
}
void tp_mqtt_set_max_message(tp_mqtt *mqtt, int bytes) { (void)mqtt; (void)bytes; }
int tp_mqtt_connect(tp_mqtt *mqtt, const char *host, int port, int keepalive_s) { (void)mqtt; (void)host; (void)port; (void)keepalive_s; return TP_MQTT_NOT_BUILT_IN; }
int tp_mqtt_socket(tp_mqtt *mqtt) { (void)mqtt; return -1; }
int tp_mqtt_want_write(tp_mqtt *mqtt) { (void)mqtt; return 0; }
int tp_mqtt_loop_read(tp_mqtt *mqtt) { (void)mqtt; return TP_MQTT_NOT_BUILT_IN; }
int tp_mqtt_loop_write(tp_mqtt *mqtt) { (void)mqtt; return TP_MQTT_NOT_BUILT_IN; }
int tp_mqtt_loop_misc(tp_mqtt *mqtt) { (void)mqtt; return TP_MQTT_NOT_BUILT_IN; }
int tp_mqtt_publish(tp_mqtt *mqtt, int *message_id, const char *topic, const void *payload, int length, int qos, int retain) {
    (void)mqtt; (void)message_id; (void)topic; (void)payload; (void)length; (void)qos; (void)retain;
    return TP_MQTT_NOT_BUILT_IN;
}
int tp_mqtt_subscribe(tp_mqtt *mqtt, const char *pattern, int qos) { (void)mqtt; (void)pattern; (void)qos; return TP_MQTT_NOT_BUILT_IN; }
int tp_mqtt_disconnect(tp_mqtt *mqtt) { (void)mqtt; return TP_MQTT_NOT_BUILT_IN; }
int tp_mqtt_take_last_error(tp_mqtt *mqtt, char *text, int capacity) { (void)mqtt; (void)text; (void)capacity; return 0; }
const char *tp_mqtt_error_text(int code) { (void)code; return "this firmware build has no MQTT (the static build: Debian ships no static libmosquitto)"; }
const char *tp_mqtt_connack_text(int code) { (void)code; return "no MQTT in this build"; }
int tp_mqtt_next_event(tp_mqtt *mqtt, tp_mqtt_event *event) { (void)mqtt; (void)event; return 0; }

#endif

void tp_mqtt_event_free(tp_mqtt_event *event) {
    free(event->topic);
    free(event->payload);
    event->topic = NULL;
    event->payload = NULL;
}
