#!/usr/bin/env python3
"""The Home Assistant link's cost on this machine: the firmware's own dynamic x86-64 build
(build/firmware/bookworm-x86_64/touchpanel) on the simulated board, with [homeassistant] and 12
items bound to the entities of a real Home Assistant 2025.4.4 (Tests/HomeAssistant/entities.py's
configuration, started through hass.py on loopback), against the same panel with the same 12
items unbound and no [homeassistant]. Per panel, once it settled (every bound item showing its
entity's state, then SETTLE_S more): anonymous resident memory (RssAnon, /proc/PID/status) and
the rest of its memory figures; then over IDLE_S with nothing touched and nothing changing in
Home Assistant: the voluntary context switches of its threads, each a wait in its loop's ppoll
that ended (the loop's wake-ups). Usage: homeassistant_bench.py TOUCHPANEL WORKDIR OUT.json"""

import json
import os
import platform
import socket
import subprocess
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "Tests", "MQTT"))
sys.path.insert(0, os.path.join(ROOT, "Tests", "HomeAssistant"))
from harness import Panel  # noqa: E402
import entities  # noqa: E402

SETTLE_S = 3.0
IDLE_S = 60.0

# 12 items over the ten entities of entities.CONFIGURATION: five buttons in a row, five sliders
# under them, two texts on the right. (kind, name, rect, entity, keys of its own)
ITEMS = [
    ("button", "hall", "10, 10, 145, 100", "light.hall", ""),
    ("button", "hall_power", "165, 10, 145, 100", "input_boolean.hall_power", ""),
    ("button", "study_heater", "320, 10, 145, 100", "input_boolean.study_heater", ""),
    ("button", "spare", "475, 10, 145, 100", "input_boolean.spare", ""),
    ("button", "blind_button", "630, 10, 160, 100", "cover.blind", ""),
    ("slider", "level", "10, 130, 560, 50", "light.hall", ""),
    ("slider", "blind", "10, 195, 560, 50", "cover.blind", ""),
    ("slider", "study", "10, 260, 560, 50", "climate.study", ""),
    ("slider", "hall_level", "10, 325, 560, 50", "input_number.hall_level", "max = 255\n"),
    ("slider", "blind_position", "10, 390, 560, 50", "input_number.blind_position", ""),
    ("text", "temp", "600, 140, 190, 60", "sensor.room_temperature", ""),
    ("text", "setting", "600, 220, 190, 60", "input_number.room_temperature", ""),
]


def items_text(bound):
    """The 12 items: bound to their entities, or plain (a button's label, a slider's default
    0-100, a text showing the time to the minute: a text needs a source)."""
    text = ""
    for kind, name, rect, entity, own in ITEMS:
        text += f"\n[{kind} {name}]\nrect = {rect}\n"
        if bound:
            text += f"entity = {entity}\n{own}"
        elif kind == "button":
            text += f"label = {name}\n"
        elif kind == "slider":
            text += own
        else:
            text += "time = %H:%M\n"
    return text


def state_json(path):
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
        return json.loads(reply.split(b"\n")[0])
    except (OSError, ValueError):
        return None
    finally:
        client.close()


def all_known(state):
    """Every bound item shows its entity's state (nothing unknown)."""
    if not state:
        return False
    buttons = [item for item in state.get("buttons", []) if item.get("entity")]
    sliders = [item for item in state.get("sliders", []) if item.get("entity")]
    texts = [item for item in state.get("texts", []) if item.get("entity")]
    return (len(buttons) + len(sliders) + len(texts) == len(ITEMS)
            and all(item.get("state") not in (None, "unknown") for item in buttons)
            and all(item.get("value") is not None for item in sliders)
            and all(item.get("known") is True for item in texts))


def status(pid):
    """The memory lines of /proc/PID/status, in KiB."""
    figures = {}
    with open(f"/proc/{pid}/status") as file:
        for line in file:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "RssAnon", "RssFile", "RssShmem", "VmHWM", "VmData"):
                figures[key] = int(value.split()[0])
    with open(f"/proc/{pid}/smaps_rollup") as file:
        for line in file:
            key, _, value = line.partition(":")
            if key in ("Private_Dirty", "Anonymous"):
                figures["smaps_" + key] = int(value.split()[0])
    return figures


def switches(pid):
    """Voluntary and involuntary context switches summed over the process's threads."""
    voluntary = involuntary = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/status") as file:
                for line in file:
                    if line.startswith("voluntary_ctxt_switches:"):
                        voluntary += int(line.split()[1])
                    elif line.startswith("nonvoluntary_ctxt_switches:"):
                        involuntary += int(line.split()[1])
        except FileNotFoundError:
            pass
    return voluntary, involuntary, len(os.listdir(f"/proc/{pid}/task"))


def cpu_ms(pid):
    with open(f"/proc/{pid}/stat") as file:
        fields = file.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 // os.sysconf("SC_CLK_TCK")


def measure(binary, ctx, name, bound):
    sock = os.path.join(ctx.workdir, f"{name}.sock")
    config = entities.BOARD + f"\n[control]\nsocket = {sock}\n"
    if bound:
        config += f"\n[homeassistant]\nurl = http://127.0.0.1:{ctx.ha.port}\ntoken_file = {ctx.token_file}\n"
    config += items_text(bound)
    path = ctx.write(f"{name}.ini", config)
    panel = Panel(binary, path)
    try:
        deadline = time.monotonic() + 30
        state = None
        while time.monotonic() < deadline:
            assert panel.process.poll() is None, f"{name}: the panel exited: {panel.err.snapshot()[-5:]}"
            state = state_json(sock) if os.path.exists(sock) else None
            if state and (all_known(state) if bound else True):
                break
            time.sleep(0.1)
        else:
            raise AssertionError(f"{name}: the items never all showed their states: {state}; "
                                 f"its log: {panel.err.snapshot()[-5:]}")
        shown_after_s = time.monotonic() - panel.started
        time.sleep(SETTLE_S)
        pid = panel.process.pid
        memory = status(pid)
        voluntary, involuntary, threads = switches(pid)
        cpu = cpu_ms(pid)
        time.sleep(IDLE_S)
        voluntary_after, involuntary_after, _ = switches(pid)
        result = {
            "config": path, "items_known_after_s": round(shown_after_s, 2), "memory_kib": memory, "threads": threads,
            "idle_s": IDLE_S, "wakeups_idle": voluntary_after - voluntary,
            "involuntary_switches_idle": involuntary_after - involuntary, "cpu_ms_idle": cpu_ms(pid) - cpu,
            "memory_after_idle_kib": status(pid),
        }
        if bound:
            result["items"] = {kind: [(item["name"], item.get("state", item.get("value", item.get("text"))))
                                      for item in state.get(kind, [])] for kind in ("buttons", "sliders", "texts")}
        code = panel.stop()
        assert code == 0, f"{name}: the panel exited {code} at SIGTERM: {panel.err.snapshot()[-5:]}"
        result["log"] = panel.err.snapshot()
        return result
    finally:
        if panel.process.poll() is None:
            panel.kill()


def machine():
    model = ""
    with open("/proc/cpuinfo") as file:
        for line in file:
            if line.startswith("model name"):
                model = line.partition(":")[2].strip()
                break
    with open("/etc/debian_version") as file:
        debian = file.read().strip()
    with open("/proc/meminfo") as file:
        memory_kib = int(file.readline().split()[1])
    return {"cpu": model, "cores": os.cpu_count(), "memory_kib": memory_kib, "kernel": platform.release(),
            "debian": debian, "machine": platform.machine()}


def main():
    binary, workdir, out_path = sys.argv[1:4]
    binary = os.path.abspath(binary)
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], stdout=subprocess.PIPE,
                            text=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"], stdout=subprocess.PIPE,
                           text=True).stdout.strip()
    ctx = entities.Context(binary, workdir)
    try:
        ha_version = ctx.ha.http("GET", "/api/config")["version"]
        without = measure(binary, ctx, "without-homeassistant", bound=False)
        with_ha = measure(binary, ctx, "with-homeassistant", bound=True)
    finally:
        ctx.close()
    results = {
        "what": "the Home Assistant link's cost: one panel with [homeassistant] and 12 items bound to a real Home "
                "Assistant's entities against the same panel with the 12 items plain and no [homeassistant]",
        "machine": machine(),
        "build": {"binary": binary, "kind": "the firmware's own dynamic Embedded Swift build for x86-64 "
                                            "(scripts/build/build-firmware.sh bookworm-x86_64)",
                  "bytes": os.path.getsize(binary), "commit": commit + ("+changes" if dirty else "")},
        "run": "touchpanel run CONFIG --format xrgb8888 on the simulated board (800x480, ft5406), no trace, "
               "with [control]; nothing touched",
        "home_assistant": {"version": ha_version, "how": "real, Tests/HomeAssistant/hass.py on loopback, "
                                                          "entities.py's configuration (no MQTT, no automation)"},
        "items": [f"{kind} {name}: {entity}" for kind, name, _, entity, _ in ITEMS],
        "plain_items": "the same rects: buttons with a label, sliders 0-100, texts with time = %H:%M",
        "settle_s": SETTLE_S,
        "without_homeassistant": without,
        "with_homeassistant": with_ha,
    }
    cost = {key: with_ha["memory_kib"][key] - without["memory_kib"][key] for key in with_ha["memory_kib"]}
    results["cost_kib"] = cost
    results["cost_after_idle_kib"] = {key: with_ha["memory_after_idle_kib"][key] - without["memory_after_idle_kib"][key]
                                      for key in with_ha["memory_after_idle_kib"]}
    with open(out_path, "w") as file:
        json.dump(results, file, indent=2)

    m = results["machine"]
    print(f"machine: {m['cpu']}, {m['cores']} cores, Debian {m['debian']}, kernel {m['kernel']}")
    print(f"build:   {binary} ({results['build']['bytes']} bytes, {results['build']['commit']})")
    print(f"config:  800x480 simulated board, [control], 12 items; Home Assistant {ha_version} on loopback (real)")
    for label, figures in (("without [homeassistant], 12 plain items", without),
                           ("with [homeassistant], 12 bound items", with_ha)):
        memory = figures["memory_kib"]
        idle = figures["memory_after_idle_kib"]
        print(f"{label}: RssAnon {memory['RssAnon']} KiB settled, {idle['RssAnon']} KiB after the idle minute "
              f"(VmRSS {memory['VmRSS']}, RssFile {memory['RssFile']}, VmHWM {memory['VmHWM']} KiB); "
              f"{figures['wakeups_idle']} wake-ups (voluntary context switches of its {figures['threads']} thread(s)) "
              f"and {figures['cpu_ms_idle']} ms CPU in {IDLE_S:.0f} s idle")
    idle_cost = results["cost_after_idle_kib"]
    print(f"cost of the link: RssAnon {cost['RssAnon']:+d} KiB settled, {idle_cost['RssAnon']:+d} KiB after the idle "
          f"minute; VmRSS {cost['VmRSS']:+d} KiB, RssFile {cost['RssFile']:+d} KiB (file pages: "
          f"shared libraries); wake-ups {with_ha['wakeups_idle'] - without['wakeups_idle']:+d} a minute")
    print(f"written: {out_path}")


if __name__ == "__main__":
    main()
