#!/usr/bin/env python3
"""Takes the kernel VM's screen pictures: follows the console log, and for every
`VMTEST-SCREENDUMP NAME` line the guest prints, asks qemu's monitor (a Unix socket, HMP) to save
what the virtual display shows as OUT/screen-NAME.ppm. Ends when the guest prints its result
line, or when killed (Tests/VM/run.sh does when qemu exits).
Usage: screendump.py CONSOLE_LOG MONITOR_SOCKET OUT_DIR"""
import os
import socket
import sys
import time


def monitor_command(path, command):
    """One HMP command; returns what the monitor answered up to its next prompt."""
    with socket.socket(socket.AF_UNIX) as monitor:
        monitor.settimeout(10)
        monitor.connect(path)
        answer = b""
        while not answer.rstrip().endswith(b"(qemu)"):
            answer += monitor.recv(4096)
        monitor.sendall(command.encode() + b"\n")
        answer = b""
        while not answer.rstrip().endswith(b"(qemu)"):
            chunk = monitor.recv(4096)
            if not chunk:
                break
            answer += chunk
        return answer.decode(errors="replace")


def main():
    console_path, monitor_path, out = sys.argv[1:4]
    offset = 0
    pending = ""
    while True:
        try:
            with open(console_path, "rb") as console:
                console.seek(offset)
                data = console.read()
        except FileNotFoundError:
            data = b""
        offset += len(data)
        pending += data.decode(errors="replace")
        *lines, pending = pending.split("\n")
        for line in lines:
            line = line.strip("\r")
            if line.startswith("VMTEST-SCREENDUMP "):
                name = line.split()[1]
                target = os.path.join(out, f"screen-{name}.ppm")
                try:
                    monitor_command(monitor_path, f"screendump {target}")
                except OSError as error:
                    print(f"screendump {name}: {error}", file=sys.stderr)
            elif line.startswith("VMTEST-RESULT"):
                return
        time.sleep(0.05)


if __name__ == "__main__":
    main()
