#!/usr/bin/env python3
"""The real-broker tier: the panel on the simulated board against Debian's mosquitto on
loopback (a password file, TLS from a CA made here), checked by mosquitto_sub with exact topics,
payloads and pixels. Usage: run.py TOUCHPANEL WORKDIR. Prints `ok NAME` or `FAIL NAME: why` per
scenario and ends with `N passed, M failed`."""

import base64
import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import time
import traceback

from harness import (Broker, BlackHole, CertificateAuthority, Panel, Subscriber, clean_directory, frames,
                     peak_rss_kib, pixel, publish, publish_file, read_png, region, retained, wait_until)

BUTTONS = """
[button play]
rect = 20, 20, 240, 200
label = Play
on_tap = emit
on_double_tap = emit
on_long_press = emit

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

HEAT_RECT = (540, 20, 240, 200)
ON_FILL = (0x2E, 0x7D, 0x32)
DISABLED_FILL = (0x1A, 0x1C, 0x1F)
FILL = (0x2A, 0x2E, 0x33)

# A double tap, a single tap and a long press on play, a tap on heat (its latch goes on).
GESTURE_TRACE = """1500 down 0 100 100
1560 up 0 100 100
1680 down 0 105 102
1740 up 0 105 102
2500 down 0 100 100
2560 up 0 100 100
3500 down 0 650 100
3560 up 0 650 100
4000 down 1 110 110
4700 up 1 110 110
5000 end
"""

# Gestures that the documents may name: the panel's own event types.
GESTURE_TYPES = {"single_tap", "double_tap", "triple_tap", "long_press", "double_long_press", "triple_long_press",
                 "repeat"}

# Home Assistant's MQTT discovery schema for the entity types the panel uses, as its docs list
# them (integrations event.mqtt, switch.mqtt, text.mqtt, light.mqtt with schema json): the keys
# each needs and every key it takes. A key outside these would be ignored or refused by HA.
COMMON_KEYS = {"name", "unique_id", "object_id", "default_entity_id", "icon", "entity_category", "enabled_by_default",
               "availability", "availability_topic", "availability_mode", "availability_template",
               "payload_available", "payload_not_available", "device", "origin", "qos", "encoding",
               "json_attributes_topic", "json_attributes_template", "entity_picture", "platform"}
SCHEMA = {
    "event": ({"state_topic", "event_types"},
              {"device_class", "value_template"}),
    "switch": ({"command_topic"},
               {"state_topic", "payload_on", "payload_off", "state_on", "state_off", "device_class", "optimistic",
                "retain", "value_template"}),
    "text": ({"command_topic"},
             {"state_topic", "max", "min", "mode", "pattern", "command_template", "value_template", "retain"}),
    "number": ({"command_topic"},
               {"state_topic", "min", "max", "step", "mode", "unit_of_measurement", "device_class", "command_template",
                "value_template", "optimistic", "retain", "payload_reset"}),
    "select": ({"command_topic", "options"},
               {"state_topic", "command_template", "value_template", "optimistic", "retain"}),
    "light": ({"command_topic", "schema"},
              {"state_topic", "supported_color_modes", "brightness", "brightness_scale", "effect", "effect_list",
               "flash", "flash_time_long", "flash_time_short", "optimistic", "retain", "transition",
               "white_scale", "min_kelvin", "max_kelvin", "min_mireds", "max_mireds", "color_temp_kelvin"}),
}
DEVICE_KEYS = {"identifiers", "connections", "name", "manufacturer", "model", "model_id", "sw_version", "hw_version",
               "serial_number", "suggested_area", "via_device", "configuration_url"}
ORIGIN_KEYS = {"name", "sw_version", "support_url"}
COLOR_MODES = {"onoff", "brightness", "color_temp", "hs", "xy", "rgb", "rgbw", "rgbww", "white"}


class Context:
    def __init__(self, binary, workdir):
        self.binary = binary
        self.workdir = workdir
        clean_directory(workdir)
        self.authority = CertificateAuthority(os.path.join(workdir, "ca"), "TouchPanel test CA")
        self.other_authority = CertificateAuthority(os.path.join(workdir, "other-ca"), "Somebody else's CA")
        self.broker = Broker(workdir, self.authority)
        self.broker.start()
        self.password_file = self.write("panel-password", Broker.PANEL_PASSWORD + "\n")
        self.wrong_password_file = self.write("wrong-password", "not-the-password\n")
        self.gesture_trace = self.write("gestures.trace", GESTURE_TRACE)
        self.gesture_reference = self.reference_lines(self.gesture_trace)

    def write(self, name, text):
        path = os.path.join(self.workdir, name)
        with open(path, "w") as file:
            file.write(text)
        return path

    def write_bytes(self, name, data):
        path = os.path.join(self.workdir, name)
        with open(path, "wb") as file:
            file.write(data)
        return path

    def config(self, name, mqtt=None, backlight=False, buttons=BUTTONS):
        text = "[display]\nwidth = 800\nheight = 480\n\n[touch]\nmulti_tap_ms = 250\nlong_press_ms = 500\n\n"
        text += "[controller]\nmodel = ft5406\n" + buttons
        if backlight:
            text += "\n[backlight]\ndim_after_s = 600\noff_after_s = 1200\n"
        if mqtt is not None:
            settings = {"host": "127.0.0.1", "port": self.broker.port, "username": Broker.PANEL_USER,
                        "password_file": self.password_file, "name": "Test panel"}
            settings.update(mqtt)
            text += "\n[mqtt]\n" + "".join(f"{key} = {value}\n" for key, value in settings.items() if value is not None)
        return self.write(name + ".ini", text)

    def reference_lines(self, trace):
        """The event lines of `trace` on a panel without [mqtt] (virtual time)."""
        panel = Panel(self.binary, self.config("reference"), trace=trace, extra=["--fast"])
        code = panel.wait_exit(60)
        assert code == 0, f"the reference run exited with {code}: {panel.err.snapshot()}"
        return panel.out.snapshot()

    def prefix(self, client_id):
        return f"touchpanel/{client_id}"


def lights_taps(every_ms, until_ms):
    """A tap on lights every `every_ms` from 300 ms on (lights listens for single taps only:
    three event lines per tap, at once)."""
    lines = []
    t = 300
    touch = 0
    while t < until_ms:
        lines.append(f"{t} down {touch} 400 100")
        lines.append(f"{t + 50} up {touch} 400 100")
        touch = (touch + 1) % 10
        t += every_ms
    lines.append(f"{until_ms + 200} end")
    return "\n".join(lines) + "\n"


def check_document(component, document, prefix, client_id):
    required, specific = SCHEMA[component]
    missing = required - document.keys()
    assert not missing, f"{component} document lacks {sorted(missing)}"
    unknown = document.keys() - required - specific - COMMON_KEYS
    assert not unknown, f"{component} document has keys Home Assistant does not take: {sorted(unknown)}"
    for key in ("state_topic", "command_topic", "availability_topic"):
        if key in document:
            assert document[key].startswith(prefix + "/"), f"{key} {document[key]} is not under {prefix}"
            assert "+" not in document[key] and "#" not in document[key], f"{key} has a wildcard"
    assert document["availability_topic"] == f"{prefix}/availability"
    assert (document["payload_available"], document["payload_not_available"]) == ("online", "offline")
    assert document["qos"] in (0, 1, 2)
    assert document.get("entity_category", "config") in ("config", "diagnostic")
    device = document["device"]
    assert device.keys() <= DEVICE_KEYS, f"device has {sorted(device.keys() - DEVICE_KEYS)}"
    assert device["identifiers"] == [client_id] and device["name"] == "Test panel"
    assert document["origin"].keys() <= ORIGIN_KEYS and document["origin"]["name"] == "touchpanel"
    if component == "event":
        assert set(document["event_types"]) <= GESTURE_TYPES and document["event_types"]
    if component == "switch":
        for key in ("payload_on", "payload_off", "state_on", "state_off"):
            assert isinstance(document.get(key, ""), str)
    if component == "light":
        assert document["schema"] == "json"
        assert set(document["supported_color_modes"]) <= COLOR_MODES
        assert isinstance(document["brightness_scale"], int) and document["brightness_scale"] >= 1
    if component == "text":
        assert 1 <= document["max"] <= 255
    if component == "number":
        assert document["mode"] in ("auto", "box", "slider") and document["min"] < document["max"] and document["step"] > 0


# Scenarios: each takes the context and raises AssertionError with what it saw.

def discovery_documents_and_retained_state(ctx):
    client = "test-discovery"
    prefix = ctx.prefix(client)
    live = Subscriber(ctx.broker, ["homeassistant/+/test-discovery/+/config", prefix + "/#"])
    panel = Panel(ctx.binary, ctx.config(client, {"client_id": client}, backlight=True))
    try:
        panel.wait_log(f"mqtt: connected to 127.0.0.1:{ctx.broker.port} as {client}")
        expected_topics = [f"homeassistant/{kind}/{client}/{object_id}/config" for kind, object_id in [
            ("event", "play"), ("text", "play_label"), ("switch", "play_enabled"),
            ("event", "lights"), ("text", "lights_label"), ("switch", "lights_enabled"),
            ("event", "heat"), ("switch", "heat_latch"), ("text", "heat_label"), ("switch", "heat_enabled"),
            ("light", "backlight")]]
        live.wait_for(prefix + "/backlight", '{"state":"ON","brightness":100,"color_mode":"brightness"}')
        documents = [(t, p) for _, t, p in live.messages() if t.startswith("homeassistant/")]
        assert [t for t, _ in documents] == expected_topics, f"discovery topics {[t for t, _ in documents]}"
        parsed = {t.split("/")[3]: (t.split("/")[1], json.loads(p)) for t, p in documents}
        for object_id, (component, document) in parsed.items():
            try:
                check_document(component, document, prefix, client)
            except AssertionError as error:
                raise AssertionError(f"{object_id}: {error}")
        assert parsed["play"][1]["event_types"] == ["single_tap", "double_tap", "long_press", "double_long_press"]
        assert parsed["lights"][1]["event_types"] == ["single_tap"]
        assert parsed["play"][1]["state_topic"] == f"{prefix}/button/play/gesture"
        assert parsed["heat_latch"][1]["command_topic"] == f"{prefix}/button/heat/latch/set"
        assert parsed["backlight"][1]["command_topic"] == f"{prefix}/backlight/set"
        unique_ids = [document["unique_id"] for _, document in parsed.values()]
        assert len(set(unique_ids)) == len(unique_ids), f"unique_id repeats: {unique_ids}"

        # A subscriber that comes later gets all of it retained.
        later = Subscriber(ctx.broker, ["homeassistant/+/test-discovery/+/config", prefix + "/#"])
        expected_state = [
            (True, prefix + "/availability", "online"),
            (True, prefix + "/backlight", '{"state":"ON","brightness":100,"color_mode":"brightness"}'),
            (True, prefix + "/button/heat/enabled", "ON"), (True, prefix + "/button/heat/label", "Heat"),
            (True, prefix + "/button/heat/latch", "OFF"),
            (True, prefix + "/button/lights/enabled", "ON"), (True, prefix + "/button/lights/label", "Lights"),
            (True, prefix + "/button/play/enabled", "ON"), (True, prefix + "/button/play/label", "Play")]
        wait_until(lambda: len(later.messages()) >= len(expected_topics) + len(expected_state), 10,
                   "the retained messages")
        got = later.messages()
        assert all(retained for retained, _, _ in got), "a message came unretained to a new subscriber"
        assert sorted(m for m in got if not m[1].startswith("homeassistant/")) == expected_state, \
            f"retained state {sorted(m for m in got if not m[1].startswith('homeassistant/'))}"
        later.close()

        # Home Assistant restarting: discovery goes out again.
        publish(ctx.broker, "homeassistant/status", "online")
        panel.wait_log("mqtt: Home Assistant is online; discovery and state sent again")
        wait_until(lambda: len([m for m in live.messages() if m[1].startswith("homeassistant/")]) == 22, 10,
                   "discovery a second time")
        second = [(t, p) for _, t, p in live.messages() if t.startswith("homeassistant/")][11:]
        assert second == documents, "the second discovery differs from the first"

        assert panel.stop() == 0
        live.wait_for(prefix + "/availability", "offline")
        assert live.on(prefix + "/availability") == ["online", "online", "offline"], live.on(prefix + "/availability")
    finally:
        live.close()
        if panel.process.poll() is None:
            panel.kill()


PLAY = """
[button play]
rect = 20, 20, 240, 200
label = Play
on_tap = emit
"""
HEAT = """
[button heat]
rect = 540, 20, 240, 200
label = Heat
on_tap = emit
"""
HEAT_LATCH = HEAT.replace("on_tap", "latch = yes\non_tap")


def a_reload_clears_the_discovery_documents_of_what_it_removed(ctx):
    """Issue 28 item 4, issue 25 item 6: SIGHUP with the play button removed ([mqtt] kept, so
    the running link goes on) leaves no retained document of play at the broker and the heat's
    as they were; a second one that changes [mqtt] and makes heat no latch clears its switch
    through the old link, before that link's offline, and the new link brings the rest back."""
    client = "test-reload"
    prefix = ctx.prefix(client)
    documents = f"homeassistant/+/{client}/+/config"

    def topic(kind, object_id):
        return f"homeassistant/{kind}/{client}/{object_id}/config"

    play = [topic("event", "play"), topic("text", "play_label"), topic("switch", "play_enabled")]
    heat = [topic("event", "heat"), topic("text", "heat_label"), topic("switch", "heat_enabled")]
    latch = topic("switch", "heat_latch")
    config = ctx.config(client, {"client_id": client}, buttons=PLAY + HEAT_LATCH)
    live = Subscriber(ctx.broker, [documents, prefix + "/availability"])
    panel = Panel(ctx.binary, config)
    try:
        panel.wait_log(f"mqtt: connected to 127.0.0.1:{ctx.broker.port} as {client}")
        for name in play + heat + [latch]:
            wait_until(lambda: any(t == name and p for _, t, p in live.messages()), 10, f"the document on {name}")
        before = retained(ctx.broker, [documents])
        assert sorted(before) == sorted(play + heat + [latch]), f"retained documents at start {sorted(before)}"

        # [mqtt] unchanged: the running link clears play's three documents.
        ctx.config(client, {"client_id": client}, buttons=HEAT_LATCH)
        panel.process.send_signal(signal.SIGHUP)
        panel.wait_log(f"reloaded {config}")
        for name in play:
            panel.wait_log(f"mqtt: clearing {name}: no longer in the config")
            live.wait_for(name, "")
        after = retained(ctx.broker, [documents])
        assert sorted(after) == sorted(heat + [latch]), f"retained documents after the reload {sorted(after)}"
        for name in heat + [latch]:
            assert json.loads(after[name]) == json.loads(before[name]), f"{name} changed: {after[name]}"
        assert panel.log_has("mqtt: connected") and live.on(prefix + "/availability") == ["online"], \
            f"availability {live.on(prefix + '/availability')}"

        # [mqtt] changed (a new link) and heat no latch: the old link clears the switch, then
        # says offline; the new one says online.
        ctx.config(client, {"client_id": client, "keepalive_s": 30}, buttons=HEAT)
        panel.process.send_signal(signal.SIGHUP)
        panel.wait_log(f"reloaded {config}", count=2)
        panel.wait_log(f"mqtt: connected to 127.0.0.1:{ctx.broker.port} as {client}", count=2)
        live.wait_for(latch, "")
        wait_until(lambda: live.on(prefix + "/availability") == ["online", "offline", "online"], 10,
                   "offline from the old link and online from the new one")
        order = [(t, p) for _, t, p in live.messages() if t in (latch, prefix + "/availability")]
        assert order.index((latch, "")) < order.index((prefix + "/availability", "offline")), \
            f"the switch was not cleared before offline: {order}"
        last = retained(ctx.broker, [documents])
        assert sorted(last) == sorted(heat), f"retained documents after the second reload {sorted(last)}"
        assert json.loads(last[topic("event", "heat")]) == json.loads(before[topic("event", "heat")])
        assert panel.stop() == 0
    finally:
        live.close()
        if panel.process.poll() is None:
            panel.kill()


def a_double_tap_is_one_double_tap_and_events_match_stdout(ctx):
    client = "test-gestures"
    prefix = ctx.prefix(client)
    live = Subscriber(ctx.broker, [prefix + "/#"])
    panel = Panel(ctx.binary, ctx.config(client, {"client_id": client}), trace=ctx.gesture_trace)
    try:
        assert panel.wait_exit(30) == 0
        stdout = panel.out.snapshot()
        assert stdout == ctx.gesture_reference, f"stdout with [mqtt] differs from without:\n{stdout}"
        live.wait_for(prefix + "/availability", "offline")
        gestures = [(t.split("/")[3], json.loads(p)) for _, t, p in live.messages() if t.endswith("/gesture")]
        assert gestures == [
            ("play", {"event_type": "double_tap", "taps": 2, "t_ms": 1740}),
            ("play", {"event_type": "single_tap", "taps": 1, "t_ms": 2810}),
            ("heat", {"event_type": "single_tap", "taps": 1, "t_ms": 3560}),
            ("play", {"event_type": "long_press", "taps": 1, "t_ms": 4500}),
        ], f"gesture messages {gestures}"
        events = [p for _, t, p in live.messages() if t.endswith("/event")]
        assert events == stdout, f"event topics {events}"
        by_button = {}
        for _, t, p in live.messages():
            if t.endswith("/event"):
                by_button.setdefault(t.split("/")[3], []).append(json.loads(p)["button"])
        assert all(set(names) == {button} for button, names in by_button.items()), by_button
        assert live.on(prefix + "/button/heat/latch") == ["OFF", "ON"], live.on(prefix + "/button/heat/latch")
        summary = [line for line in panel.err.snapshot() if "latency event_to_publish" in line]
        assert len(summary) == 1 and f"count={len(stdout)} " in summary[0], summary
        print(f"  {summary[0].removeprefix('touchpanel: ')}")
    finally:
        live.close()
    later = Subscriber(ctx.broker, [prefix + "/button/heat/latch", prefix + "/availability"])
    try:
        wait_until(lambda: len(later.messages()) == 2, 10, "the retained latch and availability")
        assert sorted(later.messages()) == [(True, prefix + "/availability", "offline"),
                                            (True, prefix + "/button/heat/latch", "ON")], later.messages()
    finally:
        later.close()


def the_last_will_says_offline_when_the_panel_dies(ctx):
    client = "test-will"
    prefix = ctx.prefix(client)
    live = Subscriber(ctx.broker, [prefix + "/availability"])
    panel = Panel(ctx.binary, ctx.config(client, {"client_id": client, "keepalive_s": 60}))
    try:
        live.wait_for(prefix + "/availability", "online")
        panel.kill()
        live.wait_for(prefix + "/availability", "offline", timeout_s=5)
        assert live.on(prefix + "/availability") == ["online", "offline"]
    finally:
        live.close()
        if panel.process.poll() is None:
            panel.kill()
    later = Subscriber(ctx.broker, [prefix + "/availability"])
    try:
        wait_until(lambda: later.messages(), 10, "the retained availability")
        assert later.messages() == [(True, prefix + "/availability", "offline")], later.messages()
    finally:
        later.close()


def a_killed_panel_with_a_command_still_running_says_offline_at_once(ctx):
    """Issue 24: an exec child holds none of the panel's descriptors (close_range at spawn, the
    MQTT socket close-on-exec), so the broker sees the connection close the moment the panel is
    killed and sends the last will then, not when the child ends 30 s later."""
    client = "test-will-child"
    prefix = ctx.prefix(client)
    buttons = "\n[button lights]\nrect = 280, 20, 240, 200\non_tap = exec sleep 29.75\n"
    trace = ctx.write("child.trace", "300 down 0 300 100\n350 up 0 300 100\n60000 end\n")
    live = Subscriber(ctx.broker, [prefix + "/availability"])
    panel = Panel(ctx.binary, ctx.config(client, {"client_id": client, "keepalive_s": 60}, buttons=buttons), trace=trace)
    try:
        live.wait_for(prefix + "/availability", "online")
        wait_until(lambda: any('"event":"tap"' in line for line in panel.out.snapshot()), 10, "the tap")
        wait_until(lambda: subprocess.run(["pgrep", "-f", "sleep 29.75"], capture_output=True).returncode == 0, 5,
                   "the command to start")
        killed_at = time.monotonic()
        # SIGKILL, without waiting for the panel's output to end: the command holds its stdout.
        panel.process.send_signal(signal.SIGKILL)
        live.wait_for(prefix + "/availability", "offline", timeout_s=3)
        print(f"    last will {time.monotonic() - killed_at:.2f} s after SIGKILL, the command still running", flush=True)
        assert live.on(prefix + "/availability") == ["online", "offline"]
    finally:
        live.close()
        if panel.process.poll() is None:
            panel.kill()
        subprocess.run(["pkill", "-f", "sleep 29.75"])


def commands_change_what_is_drawn_and_state_comes_back(ctx):
    client = "test-commands"
    prefix = ctx.prefix(client)
    frames_dir = os.path.join(ctx.workdir, "frames-commands")
    reference_dir = os.path.join(ctx.workdir, "frames-reference")
    clean_directory(frames_dir)
    clean_directory(reference_dir)
    # What the heat button looks like labelled "Heating on" from the start.
    reference_config = ctx.config("reference-label", buttons=BUTTONS.replace("label = Heat", "label = Heating on"))
    end_trace = ctx.write("end.trace", "200 end\n")
    reference = Panel(ctx.binary, reference_config, trace=end_trace, png_dir=reference_dir,
                      extra=["--fast", "--png-at", "100"])
    assert reference.wait_exit(30) == 0, reference.err.snapshot()
    reference_png = read_png(os.path.join(reference_dir, frames(reference_dir)[-1]))

    # A retained command would act again at every connect: the panel finds this one there
    # when it subscribes, and refuses it.
    publish(ctx.broker, prefix + "/button/heat/latch/set", "ON", retain=True)
    live = Subscriber(ctx.broker, [prefix + "/#"])
    panel = Panel(ctx.binary, ctx.config(client, {"client_id": client}, backlight=True), png_dir=frames_dir)

    def latest_after(count):
        wait_until(lambda: len(frames(frames_dir)) > count, 10, f"a frame after frame {count}")
        return read_png(os.path.join(frames_dir, frames(frames_dir)[-1]))

    try:
        panel.wait_log(f"mqtt: ignored a retained command on {prefix}/button/heat/latch/set: commands act once")
        publish(ctx.broker, prefix + "/button/heat/latch/set", None, retain=True)
        live.wait_for(prefix + "/button/heat/label", "Heat")
        initial = read_png(os.path.join(frames_dir, frames(frames_dir)[-1]))
        assert region(initial, *HEAT_RECT) != region(reference_png, *HEAT_RECT), "the reference label draws as Heat"

        count = len(frames(frames_dir))
        publish(ctx.broker, prefix + "/button/heat/label/set", "Heating on")
        live.wait_for(prefix + "/button/heat/label", "Heating on")
        png = latest_after(count)
        assert region(png, *HEAT_RECT) == region(reference_png, *HEAT_RECT), "heat is not drawn as labelled Heating on"

        count = len(frames(frames_dir))
        publish(ctx.broker, prefix + "/button/heat/latch/set", "ON")
        live.wait_for(prefix + "/button/heat/latch", "ON")
        png = latest_after(count)
        assert pixel(png, 552, 32) == ON_FILL, f"heat's fill is {pixel(png, 552, 32)}"
        assert pixel(png, 32, 32) == FILL, f"play's fill is {pixel(png, 32, 32)}"

        count = len(frames(frames_dir))
        publish(ctx.broker, prefix + "/button/play/enabled/set", "OFF")
        live.wait_for(prefix + "/button/play/enabled", "OFF")
        png = latest_after(count)
        assert pixel(png, 32, 32) == DISABLED_FILL, f"play's fill is {pixel(png, 32, 32)}"

        publish(ctx.broker, prefix + "/command", "label lights Lamp")
        live.wait_for(prefix + "/reply", '{"ok":true}')
        live.wait_for(prefix + "/button/lights/label", "Lamp")
        publish(ctx.broker, prefix + "/command", "latch nosuch on")
        wait_until(lambda: len(live.on(prefix + "/reply")) == 2, 10, "the second reply")
        assert live.on(prefix + "/reply")[1].startswith('{"ok":false,"error":'), live.on(prefix + "/reply")

        publish(ctx.broker, prefix + "/backlight/set", '{"brightness":40}')
        live.wait_for(prefix + "/backlight", '{"state":"ON","brightness":40,"color_mode":"brightness"}')
        panel.wait_log("backlight brightness -> 102 (simulated)")
        publish(ctx.broker, prefix + "/backlight/set", '{"state":"OFF"}')
        live.wait_for(prefix + "/backlight", '{"state":"OFF","brightness":40,"color_mode":"brightness"}')
        panel.wait_log("backlight bl_power -> 4 (simulated)")

        assert live.on(prefix + "/button/heat/latch") == ["OFF", "ON"], live.on(prefix + "/button/heat/latch")
        assert panel.stop() == 0
    finally:
        live.close()
        if panel.process.poll() is None:
            panel.kill()


PENDING_FILL = (0x1C, 0x4E, 0x1F)  # ON_FILL at five eighths
UNKNOWN_FILL = (0x22, 0x24, 0x28)

BOUND_BUTTON = """
[button lamp]
rect = 20, 20, 240, 200
title = Living room lamp
state_topic = house/lamp
state_field = state
on_tap = mqtt house/lamp/set {"state":"$VALUE"}

[text hall]
rect = 280, 20, 240, 80
topic = house/hall
field = temperature
format = %.1f °C
stale_after_s = 2
"""


def a_bound_button_shows_its_device_and_commands_it_once(ctx):
    client = "test-bound"
    frames_dir = os.path.join(ctx.workdir, "frames-bound")
    clean_directory(frames_dir)
    # The device's state is retained at the broker before the panel starts.
    publish(ctx.broker, "house/lamp", '{"state":"ON","brightness":254}', retain=True)
    trace = ctx.write("bound.trace", "3000 down 0 100 100\n3050 up 0 100 100\n"
                                     "9000 down 0 100 100\n9050 up 0 100 100\n12000 end\n")
    commands = Subscriber(ctx.broker, ["house/lamp/set", ctx.prefix(client) + "/text/hall"], client_id="checker-bound")
    panel = Panel(ctx.binary, ctx.config(client, {"client_id": client}, buttons=BOUND_BUTTON), trace=trace,
                  png_dir=frames_dir)

    def lamp_fill():
        names = frames(frames_dir)
        return pixel(read_png(os.path.join(frames_dir, names[-1])), 32, 32) if names else None

    try:
        wait_until(lambda: lamp_fill() == ON_FILL, 10, "the retained state drawn on")
        # A temperature, shown and mirrored on P/text/hall, then stale after 2 s of quiet.
        commands.wait_for(ctx.prefix(client) + "/text/hall", "--")
        publish(ctx.broker, "house/hall", '{"temperature":21.456,"humidity":40}')
        commands.wait_for(ctx.prefix(client) + "/text/hall", "21.5 °C")
        wait_until(lambda: commands.on(ctx.prefix(client) + "/text/hall")[-1:] == ["--"]
                   and len(commands.on(ctx.prefix(client) + "/text/hall")) >= 3, 10, "the temperature turning stale")
        # The tap at 3050 publishes the command once, and the lamp waits for its device.
        commands.wait_for("house/lamp/set", '{"state":"OFF"}')
        wait_until(lambda: lamp_fill() == PENDING_FILL, 10, "the pending look")
        publish(ctx.broker, "house/lamp", '{"state":"OFF","brightness":254}')
        wait_until(lambda: lamp_fill() == FILL, 10, "the device's off drawn")
        # Its echo (Zigbee2MQTT publishes the state again) changes nothing and sends nothing.
        publish(ctx.broker, "house/lamp", '{"state":"OFF","brightness":254}')
        time.sleep(0.5)
        assert commands.on("house/lamp/set") == ['{"state":"OFF"}'], commands.on("house/lamp/set")
        assert lamp_fill() == FILL
        # The broker goes away: the lamp is unknown, and the tap at 9050 drops its command.
        ctx.broker.stop()
        wait_until(lambda: lamp_fill() == UNKNOWN_FILL, 10, "the unknown look")
        panel.wait_log("[button lamp] mqtt house/lamp/set: dropped, 127.0.0.1:", timeout_s=15)
        ctx.broker.start()
        assert panel.wait_exit(30) == 0
        assert not panel.log_has("house/lamp for [button lamp]: ignored"), panel.err.snapshot()
    finally:
        commands.close()
        if ctx.broker.process is None:
            ctx.broker.start()
        publish(ctx.broker, "house/lamp", None, retain=True)
        if panel.process.poll() is None:
            panel.kill()
    # The dropped tap still wrote its event line.
    assert panel.out.snapshot()[-1] == '{"t_ms":9050,"button":"lamp","event":"tap","taps":1}', panel.out.snapshot()


PAGES = """
[page home]
[page lights]

[button hall]
page = home
rect = 20, 20, 240, 200
label = Hall
on_tap = emit

[button lamp]
page = lights
rect = 280, 20, 240, 200
label = Lamp
on_tap = emit

[button next]
page = all
rect = 20, 400, 760, 60
label = Next
on_tap = page next
"""
BACKGROUND = (0x10, 0x12, 0x14)


def p_page_set_changes_the_drawn_page_and_home_assistant_gets_a_select(ctx):
    client = "test-pages"
    prefix = ctx.prefix(client)
    frames_dir = os.path.join(ctx.workdir, "frames-pages")
    clean_directory(frames_dir)
    live = Subscriber(ctx.broker, [f"homeassistant/select/{client}/+/config", prefix + "/page"])
    panel = Panel(ctx.binary, ctx.config(client, {"client_id": client}, buttons=PAGES), png_dir=frames_dir)

    def latest_after(count):
        wait_until(lambda: len(frames(frames_dir)) > count, 10, f"a frame after frame {count}")
        return read_png(os.path.join(frames_dir, frames(frames_dir)[-1]))

    try:
        live.wait_for(prefix + "/page", "home")
        documents = [(t, p) for _, t, p in live.messages() if t.startswith("homeassistant/")]
        assert [t for t, _ in documents] == [f"homeassistant/select/{client}/page/config"], documents
        document = json.loads(documents[0][1])
        check_document("select", document, prefix, client)
        assert (document["state_topic"], document["command_topic"], document["options"]) == \
            (prefix + "/page", prefix + "/page/set", ["home", "lights"]), document
        home = read_png(os.path.join(frames_dir, frames(frames_dir)[-1]))
        assert (pixel(home, 32, 32), pixel(home, 292, 32)) == (FILL, BACKGROUND), "home: hall drawn, lamp's place empty"

        # What an automation sends through the select: the lights page, drawn whole.
        count = len(frames(frames_dir))
        publish(ctx.broker, prefix + "/page/set", "lights")
        live.wait_for(prefix + "/page", "lights")
        png = latest_after(count)
        assert (pixel(png, 32, 32), pixel(png, 292, 32), pixel(png, 32, 412)) == (BACKGROUND, FILL, FILL), \
            "lights: hall's place empty, lamp and the nav button drawn"
        # A page the panel does not have: said, and nothing changes.
        publish(ctx.broker, prefix + "/page/set", "cellar")
        panel.wait_log(f'mqtt: {prefix}/page/set: {{"ok":false,"error":"no page \\"cellar\\"; pages: home, lights"}}')
        assert live.on(prefix + "/page") == ["home", "lights"], live.on(prefix + "/page")
        assert panel.stop() == 0
    finally:
        live.close()
        if panel.process.poll() is None:
            panel.kill()
    page_lines = [line for line in panel.out.snapshot() if '"event":"page"' in line]
    assert [json.loads(line)["page"] for line in page_lines] == ["lights"], page_lines


SLIDER = """
[slider dimmer]
rect = 100, 100, 400, 60
value_topic = house/dimmer
value_field = brightness
value_scale = 254
on_change = mqtt house/dimmer/set {"brightness_percent":$VALUE}
"""


def a_dimmer_drag_publishes_once_and_echoes_never_move_the_fill(ctx):
    """Issue 26: a slider bound to a lamp's 0-254 brightness. Its retained state is drawn at
    start; while a finger is down, the lamp's echoes do not move the fill; the drag publishes
    once, at the lift, and the value is retained on P/slider/dimmer/value."""
    client = "test-slider"
    prefix = ctx.prefix(client)
    frames_dir = os.path.join(ctx.workdir, "frames-slider")
    clean_directory(frames_dir)
    publish(ctx.broker, "house/dimmer", '{"state":"ON","brightness":127}', retain=True)
    # Down at 80 % of the track, held three seconds, lifted there.
    trace = ctx.write("slider.trace", "3000 down 0 420 130\n6000 up 0 420 130\n7000 end\n")
    commands = Subscriber(ctx.broker, ["house/dimmer/set", prefix + "/slider/dimmer/value",
                                       f"homeassistant/number/{client}/+/config"], client_id="checker-slider")
    panel = Panel(ctx.binary, ctx.config(client, {"client_id": client}, buttons=SLIDER), trace=trace, png_dir=frames_dir)

    def fill_at(x):
        names = frames(frames_dir)
        return pixel(read_png(os.path.join(frames_dir, names[-1])), x, 130) if names else None

    try:
        # 127 of 254: half the track filled (x 100..299), the knob at 300, the rest track.
        wait_until(lambda: fill_at(280) == ON_FILL and fill_at(330) == FILL, 10, "the retained brightness drawn at 50 %")
        commands.wait_for(prefix + "/slider/dimmer/value", "50")
        document = json.loads(commands.on(f"homeassistant/number/{client}/dimmer_value/config")[0])
        check_document("number", document, prefix, client)
        assert (document["min"], document["max"], document["step"], document["mode"]) == (0, 100, 1, "slider"), document
        wait_until(lambda: any('"event":"pressed"' in line for line in panel.out.snapshot()), 10, "the dimmer pressed")
        wait_until(lambda: fill_at(400) == ON_FILL, 5, "the fill following the finger to 80 %")
        # The lamp echoes its old brightness while the finger is down: the fill stays.
        publish(ctx.broker, "house/dimmer", '{"state":"ON","brightness":127}')
        publish(ctx.broker, "house/dimmer", '{"state":"ON","brightness":90}')
        time.sleep(0.5)
        assert fill_at(400) == ON_FILL and fill_at(330) == ON_FILL, "an echo moved the fill while the finger was down"
        commands.wait_for("house/dimmer/set", '{"brightness_percent":80}')
        commands.wait_for(prefix + "/slider/dimmer/value", "80")
        assert fill_at(400) == ON_FILL, "the fill left the lifted finger's value"
        assert panel.wait_exit(20) == 0
    finally:
        commands.close()
        if panel.process.poll() is None:
            panel.kill()
    assert commands.on("house/dimmer/set") == ['{"brightness_percent":80}'], commands.on("house/dimmer/set")
    values = [json.loads(line) for line in panel.out.snapshot() if '"slider"' in line]
    assert [(v["event"], v.get("value")) for v in values] == [("pressed", None), ("released", None), ("value", 80)], values


def tls_with_the_test_ca_and_a_wrong_ca(ctx):
    client = "test-tls"
    prefix = ctx.prefix(client)
    live = Subscriber(ctx.broker, [prefix + "/availability"], tls=True)
    panel = Panel(ctx.binary, ctx.config(client, {"client_id": client, "port": ctx.broker.tls_port,
                                                  "ca_file": ctx.authority.ca_cert}))
    try:
        panel.wait_log(f"mqtt: connected to 127.0.0.1:{ctx.broker.tls_port} as {client}")
        live.wait_for(prefix + "/availability", "online")
        assert panel.stop() == 0
        live.wait_for(prefix + "/availability", "offline")
    finally:
        live.close()
        if panel.process.poll() is None:
            panel.kill()

    wrong = Panel(ctx.binary, ctx.config("test-wrong-ca", {"client_id": "test-wrong-ca", "port": ctx.broker.tls_port,
                                                          "ca_file": ctx.other_authority.ca_cert}),
                  trace=ctx.gesture_trace)
    assert wrong.wait_exit(30) == 0
    log = wrong.err.snapshot()
    failures = [line for line in log if f"mqtt: cannot connect to 127.0.0.1:{ctx.broker.tls_port}" in line
                or f"mqtt: connection to 127.0.0.1:{ctx.broker.tls_port} lost" in line]
    assert failures and all("certificate verify failed" in line and "retrying in" in line for line in failures), log
    assert not any("mqtt: connected" in line for line in log), log
    assert wrong.out.snapshot() == ctx.gesture_reference, "stdout differs from the run without [mqtt]"


def outage(ctx, client, queue_events):
    """The broker stopped mid-run and started again; returns (stdout, events received, the
    messages on P/dropped, the panel's log)."""
    prefix = ctx.prefix(client)
    trace = ctx.write(client + ".trace", lights_taps(250, 15000))
    checker = Subscriber(ctx.broker, [prefix + "/button/+/event", prefix + "/dropped"], client_id="checker-" + client)
    panel = Panel(ctx.binary, ctx.config(client, {"client_id": client, "queue": queue_events}), trace=trace)
    try:
        wait_until(lambda: len(checker.on(prefix + "/button/lights/event")) >= 15, 15, "15 events before the stop")
        ctx.broker.stop()
        at_stop = len(panel.out.snapshot())
        wait_until(lambda: len(panel.out.snapshot()) >= at_stop + 30, 15, "30 event lines while the broker is away")
        ctx.broker.start()
        assert panel.wait_exit(30) == 0
        stdout = panel.out.snapshot()
        wait_until(lambda: panel.log_has("mqtt: connected") and len(checker.messages()) > 0, 5, "a reconnect")
        return stdout, checker, panel.err.snapshot(), prefix
    except BaseException:
        checker.close()
        if panel.process.poll() is None:
            panel.kill()
        raise


def the_broker_restarting_loses_nothing_and_keeps_the_order(ctx):
    stdout, checker, log, prefix = outage(ctx, "test-outage", 100)
    try:
        wait_until(lambda: len(checker.on(prefix + "/button/lights/event")) >= len(stdout), 20,
                   f"all {len(stdout)} events at the checker")
        received = checker.on(prefix + "/button/lights/event")
        assert received == stdout, f"{len(received)} events received of {len(stdout)}, or out of order"
        assert checker.on(prefix + "/dropped") == []
        assert sum(f"mqtt: connected to 127.0.0.1:{ctx.broker.port}" in line for line in log) == 2, log
        lost = [line for line in log if f"mqtt: connection to 127.0.0.1:{ctx.broker.port} lost" in line]
        assert len(lost) == 1 and "retrying in" in lost[0], log
        print(f"  {len(stdout)} events, all delivered in order; the panel logged: {lost[0].removeprefix('touchpanel: ')}")
    finally:
        checker.close()


def a_full_queue_drops_the_oldest_and_says_how_many(ctx):
    stdout, checker, log, prefix = outage(ctx, "test-overflow", 2)
    try:
        wait_until(lambda: checker.on(prefix + "/dropped"), 20, "a message on dropped")
        dropped_messages = checker.on(prefix + "/dropped")
        assert len(dropped_messages) == 1, dropped_messages
        dropped = json.loads(dropped_messages[0])["dropped"]
        assert dropped >= 30 - 2, f"only {dropped} dropped"
        wait_until(lambda: len(checker.on(prefix + "/button/lights/event")) >= len(stdout) - dropped, 20,
                   "the events that were kept")
        received = checker.on(prefix + "/button/lights/event")
        assert len(received) == len(stdout) - dropped, f"{len(received)} received, {dropped} dropped, {len(stdout)} lines"
        # What is missing is one run of consecutive lines: the oldest of the outage.
        start = next(i for i, (a, b) in enumerate(zip(received + [None], stdout)) if a != b)
        assert received == stdout[:start] + stdout[start + dropped:], "the received events are not stdout less one run"
        line = f"mqtt: {dropped} events dropped while 127.0.0.1:{ctx.broker.port} was away (queue = 2)"
        assert any(line in entry for entry in log), log
        print(f"  queue = 2: {dropped} of {len(stdout)} events dropped and counted, the rest delivered in order")
    finally:
        checker.close()


def a_broker_that_never_answers_is_given_up_and_the_panel_goes_on(ctx):
    hole = BlackHole()
    trace = ctx.write("black-hole.trace", lights_taps(500, 12000))
    reference = ctx.reference_lines(trace)
    panel = Panel(ctx.binary, ctx.config("test-black-hole", {"client_id": "test-black-hole", "port": hole.port}),
                  trace=trace)
    try:
        assert panel.wait_exit(40) == 0
    finally:
        hole.close()
    log = panel.err.snapshot()
    assert any(f"mqtt: no answer from 127.0.0.1:{hole.port} within 10 s; retrying in" in line for line in log), log
    assert panel.out.snapshot() == reference, "stdout differs from the run without [mqtt]"
    # Every event line came when its touch did: none waited for the broker.
    late_ms = max((arrived - panel.started) * 1000 - json.loads(line)["t_ms"]
                  for line, arrived in zip(panel.out.lines, panel.out.times))
    assert late_ms < 1000, f"an event line came {late_ms:.0f} ms after its time"
    print(f"  {len(reference)} event lines as without a broker; the latest came {late_ms:.0f} ms after its touch "
          "(process start included)")


def a_wrong_password_is_logged_and_retried_with_back_off(ctx):
    trace = ctx.write("wrong-password.trace", lights_taps(500, 5000))
    reference = ctx.reference_lines(trace)
    panel = Panel(ctx.binary, ctx.config("test-password", {"client_id": "test-password",
                                                           "password_file": ctx.wrong_password_file}), trace=trace)
    assert panel.wait_exit(30) == 0
    log = panel.err.snapshot()
    refusals = [line for line in log if f"mqtt: 127.0.0.1:{ctx.broker.port} refused the connection:" in line]
    assert len(refusals) >= 2, log
    waits = [float(re.search(r"retrying in ([0-9.]+) s", line).group(1)) for line in refusals]
    assert 0.75 <= waits[0] <= 1.25 and 1.5 <= waits[1] <= 2.5, f"waits {waits}"
    assert panel.out.snapshot() == reference, "stdout differs from the run without [mqtt]"
    print(f"  {refusals[0].removeprefix('touchpanel: ')}")


def a_message_over_max_message_kb_stays_at_the_broker(ctx):
    """MQTT 5's Maximum Packet Size in the panel's CONNECT: mosquitto drops a 64 MiB retained
    message on a topic the panel subscribes to instead of sending it, so it costs the panel no
    memory (libmosquitto would read it whole before the panel's own check could drop it). A
    payload of exactly max_message_kb still arrives; one a byte longer fits the packet size
    (which leaves room for topic and properties) and is dropped by the panel on arrival."""
    client = "test-oversize"
    prefix = ctx.prefix(client)
    topic = prefix + "/button/heat/label/set"
    limit = 64 * 1024  # max_message_kb's default
    big = ctx.write_bytes("big.payload", b"x" * (64 * 1024 * 1024))
    at_limit = ctx.write_bytes("at-limit.payload", b"x" * limit)
    over_limit = ctx.write_bytes("over-limit.payload", b"x" * (limit + 1))
    with open(ctx.broker.log_path, "rb") as log:
        broker_log_start = len(log.read())
    publish_file(ctx.broker, topic, big, retain=True)
    live = Subscriber(ctx.broker, [prefix + "/button/heat/label"])
    panel = Panel(ctx.binary, ctx.config(client, {"client_id": client}))
    try:
        panel.wait_log(f"mqtt: connected to 127.0.0.1:{ctx.broker.port} as {client}")
        # The panel publishes its state after subscribing: once the broker passed the state on,
        # it has handled the subscription and with it the retained message.
        live.wait_for(prefix + "/button/heat/label", "Heat")
        publish_file(ctx.broker, topic, at_limit)
        panel.wait_log(f"mqtt: {topic}: label longer than 128 characters")
        publish_file(ctx.broker, topic, over_limit)
        panel.wait_log(f"mqtt: a message of {limit + 1} bytes on {topic} dropped: over max_message_kb 64")
        peak_kib = peak_rss_kib(panel.process.pid)
        with open(ctx.broker.log_path, "rb") as log:
            broker_log = log.read()[broker_log_start:].decode("utf-8", "replace")
        dropped = re.findall(rf"Dropping too large outgoing PUBLISH for {client} \((\d+) bytes\)", broker_log)
        big_at_panel = [line for line in panel.err.snapshot() if "a message of 67108864 bytes" in line]
        print(f"  mosquitto dropped {dropped} bytes for {client}; the panel's peak RSS {peak_kib / 1024:.1f} MiB",
              flush=True)
        assert len(dropped) == 1 and int(dropped[0]) > 64 * 1024 * 1024, \
            f"mosquitto logged no drop of the 64 MiB message for {client}: {dropped}; the panel logged {big_at_panel}"
        assert not big_at_panel, big_at_panel
        assert peak_kib < 32 * 1024, f"the panel's peak RSS is {peak_kib} KiB"
        assert panel.stop() == 0
    finally:
        live.close()
        publish(ctx.broker, topic, None, retain=True)
        if panel.process.poll() is None:
            panel.kill()


class ScreenSubscriber:
    """mosquitto_sub on `P/screen`, each message's arrival (Unix time) and payload as hex: a PNG
    is no line of text."""

    def __init__(self, broker, topic):
        command = ["stdbuf", "-oL", "mosquitto_sub", "-h", "127.0.0.1", "-p", str(broker.port), "-u", broker.USER,
                   "-P", broker.PASSWORD, "-q", "1", "-F", "%U\t%r\t%x", "-t", topic]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.lines = []
        import threading
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.append(line.decode().rstrip("\n"))

    def pictures(self):
        """(arrival s, retained, PNG bytes) for each message so far."""
        found = []
        for line in list(self.lines):
            when, retained, payload = line.split("\t", 2)
            found.append((float(when), retained == "1", bytes.fromhex(payload)))
        return found

    def close(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(5)
        self.thread.join(5)


def png_rows(ctx, name, data):
    return read_png(ctx.write_bytes(name, data))


def the_screen_goes_to_the_broker_as_the_board_draws_it(ctx):
    """Issue 47: with `mirror = yes` the panel publishes what it shows on P/screen, retained:
    the same pixels as the simulated board's own frame; a flood of changes (a label set 30
    times in about 3 s) gives at most one picture every mirror_min_s; taps on P/screen/tap do
    nothing while mirror_taps is off."""
    client = "test-mirror"
    prefix = ctx.prefix(client)
    frames_dir = os.path.join(ctx.workdir, "frames-mirror")
    clean_directory(frames_dir)
    screen = ScreenSubscriber(ctx.broker, prefix + "/screen")
    live = Subscriber(ctx.broker, [prefix + "/button/+/label", "homeassistant/image/" + client + "/+/config"])
    panel = Panel(ctx.binary, ctx.config(client, {"client_id": client, "mirror": "yes", "mirror_min_s": 2}),
                  png_dir=frames_dir)
    try:
        wait_until(lambda: len(screen.pictures()) >= 1, 15, "a first picture on P/screen")
        first = png_rows(ctx, "mirror-first.png", screen.pictures()[0][2])
        board = read_png(os.path.join(frames_dir, frames(frames_dir)[-1]))
        assert first == board, "the picture on P/screen differs from the board's frame"
        documents = [json.loads(p) for _, t, p in live.messages() if t.startswith("homeassistant/")]
        assert [(d["image_topic"], d["content_type"]) for d in documents] == [(prefix + "/screen", "image/png")], documents

        flood_began = time.time()
        for n in range(30):
            publish(ctx.broker, prefix + "/button/heat/label/set", f"Heat {n}")
            time.sleep(0.1)
        live.wait_for(prefix + "/button/heat/label", "Heat 29")
        flood_ended = time.time()
        # The last change goes out within a rest and a few turns of it.
        wait_until(lambda: png_rows(ctx, "mirror-last.png", screen.pictures()[-1][2]) ==
                   read_png(os.path.join(frames_dir, frames(frames_dir)[-1])), 10,
                   "a picture on P/screen equal to the board's last frame")
        arrivals = [when for when, _, _ in screen.pictures()]
        gaps = [b - a for a, b in zip(arrivals, arrivals[1:])]
        during = [when for when in arrivals if flood_began <= when <= flood_ended + 2.5]
        print(f"  mirror: {len(arrivals)} pictures, {len(during)} during a flood of 30 labels in "
              f"{flood_ended - flood_began:.1f} s; gaps {[round(g, 2) for g in gaps]} s; "
              f"{len(screen.pictures()[-1][2])} bytes", flush=True)
        assert all(gap >= 1.9 for gap in gaps), f"pictures closer than mirror_min_s = 2: {gaps}"
        assert 1 <= len(during) <= (flood_ended + 2.5 - flood_began) / 2 + 1, during

        # Taps are off: the topic is not even subscribed, and nothing happens.
        publish(ctx.broker, prefix + "/screen/tap", '{"x":400,"y":100}')
        time.sleep(0.5)
        assert not any('"button":"lights"' in line for line in panel.out.snapshot()), panel.out.snapshot()
        assert panel.stop() == 0
        kept = subprocess.run(["mosquitto_sub", "-h", "127.0.0.1", "-p", str(ctx.broker.port), "-u", ctx.broker.USER,
                               "-P", ctx.broker.PASSWORD, "--retained-only", "-W", "2", "-F", "%x", "-t", prefix + "/screen"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=15).stdout.decode().split()
        assert [bytes.fromhex(h) for h in kept] == [screen.pictures()[-1][2]], "P/screen does not keep the last picture"
    finally:
        screen.close()
        live.close()
        publish(ctx.broker, prefix + "/screen", None, retain=True)
        if panel.process.poll() is None:
            panel.kill()


def a_tap_from_the_dashboard_taps_the_panel_but_never_a_jog_button(ctx):
    """`mirror_taps = yes`: `{"x":..,"y":..}` on P/screen/tap is a tap there, with its event
    lines; a hold-to-run button is refused and logged."""
    client = "test-mirror-taps"
    prefix = ctx.prefix(client)
    buttons = BUTTONS + "\n[button jog]\nrect = 20, 240, 240, 200\non_press = emit\non_release = emit\n"
    panel = Panel(ctx.binary, ctx.config(client, {"client_id": client, "mirror": "yes", "mirror_taps": "yes"},
                                         buttons=buttons))
    try:
        panel.wait_log(f"mqtt: connected to 127.0.0.1:{ctx.broker.port} as {client}")
        time.sleep(0.3)
        publish(ctx.broker, prefix + "/screen/tap", '{"x":400,"y":100}')
        wait_until(lambda: any('"button":"lights","event":"tap"' in line for line in panel.out.snapshot()), 10,
                   "a tap on lights from P/screen/tap")
        publish(ctx.broker, prefix + "/screen/tap", '{"x":100,"y":300}')
        panel.wait_log(f"mqtt: {prefix}/screen/tap: tap at 100,300 refused: [button jog] is hold-to-run: "
                       "taps from outside never run it")
        assert not any('"button":"jog"' in line for line in panel.out.snapshot()), panel.out.snapshot()
        assert panel.stop() == 0
    finally:
        publish(ctx.broker, prefix + "/screen", None, retain=True)
        if panel.process.poll() is None:
            panel.kill()


def signed_config(ctx, key, topic, sequence, config_bytes):
    """A pushed config's payload (PushedConfigMessage): the envelope line with the base64 of
    the Ed25519 signature over `touchpanel-config 1 SEQUENCE TOPIC\\n` and the config, made
    with openssl as a fleet's owner could."""
    signed = ctx.write_bytes("to-sign", f"touchpanel-config 1 {sequence} {topic}\n".encode() + config_bytes)
    signature = subprocess.run(["openssl", "pkeyutl", "-sign", "-inkey", key, "-rawin", "-in", signed],
                               stdout=subprocess.PIPE, check=True).stdout
    assert len(signature) == 64, len(signature)
    return f"touchpanel-config 1 {sequence} {base64.b64encode(signature).decode()}\n".encode() + config_bytes


def a_pushed_config_runs_is_kept_across_a_restart_and_refusals_change_nothing(ctx):
    """Issue 48: a config pushed over the broker, signed by the trusted key, runs as a reload
    would and is kept in the state directory; a wrong key, an older sequence and a change to
    [mqtt] change nothing, each said on P/config; restarted with the broker gone, the panel runs
    the pushed config it kept."""
    client = "test-fleet"
    prefix = ctx.prefix(client)
    keys = {}
    for name in ("fleet", "stranger"):
        keys[name] = os.path.join(ctx.workdir, f"{name}.pem")
        subprocess.run(["openssl", "genpkey", "-algorithm", "ed25519", "-out", keys[name]], check=True)
    public = os.path.join(ctx.workdir, "fleet.pub")
    subprocess.run(["openssl", "pkey", "-in", keys["fleet"], "-pubout", "-out", public], check=True)
    state = os.path.join(ctx.workdir, "fleet-state")
    clean_directory(state)
    path = ctx.config(client, {"client_id": client})
    fleet = f"\n[fleet]\ngroups = floor1\naccept_config = yes\ntrust_key = {public}\n"
    with open(path, "a") as file:
        file.write(fleet)
    local = open(path, "rb").read()
    topic = f"touchpanel/config/{client}"
    pushed = local.replace(b"label = Play", b"label = Pause")
    env = {"STATE_DIRECTORY": state}
    live = Subscriber(ctx.broker, [prefix + "/config", prefix + "/button/play/label"])
    panel = Panel(ctx.binary, path, env=env)

    def report():
        return json.loads(live.on(prefix + "/config")[-1])

    def wait_report(check, what):
        wait_until(lambda: live.on(prefix + "/config") and check(report()), 10, what)
        return report()

    try:
        first = wait_report(lambda r: True, "P/config")
        assert (first["hash"], first["source"], first["sequence"], first["groups"], first["push"]) == \
            (hashlib.sha256(local).hexdigest(), "local", 0, ["floor1"], None), first
        publish_file(ctx.broker, topic, ctx.write_bytes("push-1", signed_config(ctx, keys["fleet"], topic, 1000, pushed)), retain=True)
        applied = wait_report(lambda r: r["source"] == "pushed", "the pushed config to run")
        assert (applied["hash"], applied["sequence"], applied["topic"], applied["push"]["result"], applied["push"]["hash"]) == \
            (hashlib.sha256(pushed).hexdigest(), 1000, topic, "applied", hashlib.sha256(pushed).hexdigest()), applied
        live.wait_for(prefix + "/button/play/label", "Pause")
        kept = open(os.path.join(state, "pushed-config"), "rb").read()
        assert kept.startswith(topic.encode() + b"\ntouchpanel-config 1 1000 "), kept[:80]

        # Signed by a key the panel does not trust: refused, the running config stays.
        other = pushed.replace(b"label = Pause", b"label = Stop")
        publish_file(ctx.broker, topic, ctx.write_bytes("push-2", signed_config(ctx, keys["stranger"], topic, 1001, other)), retain=True)
        refused = wait_report(lambda r: r["push"]["sequence"] == 1001, "the stranger's config refused")
        assert (refused["hash"], refused["push"]["result"], refused["push"]["error"]) == \
            (applied["hash"], "refused", "not signed by the trusted key: the signature does not match the trusted key"), refused
        # An older sequence, rightly signed: logged, nothing changes.
        publish_file(ctx.broker, topic, ctx.write_bytes("push-3", signed_config(ctx, keys["fleet"], topic, 999, other)), retain=True)
        panel.wait_log(f"fleet: ignored the config on {topic}: its sequence 999 is not newer than the running one's (1000)")
        # A change to [mqtt] (the broker link stays the local file's): refused, naming it.
        changed = pushed.replace(b"[mqtt]\n", b"[mqtt]\nkeepalive_s = 30\n")
        publish_file(ctx.broker, topic, ctx.write_bytes("push-4", signed_config(ctx, keys["fleet"], topic, 1002, changed)), retain=True)
        refused = wait_report(lambda r: r["push"]["sequence"] == 1002, "the [mqtt] change refused")
        assert (refused["hash"], refused["push"]["result"], refused["push"]["error"]) == \
            (applied["hash"], "refused",
             "[mqtt] differs from the local file's: a pushed config keeps the panel's own (allow = mqtt in the local [fleet] lets it change)"), refused
        assert live.on(prefix + "/button/play/label") == ["Play", "Pause"], live.on(prefix + "/button/play/label")
        assert panel.stop() == 0
    finally:
        live.close()
        if panel.process.poll() is None:
            panel.kill()

    # A reboot without the broker: the kept config runs.
    ctx.broker.stop()
    panel = Panel(ctx.binary, path, env=env)
    try:
        panel.wait_log(f"fleet: running the config pushed on {topic} (sequence 1000), kept in {state}/pushed-config")
        ctx.broker.start()
        state_now = retained(ctx.broker, [prefix + "/config", prefix + "/button/play/label"], wait_s=4)
        wait_until(lambda: json.loads(retained(ctx.broker, [prefix + "/config"]).get(prefix + "/config", "{}")).get("source") == "pushed",
                   15, "P/config after the broker came back")
        assert retained(ctx.broker, [prefix + "/button/play/label"])[prefix + "/button/play/label"] == "Pause", state_now
        assert panel.stop() == 0
    finally:
        if panel.process.poll() is None:
            panel.kill()


FLEET_PAGES = """
[page one]
[page two]

[button hall]
page = one
rect = 20, 20, 240, 200
label = Hall
on_tap = emit

[button lamp]
page = two
rect = 280, 20, 240, 200
label = Lamp
on_tap = emit
"""
HEALTH_KEYS = ["version", "config_hash", "uptime_s", "touches", "touch_p99_ms", "dropped", "anon_kb", "cpu_temp_c",
               "last_error"]


def a_group_command_reaches_each_panel_of_the_group_and_no_other(ctx):
    """Issue 48: three panels of a fleet, two in group floor1. One message on
    touchpanel/group/floor1/page/set shows page two on both, and the third, in floor2, stays on
    page one; the label's short form reaches the same two. Each says its health on P/health and
    its versions on P/update, retained; an announced latest version reaches P/update."""
    clients = ["test-fleet-a", "test-fleet-b", "test-fleet-c"]
    groups = ["floor1, all", "floor1", "floor2"]
    prefixes = [ctx.prefix(client) for client in clients]
    with open(os.path.join(os.path.dirname(__file__), "..", "..", "Sources", "PanelEngine", "Engine",
                           "SoftwareVersion.swift")) as file:
        version = re.search(r'text: StaticString = "([^"]+)"', file.read()).group(1)
    topics = [prefix + "/" + level for prefix in prefixes for level in ("page", "health", "update", "reply", "button/hall/label")]
    live = Subscriber(ctx.broker, topics)
    panels = []
    hashes = {}
    try:
        for client, group, prefix in zip(clients, groups, prefixes):
            config = ctx.config(client, {"client_id": client, "discovery": "no"},
                                buttons=FLEET_PAGES + f"\n[fleet]\ngroups = {group}\n")
            # P/health's config_hash is P/config's: the SHA-256 of the config file's bytes.
            hashes[prefix] = hashlib.sha256(open(config, "rb").read()).hexdigest()
            panels.append(Panel(ctx.binary, config))
        # Health goes out after the subscriptions are made: each panel now takes its groups.
        for prefix in prefixes:
            wait_until(lambda: live.on(prefix + "/health"), 10, f"{prefix}/health")
            health = json.loads(live.on(prefix + "/health")[0], object_pairs_hook=lambda pairs: pairs)
            assert [key for key, _ in health] == HEALTH_KEYS, health
            health = dict(health)
            assert (health["version"], health["config_hash"], health["touches"], health["touch_p99_ms"], health["dropped"],
                    health["last_error"]) == (version, hashes[prefix], 0, 0, 0, None), health
            assert 0 <= health["uptime_s"] <= 10 and health["anon_kb"] > 100, health
            thermal = "/sys/class/thermal/thermal_zone0/temp"
            assert (health["cpu_temp_c"] is None) == (not os.path.exists(thermal)), health
            assert live.on(prefix + "/update") == [json.dumps({"installed_version": version, "latest_version": version},
                                                              separators=(",", ":"))], live.on(prefix + "/update")
            live.wait_for(prefix + "/page", "one")
        assert all(retained(ctx.broker, [prefix + "/health"]).get(prefix + "/health") for prefix in prefixes), "not retained"

        publish(ctx.broker, "touchpanel/group/floor1/page/set", "two")
        publish(ctx.broker, "touchpanel/group/floor1/label/hall/set", "Hall 1")
        for prefix in prefixes[:2]:
            live.wait_for(prefix + "/page", "two")
            live.wait_for(prefix + "/button/hall/label", "Hall 1")
        # The third panel answers a command of its own sent after the group's: it has had its
        # chance at the group's messages, and changed nothing.
        publish(ctx.broker, prefixes[2] + "/command", "label lamp Lamp")
        live.wait_for(prefixes[2] + "/reply", '{"ok":true}')
        assert live.on(prefixes[2] + "/page") == ["one"], live.on(prefixes[2] + "/page")
        assert live.on(prefixes[2] + "/button/hall/label") == ["Hall"], live.on(prefixes[2] + "/button/hall/label")
        # A group command's reply is the panel's own.
        publish(ctx.broker, "touchpanel/group/all/command", "page one")
        live.wait_for(prefixes[0] + "/reply", '{"ok":true}')
        live.wait_for(prefixes[0] + "/page", "one")
        assert live.on(prefixes[1] + "/reply") == [], live.on(prefixes[1] + "/reply")

        publish(ctx.broker, "touchpanel/latest", "9.9.9", retain=True)
        for prefix in prefixes:
            live.wait_for(prefix + "/update", json.dumps({"installed_version": version, "latest_version": "9.9.9"},
                                                         separators=(",", ":")))
        for panel in panels:
            assert panel.stop() == 0
    finally:
        publish(ctx.broker, "touchpanel/latest", None, retain=True)
        live.close()
        for panel in panels:
            if panel.process.poll() is None:
                panel.kill()
    for panel in panels[:2]:
        pages = [json.loads(line)["page"] for line in panel.out.snapshot() if '"event":"page"' in line]
        assert pages[:1] == ["two"], pages
    assert not any('"event":"page"' in line for line in panels[2].out.snapshot()), panels[2].out.snapshot()


SCENARIOS = [
    discovery_documents_and_retained_state,
    a_double_tap_is_one_double_tap_and_events_match_stdout,
    the_last_will_says_offline_when_the_panel_dies,
    a_killed_panel_with_a_command_still_running_says_offline_at_once,
    commands_change_what_is_drawn_and_state_comes_back,
    a_bound_button_shows_its_device_and_commands_it_once,
    p_page_set_changes_the_drawn_page_and_home_assistant_gets_a_select,
    a_dimmer_drag_publishes_once_and_echoes_never_move_the_fill,
    tls_with_the_test_ca_and_a_wrong_ca,
    the_broker_restarting_loses_nothing_and_keeps_the_order,
    a_reload_clears_the_discovery_documents_of_what_it_removed,
    a_full_queue_drops_the_oldest_and_says_how_many,
    a_broker_that_never_answers_is_given_up_and_the_panel_goes_on,
    a_wrong_password_is_logged_and_retried_with_back_off,
    a_message_over_max_message_kb_stays_at_the_broker,
    the_screen_goes_to_the_broker_as_the_board_draws_it,
    a_tap_from_the_dashboard_taps_the_panel_but_never_a_jog_button,
    a_pushed_config_runs_is_kept_across_a_restart_and_refusals_change_nothing,
    a_group_command_reaches_each_panel_of_the_group_and_no_other,
]


def main():
    binary, workdir = sys.argv[1], sys.argv[2]
    wanted = sys.argv[3:]
    passed = failed = 0
    try:
        ctx = Context(binary, workdir)
    except Exception:
        traceback.print_exc()
        print("0 passed, 1 failed")
        return 1
    try:
        for scenario in SCENARIOS:
            if wanted and scenario.__name__ not in wanted:
                continue
            try:
                if ctx.broker.process is None:
                    ctx.broker.start()
                scenario(ctx)
                print(f"ok {scenario.__name__}", flush=True)
                passed += 1
            except Exception as error:
                detail = str(error) or traceback.format_exc()
                print(f"FAIL {scenario.__name__}: {detail}", flush=True)
                failed += 1
    finally:
        ctx.broker.stop()
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
