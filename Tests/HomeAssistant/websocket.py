"""A websocket client for Home Assistant's websocket API, Python's standard library only: a
plain socket, the HTTP upgrade, masked client frames, text messages read back as JSON (RFC 6455,
as much of it as Home Assistant needs). `WebSocket` is one connection read in the caller's
thread; `Session` is an authenticated one read by a thread of its own, for commands with their
results and the events of subscriptions."""

import base64
import hashlib
import json
import os
import socket
import struct
import threading
import time

# RFC 6455's key for Sec-WebSocket-Accept.
ACCEPT_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class WebSocket:
    def __init__(self, port, host="127.0.0.1", path="/api/websocket", timeout_s=10):
        self.sock = socket.create_connection((host, port), timeout=timeout_s)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise EOFError("the websocket closed during the handshake")
            head += chunk
        head, self.buffer = head.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        if not lines[0].startswith("HTTP/1.1 101"):
            raise ConnectionError(f"websocket handshake: {lines[0]!r}")
        headers = {name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
        accept = base64.b64encode(hashlib.sha1((key + ACCEPT_GUID).encode()).digest()).decode()
        if headers.get("sec-websocket-accept") != accept:
            raise ConnectionError(f"websocket handshake: Sec-WebSocket-Accept {headers.get('sec-websocket-accept')!r}")
        self.close_code = None

    def _exact(self, count):
        while len(self.buffer) < count:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError("the websocket closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def receive(self):
        """The next message, fragments joined, as JSON. Answers pings; raises EOFError at a
        close (its code in `close_code`)."""
        message = b""
        while True:
            first, second = self._exact(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._exact(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._exact(8))[0]
            mask = self._exact(4) if second & 0x80 else None
            payload = self._exact(length)
            if mask:
                payload = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
            opcode = first & 0x0F
            if opcode == 0x8:
                self.close_code = struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else None
                raise EOFError(f"the websocket closed (code {self.close_code})")
            if opcode == 0x9:
                self._frame(0xA, payload)
            elif opcode in (0x0, 0x1, 0x2):
                message += payload
                if first & 0x80:
                    return json.loads(message)

    def _frame(self, opcode, payload):
        # A client masks every frame it sends (RFC 6455 5.3).
        mask = os.urandom(4)
        size = len(payload)
        if size < 126:
            header = struct.pack(">BB", 0x80 | opcode, 0x80 | size)
        elif size < 65536:
            header = struct.pack(">BBH", 0x80 | opcode, 0x80 | 126, size)
        else:
            header = struct.pack(">BBQ", 0x80 | opcode, 0x80 | 127, size)
        self.sock.sendall(header + mask + bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload)))

    def send(self, message):
        self._frame(0x1, json.dumps(message).encode())

    def authenticate(self, token):
        """Home Assistant's auth exchange: its answer, `auth_ok` or `auth_invalid`."""
        first = self.receive()
        if first.get("type") != "auth_required":
            raise ConnectionError(f"Home Assistant began with {first}")
        self.send({"type": "auth", "access_token": token})
        return self.receive()

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


class Session:
    """An authenticated connection read by its own thread: `call` sends a command and waits for
    its result; every event is kept with the id of its subscription and its arrival time."""

    def __init__(self, port, token):
        self.socket = WebSocket(port)
        reply = self.socket.authenticate(token)
        if reply.get("type") != "auth_ok":
            self.socket.close()
            raise ConnectionError(f"websocket auth: {reply}")
        self.socket.sock.settimeout(None)
        self.next_id = 1
        self.results = {}
        self.events = []            # (monotonic time, subscription id, event)
        self.closed = False
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        try:
            while True:
                message = self.socket.receive()
                with self.lock:
                    if message.get("type") == "event":
                        self.events.append((time.monotonic(), message["id"], message["event"]))
                    else:
                        self.results[message["id"]] = message
        except (EOFError, OSError, ValueError):
            self.closed = True

    def send(self, kind, **fields):
        """Sends a command; its id."""
        with self.lock:
            number = self.next_id
            self.next_id += 1
        self.socket.send({"id": number, "type": kind, **fields})
        return number

    def result(self, number, timeout_s=20):
        """The answer to command `number` (raises AssertionError when it failed or never came)."""
        deadline = time.monotonic() + timeout_s
        while True:
            with self.lock:
                reply = self.results.get(number)
            if reply is not None:
                break
            if self.closed or time.monotonic() > deadline:
                raise AssertionError(f"no answer to command {number} ({'closed' if self.closed else 'timed out'})")
            time.sleep(0.02)
        if not reply.get("success", True):
            raise AssertionError(f"command {number} failed: {reply.get('error')}")
        return reply

    def call(self, kind, **fields):
        return self.result(self.send(kind, **fields)).get("result")

    def subscription(self, number):
        """The events of subscription `number` so far."""
        with self.lock:
            return [event for _, owner, event in self.events if owner == number]

    def state_changes(self, entity_id):
        """new_state of each state_changed of `entity_id` so far (None: removed), from a
        `subscribe_events` subscription to state_changed."""
        with self.lock:
            return [event["data"]["new_state"] for _, _, event in self.events
                    if event.get("event_type") == "state_changed" and event["data"]["entity_id"] == entity_id]

    def close(self):
        self.socket.close()
