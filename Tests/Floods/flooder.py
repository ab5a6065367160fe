#!/usr/bin/env python3
"""One flood, run as its own process so that its work never shares an interpreter with the
tier's clock. Usage:
  flooder.py control SOCKET SECONDS      a control client that sends label commands as fast as
                                         the socket takes them and reads every reply, for
                                         SECONDS, then hangs up; prints how many it sent
  flooder.py paced RATE SECONDS PUBARGS  writes RATE lines a second for SECONDS to
                                         `mosquitto_pub -l PUBARGS` (one message a line); each
                                         line is `n<k>` unless the environment sets LINE
"""

import os
import socket
import subprocess
import sys
import threading
import time


def control(path, seconds):
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    client.connect(path)
    replies = []

    def drain():
        while True:
            data = client.recv(65536)
            if not data:
                return
            replies.append(len(data))

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
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


def paced(rate, seconds, publish_arguments):
    publisher = subprocess.Popen(["mosquitto_pub", "-l", *publish_arguments], stdin=subprocess.PIPE)
    line = os.environ.get("LINE")
    # A hundred batches a second keep the rate without a timer per message.
    batch = max(1, rate // 100)
    start = time.monotonic()
    sent = 0
    while True:
        due = start + sent / rate
        now = time.monotonic()
        if now - start >= seconds:
            break
        if now < due:
            time.sleep(due - now)
        publisher.stdin.write("".join((line or f"n{sent + index}") + "\n" for index in range(batch)).encode())
        publisher.stdin.flush()
        sent += batch
    publisher.stdin.close()
    publisher.wait(30)
    print(sent)


def main():
    mode = sys.argv[1]
    if mode == "control":
        control(sys.argv[2], float(sys.argv[3]))
    elif mode == "paced":
        paced(int(sys.argv[2]), float(sys.argv[3]), sys.argv[4:])
    else:
        raise SystemExit(f"flooder.py: unknown mode {mode}")


if __name__ == "__main__":
    main()
