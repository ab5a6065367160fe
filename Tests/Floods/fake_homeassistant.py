#!/usr/bin/env python3
"""A small stand-in for Home Assistant's websocket API, for the flood tier's `homeassistant`
flood: Python's standard library only, one listening socket on loopback, run as its own process
at the lowest priority (nice 19) like the tier's other flooders. It speaks as much of RFC 6455
and of Home Assistant 2025.4's protocol as the panel uses: the HTTP upgrade (Sec-WebSocket-Accept
from the client's key), unmasked frames from here, the client's masked frames read back; then
auth_required, the token checked, auth_ok; subscribe_entities answered with its result and an
`a` event with the entities it knows; `ping` answered with `pong`. Then, when told, `c` diffs of
the bound entities as fast as asked, one message over the panel's max_message_kb, messages that
are no JSON, and a last diff.

Usage: fake_homeassistant.py TOKEN_FILE
It prints {"port": N} when it listens, then reads one JSON command a line on stdin and answers
each with one JSON line on stdout:
  {"cmd": "wait_online", "timeout": S}   waits for a client that logged in and subscribed
  {"cmd": "flood", "rate": R, "seconds": S}
                                         R `c` diffs a second for S seconds, each changing
                                         light.hall (on with a brightness, off) and
                                         sensor.room_temperature (a new value each); answers
                                         how many went out and the last state of each entity
  {"cmd": "junk", "oversized_bytes": N}  one event of N bytes, a text message and a binary one
                                         that are no JSON, then one more diff of light.hall;
                                         answers their sizes and that diff's state
  {"cmd": "stats"}                       connections, logins, subscriptions, pings, closes
  {"cmd": "quit"}
"""

import base64
import hashlib
import json
import os
import select
import socket
import struct
import sys
import threading
import time

# RFC 6455, 1.3: the server's proof that it read the key.
WEBSOCKET_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
VERSION = "2025.4.4"
LIGHT = "light.hall"
SENSOR = "sensor.room_temperature"
SEND_TIMEOUT_S = 10


def accept_value(key):
    return base64.b64encode(hashlib.sha1((key + WEBSOCKET_GUID).encode()).digest()).decode()


def frame(opcode, payload):
    """One final, unmasked frame from the server (RFC 6455, 5.2)."""
    size = len(payload)
    if size < 126:
        head = struct.pack(">BB", 0x80 | opcode, size)
    elif size < 1 << 16:
        head = struct.pack(">BBH", 0x80 | opcode, 126, size)
    else:
        head = struct.pack(">BBQ", 0x80 | opcode, 127, size)
    return head + payload


def text_frame(message):
    return frame(0x1, json.dumps(message, separators=(",", ":")).encode())


def context_id(number):
    """A context id of Home Assistant's shape (a ULID: 26 characters of Crockford's base 32)."""
    alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    digits = ""
    for _ in range(26):
        digits = alphabet[number % 32] + digits
        number //= 32
    return digits


class Connection:
    """One client: the upgrade, then its frames read by a thread of its own."""

    def __init__(self, server, sock):
        self.server = server
        self.sock = sock
        self.send_lock = threading.Lock()
        self.buffer = b""
        self.subscription = None
        self.closed = False

    def send(self, data):
        """All of `data`, or ConnectionError when the client took none of it for SEND_TIMEOUT_S
        (a panel that stopped reading must not hang the tier)."""
        with self.send_lock:
            view = memoryview(data)
            while view:
                _, writable, _ = select.select([], [self.sock], [], SEND_TIMEOUT_S)
                if not writable:
                    raise ConnectionError(f"the client read nothing for {SEND_TIMEOUT_S} s")
                try:
                    view = view[self.sock.send(view, socket.MSG_DONTWAIT):]
                except BlockingIOError:
                    pass

    def _read_more(self):
        chunk = self.sock.recv(65536)
        if not chunk:
            raise EOFError
        self.buffer += chunk

    def _take(self, count):
        while len(self.buffer) < count:
            self._read_more()
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def upgrade(self):
        while b"\r\n\r\n" not in self.buffer:
            if len(self.buffer) > 16384:
                raise ValueError("no end to the request's head")
            self._read_more()
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        method, path, _ = (lines[0].split(" ") + ["", "", ""])[:3]
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        key = headers.get("sec-websocket-key")
        if method != "GET" or "websocket" not in headers.get("upgrade", "").lower() or not key:
            self.sock.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            raise ValueError(f"not a websocket upgrade: {lines[0]!r}")
        self.server.note(path=path)
        answer = (f"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Accept: {accept_value(key)}\r\n")
        # A subprotocol the client asks for is taken (lws names its own only when configured to).
        protocol = headers.get("sec-websocket-protocol")
        if protocol:
            answer += f"Sec-WebSocket-Protocol: {protocol.split(',')[0].strip()}\r\n"
        self.sock.sendall((answer + "\r\n").encode())

    def next_message(self):
        """The next data message (fragments joined) as bytes; control frames answered on the way.
        None at a close."""
        message = b""
        while True:
            first, second = self._take(2)
            opcode, final = first & 0x0F, first & 0x80
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._take(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._take(8))[0]
            if not second & 0x80:
                raise ValueError("a client frame without a mask (RFC 6455 5.1)")
            mask = self._take(4)
            payload = bytes(byte ^ mask[index & 3] for index, byte in enumerate(self._take(length)))
            if opcode == 0x8:
                self.server.note(closes=1)
                try:
                    self.send(frame(0x8, payload[:2]))
                except OSError:
                    pass
                return None
            if opcode == 0x9:
                self.server.note(ws_pings=1)
                self.send(frame(0xA, payload))
            elif opcode == 0xA:
                pass
            else:
                message += payload
                if final:
                    return message

    def run(self):
        try:
            self.upgrade()
            self.send(text_frame({"type": "auth_required", "ha_version": VERSION}))
            while True:
                data = self.next_message()
                if data is None:
                    return
                self.receive(json.loads(data))
        except (EOFError, OSError, ValueError) as error:
            if not isinstance(error, EOFError):
                self.server.note(error=f"{type(error).__name__}: {error}")
        finally:
            self.closed = True
            self.server.lost(self)
            try:
                self.sock.close()
            except OSError:
                pass

    def receive(self, message):
        kind = message.get("type")
        self.server.note(received=kind)
        if kind == "auth":
            if message.get("access_token") == self.server.token:
                self.server.note(logins=1)
                self.send(text_frame({"type": "auth_ok", "ha_version": VERSION}))
            else:
                self.server.note(refused=1)
                self.send(text_frame({"type": "auth_invalid", "message": "Invalid access token or password"}))
                raise EOFError
        elif kind == "subscribe_entities":
            number = message["id"]
            wanted = message.get("entity_ids") or []
            self.send(text_frame({"id": number, "type": "result", "success": True, "result": None}))
            states = self.server.states_of(wanted)
            self.send(text_frame({"id": number, "type": "event", "event": {"a": states}}))
            self.subscription = number
            self.server.subscribed(self, wanted)
        elif kind == "ping":
            self.server.note(pings=1)
            self.send(text_frame({"id": message["id"], "type": "pong"}))
        elif "id" in message:
            # call_service and the rest: done, as Home Assistant answers a call that succeeded.
            self.send(text_frame({"id": message["id"], "type": "result", "success": True,
                                  "result": {"context": {"id": context_id(message["id"]), "parent_id": None,
                                                         "user_id": None}}}))


class FakeHomeAssistant:
    def __init__(self, token):
        self.token = token
        self.lock = threading.Lock()
        self.online = threading.Condition(self.lock)
        self.connection = None
        self.wanted = []
        self.counts = {"connections": 0, "logins": 0, "refused": 0, "subscriptions": 0, "pings": 0, "ws_pings": 0,
                       "closes": 0, "lost": 0}
        self.received = []
        self.errors = []
        self.paths = []
        now = time.time()
        self.states = {
            LIGHT: {"s": "on", "a": {"friendly_name": "Hall", "brightness": 128, "color_mode": "brightness",
                                     "supported_color_modes": ["brightness"], "supported_features": 0},
                    "c": context_id(1), "lc": now},
            SENSOR: {"s": "20.5", "a": {"friendly_name": "Room temperature", "unit_of_measurement": "°C",
                                        "device_class": "temperature", "state_class": "measurement"},
                     "c": context_id(2), "lc": now},
        }
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(4)
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            sock, _ = self.listener.accept()
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.note(connections=1)
            threading.Thread(target=Connection(self, sock).run, daemon=True).start()

    def note(self, received=None, error=None, path=None, **counts):
        with self.lock:
            for name, value in counts.items():
                self.counts[name] += value
            if received is not None:
                self.received.append(received)
            if error is not None:
                self.errors.append(error)
            if path is not None:
                self.paths.append(path)

    def states_of(self, wanted):
        with self.lock:
            return {entity: dict(self.states[entity]) for entity in wanted if entity in self.states}

    def subscribed(self, connection, wanted):
        with self.lock:
            self.counts["subscriptions"] += 1
            self.connection = connection
            self.wanted = list(wanted)
            self.online.notify_all()

    def lost(self, connection):
        with self.lock:
            self.counts["lost"] += 1
            if self.connection is connection:
                self.connection = None

    def wait_online(self, timeout):
        with self.lock:
            self.online.wait_for(lambda: self.connection is not None, timeout)
            return {"ok": self.connection is not None, "entity_ids": self.wanted, **self.counts}

    def current(self):
        with self.lock:
            connection = self.connection
        if connection is None:
            raise ConnectionError("no subscribed client")
        return connection

    def event(self, connection, changed):
        """A `c` event as Home Assistant sends a cached state diff: `id` last."""
        return text_frame({"type": "event", "event": {"c": changed}, "id": connection.subscription})

    def change(self, entity, state=None, attributes=None, stamp=None):
        """The `+` part of a diff, applied to what is kept here too."""
        plus = {}
        kept = self.states[entity]
        if state is not None and state != kept["s"]:
            plus["s"] = kept["s"] = state
            plus["lc"] = kept["lc"] = stamp
        else:
            plus["lu"] = stamp
        plus["c"] = kept["c"] = context_id(int(stamp * 1000))
        if attributes:
            plus["a"] = attributes
            for name, value in attributes.items():
                kept["a"][name] = value
        return {"+": plus}

    @staticmethod
    def light_at(number):
        """The light in message `number`: on at a brightness that moves, and off, in turn."""
        if number % 2 == 0:
            return "on", 1 + (number * 37) % 255
        return "off", None

    @staticmethod
    def sensor_at(number):
        """The room's temperature in message `number`: a value no other message has."""
        return f"{number / 100:.2f}"

    def flood(self, rate, seconds):
        connection = self.current()
        batch = max(1, rate // 100)
        sent = 0
        start = time.monotonic()
        while time.monotonic() - start < seconds:
            due = start + sent / rate
            now = time.monotonic()
            if now < due:
                time.sleep(due - now)
            data = b""
            stamp = time.time()
            with self.lock:
                for number in range(sent, sent + batch):
                    state, brightness = self.light_at(number)
                    changed = {LIGHT: self.change(LIGHT, state, {"brightness": brightness}, stamp),
                               SENSOR: self.change(SENSOR, self.sensor_at(number), None, stamp)}
                    data += self.event(connection, changed)
            connection.send(data)
            sent += batch
        elapsed = time.monotonic() - start
        with self.lock:
            last = {LIGHT: {"state": self.states[LIGHT]["s"], "brightness": self.states[LIGHT]["a"].get("brightness")},
                    SENSOR: {"state": self.states[SENSOR]["s"]}}
        return {"ok": True, "sent": sent, "elapsed_s": round(elapsed, 3), "last": last}

    def junk(self, oversized_bytes):
        """One event over the limit that would set the room to -273.15 and the light off, a text
        message and a binary one that are no JSON, then a diff of the light alone."""
        connection = self.current()
        stamp = time.time()
        head = {"type": "event", "event": {"c": {SENSOR: {"+": {"s": "-273.15", "a": {"padding": ""}}},
                                                 LIGHT: {"+": {"s": "off", "a": {"brightness": None}}}}},
                "id": connection.subscription}
        empty = len(json.dumps(head, separators=(",", ":")).encode())
        head["event"]["c"][SENSOR]["+"]["a"]["padding"] = "x" * (oversized_bytes - empty)
        oversized = json.dumps(head, separators=(",", ":")).encode()
        assert len(oversized) == oversized_bytes, (len(oversized), oversized_bytes)
        words = "this is no JSON: {\"type\": \"event\", \"event\": {\"c\": ".encode()
        noise = bytes((index * 89 + 7) % 256 for index in range(300))
        with self.lock:
            last = {LIGHT: self.change(LIGHT, "on", {"brightness": 51}, stamp)}
            marker = self.event(connection, last)
            state = {LIGHT: {"state": self.states[LIGHT]["s"], "brightness": self.states[LIGHT]["a"]["brightness"]},
                     SENSOR: {"state": self.states[SENSOR]["s"]}}
        connection.send(frame(0x1, oversized) + frame(0x1, words) + frame(0x2, noise) + marker)
        return {"ok": True, "oversized_bytes": len(oversized), "junk_bytes": [len(words), len(noise)], "last": state}

    def stats(self):
        with self.lock:
            return {"ok": True, **self.counts, "received": list(self.received), "errors": list(self.errors),
                    "paths": list(self.paths), "online": self.connection is not None}


def main():
    with open(sys.argv[1]) as file:
        token = file.readline().strip()
    os.nice(19)
    server = FakeHomeAssistant(token)
    print(json.dumps({"port": server.port}), flush=True)
    for line in sys.stdin:
        command = json.loads(line)
        name = command.get("cmd")
        try:
            if name == "wait_online":
                answer = server.wait_online(float(command.get("timeout", 10)))
            elif name == "flood":
                answer = server.flood(int(command["rate"]), float(command["seconds"]))
            elif name == "junk":
                answer = server.junk(int(command["oversized_bytes"]))
            elif name == "stats":
                answer = server.stats()
            elif name == "quit":
                print(json.dumps({"ok": True}), flush=True)
                return
            else:
                answer = {"ok": False, "error": f"no command {name!r}"}
        except (ConnectionError, OSError) as error:
            answer = {"ok": False, "error": f"{type(error).__name__}: {error}"}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
