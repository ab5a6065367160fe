"""The pieces the real-broker tier is made of: Debian's mosquitto on loopback, mosquitto_sub as
the client that checks what arrives, the panel on the simulated board, a CA made by openssl,
and a PNG reader for the frames the panel draws. Python's standard library only."""

import os
import queue
import shutil
import signal
import socket
import struct
import subprocess
import threading
import time
import zlib


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until(predicate, timeout_s, what):
    """Polls `predicate` until it holds; raises AssertionError naming `what` if it never does.
    The tier talks to real processes over real sockets, so it waits for what they say, never
    for a fixed time."""
    deadline = time.monotonic() + timeout_s
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout_s} s waiting for {what}")
        time.sleep(0.02)


class LineReader:
    """Collects a pipe's lines in a thread, each with the time it arrived."""

    def __init__(self, stream):
        self.lines = []
        self.times = []
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self._thread.start()

    def _read(self, stream):
        for raw in iter(stream.readline, b""):
            with self._lock:
                self.lines.append(raw.decode("utf-8", "replace").rstrip("\n"))
                self.times.append(time.monotonic())

    def snapshot(self):
        with self._lock:
            return list(self.lines)

    def join(self, timeout_s=5):
        self._thread.join(timeout_s)


class CertificateAuthority:
    """A CA the tier makes itself, and a server certificate for 127.0.0.1 signed by it."""

    def __init__(self, directory, name):
        self.directory = directory
        os.makedirs(directory, exist_ok=True)
        self.ca_cert = os.path.join(directory, "ca.crt")
        self.ca_key = os.path.join(directory, "ca.key")
        self.server_cert = os.path.join(directory, "server.crt")
        self.server_key = os.path.join(directory, "server.key")
        run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
             "-days", "2", "-subj", f"/CN={name}", "-keyout", self.ca_key, "-out", self.ca_cert])
        csr = os.path.join(directory, "server.csr")
        run(["openssl", "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
             "-subj", "/CN=127.0.0.1", "-keyout", self.server_key, "-out", csr])
        extensions = os.path.join(directory, "san.ext")
        with open(extensions, "w") as file:
            file.write("subjectAltName = IP:127.0.0.1\n")
        run(["openssl", "x509", "-req", "-in", csr, "-CA", self.ca_cert, "-CAkey", self.ca_key, "-CAcreateserial",
             "-days", "2", "-extfile", extensions, "-out", self.server_cert])
        # The broker may run as another user than root: it must read its key.
        os.chmod(self.server_key, 0o644)


def run(command, **kwargs):
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited with {result.returncode}: {result.stderr.decode()}")
    return result.stdout.decode()


class Broker:
    """Debian's mosquitto with a password file, a plain and a TLS listener on loopback, and
    persistence, so that a restart keeps retained messages and the checking client's session.
    Without an authority, the plain listener only (the Home Assistant tier needs no TLS)."""

    USER = "tester"
    PASSWORD = "tester-secret"
    PANEL_USER = "panel"
    PANEL_PASSWORD = "panel-secret"

    def __init__(self, directory, authority=None):
        self.directory = directory
        self.authority = authority
        self.port = free_port()
        self.tls_port = free_port() if authority else None
        self.process = None
        self.log_path = os.path.join(directory, "broker.log")
        password_file = os.path.join(directory, "passwords")
        run(["mosquitto_passwd", "-c", "-b", password_file, self.USER, self.PASSWORD])
        run(["mosquitto_passwd", "-b", password_file, self.PANEL_USER, self.PANEL_PASSWORD])
        os.chmod(password_file, 0o644)
        self.config_path = os.path.join(directory, "mosquitto.conf")
        user = os.environ.get("USER") or "root"
        if os.geteuid() == 0:
            user = "root"
        with open(self.config_path, "w") as config:
            config.write(f"""per_listener_settings false
allow_anonymous false
password_file {password_file}
persistence true
persistence_location {directory}/
autosave_interval 0
user {user}
log_dest stderr
log_type error
log_type warning
log_type notice
log_type information
listener {self.port} 127.0.0.1
""")
            if authority:
                config.write(f"""listener {self.tls_port} 127.0.0.1
cafile {authority.ca_cert}
certfile {authority.server_cert}
keyfile {authority.server_key}
""")

    def start(self):
        log = open(self.log_path, "ab")
        self.process = subprocess.Popen(["mosquitto", "-c", self.config_path], stdout=log, stderr=log)
        log.close()
        wait_until(lambda: self._listening(self.port) and (self.tls_port is None or self._listening(self.tls_port)), 10,
                   "mosquitto to listen")

    def stop(self):
        """SIGTERM: mosquitto saves its persistence file and closes every connection."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(10)
        self.process = None

    @staticmethod
    def _listening(port):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return True
        except OSError:
            return False


class Subscriber:
    """mosquitto_sub, printing `RETAINED<TAB>TOPIC<TAB>PAYLOAD` for every message it gets."""

    def __init__(self, broker, topics, client_id=None, tls=False, qos=1):
        command = ["stdbuf", "-oL", "mosquitto_sub", "-h", "127.0.0.1", "-u", broker.USER, "-P", broker.PASSWORD,
                   "-q", str(qos), "-F", "%r\t%t\t%p"]
        if tls:
            command += ["-p", str(broker.tls_port), "--cafile", broker.authority.ca_cert]
        else:
            command += ["-p", str(broker.port)]
        if client_id:
            # A persistent session: what is published while it is away waits at the broker.
            command += ["-c", "-i", client_id]
        # mosquitto_sub says nothing when its subscriptions are made; a message on a topic of
        # its own, sent until it arrives, does. Before that, a retained message published now
        # would come in the broker's tree order, not in the order it was published.
        Subscriber.made += 1
        self.ready_topic = f"test-subscribed/{os.getpid()}/{Subscriber.made}"
        for topic in list(topics) + [self.ready_topic]:
            command += ["-t", topic]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.reader = LineReader(self.process.stdout)
        deadline = time.monotonic() + 10
        while not any(f"\t{self.ready_topic}\t" in line for line in self.reader.snapshot()):
            assert self.process.poll() is None, f"mosquitto_sub ended with {self.process.returncode}"
            assert time.monotonic() < deadline, f"mosquitto_sub never subscribed to {topics}"
            publish(broker, self.ready_topic, "subscribed")
            time.sleep(0.05)

    made = 0

    def messages(self):
        """(retained, topic, payload) for every message so far, in arrival order."""
        found = []
        for line in self.reader.snapshot():
            parts = line.split("\t", 2)
            if len(parts) == 3 and parts[1] != self.ready_topic:
                found.append((parts[0] == "1", parts[1], parts[2]))
        return found

    def on(self, topic):
        return [payload for _, t, payload in self.messages() if t == topic]

    def wait_for(self, topic, payload, timeout_s=10):
        return wait_until(lambda: payload in self.on(topic), timeout_s, f"{payload!r} on {topic}")

    def close(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(5)
        self.reader.join()


def retained(broker, topics, wait_s=2):
    """{topic: payload} of the retained messages on `topics`, as a client that subscribes now
    gets them: mosquitto_sub --retained-only, which the broker sends them at once, ended by -W
    (its exit status 27 is that time-out)."""
    command = ["mosquitto_sub", "-h", "127.0.0.1", "-p", str(broker.port), "-u", broker.USER, "-P", broker.PASSWORD,
               "-q", "1", "--retained-only", "-W", str(wait_s), "-F", "%t\t%p"]
    for topic in topics:
        command += ["-t", topic]
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=wait_s + 10)
    if result.returncode not in (0, 27):
        raise RuntimeError(f"mosquitto_sub exited with {result.returncode}: {result.stderr.decode()}")
    found = {}
    for line in result.stdout.decode().splitlines():
        topic, _, payload = line.partition("\t")
        found[topic] = payload
    return found


def publish(broker, topic, payload, retain=False):
    command = ["mosquitto_pub", "-h", "127.0.0.1", "-p", str(broker.port), "-u", broker.USER, "-P", broker.PASSWORD,
               "-q", "1", "-t", topic]
    command += ["-n"] if payload is None else ["-m", payload]
    if retain:
        command.append("-r")
    run(command)


def publish_file(broker, topic, path, retain=False):
    """The file's bytes as one message: for payloads longer than a command line may be."""
    command = ["mosquitto_pub", "-h", "127.0.0.1", "-p", str(broker.port), "-u", broker.USER, "-P", broker.PASSWORD,
               "-q", "1", "-t", topic, "-f", path]
    if retain:
        command.append("-r")
    run(command)


def peak_rss_kib(pid):
    """The process's peak resident set (VmHWM in /proc/PID/status), in KiB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    raise AssertionError(f"no VmHWM in /proc/{pid}/status")


class Panel:
    """`touchpanel run` on the simulated board, its stdout (event lines) and stderr (log)
    collected as they come."""

    def __init__(self, binary, config_path, trace=None, png_dir=None, extra=(), env=None):
        command = [binary, "run", config_path, "--format", "xrgb8888", *extra]
        if trace:
            command += ["--trace", trace]
        if png_dir:
            command += ["--png-dir", png_dir]
        self.started = time.monotonic()
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        env=None if env is None else {**os.environ, **env})
        self.out = LineReader(self.process.stdout)
        self.err = LineReader(self.process.stderr)

    def wait_log(self, text, timeout_s=10, count=1):
        return wait_until(lambda: sum(text in line for line in self.err.snapshot()) >= count, timeout_s,
                          f"the panel to log {text!r}" + (f" {count} times" if count > 1 else ""))

    def log_has(self, text):
        return any(text in line for line in self.err.snapshot())

    def wait_exit(self, timeout_s=60):
        code = self.process.wait(timeout_s)
        self.out.join()
        self.err.join()
        return code

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        return self.wait_exit(10)

    def kill(self):
        self.process.kill()
        return self.wait_exit(10)


def read_png(path):
    """Width, height and the RGB rows of a PNG as the panel writes them (8-bit truecolour,
    filter 0 on every row)."""
    with open(path, "rb") as file:
        data = file.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path}: not a PNG"
    offset = 8
    idat = b""
    width = height = 0
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert (depth, colour) == (8, 2), f"{path}: expected 8-bit RGB"
        elif kind == b"IDAT":
            idat += body
        offset += 12 + length
    raw = zlib.decompress(idat)
    stride = 1 + width * 3
    rows = []
    for y in range(height):
        row = raw[y * stride:(y + 1) * stride]
        assert row[0] == 0, f"{path}: row {y} uses filter {row[0]}"
        rows.append(row[1:])
    return width, height, rows


def pixel(png, x, y):
    _, _, rows = png
    return tuple(rows[y][x * 3:x * 3 + 3])


def region(png, x, y, width, height):
    _, _, rows = png
    return b"".join(rows[row][x * 3:(x + width) * 3] for row in range(y, y + height))


def frames(directory):
    return sorted(name for name in os.listdir(directory) if name.endswith(".png"))


class BlackHole:
    """A TCP listener that accepts connections and never says a word: a broker that hangs."""

    def __init__(self):
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen(8)
        self.port = self.socket.getsockname()[1]
        self.accepted = queue.Queue()
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def _accept(self):
        while True:
            try:
                connection, _ = self.socket.accept()
            except OSError:
                return
            self.accepted.put(connection)

    def close(self):
        self.socket.close()
        while not self.accepted.empty():
            self.accepted.get().close()


def clean_directory(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
