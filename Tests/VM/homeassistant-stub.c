/*
 * homeassistant-stub: Home Assistant's websocket API, as much of it as the panel uses, for the
 * kernel VM's homeassistant run.
 *
 * Why it exists: the kernel VM's guest is a busybox initramfs with loopback as its only network
 * and no Python, so neither a real Home Assistant (the real peers tier, Tests/HomeAssistant) nor
 * the flood tier's Python stand-in (Tests/Floods/fake_homeassistant.py) can run there. This
 * small static program plays Home Assistant on 127.0.0.1 inside the guest, so that the static
 * firmware's client (libwebsockets, cJSON) is checked and its memory measured on the real
 * kernel. It speaks what fake_homeassistant.py speaks: the HTTP upgrade (Sec-WebSocket-Accept
 * from the client's key, SHA-1 and base64 by OpenSSL's libcrypto), unmasked frames from here,
 * the client's masked frames read back; auth_required, the token checked, auth_ok or
 * auth_invalid; subscribe_entities answered with its result and an `a` event with the entities
 * it knows; ping answered with pong; call_service answered with a result, and for
 * homeassistant.toggle, light.turn_on (brightness_pct) and cover.set_cover_position the
 * entity's new state sent as a `c` event, as Home Assistant does. One connection at a time (the
 * firmware reconnects); it is a process of its own, so it never holds up the panel.
 *
 *   homeassistant-stub [-p PORT] TOKEN_FILE STATES_FILE LOG_FILE COMMANDS
 *
 * TOKEN_FILE   its first line is the token the client must give.
 * STATES_FILE  the entities, one a line: ENTITY STATE [NAME=VALUE ...], each VALUE one JSON
 *              value without spaces: `light.desk on brightness=128`,
 *              `sensor.hall 20.5 unit_of_measurement="°C"`.
 * LOG_FILE     one line for each thing that happens, appended:
 *                listening 127.0.0.1:PORT       ready (once)
 *                connected                      a client; upgraded: `upgrade GET PATH`
 *                < MESSAGE                      each text message received, as it came (an
 *                                               auth's token written `(the token)` when it is
 *                                               TOKEN_FILE's, else `(another token)`)
 *                > MESSAGE                      each text message sent
 *                ! COMMAND                      each command taken from COMMANDS
 *                closed CODE | eof | dropped | error WHY     the connection's end
 * COMMANDS     a FIFO (made by the caller) of command lines:
 *                set ENTITY STATE [NAME=VALUE ...]   the entity's new state (`-`: unchanged)
 *                                                    and attributes, sent as a `c` event
 *                drop                                ends the connection without a close frame
 *
 * Runs until killed. Exit 1 when it cannot start (files, the port), 2 on usage.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include <openssl/evp.h>

/* RFC 6455, 1.3: the server's proof that it read the key. */
#define WEBSOCKET_GUID "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
#define VERSION "2025.4.4"
#define MAX_MESSAGE (64 * 1024)
#define MAX_HEAD 8192
#define MAX_ENTITIES 32
#define MAX_ATTRIBUTES 8
#define SEND_TIMEOUT_MS 2000

struct attribute {
	char name[48];
	char value[96];
};

struct entity {
	char id[96];
	char state[64];
	int attribute_count;
	struct attribute attributes[MAX_ATTRIBUTES];
	int wanted; /* in the client's subscription */
};

static struct entity entities[MAX_ENTITIES];
static int entity_count;
static char token[512];
static FILE *log_file;

/* The connection: -1 none. */
static int client = -1;
static int upgraded, logged_in;
static long subscription = -1;
/* What came from the client and is not taken yet: the head, then frames (at most one whole). */
static unsigned char in[MAX_HEAD + MAX_MESSAGE + 16];
static size_t in_length;
/* A text message's fragments, joined. */
static char message[MAX_MESSAGE + 1];
static size_t message_length;
static int fragmented;
/* The message being written for the client. */
static char out[MAX_MESSAGE];
static size_t out_length;
static int out_overflow;

static void note(const char *format, ...)
{
	va_list args;
	va_start(args, format);
	vfprintf(log_file, format, args);
	va_end(args);
	fputc('\n', log_file);
}

static void add(const char *format, ...)
{
	va_list args;
	va_start(args, format);
	int n = vsnprintf(out + out_length, sizeof out - out_length, format, args);
	va_end(args);
	if (n < 0 || (size_t)n >= sizeof out - out_length)
		out_overflow = 1;
	else
		out_length += (size_t)n;
}

static void begin_message(void)
{
	out_length = 0;
	out_overflow = 0;
	out[0] = 0;
}

static void drop(const char *why)
{
	if (client < 0)
		return;
	note("%s", why);
	close(client);
	client = -1;
	upgraded = logged_in = 0;
	subscription = -1;
	in_length = message_length = 0;
	fragmented = 0;
	for (int i = 0; i < entity_count; i++)
		entities[i].wanted = 0;
}

/* All of `data`, or the connection dropped when the client takes none of it for a while. */
static int send_all(const void *data, size_t length)
{
	const unsigned char *bytes = data;
	while (length > 0 && client >= 0) {
		ssize_t n = send(client, bytes, length, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (n > 0) {
			bytes += n;
			length -= (size_t)n;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN) {
			struct pollfd p = { .fd = client, .events = POLLOUT };
			if (poll(&p, 1, SEND_TIMEOUT_MS) > 0)
				continue;
			drop("error the client took nothing for 2 s");
			return -1;
		}
		drop("error sending");
		return -1;
	}
	return client >= 0 ? 0 : -1;
}

/* One final, unmasked frame (RFC 6455, 5.2). */
static int send_frame(int opcode, const void *payload, size_t length)
{
	unsigned char head[10];
	size_t head_length = 2;
	head[0] = (unsigned char)(0x80 | opcode);
	if (length < 126) {
		head[1] = (unsigned char)length;
	} else if (length < 65536) {
		head[1] = 126;
		head[2] = (unsigned char)(length >> 8);
		head[3] = (unsigned char)length;
		head_length = 4;
	} else {
		head[1] = 127;
		for (int i = 0; i < 8; i++)
			head[2 + i] = (unsigned char)((unsigned long long)length >> (56 - 8 * i));
		head_length = 10;
	}
	if (send_all(head, head_length))
		return -1;
	return length ? send_all(payload, length) : 0;
}

/* The message built with add(), as a text frame, logged. */
static void send_message(void)
{
	if (out_overflow) {
		note("error a message over %d bytes not sent", MAX_MESSAGE);
		return;
	}
	note("> %s", out);
	send_frame(0x1, out, out_length);
}

/* ---- JSON, as the panel writes it: keys unique where they are looked up ------------------ */

/* Where the value of "key" starts (white space skipped), or NULL. */
static const char *json_value(const char *json, const char *key)
{
	char pattern[64];
	snprintf(pattern, sizeof pattern, "\"%s\"", key);
	for (const char *at = strstr(json, pattern); at; at = strstr(at + 1, pattern)) {
		const char *value = at + strlen(pattern);
		value += strspn(value, " \t\r\n");
		if (*value == ':')
			return value + 1 + strspn(value + 1, " \t\r\n");
	}
	return NULL;
}

/* The string value of "key" (no escapes in it); -1 when there is none. */
static int json_string(const char *json, const char *key, char *value, size_t capacity)
{
	const char *at = json_value(json, key);
	if (!at || *at != '"')
		return -1;
	at++;
	size_t n = strcspn(at, "\"\\");
	if (at[n] != '"' || n >= capacity)
		return -1;
	memcpy(value, at, n);
	value[n] = 0;
	return 0;
}

/* The number value of "key" as a whole number; -1 when there is none. */
static int json_integer(const char *json, const char *key, long *value)
{
	const char *at = json_value(json, key);
	if (!at)
		return -1;
	char *end;
	errno = 0;
	*value = strtol(at, &end, 10);
	return end == at || errno ? -1 : 0;
}

/* ---- entities ------------------------------------------------------------------------------ */

static struct entity *find_entity(const char *id)
{
	for (int i = 0; i < entity_count; i++)
		if (!strcmp(entities[i].id, id))
			return &entities[i];
	return NULL;
}

/* NAME=VALUE into the entity (replacing an attribute of that name); -1 when malformed or full. */
static int set_attribute(struct entity *entity, const char *word)
{
	const char *equals = strchr(word, '=');
	if (!equals || equals == word || !equals[1] || (size_t)(equals - word) >= sizeof entity->attributes[0].name ||
	    strlen(equals + 1) >= sizeof entity->attributes[0].value)
		return -1;
	struct attribute *slot = NULL;
	for (int i = 0; i < entity->attribute_count; i++)
		if (!strncmp(entity->attributes[i].name, word, (size_t)(equals - word)) &&
		    !entity->attributes[i].name[equals - word])
			slot = &entity->attributes[i];
	if (!slot) {
		if (entity->attribute_count == MAX_ATTRIBUTES)
			return -1;
		slot = &entity->attributes[entity->attribute_count++];
		snprintf(slot->name, sizeof slot->name, "%.*s", (int)(equals - word), word);
	}
	snprintf(slot->value, sizeof slot->value, "%s", equals + 1);
	return 0;
}

static void add_attributes(const struct entity *entity)
{
	add("{");
	for (int i = 0; i < entity->attribute_count; i++)
		add("%s\"%s\":%s", i ? "," : "", entity->attributes[i].name, entity->attributes[i].value);
	add("}");
}

/* A `c` event of one entity: its state when `state_changed`, and `names` of its attributes. */
static void send_change(const struct entity *entity, int state_changed, const char *const *names, int name_count)
{
	if (client < 0 || subscription < 0 || !entity->wanted)
		return;
	begin_message();
	add("{\"type\":\"event\",\"event\":{\"c\":{\"%s\":{\"+\":{", entity->id);
	if (state_changed)
		add("\"s\":\"%s\"", entity->state);
	if (name_count > 0) {
		add("%s\"a\":{", state_changed ? "," : "");
		for (int k = 0; k < name_count; k++)
			for (int i = 0; i < entity->attribute_count; i++)
				if (!strcmp(entity->attributes[i].name, names[k]))
					add("%s\"%s\":%s", k ? "," : "", names[k], entity->attributes[i].value);
		add("}");
	}
	add("}}}},\"id\":%ld}", subscription);
	send_message();
}

/* `set ENTITY STATE [NAME=VALUE ...]` (from COMMANDS) or a STATES_FILE line (`ENTITY STATE ...`,
 * adding the entity); -1 when malformed. */
static int set_entity(char *line, int adding)
{
	char *words[2 + MAX_ATTRIBUTES];
	int count = 0;
	for (char *word = strtok(line, " \t\r\n"); word; word = strtok(NULL, " \t\r\n")) {
		if (count == 2 + MAX_ATTRIBUTES)
			return -1;
		words[count++] = word;
	}
	if (count < 2 || strlen(words[0]) >= sizeof entities[0].id || strlen(words[1]) >= sizeof entities[0].state)
		return -1;
	struct entity *entity = find_entity(words[0]);
	if (adding) {
		if (entity || entity_count == MAX_ENTITIES)
			return -1;
		entity = &entities[entity_count++];
		snprintf(entity->id, sizeof entity->id, "%s", words[0]);
	} else if (!entity) {
		return -1;
	}
	int state_changed = strcmp(words[1], "-") && strcmp(words[1], entity->state);
	if (state_changed)
		snprintf(entity->state, sizeof entity->state, "%s", words[1]);
	const char *names[MAX_ATTRIBUTES];
	for (int i = 2; i < count; i++) {
		if (set_attribute(entity, words[i]))
			return -1;
		*strchr(words[i], '=') = 0;
		names[i - 2] = words[i];
	}
	if (!adding)
		send_change(entity, state_changed, names, count - 2);
	return 0;
}

/* ---- what the client says ------------------------------------------------------------------ */

static void subscribe(long id, const char *json)
{
	const char *at = json_value(json, "entity_ids");
	for (int i = 0; i < entity_count; i++)
		entities[i].wanted = 0;
	if (at && *at == '[') {
		at++;
		while (*at == '"') {
			const char *end = strchr(at + 1, '"');
			if (!end)
				break;
			for (int i = 0; i < entity_count; i++)
				if (strlen(entities[i].id) == (size_t)(end - at - 1) && !strncmp(entities[i].id, at + 1, (size_t)(end - at - 1)))
					entities[i].wanted = 1;
			at = end + 1;
			at += strspn(at, " \t\r\n");
			if (*at == ',')
				at += 1 + strspn(at + 1, " \t\r\n");
		}
	}
	subscription = id;
	begin_message();
	add("{\"id\":%ld,\"type\":\"result\",\"success\":true,\"result\":null}", id);
	send_message();
	begin_message();
	add("{\"id\":%ld,\"type\":\"event\",\"event\":{\"a\":{", id);
	int first = 1;
	for (int i = 0; i < entity_count; i++) {
		if (!entities[i].wanted)
			continue;
		add("%s\"%s\":{\"s\":\"%s\",\"a\":", first ? "" : ",", entities[i].id, entities[i].state);
		add_attributes(&entities[i]);
		add("}");
		first = 0;
	}
	add("}}}");
	send_message();
}

/* call_service: done, as Home Assistant answers a call that succeeded; then what it changed. */
static void call_service(long id, const char *json)
{
	char domain[64], service[64], target[96], attribute[48];
	long number;
	begin_message();
	add("{\"id\":%ld,\"type\":\"result\",\"success\":true,\"result\":{\"context\":"
	    "{\"id\":\"01JTP0STUB0000000000000000\",\"parent_id\":null,\"user_id\":null}}}", id);
	send_message();
	if (json_string(json, "domain", domain, sizeof domain) || json_string(json, "service", service, sizeof service) ||
	    json_string(json, "entity_id", target, sizeof target))
		return;
	struct entity *entity = find_entity(target);
	if (!entity)
		return;
	const char *state = entity->state;
	const char *name = NULL;
	if (!strcmp(domain, "homeassistant") && !strcmp(service, "toggle")) {
		static const char *const pairs[][2] = { { "on", "off" }, { "off", "on" }, { "open", "closed" }, { "closed", "open" } };
		for (unsigned i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
			if (!strcmp(entity->state, pairs[i][0]))
				state = pairs[i][1];
	} else if (!strcmp(domain, "light") && !strcmp(service, "turn_on")) {
		state = "on";
		if (!json_integer(json, "brightness_pct", &number) && number >= 0 && number <= 100) {
			/* round(pct * 255 / 100), as Home Assistant makes a brightness of it */
			snprintf(attribute, sizeof attribute, "brightness=%ld", (number * 255 + 50) / 100);
			name = "brightness";
		}
	} else if (!strcmp(domain, "cover") && !strcmp(service, "set_cover_position")) {
		if (!json_integer(json, "position", &number) && number >= 0 && number <= 100) {
			state = number > 0 ? "open" : "closed";
			snprintf(attribute, sizeof attribute, "current_position=%ld", number);
			name = "current_position";
		}
	} else {
		return;
	}
	int state_changed = strcmp(state, entity->state) != 0;
	snprintf(entity->state, sizeof entity->state, "%s", state);
	if (name)
		set_attribute(entity, attribute);
	if (state_changed || name)
		send_change(entity, state_changed, &name, name ? 1 : 0);
}

static void received(const char *json)
{
	char type[64];
	long id = -1;
	if (json_string(json, "type", type, sizeof type)) {
		note("< %s", json);
		return;
	}
	if (!strcmp(type, "auth")) {
		char given[sizeof token];
		int right = !json_string(json, "access_token", given, sizeof given) && !strcmp(given, token);
		note("< {\"type\":\"auth\",\"access_token\":\"%s\"}", right ? "(the token)" : "(another token)");
		begin_message();
		if (right)
			add("{\"type\":\"auth_ok\",\"ha_version\":\"" VERSION "\"}");
		else
			add("{\"type\":\"auth_invalid\",\"message\":\"Invalid access token or password\"}");
		send_message();
		logged_in = right;
		if (!right)
			drop("dropped");
		return;
	}
	note("< %s", json);
	if (!logged_in) {
		drop("error a message before the login");
		return;
	}
	json_integer(json, "id", &id);
	if (!strcmp(type, "subscribe_entities")) {
		subscribe(id, json);
	} else if (!strcmp(type, "ping")) {
		begin_message();
		add("{\"id\":%ld,\"type\":\"pong\"}", id);
		send_message();
	} else if (!strcmp(type, "call_service")) {
		call_service(id, json);
	} else if (id >= 0) {
		begin_message();
		add("{\"id\":%ld,\"type\":\"result\",\"success\":true,\"result\":null}", id);
		send_message();
	}
}

/* The HTTP upgrade, once its head is in: 101 with the accept value, or 400 and the end. */
static void upgrade(size_t head_length)
{
	char *head = (char *)in, *saved;
	head[head_length - 4] = 0;
	char method[16] = "", path[256] = "";
	const char *key = NULL, *protocol = NULL;
	int websocket = 0;
	char *line = strtok_r(head, "\r\n", &saved);
	if (line)
		sscanf(line, "%15s %255s", method, path);
	while ((line = strtok_r(NULL, "\r\n", &saved))) {
		char *colon = strchr(line, ':');
		if (!colon)
			continue;
		*colon = 0;
		char *value = colon + 1;
		value += strspn(value, " \t");
		for (char *end = value + strlen(value); end > value && (end[-1] == ' ' || end[-1] == '\t'); end--)
			end[-1] = 0;
		if (!strcasecmp(line, "Sec-WebSocket-Key"))
			key = value;
		else if (!strcasecmp(line, "Sec-WebSocket-Protocol"))
			protocol = value;
		else if (!strcasecmp(line, "Upgrade") && strcasestr(value, "websocket"))
			websocket = 1;
	}
	char answer[512];
	if (strcmp(method, "GET") || !websocket || !key || strlen(key) > 64) {
		snprintf(answer, sizeof answer, "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
		send_all(answer, strlen(answer));
		drop("error not a websocket upgrade");
		return;
	}
	char joined[128];
	unsigned char digest[EVP_MAX_MD_SIZE];
	unsigned int digest_length = 0;
	unsigned char accept[64];
	snprintf(joined, sizeof joined, "%s%s", key, WEBSOCKET_GUID);
	if (!EVP_Digest(joined, strlen(joined), digest, &digest_length, EVP_sha1(), NULL)) {
		drop("error SHA-1");
		return;
	}
	EVP_EncodeBlock(accept, digest, (int)digest_length);
	int n = snprintf(answer, sizeof answer,
			 "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
			 "Sec-WebSocket-Accept: %s\r\n",
			 (char *)accept);
	/* A subprotocol the client asks for is taken (lws names one only when told to). */
	if (protocol && *protocol)
		n += snprintf(answer + n, sizeof answer - (size_t)n, "Sec-WebSocket-Protocol: %.*s\r\n",
			      (int)strcspn(protocol, ", "), protocol);
	snprintf(answer + n, sizeof answer - (size_t)n, "\r\n");
	note("upgrade %s %s", method, path);
	if (send_all(answer, strlen(answer)))
		return;
	upgraded = 1;
	begin_message();
	add("{\"type\":\"auth_required\",\"ha_version\":\"" VERSION "\"}");
	send_message();
}

/* Whole frames from `in`: control frames answered, data messages (fragments joined) taken. */
static void take_frames(void)
{
	size_t at = 0;
	while (client >= 0 && in_length - at >= 2) {
		unsigned char *frame = in + at;
		int final = frame[0] & 0x80, opcode = frame[0] & 0x0F;
		unsigned long long length = frame[1] & 0x7F;
		size_t head = 2;
		if (!(frame[1] & 0x80)) {
			drop("error a client frame without a mask (RFC 6455 5.1)");
			return;
		}
		if (length == 126) {
			if (in_length - at < 4)
				break;
			length = (unsigned long long)frame[2] << 8 | frame[3];
			head = 4;
		} else if (length == 127) {
			if (in_length - at < 10)
				break;
			length = 0;
			for (int i = 0; i < 8; i++)
				length = length << 8 | frame[2 + i];
			head = 10;
		}
		if (length > MAX_MESSAGE) {
			unsigned char too_big[2] = { 1009 >> 8, 1009 & 0xFF };
			send_frame(0x8, too_big, 2);
			drop("error a frame over 64 KiB");
			return;
		}
		if (in_length - at < head + 4 + length)
			break;
		unsigned char *mask = frame + head, *payload = frame + head + 4;
		for (unsigned long long i = 0; i < length; i++)
			payload[i] ^= mask[i & 3];
		at += head + 4 + (size_t)length;
		if (opcode == 0x8) {
			int code = length >= 2 ? payload[0] << 8 | payload[1] : 1005;
			send_frame(0x8, payload, length >= 2 ? 2 : 0);
			char closed[32];
			snprintf(closed, sizeof closed, "closed %d", code);
			drop(closed);
			return;
		} else if (opcode == 0x9) {
			send_frame(0xA, payload, (size_t)length);
		} else if (opcode == 0xA) {
			/* a pong: nothing to do */
		} else if (opcode == 0x1 || opcode == 0x2 || (opcode == 0x0 && fragmented)) {
			if (opcode != 0x0)
				message_length = 0;
			if (message_length + length > MAX_MESSAGE) {
				drop("error a message over 64 KiB");
				return;
			}
			memcpy(message + message_length, payload, (size_t)length);
			message_length += (size_t)length;
			fragmented = !final;
			if (fragmented)
				continue;
			message[message_length] = 0;
			if (opcode == 0x2 || strlen(message) != message_length) {
				note("< binary %zu bytes", message_length);
				continue;
			}
			for (char *c = message; *c; c++)
				if (*c == '\n' || *c == '\r')
					*c = ' ';
			received(message);
		} else {
			drop("error an unknown opcode");
			return;
		}
	}
	if (client >= 0 && at > 0) {
		memmove(in, in + at, in_length - at);
		in_length -= at;
	}
}

static void read_client(void)
{
	ssize_t n = read(client, in + in_length, sizeof in - in_length);
	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (n <= 0) {
		drop(n == 0 ? "eof" : "error reading");
		return;
	}
	in_length += (size_t)n;
	if (!upgraded) {
		unsigned char *end = memmem(in, in_length, "\r\n\r\n", 4);
		if (!end) {
			if (in_length > MAX_HEAD)
				drop("error no end to the request's head");
			return;
		}
		size_t head_length = (size_t)(end - in) + 4;
		upgrade(head_length);
		if (client < 0)
			return;
		memmove(in, in + head_length, in_length - head_length);
		in_length -= head_length;
	}
	take_frames();
}

/* Whole lines from COMMANDS. */
static void read_commands(int fifo)
{
	static char lines[4096];
	static size_t length;
	ssize_t n = read(fifo, lines + length, sizeof lines - 1 - length);
	if (n <= 0)
		return;
	length += (size_t)n;
	char *start = lines, *newline;
	while ((newline = memchr(start, '\n', length - (size_t)(start - lines)))) {
		*newline = 0;
		note("! %s", start);
		if (!strcmp(start, "drop"))
			drop("dropped");
		else if (strncmp(start, "set ", 4) || set_entity(start + 4, 0))
			note("error the command above: not set KNOWN_ENTITY STATE [NAME=VALUE ...], or drop");
		start = newline + 1;
	}
	length -= (size_t)(start - lines);
	memmove(lines, start, length);
	if (length == sizeof lines - 1)
		length = 0; /* a line too long: forgotten */
}

int main(int argc, char **argv)
{
	int port = 8123;
	if (argc == 7 && !strcmp(argv[1], "-p")) {
		port = atoi(argv[2]);
		argv += 2;
		argc -= 2;
	}
	if (argc != 5 || port < 1 || port > 65535) {
		fprintf(stderr, "usage: homeassistant-stub [-p PORT] TOKEN_FILE STATES_FILE LOG_FILE COMMANDS\n");
		return 2;
	}
	FILE *file = fopen(argv[1], "r");
	if (!file || !fgets(token, sizeof token, file)) {
		fprintf(stderr, "homeassistant-stub: cannot read the token from %s\n", argv[1]);
		return 1;
	}
	fclose(file);
	token[strcspn(token, "\r\n")] = 0;
	file = fopen(argv[2], "r");
	if (!file) {
		fprintf(stderr, "homeassistant-stub: cannot read %s\n", argv[2]);
		return 1;
	}
	char line[1024];
	for (int number = 1; fgets(line, sizeof line, file); number++) {
		if (line[strspn(line, " \t\r\n")] && set_entity(line, 1)) {
			fprintf(stderr, "homeassistant-stub: %s:%d: expected ENTITY STATE [NAME=VALUE ...]\n", argv[2], number);
			return 1;
		}
	}
	fclose(file);
	log_file = fopen(argv[3], "a");
	int fifo = open(argv[4], O_RDWR | O_NONBLOCK | O_CLOEXEC); /* O_RDWR: never an end of file */
	if (!log_file || fifo < 0) {
		fprintf(stderr, "homeassistant-stub: cannot open %s or %s\n", argv[3], argv[4]);
		return 1;
	}
	setvbuf(log_file, NULL, _IOLBF, 0);
	signal(SIGPIPE, SIG_IGN);

	int listener = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	int yes = 1;
	struct sockaddr_in address = { .sin_family = AF_INET, .sin_port = htons((unsigned short)port) };
	address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (listener < 0 || setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes) ||
	    bind(listener, (struct sockaddr *)&address, sizeof address) || listen(listener, 4)) {
		fprintf(stderr, "homeassistant-stub: cannot listen on 127.0.0.1:%d: %s\n", port, strerror(errno));
		return 1;
	}
	note("listening 127.0.0.1:%d", port);

	for (;;) {
		/* One connection at a time: the listener waits while there is one. */
		struct pollfd polled[2] = { { .fd = fifo, .events = POLLIN }, { .fd = client >= 0 ? client : listener, .events = POLLIN } };
		if (poll(polled, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			return 1;
		}
		if (polled[0].revents & POLLIN)
			read_commands(fifo);
		if (!(polled[1].revents & (POLLIN | POLLHUP | POLLERR)) || polled[1].fd != (client >= 0 ? client : listener))
			continue;
		if (client >= 0) {
			read_client();
		} else {
			client = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
			if (client >= 0) {
				setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
				note("connected");
			}
		}
	}
}
