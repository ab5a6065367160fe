#!/usr/bin/env python3
"""The flood tier: the panel on the simulated board in real time (a tap on `lights` every
100 ms for the whole run, about 120 touch reports in each flood's window), against Debian's
mosquitto on loopback and its own control socket, flooded seven ways one after the other with
quiet stretches between. A report's lateness is the arrival here of its last event line
against its logical instant (the trace's time), less the smallest such difference in the run;
every flood is judged against the quiet stretches of the same run. A flood that misses is run
once more on its own, with its own quiet stretches, and fails only when it misses again: a
scheduler's hiccup on a shared machine misses once, a loop that waits on the flood every time.
Usage: run.py TOUCHPANEL WORKDIR [FLOOD...] (only those floods; all by default). Prints
`ok NAME` or `FAIL NAME: why` per check, the figures, and ends with `N passed, M failed`.

Floods, in the order they come (the last in a run of its own, WORKDIR-homeassistant):
  control   one control client sending label commands as fast as the socket takes them
  labels    eight 128-character labels at font_size 200, twice
  online    `online` on homeassistant/status, 1000 a second, with 64 items to announce
  big       one retained 64 MB message on a label topic
  rate      1000 label messages a second over eight buttons
  images    a 2 MiB PNG (800x870 noise) on a button's icon topic every 250 ms, over four
            buttons: a `decode-picture` child decodes one after another for the whole window
  texts     a 60,000-byte text of control bytes on a `%s` text's topic five times a second
            (issue 43: such texts stalled the loop and made `ctl state` too long to read)
  homeassistant
            issue 45: a fake Home Assistant (fake_homeassistant.py) sending 1000 `c` diffs a
            second of light.hall (on at a brightness, off, in turn) and sensor.room_temperature
            (a new value each) to a panel with a button, a slider and a text bound to them; then
            one message over max_message_kb, two that are no JSON and one more diff. The items
            must end with the newest state, the link must stay up, `ctl state` must answer
            during the flood. Its run has no [mqtt]: a panel holds 64 buttons and texts at most,
            and the MQTT run's config has them all.
"""

import json
import os
import re
import socket
import subprocess
import sys
import time
import traceback

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "MQTT"))
from harness import Broker, CertificateAuthority, Panel, Subscriber, clean_directory, publish, publish_file, wait_until  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
CLIENT_ID = "flood-panel"
PREFIX = f"touchpanel/{CLIENT_ID}"
TAP_EVERY_MS = 100
# Seconds from the trace's zero: a quiet stretch before each flood and after the last.
QUIET_S = 3.0
FLOOD_S = 5.0
# After a flood ends, what it left queued may still be worked off: its window runs this long.
TAIL_S = 1.0
FLOODS = ["control", "labels", "online", "big", "rate", "images", "texts", "homeassistant"]
# The one flood in a run of its own (HomeAssistantRun).
HA_FLOOD = "homeassistant"
# The promise: touch lines within this many times the quiet p99 ...
RATIO = 3.0
# ... where a quiet p99 under this counts as this: below a millisecond the lateness of a line is
# the scheduler's (two processes waking on a shared core), not the panel's loop.
FLOOR_MS = 1.0
MEMORY_LIMIT_KB = 64 * 1024
BIG_MESSAGE_BYTES = 64 * 1024 * 1024
IMAGE_EVERY_S = 0.25
IMAGE_BUTTONS = ["message", "b01", "b02", "b03"]
TEXT_TOPIC = "flood/status"
TEXT_BYTES = 60_000
TEXT_EVERY_S = 0.2
# The Home Assistant flood: its rate, a message over the default max_message_kb (256 KiB),
# and how long the panel may take to show what was sent last (a time-out, not a figure judged).
HA_RATE = 1000
HA_OVERSIZED_BYTES = 300 * 1024
HA_SETTLE_S = 5.0
# Its run's quiet stretches: 4 s before the flood and after it give over 100 quiet reports, so
# that their p99 is not their largest (a single hiccup would set the bound).
HA_QUIET_S = 4.0
HA_LIGHT = "light.hall"
HA_SENSOR = "sensor.room_temperature"
LONG_LABEL = ("Living room lamps dim to half while the kitchen fan keeps turning and the hall lights wait "
              "for the front door to open at sunset.")


def schedule(names, quiet_s=QUIET_S):
    """(name, start_s, end_s) of each flood in trace time, and the run's end."""
    spans = []
    t = 1.0 + quiet_s
    for name in names:
        spans.append((name, t, t + FLOOD_S))
        t += FLOOD_S + quiet_s
    return spans, t


def config(workdir, broker, password_file):
    text = f"""[display]
width = 800
height = 480

[touch]
multi_tap_ms = 250
long_press_ms = 500

[controller]
model = ft5406

[control]
socket = {workdir}/control.sock

[mqtt]
host = 127.0.0.1
port = {broker.port}
username = {Broker.PANEL_USER}
password_file = {password_file}
client_id = {CLIENT_ID}
name = Flood panel
max_message_kb = 2048
mirror = yes

[button message]
rect = 0, 0, 400, 300
font_size = 200
label = Message

[button lights]
rect = 0, 300, 200, 180
label = Lights
on_tap = emit

[text status]
rect = 200, 300, 200, 180
topic = {TEXT_TOPIC}
"""
    # 61 more in the right half, 7 columns of 9 rows: with the text, 64 items for Home
    # Assistant to hear of (a panel's most).
    for index in range(61):
        column, row = index % 7, index // 7
        text += f"\n[button b{index:02}]\nrect = {400 + column * 57}, {row * 53}, 55, 51\nlabel = B{index}\n"
    path = os.path.join(workdir, "panel.ini")
    with open(path, "w") as file:
        file.write(text)
    return path


def noise_png(path, width=800, height=870, seed=7):
    """An RGB PNG of random pixels, which do not compress: just under 2 MiB (the most a
    picture set at run time may have), each of its rows to be decoded, scaled and converted."""
    import random
    import struct
    import zlib
    rng = random.Random(seed)
    raw = b"".join(b"\x00" + rng.randbytes(width * 3) for _ in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(raw, 1)) + chunk(b"IEND", b""))
    assert 2_000_000 < len(png) <= 2 << 20, len(png)
    with open(path, "wb") as file:
        file.write(png)
    return path


def trace(workdir, end_s):
    lines = []
    t = 500
    touch = 0
    while t < end_s * 1000 - 500:
        lines.append(f"{t} down {touch} 100 390")
        lines.append(f"{t + 50} up {touch} 100 390")
        touch = (touch + 1) % 10
        t += TAP_EVERY_MS
    lines.append(f"{int(end_s * 1000)} end")
    path = os.path.join(workdir, "taps.trace")
    with open(path, "w") as file:
        file.write("\n".join(lines) + "\n")
    return path


def memory_kb(pid):
    """VmRSS and VmHWM of the process, in KiB."""
    figures = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                figures[key] = int(value.split()[0])
    return figures["VmRSS"], figures["VmHWM"]


def percentile(values, permille):
    ordered = sorted(values)
    if not ordered:
        return 0.0
    index = min(len(ordered) - 1, (len(ordered) * permille + 999) // 1000 - 1)
    return ordered[max(0, index)]


def ask_state(path):
    """A new client's `state` right after the flood: the socket still serves (the first line
    of the reply, or what went wrong)."""
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    client.settimeout(5)
    try:
        client.connect(path)
        client.sendall(b"state\n")
        reply = b""
        while b"\n" not in reply:
            data = client.recv(65536)
            if not data:
                break
            reply += data
        return reply.split(b"\n")[0].decode(errors="replace")
    except OSError as error:
        return f"no reply: {error}"
    finally:
        client.close()


class Run:
    """One panel run with the floods, and what it measured."""

    def __init__(self, binary, workdir, names, wrapper=()):
        self.binary = binary
        self.names = names
        self.wrapper = list(wrapper)
        self.workdir = workdir
        clean_directory(workdir)
        authority = CertificateAuthority(os.path.join(workdir, "ca"), "TouchPanel flood CA")
        self.broker = Broker(workdir, authority)
        self.password_file = os.path.join(workdir, "panel-password")
        with open(self.password_file, "w") as file:
            file.write(Broker.PANEL_PASSWORD + "\n")
        self.spans, self.end_s = schedule(names)
        self.config = config(workdir, self.broker, self.password_file)
        self.trace = trace(workdir, self.end_s)
        self.flood_figures = {}
        self.memory = {}
        self.sent = {}

    def reference(self):
        """The event lines of the same trace in virtual time, without [mqtt] or [control]."""
        plain = os.path.join(self.workdir, "plain.ini")
        with open(self.config) as source, open(plain, "w") as target:
            skipping = False
            for line in source:
                if line.startswith("["):
                    skipping = line.strip() in ("[mqtt]", "[control]", "[text status]")
                if not skipping:
                    target.write(line)
        panel = Panel(self.binary, plain, trace=self.trace, extra=["--fast"])
        code = panel.wait_exit(60)
        assert code == 0, f"the reference run exited with {code}: {panel.err.snapshot()[-5:]}"
        return panel.out.snapshot()

    def flooder(self, *arguments, timeout_s):
        result = subprocess.run([sys.executable, "-B", os.path.join(HERE, "flooder.py"), *map(str, arguments)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout_s)
        assert result.returncode == 0, f"flooder.py {arguments[0]} failed: {result.stderr.decode()[-400:]}"
        return int(result.stdout.split()[-1])

    def flood(self, name, seconds):
        broker = self.broker
        login = (broker.port, broker.USER, broker.PASSWORD)
        if name == "control":
            self.sent[name] = self.flooder("control", f"{self.workdir}/control.sock", seconds, timeout_s=seconds + 60)
            self.after_control = ask_state(f"{self.workdir}/control.sock")
        elif name == "labels":
            # Eight long labels at font_size 200, all at once, and again halfway through.
            for _ in range(2):
                for index in range(8):
                    publish(broker, f"{PREFIX}/button/message/label/set", f"{index} {LONG_LABEL}"[:128])
                time.sleep(seconds / 2)
            publish(broker, f"{PREFIX}/button/message/label/set", "LABELS DONE")
            self.sent[name] = 17
        elif name == "online":
            self.sent[name] = self.flooder("paced", *login, 1000, seconds, "homeassistant/status=online",
                                           timeout_s=seconds + 60)
        elif name == "big":
            started = time.monotonic()
            self.sent[name] = self.flooder("file", *login, f"{PREFIX}/button/b00/label/set", BIG_MESSAGE_BYTES,
                                           timeout_s=120)
            time.sleep(max(0.0, seconds - (time.monotonic() - started)))
        elif name == "images":
            png = noise_png(os.path.join(self.workdir, "noise.png"))
            started = time.monotonic()
            count = 0
            while time.monotonic() - started < seconds:
                publish_file(broker, f"{PREFIX}/button/{IMAGE_BUTTONS[count % len(IMAGE_BUTTONS)]}/icon/set", png)
                count += 1
                time.sleep(max(0.0, started + count * IMAGE_EVERY_S - time.monotonic()))
            self.sent[name] = count
        elif name == "texts":
            started = time.monotonic()
            count = 0
            while time.monotonic() - started < seconds:
                publish(broker, TEXT_TOPIC, chr(1 + count % 30) * TEXT_BYTES)
                count += 1
                time.sleep(max(0.0, started + count * TEXT_EVERY_S - time.monotonic()))
            self.sent[name] = count
            self.after_texts = ask_state(f"{self.workdir}/control.sock")
        elif name == "rate":
            topics = [f"{PREFIX}/button/b{index + 10:02}/label/set" for index in range(8)]
            self.sent[name] = self.flooder("paced", *login, 1000, seconds, *topics, timeout_s=seconds + 60)
            for index in range(8):
                publish(broker, topics[index], f"last {index}")
            self.sent[name] += 8

    def go(self):
        reference = self.reference()
        self.broker.start()
        # The broker at the lowest priority too: on the panel's two cores it stands for a
        # broker elsewhere, and its own work (64 MB to take in) is not the panel's loop.
        os.setpriority(os.PRIO_PROCESS, self.broker.process.pid, 19)
        events = Subscriber(self.broker, [f"{PREFIX}/button/lights/event", f"{PREFIX}/dropped"], client_id="flood-checker")
        panel = Panel(self.binary, self.config, trace=self.trace)
        self.panel = panel
        try:
            panel.wait_log("mqtt: connected", timeout_s=10)
            start = panel.started
            for name, begin_s, end_s in self.spans:
                delay = start + begin_s - time.monotonic()
                if delay > 0:
                    time.sleep(delay)
                self.memory[name + " before"] = memory_kb(panel.process.pid)
                began = time.monotonic()
                self.flood(name, FLOOD_S - 0.2)
                self.flood_figures[name] = (began - start, time.monotonic() - start)
                self.memory[name + " after"] = memory_kb(panel.process.pid)
            delay = start + self.end_s - 0.3 - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            self.memory["end"] = memory_kb(panel.process.pid)
            code = panel.wait_exit(120)
            assert code == 0, f"the panel exited with {code}: {panel.err.snapshot()[-10:]}"
            try:
                wait_until(lambda: len(events.on(f"{PREFIX}/button/lights/event")) >= len(reference), 30,
                           "every event line at the broker")
            except AssertionError:
                pass  # every_event_at_the_broker_in_order says how many came
            # The labels the panel last published, as the broker keeps them.
            topics = [f"{PREFIX}/button/{button}/label" for button in ["message"] + [f"b{i:02}" for i in range(10, 18)]]
            states = Subscriber(self.broker, topics)
            try:
                try:
                    wait_until(lambda: len(states.messages()) >= len(topics), 10, "the retained labels")
                except AssertionError:
                    pass  # the checks of the newest labels say which are missing
                self.labels = {topic.split("/")[3]: payload for _, topic, payload in states.messages()}
            finally:
                states.close()
        finally:
            if panel.process.poll() is None:
                panel.kill()
            events.close()
            # The big retained message must not greet the next run.
            publish(self.broker, f"{PREFIX}/button/b00/label/set", None, retain=True)
            self.broker.stop()
        self.reference_lines = reference
        self.events = events


def state_json(path, timeout_s=5):
    """A new client's `state` as JSON, and how long the answer took (ms); (None, why) when the
    socket did not serve."""
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    client.settimeout(timeout_s)
    started = time.monotonic()
    try:
        client.connect(path)
        client.sendall(b"state\n")
        reply = b""
        while b"\n" not in reply:
            data = client.recv(65536)
            if not data:
                break
            reply += data
        took_ms = (time.monotonic() - started) * 1000
        try:
            return json.loads(reply.split(b"\n")[0]), took_ms
        except ValueError:
            return None, f"not JSON: {reply[:80]!r}"
    except OSError as error:
        return None, f"no reply: {error}"
    finally:
        client.close()


def cpu_and_wakeups(pid):
    """The process's CPU time so far (ms, user and system) and its voluntary context switches
    (each a wait that ended: the loop's wake-ups, and a write that blocked)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])
    switches = 0
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("voluntary_ctxt_switches:"):
                switches = int(line.split()[1])
    return ticks * 1000 // os.sysconf("SC_CLK_TCK"), switches


def shown(state):
    """What `ctl state` says of the bound items: the hall button's state, the level slider's
    value, the temp text's text."""
    def item(kind, name):
        return next((entry for entry in state.get(kind, []) if entry.get("name") == name), {})
    return {"hall": item("buttons", "hall").get("state"), "level": item("sliders", "level").get("value"),
            "temp": item("texts", "temp").get("text")}


def expected(last):
    """What the items must show for the states a fake Home Assistant sent last: the light's
    brightness 0-255 as 0-100 % rounded half up (SliderConfig.step(ofDeviceText:)), 0 when off;
    the sensor's value with its unit."""
    light, sensor = last[HA_LIGHT], last[HA_SENSOR]
    brightness = light["brightness"] if light["state"] == "on" else 0
    return {"hall": light["state"], "level": (brightness * 200 + 255) // 510, "temp": f"{sensor['state']} °C"}


class HomeAssistantRun:
    """The `homeassistant` flood's run: the same panel build, trace and schedule (quiet, the
    flood, quiet) against fake_homeassistant.py on loopback instead of a broker, with `lights`
    (the tapped button) and a button, a slider and a text bound to its entities. Judged like
    the others: lateness_by_stretch and judge read the same attributes."""

    def __init__(self, binary, workdir):
        self.binary = binary
        self.names = [HA_FLOOD]
        self.workdir = workdir
        clean_directory(workdir)
        # Written 0600, as the panel wants a token file; relative to the config's folder.
        descriptor = os.open(os.path.join(workdir, "token"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w") as file:
            file.write("flood-token-" + os.urandom(12).hex() + "\n")
        self.spans, self.end_s = schedule(self.names, HA_QUIET_S)
        self.trace = trace(workdir, self.end_s)
        self.flood_figures = {}
        self.memory = {}
        self.sent = {}
        self.checks = {}
        self.figures = {}

    def config(self, port=None):
        """The panel's config: with `port`, [control], [homeassistant] and the bound items;
        without, `lights` alone (the virtual-time reference)."""
        text = """[display]
width = 800
height = 480

[touch]
multi_tap_ms = 250
long_press_ms = 500

[controller]
model = ft5406

[button lights]
rect = 0, 300, 200, 180
label = Lights
on_tap = emit
"""
        if port is not None:
            text += f"""
[control]
socket = {self.workdir}/control.sock

[homeassistant]
url = http://127.0.0.1:{port}
token_file = token

[button hall]
rect = 20, 20, 240, 200
entity = {HA_LIGHT}

[slider level]
rect = 20, 230, 760, 60
entity = {HA_LIGHT}

[text temp]
rect = 300, 20, 200, 60
entity = {HA_SENSOR}
"""
        path = os.path.join(self.workdir, "panel.ini" if port is not None else "plain.ini")
        with open(path, "w") as file:
            file.write(text)
        return path

    def command(self, **command):
        self.server.stdin.write(json.dumps(command) + "\n")
        self.server.stdin.flush()

    def answer(self):
        line = self.server.stdout.readline()
        assert line, f"fake_homeassistant.py ended: {self.server.stderr.read()[-400:]}"
        return json.loads(line)

    def ask(self, **command):
        self.command(**command)
        return self.answer()

    def wait_shown(self, want, timeout_s, what):
        """Polls `ctl state` until the bound items show `want`; what they showed last."""
        socket_path = f"{self.workdir}/control.sock"
        deadline = time.monotonic() + timeout_s
        seen = None
        while time.monotonic() < deadline:
            state, _ = state_json(socket_path)
            if state is not None:
                seen = shown(state)
                if seen == want:
                    return seen
            time.sleep(0.02)
        raise AssertionError(f"{what}: the items show {seen}, not {want}")

    def go(self):
        reference = Panel(self.binary, self.config(), trace=self.trace, extra=["--fast"])
        code = reference.wait_exit(60)
        assert code == 0, f"the reference run exited with {code}: {reference.err.snapshot()[-5:]}"
        self.reference_lines = reference.out.snapshot()
        self.server = subprocess.Popen([sys.executable, "-B", os.path.join(HERE, "fake_homeassistant.py"),
                                        os.path.join(self.workdir, "token")],
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            port = self.answer()["port"]
            panel = Panel(self.binary, self.config(port), trace=self.trace)
            self.panel = panel
            try:
                self.play(panel)
            finally:
                if panel.process.poll() is None:
                    panel.kill()
            # A figure, not judged: whether the panel sent a close frame as it exited.
            after = self.ask(cmd="stats")
            self.figures["close_frames_at_exit"] = after.get("closes")
        finally:
            if self.server.poll() is None:
                try:
                    self.ask(cmd="quit")
                    self.server.wait(5)
                except (AssertionError, OSError, ValueError, subprocess.TimeoutExpired):
                    self.server.kill()

    def play(self, panel):
        online = self.ask(cmd="wait_online", timeout=10)
        assert online["ok"], f"the panel did not log in and subscribe: {online}; its log: {panel.err.snapshot()[-5:]}"
        self.checks["subscribed"] = sorted(online["entity_ids"])
        # The first dump: on at 128 (50 %), 20.5 °C.
        self.checks["first"] = self.wait_shown({"hall": "on", "level": 50, "temp": "20.5 °C"}, 5, "the first states")
        start = panel.started
        _, begin_s, _ = self.spans[0]
        delay = start + begin_s - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        pid = panel.process.pid
        self.memory[HA_FLOOD + " before"] = memory_kb(pid)
        cpu_before, wakeups_before = cpu_and_wakeups(pid)
        began = time.monotonic()
        seconds = FLOOD_S - 0.2
        self.command(cmd="flood", rate=HA_RATE, seconds=seconds)
        # Halfway through: a new control client is served, with states Home Assistant sent.
        time.sleep(seconds / 2)
        self.checks["during"] = state_json(f"{self.workdir}/control.sock")
        flood = self.answer()
        sent_at = time.monotonic()
        cpu_flood, wakeups_flood = cpu_and_wakeups(pid)
        self.sent[HA_FLOOD] = flood.get("sent")
        self.checks["flood"] = flood
        if flood["ok"]:
            want = expected(flood["last"])
            self.checks["newest_want"] = want
            try:
                self.checks["newest"] = self.wait_shown(want, HA_SETTLE_S, "after the flood")
                self.figures["newest_shown_after_ms"] = round((time.monotonic() - sent_at) * 1000, 1)
            except AssertionError as error:
                self.checks["newest"] = str(error)
            junk = self.ask(cmd="junk", oversized_bytes=HA_OVERSIZED_BYTES)
            self.checks["junk"] = junk
            if junk["ok"]:
                want = expected(junk["last"])
                self.checks["after_junk_want"] = want
                try:
                    self.checks["after_junk"] = self.wait_shown(want, HA_SETTLE_S, "after the junk")
                except AssertionError as error:
                    self.checks["after_junk"] = str(error)
        ended = time.monotonic()
        self.flood_figures[HA_FLOOD] = (began - start, ended - start)
        self.memory[HA_FLOOD + " after"] = memory_kb(pid)
        cpu_after, wakeups_after = cpu_and_wakeups(pid)
        self.figures.update({
            "cpu_ms_flood": cpu_flood - cpu_before, "wakeups_flood": wakeups_flood - wakeups_before,
            "flood_s": flood.get("elapsed_s"), "cpu_ms_window": cpu_after - cpu_before,
            "wakeups_window": wakeups_after - wakeups_before})
        # The same figures over a quiet stretch as long as the flood, for comparison.
        delay = start + self.end_s - 0.3 - time.monotonic()
        quiet_s = min(seconds, delay - 0.2)
        if quiet_s > 0.5:
            time.sleep(delay - quiet_s)
            cpu_before, wakeups_before = cpu_and_wakeups(pid)
            time.sleep(quiet_s)
            cpu_after, wakeups_after = cpu_and_wakeups(pid)
            self.figures.update({"cpu_ms_quiet": cpu_after - cpu_before, "wakeups_quiet": wakeups_after - wakeups_before,
                                 "quiet_s": round(quiet_s, 2)})
        delay = start + self.end_s - 0.3 - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        self.memory["end"] = memory_kb(pid)
        self.checks["server_before_exit"] = self.ask(cmd="stats")
        code = panel.wait_exit(60)
        assert code == 0, f"the panel exited with {code}: {panel.err.snapshot()[-10:]}"


def make_run(binary, workdir, names):
    """A run of `names`: the broker's floods in one, the Home Assistant flood in its own."""
    if names == [HA_FLOOD]:
        return HomeAssistantRun(binary, workdir)
    return Run(binary, workdir, names)


def lateness_by_stretch(run):
    """Lateness (ms) of each touch report that wrote event lines (its latest line: a release
    writes `released` and `tap` together), grouped into the quiet stretches and each flood's
    window (from the flood's first message to TAIL_S after its last)."""
    latest = {}
    for line, arrived in zip(run.panel.out.snapshot(), run.panel.out.times):
        logical_ms = json.loads(line)["t_ms"]
        latest[logical_ms] = max(latest.get(logical_ms, arrived), arrived)
    offsets = [(logical_ms / 1000, arrived - run.panel.started - logical_ms / 1000)
               for logical_ms, arrived in latest.items()]
    base = min(offset for _, offset in offsets)
    quiet = []
    floods = {name: [] for name in run.names}
    for logical_s, offset in offsets:
        lateness_ms = (offset - base) * 1000
        where = None
        for name, (began, ended) in run.flood_figures.items():
            if began - base <= logical_s <= ended - base + TAIL_S:
                where = name
        if where:
            floods[where].append(lateness_ms)
        elif logical_s > 1.0:
            quiet.append(lateness_ms)
    return quiet, floods


def judge(run):
    """The quiet stretches' figures, and for each flood (on time?, what to print, its figures)."""
    quiet, floods = lateness_by_stretch(run)
    quiet_p99 = percentile(quiet, 990)
    allowed = RATIO * max(quiet_p99, FLOOR_MS)
    verdicts = {"quiet": {"reports": len(quiet), "p50_ms": percentile(quiet, 500), "p99_ms": quiet_p99,
                          "max_ms": max(quiet), "allowed_ms": allowed}}
    for name in run.names:
        values = floods[name]
        p99 = percentile(values, 990)
        largest = max(values) if values else 0
        rss_before, hwm_before = run.memory[name + " before"]
        rss_after, hwm_after = run.memory[name + " after"]
        figures = {"reports": len(values), "p50_ms": percentile(values, 500), "p99_ms": p99, "max_ms": largest,
                   "sent": run.sent.get(name), "quiet_p99_ms": quiet_p99, "rss_before_kb": rss_before,
                   "rss_after_kb": rss_after, "hwm_before_kb": hwm_before, "hwm_after_kb": hwm_after}
        detail = (f"{len(values)} reports, p50 {percentile(values, 500):.2f} ms, p99 {p99:.2f} ms "
                  f"({p99 / max(quiet_p99, FLOOR_MS):.2f}x the quiet p99 {quiet_p99:.2f} ms), max {largest:.2f} ms; "
                  f"{run.sent.get(name)} sent; RSS {rss_before} -> {rss_after} KiB, peak {hwm_before} -> {hwm_after} KiB")
        verdicts[name] = (bool(values) and p99 <= allowed, detail, figures)
    return verdicts


def played(run, workdir):
    """Plays `run`; False (with what went wrong printed) when it could not be played out.
    Its panel's log goes to WORKDIR/panel.log either way."""
    try:
        run.go()
        return True
    except Exception:
        traceback.print_exc()
        if hasattr(run, "panel"):
            print("the panel's last words:\n  " + "\n  ".join(run.panel.err.snapshot()[-8:]))
        return False
    finally:
        if hasattr(run, "panel"):
            with open(os.path.join(workdir, "panel.log"), "w") as file:
                file.write("\n".join(run.panel.err.snapshot()) + "\n")


def broker_checks(run, check):
    """The run with the broker: every event line, and what each flood must leave behind."""
    names = run.names
    stdout = run.panel.out.snapshot()
    check("every_event_line_in_order", stdout == run.reference_lines,
          f"{len(stdout)} lines, {len(run.reference_lines)} in the virtual-time run")
    received = run.events.on(f"{PREFIX}/button/lights/event")
    check("every_event_at_the_broker_in_order", received == run.reference_lines,
          f"{len(received)} of {len(run.reference_lines)} events reached the broker; dropped: {run.events.on(PREFIX + '/dropped')}")

    # Issue 47: the mirror is on for the whole run, so every flood's lateness is judged with it.
    pictures = [line for line in run.panel.err.snapshot() if "pictures of the screen published" in line]
    count = int(re.search(r"mirror: (\d+) pictures", pictures[-1]).group(1)) if pictures else 0
    check("mirror_published_pictures_during_the_run", count >= 2, pictures[-1:] or "no mirror summary at the stop")

    if "control" in names:
        check("control_socket_serves_after_its_flood", run.after_control.startswith("{"),
              f"a new client's state: {run.after_control[:60]}")
    if "labels" in names:
        check("labels_flood_keeps_the_newest", run.labels.get("message") == "LABELS DONE",
              f"message is labelled {run.labels.get('message')!r}")
    if "rate" in names:
        newest = {f"b{index + 10:02}": f"last {index}" for index in range(8)}
        got = {button: run.labels.get(button) for button in newest}
        check("rate_flood_keeps_the_newest", got == newest, f"labels {got}")

    if "images" in names:
        log = run.panel.err.snapshot()
        refused = [line for line in log if "icon/set" in line]
        check("images_flood_refuses_none", not refused, f"{len(refused)} refused: {refused[:2]}")

    if "texts" in names:
        check("texts_flood_leaves_state_short", run.after_texts.startswith("{") and len(run.after_texts) < 4096,
              f"a new client's state after it: {len(run.after_texts)} bytes: {run.after_texts[:60]}")


def homeassistant_checks(run, check):
    """The Home Assistant run: every event line; the link made once and kept through the flood
    and the junk; the items with the newest states; each skipped message logged once."""
    checks = run.checks
    stdout = run.panel.out.snapshot()
    check("homeassistant_every_event_line_in_order", stdout == run.reference_lines,
          f"{len(stdout)} lines, {len(run.reference_lines)} in the virtual-time run")
    check("homeassistant_subscribes_the_bound_entities", checks.get("subscribed") == sorted([HA_LIGHT, HA_SENSOR]),
          f"entity_ids {checks.get('subscribed')}; first states shown: {checks.get('first')}")

    during, took = checks.get("during", (None, "not asked"))
    temp = shown(during).get("temp") if during else None
    flooded = bool(temp and re.fullmatch(r"[0-9]+\.[0-9]{2} °C", temp))
    check("homeassistant_control_socket_serves_during_the_flood", during is not None and flooded,
          f"halfway: {shown(during) if during else took}" + (f", answered in {took:.1f} ms" if during else ""))

    flood = checks.get("flood", {})
    want = checks.get("newest_want")
    check("homeassistant_flood_keeps_the_newest", want is not None and checks.get("newest") == want,
          (f"the fake Home Assistant: {flood.get('error')}; " if "error" in flood else "") +
          f"{flood.get('sent')} diffs in {flood.get('elapsed_s')} s, the last {flood.get('last')}: "
          f"the items show {checks.get('newest')}, want {want}"
          + (f", shown {run.figures['newest_shown_after_ms']} ms after it went out"
             if "newest_shown_after_ms" in run.figures else ""))

    junk = checks.get("junk", {})
    want = checks.get("after_junk_want")
    check("homeassistant_junk_skipped_newest_kept", want is not None and checks.get("after_junk") == want,
          f"after {junk.get('oversized_bytes')} bytes that would set 'off' and -273.15 °C, {junk.get('junk_bytes')} "
          f"that are no JSON and one more diff {junk.get('last')}: the items show {checks.get('after_junk')}, want {want}")

    log = run.panel.err.snapshot()
    oversized = [line for line in log if "over max_message_kb" in line]
    size = junk.get("oversized_bytes")
    check("homeassistant_oversized_logged_once",
          len(oversized) == 1 and f"a message of {size} bytes or more, over max_message_kb = 256; skipped" in oversized[0],
          f"{len(oversized)} lines: {oversized[:2]}")
    unreadable = [line for line in log if "that is no JSON object; skipped" in line]
    sizes = [int(match.group(1)) for line in unreadable for match in [re.search(r"a message of ([0-9]+) bytes", line)] if match]
    check("homeassistant_no_json_logged_each", sizes == junk.get("junk_bytes"),
          f"{len(unreadable)} lines, of {sizes} bytes (sent {junk.get('junk_bytes')})")

    server = checks.get("server_before_exit", {})
    counts = {key: server.get(key) for key in ("connections", "logins", "subscriptions", "lost", "refused")}
    away = [line for line in log if "homeassistant:" in line and ("next try" in line or "ended" in line)]
    check("homeassistant_link_stays_up",
          counts == {"connections": 1, "logins": 1, "subscriptions": 1, "lost": 0, "refused": 0}
          and server.get("online") is True and not away and not server.get("errors"),
          f"the fake Home Assistant before the panel's exit: {counts}, errors {server.get('errors')}; "
          f"the panel's lines about the link going: {away[:2]}")


def timing_checks(binary, workdir, run, check, label=""):
    """Each flood's lateness against the run's quiet stretches; a miss run once more on its own.
    The figures."""
    verdicts = judge(run)
    quiet = verdicts["quiet"]
    print(f"  {label}quiet: {quiet['reports']} reports, p50 {quiet['p50_ms']:.2f} ms, p99 {quiet['p99_ms']:.2f} ms, "
          f"max {quiet['max_ms']:.2f} ms; allowed in a flood: {quiet['allowed_ms']:.2f} ms")
    figures = {label + "quiet": quiet}
    for name in run.names:
        ok, detail, figures[name] = verdicts[name]
        if not ok:
            # One more time on its own (quiet, the flood, quiet): a scheduler's hiccup on a
            # shared machine misses once; a loop that waits on the flood misses again.
            print(f"  {name} missed ({detail}); once more on its own", flush=True)
            again = make_run(binary, f"{workdir}-again-{name}", [name])
            try:
                again.go()
                ok, detail_again, figures[name + " again"] = judge(again)[name]
                detail = f"first {detail}; again {detail_again}"
            except Exception as error:
                detail = f"first {detail}; again it failed: {error}"
        check(f"flood_{name}_keeps_touch_lines_on_time", ok, detail)
    return figures


def main():
    binary, workdir = sys.argv[1], sys.argv[2]
    names = sys.argv[3:] or FLOODS
    unknown = [name for name in names if name not in FLOODS]
    if unknown:
        print(f"run.py: no flood named {', '.join(unknown)}; the floods are {', '.join(FLOODS)}")
        return 2
    passed = failed = 0

    def check(name, condition, detail):
        nonlocal passed, failed
        if condition:
            print(f"ok {name}: {detail}", flush=True)
            passed += 1
        else:
            print(f"FAIL {name}: {detail}", flush=True)
            failed += 1

    figures = {}
    broker_names = [name for name in names if name != HA_FLOOD]
    if broker_names:
        run = Run(binary, workdir, broker_names)
        if played(run, workdir):
            broker_checks(run, check)
            figures.update(timing_checks(binary, workdir, run, check))
            _, hwm = run.memory["end"]
            check("memory_within_64_mib", hwm <= MEMORY_LIMIT_KB, f"peak RSS {hwm} KiB (limit {MEMORY_LIMIT_KB})")
        else:
            failed += 1
    if HA_FLOOD in names:
        ha_workdir = f"{workdir}-{HA_FLOOD}"
        run = HomeAssistantRun(binary, ha_workdir)
        if played(run, ha_workdir):
            homeassistant_checks(run, check)
            figures.update(timing_checks(binary, workdir, run, check, label=HA_FLOOD + " "))
            link = run.figures
            if "cpu_ms_quiet" in link:
                print(f"  {HA_FLOOD}: the panel's CPU {link['cpu_ms_flood']} ms and {link['wakeups_flood']} wake-ups in "
                      f"the {link['flood_s']} s flood; {link['cpu_ms_quiet']} ms and {link['wakeups_quiet']} in "
                      f"{link['quiet_s']} s quiet", flush=True)
            figures[HA_FLOOD + " link"] = link
            _, hwm = run.memory["end"]
            check("homeassistant_memory_within_64_mib", hwm <= MEMORY_LIMIT_KB,
                  f"peak RSS {hwm} KiB (limit {MEMORY_LIMIT_KB})")
        else:
            failed += 1
    os.makedirs(workdir, exist_ok=True)
    with open(os.path.join(workdir, "figures.json"), "w") as file:
        json.dump(figures, file, indent=2)
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
