#!/usr/bin/env python3
"""What touchpanel-exec.socket (Accept=yes) does, for the tests: listens on a Unix seqpacket
socket and starts one `touchpanel exec-runner` for each connection, the connection as its
standard input. With --user NAME (as root), the runner runs as that user with its primary
group and no supplementary groups, as systemd's User= with a user in no other group.

    exec-runner-socket.py SOCKET TOUCHPANEL LOG [--user NAME]

Prints "listening" once the socket is there; runs until killed."""
import os
import pwd
import signal
import socket
import sys

path, touchpanel, log_path = sys.argv[1:4]
user = sys.argv[5] if len(sys.argv) > 5 and sys.argv[4] == "--user" else None
listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
listener.bind(path)
os.chmod(path, 0o600)
listener.listen(4)


def reap(*_):
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


signal.signal(signal.SIGCHLD, reap)
print("listening", flush=True)
log = open(log_path, "ab")


def as_user():
    entry = pwd.getpwnam(user)
    os.setgroups([])
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)


while True:
    try:
        connection, _ = listener.accept()
    except InterruptedError:
        continue
    os.set_inheritable(connection.fileno(), True)
    pid = os.fork()
    if pid == 0:
        os.dup2(connection.fileno(), 0)
        os.dup2(log.fileno(), 1)
        os.dup2(log.fileno(), 2)
        if user:
            as_user()
        os.execv(touchpanel, [touchpanel, "exec-runner"])
    connection.close()
