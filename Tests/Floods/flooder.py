#!/usr/bin/env python3
"""One flood, run as its own process at the lowest priority (nice 19): the tier judges the
panel's loop, not how the scheduler shares two cores between the panel and its flooders.
Usage:
  flooder.py control SOCKET SECONDS
      a control client that sends label commands as fast as the socket takes them and reads
      every reply, for SECONDS, then hangs up; prints how many it sent
  flooder.py paced PORT USER PASSWORD RATE SECONDS TOPIC[=PAYLOAD]...
      one MQTT connection (3.1.1, QoS 0) publishing RATE messages a second for SECONDS, to the
      topics in turn; each payload is PAYLOAD, or `n<k>` (its number) without one; prints how
      many it sent
  flooder.py file PORT USER PASSWORD TOPIC BYTES
      one retained message of BYTES bytes at QoS 1, through mosquitto_pub; prints 1
"""

import os
import socket
import struct
import subprocess
import sys
import threading
import time


def control(path, seconds):
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    client.connect(path)

    def drain():
        while True:
            try:
                if not client.recv(65536):
                    return
            except OSError:
                return

    threading.Thread(target=drain, daemon=True).start()
    # 64 commands a write: a client that keeps sending, as fast as the socket lets it.
    sent = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        chunk = "".join(f"label message flood {sent + index}\n" for index in range(64))
        client.sendall(chunk.encode())
        sent += 64
    client.shutdown(socket.SHUT_RDWR)
    client.close()
    print(sent)


def mqtt_string(text):
    data = text.encode()
    return struct.pack(">H", len(data)) + data


def mqtt_packet(kind, body):
    """A packet: its type byte, the remaining length as MQTT's variable-length integer, body."""
    length = len(body)
    encoded = b""
    while True:
        byte = length % 128
        length //= 128
        encoded += bytes([byte | (128 if length else 0)])
        if not length:
            return bytes([kind]) + encoded + body


def paced(port, user, password, rate, seconds, targets):
    broker = socket.create_connection(("127.0.0.1", port))
    # CONNECT: MQTT 3.1.1, clean session, user name and password, keepalive 60 s.
    body = mqtt_string("MQTT") + bytes([4, 0xC2]) + struct.pack(">H", 60)
    body += mqtt_string(f"flooder-{os.getpid()}") + mqtt_string(user) + mqtt_string(password)
    broker.sendall(mqtt_packet(0x10, body))
    connack = broker.recv(4)
    if len(connack) < 4 or connack[0] != 0x20 or connack[3] != 0:
        raise SystemExit(f"flooder.py: the broker refused the connection: {connack!r}")
    topics = [(target.partition("=")[0], target.partition("=")[2] or None) for target in targets]
    # A hundred batches a second keep the rate without a timer per message.
    batch = max(1, rate // 100)
    start = time.monotonic()
    sent = 0
    while time.monotonic() - start < seconds:
        due = start + sent / rate
        now = time.monotonic()
        if now < due:
            time.sleep(due - now)
        packets = b""
        for index in range(batch):
            topic, payload = topics[(sent + index) % len(topics)]
            text = payload if payload is not None else f"n{sent + index}"
            packets += mqtt_packet(0x30, mqtt_string(topic) + text.encode())
        broker.sendall(packets)
        sent += batch
    broker.sendall(mqtt_packet(0xE0, b""))  # DISCONNECT
    broker.close()
    print(sent)


def retained_file(port, user, password, topic, size):
    path = f"/tmp/flooder-{os.getpid()}.bin"
    with open(path, "wb") as file:
        file.write(b"x" * size)
    try:
        subprocess.run(["mosquitto_pub", "-h", "127.0.0.1", "-p", str(port), "-u", user, "-P", password,
                        "-t", topic, "-q", "1", "-r", "-f", path], check=True, timeout=120)
    finally:
        os.remove(path)
    print(1)


def main():
    os.nice(19)
    mode, arguments = sys.argv[1], sys.argv[2:]
    if mode == "control":
        control(arguments[0], float(arguments[1]))
    elif mode == "paced":
        port, user, password, rate, seconds = arguments[:5]
        paced(int(port), user, password, int(rate), float(seconds), arguments[5:])
    elif mode == "file":
        port, user, password, topic, size = arguments
        retained_file(int(port), user, password, topic, int(size))
    else:
        raise SystemExit(f"flooder.py: unknown mode {mode}")


if __name__ == "__main__":
    main()
