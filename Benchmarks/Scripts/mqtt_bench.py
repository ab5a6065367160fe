#!/usr/bin/env python3
"""The MQTT client's figures on this machine: event-to-publish latency on loopback (the panel's
own `latency event_to_publish` line: from the event's instant to the broker's PUBACK at QoS 1,
or to the write at QoS 0) and the memory the client costs (a panel connected to the broker
against the same panel without [mqtt], from /proc/PID/smaps_rollup). Against Debian's mosquitto
started here. Usage: mqtt_bench.py TOUCHPANEL WORKDIR OUT.json"""

import json
import os
import re
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "MQTT"))
from harness import Broker, CertificateAuthority, Panel, clean_directory, wait_until  # noqa: E402

CONFIG = """[display]
width = 800
height = 480

[controller]
model = ft5406

[button lights]
rect = 280, 20, 240, 200
label = Lights
on_tap = emit

[button heat]
rect = 540, 20, 240, 200
label = Heat
latch = yes
on_tap = emit
"""

TAPS = 300
TAP_EVERY_MS = 60


def write(path, text):
    with open(path, "w") as file:
        file.write(text)
    return path


def mqtt_section(broker, qos, password_file):
    return (f"\n[mqtt]\nhost = 127.0.0.1\nport = {broker.port}\nclient_id = bench-q{qos}\nqos = {qos}\n"
            f"username = {Broker.PANEL_USER}\npassword_file = {password_file}\nqueue = 1000\n")


def memory_kib(pid):
    """Rss, anonymous and private dirty memory of a process, in KiB."""
    figures = {}
    with open(f"/proc/{pid}/smaps_rollup") as file:
        for line in file:
            match = re.match(r"(Rss|Anonymous|Private_Dirty):\s+(\d+) kB", line)
            if match:
                figures[match.group(1).lower()] = int(match.group(2))
    return figures


def latency(binary, workdir, broker, password_file, qos):
    trace = "".join(f"{300 + i * TAP_EVERY_MS} down {i % 10} 400 100\n{330 + i * TAP_EVERY_MS} up {i % 10} 400 100\n"
                    for i in range(TAPS))
    trace += f"{300 + TAPS * TAP_EVERY_MS + 200} end\n"
    config = write(os.path.join(workdir, f"latency-q{qos}.ini"), CONFIG + mqtt_section(broker, qos, password_file))
    panel = Panel(binary, config, trace=write(os.path.join(workdir, "latency.trace"), trace))
    assert panel.wait_exit(120) == 0, panel.err.snapshot()
    line = next(line for line in panel.err.snapshot() if "latency event_to_publish" in line)
    figures = {key: int(value) for key, value in re.findall(r"(\w+)=(\d+)", line)}
    figures["events"] = len(panel.out.snapshot())
    return figures


def memory(binary, workdir, broker, password_file):
    """The same idle panel without and with [mqtt] (connected, discovery and state sent)."""
    results = {}
    for name, extra in (("without_mqtt", ""), ("with_mqtt", mqtt_section(broker, 1, password_file))):
        config = write(os.path.join(workdir, f"memory-{name}.ini"), CONFIG + extra)
        panel = Panel(binary, config)
        try:
            if extra:
                panel.wait_log("mqtt: connected")
            # Settled: the first frame drawn, the connection's first exchange over.
            time.sleep(1.0)
            results[name] = memory_kib(panel.process.pid)
        finally:
            panel.stop()
    results["cost_kib"] = {key: results["with_mqtt"][key] - results["without_mqtt"][key]
                           for key in results["with_mqtt"]}
    return results


def main():
    binary, workdir, out_path = sys.argv[1:4]
    clean_directory(workdir)
    authority = CertificateAuthority(os.path.join(workdir, "ca"), "TouchPanel bench CA")
    broker = Broker(workdir, authority)
    broker.start()
    password_file = write(os.path.join(workdir, "password"), Broker.PANEL_PASSWORD + "\n")
    try:
        results = {
            "what": "host build on the simulated board against mosquitto on loopback",
            "binary": binary,
            "taps": TAPS, "tap_every_ms": TAP_EVERY_MS,
            "event_to_publish_qos1_us": latency(binary, workdir, broker, password_file, 1),
            "event_to_publish_qos0_us": latency(binary, workdir, broker, password_file, 0),
            "memory_kib": memory(binary, workdir, broker, password_file),
        }
    finally:
        broker.stop()
    with open(out_path, "w") as file:
        json.dump(results, file, indent=2)
    for qos in (1, 0):
        figures = results[f"event_to_publish_qos{qos}_us"]
        print(f"event_to_publish qos {qos}: {figures['count']} events, p50 {figures['p50_us']} us, "
              f"p99 {figures['p99_us']} us, max {figures['max_us']} us")
    cost = results["memory_kib"]["cost_kib"]
    print(f"memory with [mqtt] minus without: rss {cost['rss']} KiB, anonymous {cost['anonymous']} KiB, "
          f"private dirty {cost['private_dirty']} KiB")
    print(f"written: {out_path}")


if __name__ == "__main__":
    main()
