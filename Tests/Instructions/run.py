#!/usr/bin/env python3
"""The instruction tier: the firmware's own code (Embedded Swift for x86-64, the firmware's
flags) under callgrind over short runs, each figure checked against the thresholds that
scripts/bench.sh checks its long runs against, so that a slower hot path fails CI.

    run.py FIRMWARE_DIR WORK [--thresholds DIR] [NAME...]

FIRMWARE_DIR holds touchpanel (dynamic: the runs with [mqtt] lines) and touchpanel-static
(scripts/build/build-firmware.sh bookworm-x86_64). WORK gets the traces, the profiles and
figures.json. DIR (default Benchmarks/Thresholds) holds limits.json and callgrind.json: a
figure passes when it is at most its limit (limits.json) and at most its budget plus the
margin (callgrind.json); a figure with neither fails. NAMEs run only those figures.
Ends with `N passed, M failed`.
"""

import json
import os
import re
import socket
import struct
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "Benchmarks", "Scripts"))
import callgrind  # noqa: E402

SCRIPTS = os.path.join(ROOT, "Benchmarks", "Scripts")
# How long each run is: enough units that start-up and rounding do not show, few enough that
# the tier stays within a few minutes under callgrind.
REPORTS = 20000
PAGE_CHANGES = 100
SLIDER_REPORTS = 2000
LIVE_MESSAGES = 1000
EIGHT_BUTTON_ROUNDS = 1000

PAINT_BUTTON = "FramebufferPainter.paintButton(rect:style:state:prepared:in:)"
DRAW_BUTTON = "FramebufferSurface.draw(button:state:)"


def trace(work, name, *command):
    path = os.path.join(work, name)
    subprocess.run([sys.executable, "-B", os.path.join(SCRIPTS, command[0])] + [a.replace("OUT", path) for a in command[1:]],
                   check=True)
    return path


class Figure:
    """One figure: a run of the firmware under callgrind and how its profile gives the figure.
    `units_from`: a pattern whose first group, in the run's log, counts the units (the runs
    whose count the loop's real time decides); `broker`: the run needs a mosquitto on
    loopback, its port written for PORT in the arguments' config."""

    def __init__(self, name, what, unit, binary, arguments, units=None, toggles=(), per_call=None, expect=None, state=None,
                 units_from=None, broker=False):
        self.units_from = units_from
        self.broker = broker
        self.state = state
        self.name = name
        self.what = what
        self.unit = unit
        self.binary = binary
        self.arguments = arguments
        self.units = units
        self.toggles = toggles
        self.per_call = per_call
        self.expect = expect

    def measure(self, firmware, work, environment):
        profile = os.path.join(work, f"callgrind.{self.name}.out")
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={profile}"]
        if self.toggles:
            command.append("--collect-atstart=no")
            command += [f"--toggle-collect={symbol}" for symbol in self.toggles]
        broker = MirrorBroker(work) if self.broker else None
        arguments = [a.replace("PORT", str(broker.port)) if broker else a for a in self.arguments]
        if broker:
            arguments = [broker.config(a) if a.endswith(".ini") else a for a in arguments]
        command += [os.path.join(firmware, self.binary)] + arguments
        if self.state:
            environment = dict(environment, STATE_DIRECTORY=self.state(work))
        try:
            result = subprocess.run(command, cwd=ROOT, env=environment, capture_output=True, text=True)
        finally:
            if broker:
                broker.stop()
        if result.returncode != 0:
            raise AssertionError(f"exit {result.returncode}: {result.stderr.strip().splitlines()[-3:]}")
        if self.expect:
            pattern, count = self.expect
            found = result.stdout.count(pattern)
            assert found == count, f"{found} lines with {pattern}, expected {count}"
        read = callgrind.Profile(profile)
        if self.per_call:
            value = read.demangle().per_call_from_outside(lambda n: n.removeprefix("specialized ").startswith(self.per_call))
            assert value, f"no call of {self.per_call}: renamed or inlined?"
        else:
            assert read.total > 0, f"nothing collected: were {', '.join(self.toggles)} renamed?"
            units = self.units
            if self.units_from:
                found = re.findall(self.units_from, result.stderr)
                assert found and int(found[-1]) > 0, f"no {self.units_from!r} in the log: {result.stderr.splitlines()[-3:]}"
                units = int(found[-1])
            value = read.total / units
        return round(value, 1)


class MirrorBroker:
    """Debian's mosquitto on a free loopback port, anonymous, for the mirror's figures: its
    pictures are made only while a broker takes them."""

    def __init__(self, work):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.work = work
        conf = os.path.join(work, "mirror-mosquitto.conf")
        with open(conf, "w") as f:
            f.write(f"listener {self.port} 127.0.0.1\nallow_anonymous true\npersistence false\n")
        self.process = subprocess.Popen(["mosquitto", "-c", conf], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline and self.process.poll() is None, "mosquitto did not start"
                time.sleep(0.05)

    def config(self, path):
        """`path` with an [mqtt] section for this broker and the mirror on, written into WORK."""
        with open(os.path.join(ROOT, path)) as f:
            text = f.read()
        text += f"\n[mqtt]\nhost = 127.0.0.1\nport = {self.port}\nmirror = yes\nmirror_min_s = 1\n"
        # Its board preset is looked for beside it: WORK/boards is the repository's.
        boards = os.path.join(self.work, "boards")
        if not os.path.lexists(boards):
            os.symlink(os.path.join(ROOT, "boards"), boards)
        out = os.path.join(self.work, "mirror-" + os.path.basename(path))
        with open(out, "w") as f:
            f.write(text)
        return out

    def stop(self):
        self.process.terminate()
        self.process.wait(10)


def mirror_trace(work):
    """Taps on examples/theme.ini's lamp every 1.5 s for 9 s (its latch flips: a new picture
    each), then the end: six pictures or so, made while the loop has nothing else to do."""
    path = os.path.join(work, "mirror.trace")
    with open(path, "w") as f:
        for n in range(6):
            t = 1500 + n * 1500
            f.write(f"{t} down 0 100 100\n{t + 60} up 0 100 100\n")
        f.write("11000 end\n")
    return path


def full_chart(work):
    """A state directory holding Benchmarks/chart.ini's power chart with all its 288 buckets
    filled (100-300 W, in the file format of ChartRing), its newest bucket the wall clock's now:
    the chart then starts full, and a reading above 300 W moves its upper end."""
    directory = os.path.join(work, "chart-state")
    os.makedirs(directory, exist_ok=True)
    points, bucket_ms = 288, 300_000
    newest = int(time.time() * 1000) // bucket_ms
    slots = [b"\0" * 20] * points
    for age in range(points):
        mean = 100_000 + 200_000 * ((age * 7) % 96) // 96
        slots[(newest - age) % points] = struct.pack("<iiIq", mean - 20_000, mean + 20_000, 4, 4 * mean)
    header = b"TPCH" + struct.pack("<IIIqiI", 1, points, bucket_ms, newest, 200_000, 1)
    with open(os.path.join(directory, "chart-power.history"), "wb") as f:
        f.write(header + b"".join(slots))
    return directory


def figures(work):
    long_trace = trace(work, "long.trace", "make-long-trace.py", "OUT", "--reports", str(REPORTS), "--seed", "1")
    pages = trace(work, "pages.trace", "make-pages-trace.py", "OUT", str(PAGE_CHANGES))
    slider = trace(work, "slider.trace", "make-slider-trace.py", "OUT", str(SLIDER_REPORTS))
    dial = trace(work, "dial.trace", "make-dial-trace.py", "OUT", str(SLIDER_REPORTS))
    live = {kind: trace(work, f"live-{kind}.trace", "make-live-trace.py", kind, "OUT", str(LIVE_MESSAGES))
            for kind in ("state", "text", "text-arabic", "entity", "chart", "chart-rising")}
    eight = trace(work, "eight-buttons.trace", "make-eight-trace.py", "OUT", str(EIGHT_BUTTON_ROUNDS))
    input_toggles = ("$e9TouchCore0A8PipelineV5frame*", "$e9TouchCore11FT5x06CodecV6decode*",
                     "$e11PanelEngine15EventLineWriterV7receive*")
    frame_toggles = ("$e11PanelEngineAAC5frame_10measuredAt*", "$e9TouchCore11FT5x06CodecV6decode*")
    live_toggles = ("$e11PanelEngineAAC8received*", "$e11PanelEngineAAC18drawOutsideChanges*")
    entity_toggles = ("$e12PanelDrivers14TracedEntitiesC7deliver*", "$e11PanelEngineAAC18drawOutsideChanges*")
    run = ["run", "--fast"]
    mirror = mirror_trace(work)
    first_frame = os.path.join(work, "first-frame.trace")
    with open(first_frame, "w") as f:
        f.write("0 end\n")
    return [
        Figure("firmware-input-path", "decode + TouchPipeline.frame, without the event sink (Benchmarks/panel.ini)",
               "instructions per report", "touchpanel-static", ["replay", "Benchmarks/panel.ini", long_trace],
               units=REPORTS, toggles=input_toggles),
        Figure("firmware-input-path-dial", "the same with a dial for the last button (Benchmarks/panel-dial.ini)",
               "instructions per report", "touchpanel-static", ["replay", "Benchmarks/panel-dial.ini", long_trace],
               units=REPORTS, toggles=input_toggles),
        Figure("firmware-input-path-wall", "the same with idle blanking, a screensaver, presence, touch feedback and the mirror "
               "on (Benchmarks/panel-wall.ini)", "instructions per report", "touchpanel-static",
               ["replay", "Benchmarks/panel-wall.ini", long_trace], units=REPORTS, toggles=input_toggles),
        Figure("firmware-first-frame", "the whole run of the dynamic binary to its first frame and out: the loader and its "
               "libraries, the config, the fonts opened, 8 labels fitted, the panel drawn (Benchmarks/panel.ini, XRGB8888)",
               "instructions", "touchpanel",
               run[:1] + ["Benchmarks/panel.ini", "--trace", first_frame, "--fast", "--format", "xrgb8888"], units=1),
        Figure("firmware-redraw-button-xrgb8888", "one button repaint from its look, 185x145 XRGB8888 (Benchmarks/panel.ini)",
               "instructions", "touchpanel-static", run[:1] + ["Benchmarks/panel.ini", "--trace", long_trace, "--fast", "--format", "xrgb8888"],
               per_call=PAINT_BUTTON),
        Figure("firmware-redraw-button-rgb565", "one button repaint from its look, 185x145 RGB565 (Benchmarks/panel.ini)",
               "instructions", "touchpanel-static", run[:1] + ["Benchmarks/panel.ini", "--trace", long_trace, "--fast", "--format", "rgb565"],
               per_call=PAINT_BUTTON),
        Figure("firmware-redraw-button-looks", "one repaint: icon, label, sublabel, rounded corners (Benchmarks/looks.ini)",
               "instructions", "touchpanel-static", run[:1] + ["Benchmarks/looks.ini", "--trace", long_trace, "--fast", "--format", "xrgb8888"],
               per_call=PAINT_BUTTON),
        Figure("firmware-redraw-eight-buttons", "one repaint, 8 buttons of 200x100 pressed and released in turn, XRGB8888 "
               "(Benchmarks/eight-buttons.ini)", "instructions", "touchpanel-static",
               run[:1] + ["Benchmarks/eight-buttons.ini", "--trace", eight, "--fast", "--format", "xrgb8888"], per_call=DRAW_BUTTON),
        Figure("firmware-page-change", "PanelEngine.showPage, 12 buttons a page, 800x480 XRGB8888 (Benchmarks/pages.ini)",
               "instructions per page change", "touchpanel", run[:1] + ["Benchmarks/pages.ini", "--trace", pages, "--fast", "--format", "xrgb8888"],
               units=PAGE_CHANGES, toggles=("$e11PanelEngineAAC8showPage*",), expect=('"event":"page"', PAGE_CHANGES)),
        Figure("firmware-slider-drag", "decode + PanelEngine.frame per report of a slider drag (Benchmarks/sliders.ini)",
               "instructions per report", "touchpanel-static",
               run[:1] + ["Benchmarks/sliders.ini", "--trace", slider, "--fast", "--format", "xrgb8888"],
               units=SLIDER_REPORTS, toggles=frame_toggles, expect=('"event":"value"', 1)),
        Figure("firmware-slider-drag-text", "the same drag with its value text (Benchmarks/sliders-text.ini)",
               "instructions per report", "touchpanel-static",
               run[:1] + ["Benchmarks/sliders-text.ini", "--trace", slider, "--fast", "--format", "xrgb8888"],
               units=SLIDER_REPORTS, toggles=frame_toggles, expect=('"event":"value"', 1)),
        Figure("firmware-dial-drag", "decode + PanelEngine.frame per report of a dial turned with its value text (Benchmarks/dials.ini)",
               "instructions per report", "touchpanel-static",
               run[:1] + ["Benchmarks/dials.ini", "--trace", dial, "--fast", "--format", "xrgb8888"],
               units=SLIDER_REPORTS, toggles=frame_toggles, expect=('"event":"value"', 1)),
        Figure("live-state-to-pixels", "a state message to its pixels: a bound button's look (Benchmarks/live-state.ini)",
               "instructions per message", "touchpanel",
               run[:1] + ["Benchmarks/live-state.ini", "--trace", live["state"], "--fast", "--format", "xrgb8888"],
               units=LIVE_MESSAGES, toggles=live_toggles),
        Figure("chart-value-to-pixels", "a reading to its pixels: a 400x200 line chart of 288 points (Benchmarks/chart.ini)",
               "instructions per message", "touchpanel",
               run[:1] + ["Benchmarks/chart.ini", "--trace", live["chart"], "--fast", "--format", "xrgb8888"],
               units=LIVE_MESSAGES, toggles=live_toggles),
        Figure("chart-bars-value-to-pixels", "the same reading on the same chart drawn as bars (Benchmarks/chart-bars.ini)",
               "instructions per message", "touchpanel",
               run[:1] + ["Benchmarks/chart-bars.ini", "--trace", live["chart"], "--fast", "--format", "xrgb8888"],
               units=LIVE_MESSAGES, toggles=live_toggles),
        Figure("chart-whole-to-pixels", "a reading above all before it (the upper end moves): the whole 400x200 line chart, "
               "its 288 buckets full, repainted and its ends written again (Benchmarks/chart.ini)", "instructions per message", "touchpanel",
               run[:1] + ["Benchmarks/chart.ini", "--trace", live["chart-rising"], "--fast", "--format", "xrgb8888"],
               units=LIVE_MESSAGES, toggles=live_toggles, state=full_chart),
        Figure("chart-bars-whole-to-pixels", "the same as bars (Benchmarks/chart-bars.ini)", "instructions per message", "touchpanel",
               run[:1] + ["Benchmarks/chart-bars.ini", "--trace", live["chart-rising"], "--fast", "--format", "xrgb8888"],
               units=LIVE_MESSAGES, toggles=live_toggles, state=full_chart),
        Figure("live-text-to-pixels", "a text changed: a text item's new 8-character text to its pixels (Benchmarks/live-state.ini)",
               "instructions per message", "touchpanel",
               run[:1] + ["Benchmarks/live-state.ini", "--trace", live["text"], "--fast", "--format", "xrgb8888"],
               units=LIVE_MESSAGES, toggles=live_toggles),
        Figure("live-text-to-pixels-arabic", "the same text item's new 8-character text in Arabic letters and digits, laid out "
               "by FriBidi and HarfBuzz (Benchmarks/live-state.ini)", "instructions per message", "touchpanel",
               run[:1] + ["Benchmarks/live-state.ini", "--trace", live["text-arabic"], "--fast", "--format", "xrgb8888"],
               units=LIVE_MESSAGES, toggles=live_toggles),
        Figure("entity-state-to-pixels", "an entity's state change from the message's bytes to its pixels: cJSON's parse, "
               "the shim's flattening, the entity's table, a bound button's look (Benchmarks/live-entity.ini)",
               "instructions per message", "touchpanel",
               run[:1] + ["Benchmarks/live-entity.ini", "--trace", live["entity"], "--fast", "--format", "xrgb8888"],
               units=LIVE_MESSAGES, toggles=entity_toggles),
        Figure("mirror-share-per-turn", "one turn's share of a picture of the screen for P/screen: 6 rows of 800 read "
               "from the framebuffer and deflated by libpng (examples/theme.ini with mirror = yes, XRGB8888, real time)",
               "instructions per turn", "touchpanel",
               ["run", "examples/theme.ini", "--trace", mirror, "--format", "xrgb8888"],
               per_call="ScreenPNGEncoder.encode(rows:)", broker=True),
        Figure("mirror-picture", "a whole picture of the screen for P/screen: begun, 480 rows in 80 shares, finished "
               "(examples/theme.ini, XRGB8888)", "instructions per picture", "touchpanel",
               ["run", "examples/theme.ini", "--trace", mirror, "--format", "xrgb8888"],
               toggles=("$e11PanelEngine18ScreenMirrorPacingV4turn*",), units_from=r"mirror: (\d+) pictures", broker=True),
    ]


def thresholds(directory):
    """{name: (most, why)}: the lower of the limit and the budget plus its margin."""
    with open(os.path.join(directory, "limits.json")) as f:
        limits = json.load(f)["limits"]
    with open(os.path.join(directory, "callgrind.json")) as f:
        budgets = json.load(f)
    margin = float(budgets.get("margin_percent", 5))
    found = {}
    for name, limit in limits.items():
        found[name] = (float(limit["limit"]), f"limit {limit['limit']:,}")
    for name, budget in budgets.get("instructions", {}).items():
        most = budget * (1 + margin / 100)
        if name not in found or most < found[name][0]:
            found[name] = (most, f"budget {budget:,} + {margin:g} %")
    return found


def main():
    arguments = sys.argv[1:]
    directory = os.path.join(ROOT, "Benchmarks", "Thresholds")
    if "--thresholds" in arguments:
        at = arguments.index("--thresholds")
        directory = arguments[at + 1]
        del arguments[at:at + 2]
    if len(arguments) < 2:
        print(__doc__, file=sys.stderr)
        return 64
    firmware, work = arguments[0], arguments[1]
    only = set(arguments[2:])
    os.makedirs(work, exist_ok=True)
    environment = dict(os.environ, XDG_CACHE_HOME=os.path.join(work, "cache"), CACHE_DIRECTORY="")
    held = thresholds(directory)
    passed = failed = 0
    results = {}
    for figure in figures(work):
        if only and figure.name not in only:
            continue
        started = time.monotonic()
        try:
            value = figure.measure(firmware, work, environment)
        except (AssertionError, subprocess.CalledProcessError) as error:
            print(f"FAIL {figure.name}: {error}")
            failed += 1
            continue
        seconds = time.monotonic() - started
        results[figure.name] = {"value": value, "unit": figure.unit, "what": figure.what}
        if figure.name not in held:
            print(f"FAIL {figure.name}: {value:,} {figure.unit}, and no threshold for it in {directory}")
            failed += 1
            continue
        most, why = held[figure.name]
        line = f"{figure.name}: {value:,} {figure.unit} (at most {most:,.1f}: {why}) [{seconds:.1f} s]"
        if value <= most:
            print(f"ok   {line}")
            passed += 1
        else:
            print(f"FAIL {line}: {figure.what}")
            failed += 1
    with open(os.path.join(work, "figures.json"), "w") as f:
        json.dump(results, f, indent=2, sort_keys=True)
        f.write("\n")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
