#!/usr/bin/env python3
"""The Home Assistant tier: the panel on the simulated board against a real Home Assistant
(installed by setup.sh), all on loopback, in two parts with a Home Assistant each. Here, with
Debian's mosquitto: Home Assistant reads the panel's discovery documents through its own MQTT
integration; the checks read what it made of them (device and entity registries, states, its
log) and drive the panel through its services. In entities.py (scenarios entity_*): the panel
speaks Home Assistant's websocket API itself, bound to entities that are not on MQTT.
Usage: run.py TOUCHPANEL WORKDIR [SCENARIO...]. Prints `ok NAME` or `FAIL NAME: why` per
scenario and ends with `N passed, M failed`. Python's standard library only."""

import json
import os
import signal
import sys
import time
import traceback
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "MQTT"))
from harness import (Broker, Panel, Subscriber, clean_directory, frames, pixel, publish, read_png,  # noqa: E402
                     region, retained, wait_until)
import entities  # noqa: E402
from hass import HomeAssistant, poll  # noqa: E402
from websocket import Session  # noqa: E402

CLIENT = "ha-panel"           # the panel's client_id, so its discovery node id too
DEVICE = "Test panel"         # [mqtt] name: the device's name, so the prefix of entity ids
SLUG = "test_panel"
PREFIX = f"touchpanel/{CLIENT}"

ON_FILL = (0x2E, 0x7D, 0x32)
FILL = (0x2A, 0x2E, 0x33)
HEAT_RECT = (540, 20, 240, 200)

# Labels equal to the button names: the entity names stay the same whether Home Assistant's
# name comes from the name (now) or from the label (the `title` feature's default).
BUTTONS = {
    "play": """
[button play]
rect = 20, 20, 240, 200
label = play
on_tap = emit
on_double_tap = emit
on_long_press = emit
""",
    "lights": """
[button lights]
rect = 280, 20, 240, 200
label = lights
on_tap = emit
""",
    "heat": """
[button heat]
rect = 540, 20, 240, 200
label = heat
latch = yes
on_tap = emit
""",
}

# Gestures on play from 5 s on: Home Assistant needs a moment after the panel connects to
# make its entities from the discovery documents, and an event before that would be lost.
GESTURE_TRACE = """5000 down 0 100 100
5060 up 0 100 100
5180 down 0 105 102
5240 up 0 105 102
6500 down 0 100 100
6560 up 0 100 100
7500 down 1 110 110
8200 up 1 110 110
3600000 end
"""
EXPECTED_GESTURES = [("double_tap", 2, 5240), ("single_tap", 1, 6810), ("long_press", 1, 8000)]


def entity_names(buttons, backlight=True):
    """{entity_id: original_name} that discovery of `buttons` gives, as Home Assistant names
    them: DOMAIN.DEVICE_NAME, its entity name given by the document."""
    names = {}
    for button in buttons:
        names[f"event.{SLUG}_{button}"] = button
        if button == "heat":
            names[f"switch.{SLUG}_{button}"] = button
        names[f"text.{SLUG}_{button}_label"] = f"{button} label"
        names[f"switch.{SLUG}_{button}_enabled"] = f"{button} enabled"
    if backlight:
        names[f"light.{SLUG}_backlight"] = "Backlight"
    return names


class MQTTHomeAssistant(HomeAssistant):
    """Home Assistant with its MQTT integration (added by `add_mqtt`), the lamp and the
    automations of the round trip, recording every state_changed over its websocket API."""

    def __init__(self, directory, broker):
        super().__init__(directory, """automation: !include automations.yaml
input_boolean:
  lamp:
    name: Lamp
    initial: false
logger:
  default: warning
  logs:
    homeassistant.components.mqtt: debug
""", {"automations.yaml": AUTOMATIONS})
        self.broker = broker
        self.ws = None

    def onboard(self):
        super().onboard()
        self.ws = Session(self.port, self.token)
        self.ws.call("subscribe_events", event_type="state_changed")

    def add_mqtt(self):
        flow = self.http("POST", "/api/config/config_entries/flow", {"handler": "mqtt"})
        assert flow.get("step_id") == "broker", f"the MQTT config flow began with {flow}"
        entry = self.http("POST", f"/api/config/config_entries/flow/{flow['flow_id']}",
                          {"broker": "127.0.0.1", "port": self.broker.port, "username": Broker.USER,
                           "password": Broker.PASSWORD})
        assert entry.get("type") == "create_entry", f"the MQTT config flow ended with {entry}"

    def device(self):
        """The panel's device in the registry, or None."""
        for device in self.ws.call("config/device_registry/list"):
            if ["mqtt", CLIENT] in device["identifiers"]:
                return device
        return None

    def entities(self):
        """{entity_id: registry entry} of the panel's device."""
        device = self.device()
        if device is None:
            return {}
        return {entry["entity_id"]: entry for entry in self.ws.call("config/entity_registry/list")
                if entry["device_id"] == device["id"]}

    def stop(self):
        if self.ws:
            self.ws.close()
        super().stop()


# The round trip: the lamp button's event entity toggles input_boolean.lamp, whose state goes
# back to the panel on house/lamp/state. not_from unavailable: an event entity's state returns
# to its last event's time at every reconnect; not_to unknown/unavailable: the entity's
# creation and the panel going away are no taps.
AUTOMATIONS = f"""- id: panel_lamp_tap
  alias: Panel lamp button toggles the lamp
  mode: queued
  triggers:
    - trigger: state
      entity_id: event.{SLUG}_lamp
      not_from: unavailable
      not_to: [unavailable, unknown]
  actions:
    - action: input_boolean.toggle
      target:
        entity_id: input_boolean.lamp
- id: lamp_state_to_panel
  alias: Lamp state to the panel
  mode: queued
  triggers:
    - trigger: state
      entity_id: input_boolean.lamp
      to: [\"on\", \"off\"]
  actions:
    - action: mqtt.publish
      data:
        topic: house/lamp/state
        payload: "{{{{ 'ON' if trigger.to_state.state == 'on' else 'OFF' }}}}"
        retain: true
        qos: 1
"""


class Context:
    def __init__(self, binary, workdir):
        self.binary = binary
        self.workdir = workdir
        broker_dir = os.path.join(workdir, "broker")
        os.makedirs(broker_dir)
        self.broker = Broker(broker_dir)
        self.broker.start()
        self.password_file = self.write("panel-password", Broker.PANEL_PASSWORD + "\n")
        os.chmod(self.password_file, 0o600)
        self.panel = None
        self.panels = []
        self.ready_s = float("nan")   # how long HA took to make the entities, for messages
        self.ha = MQTTHomeAssistant(os.path.join(workdir, "ha"), self.broker)
        started = time.monotonic()
        try:
            self.ha.start()
            self.ha.onboard()
            status = Subscriber(self.broker, ["homeassistant/status"])
            try:
                self.ha.add_mqtt()
                # Home Assistant says online once it is connected and subscribed to discovery.
                status.wait_for("homeassistant/status", "online", timeout_s=60)
            finally:
                status.close()
        except BaseException:
            self.close()
            raise
        print(f"  Home Assistant ready with MQTT in {time.monotonic() - started:.1f} s", flush=True)

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

    def config(self, name, buttons, backlight=True):
        text = "[display]\nwidth = 800\nheight = 480\n\n[touch]\nmulti_tap_ms = 250\nlong_press_ms = 500\n\n"
        text += "[controller]\nmodel = ft5406\n" + "".join(buttons)
        if backlight:
            text += "\n[backlight]\ndim_after_s = 600\noff_after_s = 1200\n"
        text += (f"\n[mqtt]\nhost = 127.0.0.1\nport = {self.broker.port}\nclient_id = {CLIENT}\n"
                 f"username = {Broker.PANEL_USER}\npassword_file = {self.password_file}\nname = {DEVICE}\n")
        return self.write(name + ".ini", text)

    def new_panel(self, config, **options):
        panel = Panel(self.binary, config, **options)
        self.panels.append(panel)
        return panel

    def start_panel(self, config, trace=None, png_dir=None):
        panel = self.new_panel(config, trace=trace, png_dir=png_dir)
        try:
            panel.wait_log(f"mqtt: connected to 127.0.0.1:{self.broker.port} as {CLIENT}")
        except AssertionError:
            if panel.process.poll() is None:
                panel.kill()
            raise AssertionError(f"the panel did not connect: {panel.err.snapshot()[-5:]}")
        return panel

    def stop_panel(self):
        if self.panel and self.panel.process.poll() is None:
            self.panel.kill()
        self.panel = None

    def close(self):
        self.stop_panel()
        # Each panel's log, for a failure's post-mortem: WORKDIR/panel-N.log.
        for number, panel in enumerate(self.panels, 1):
            with open(os.path.join(self.workdir, f"panel-{number}.log"), "w") as file:
                file.write("\n".join(panel.err.snapshot()) + "\n")
        self.ha.stop()
        self.broker.stop()


def states_of(ha, entity_ids):
    return {entity_id: (ha.state(entity_id) or {}).get("state") for entity_id in entity_ids}


def wait_states(ha, entity_ids, predicate, what, timeout_s=15):
    seen = {}

    def check():
        seen.update(states_of(ha, entity_ids))
        return all(predicate(state) for state in seen.values())
    try:
        poll(check, timeout_s, what)
    except AssertionError as error:
        raise AssertionError(f"{error}: {seen}")


def events_of(ha, entity_id):
    """(event_type, attributes) of each event the event entity recorded. Its state is the time
    of its last event (in ms: two events can share it), and availability coming back restores
    that state and its attributes, so an event is a new (state, t_ms, event_type)."""
    found = []
    seen = set()
    for state in ha.ws.state_changes(entity_id):
        if state is None or state["state"] in ("unknown", "unavailable"):
            continue
        attributes = state["attributes"]
        key = (state["state"], attributes.get("t_ms"), attributes.get("event_type"))
        if key not in seen:
            seen.add(key)
            found.append((attributes.get("event_type"), attributes))
    return found


def latest_frame_after(directory, count, predicate, what, timeout_s=10):
    """The first frame after frame number `count` for which `predicate(png)` holds."""
    looked = set()

    def find():
        for name in frames(directory)[count:]:
            if name in looked:
                continue
            looked.add(name)
            png = read_png(os.path.join(directory, name))
            if predicate(png):
                return name, png
        return None
    return poll(find, timeout_s, what)


# Scenarios, in order: the first three share one panel run, started by the first; the next two
# another.

def the_device_and_its_entities_appear(ctx):
    ctx.frames = os.path.join(ctx.workdir, "frames-main")
    clean_directory(ctx.frames)
    ctx.main_config = ctx.config("main", BUTTONS.values())
    trace = ctx.write("gestures.trace", GESTURE_TRACE)
    ctx.panel = ctx.start_panel(ctx.main_config, trace=trace, png_dir=ctx.frames)
    expected = entity_names(BUTTONS)
    poll(lambda: set(ctx.ha.entities()) == set(expected), 10, f"the entities {sorted(expected)}")
    device = ctx.ha.device()
    assert (device["name"], device["manufacturer"], device["model"]) == (DEVICE, "TouchPanel", "ft5406 800x480"), \
        f"device {device['name']!r} {device['manufacturer']!r} {device['model']!r}"
    names = {entity_id: entry["original_name"] for entity_id, entry in ctx.ha.entities().items()}
    assert names == expected, f"entity names {names}"
    wait_states(ctx.ha, expected, lambda state: state not in (None, "unavailable"), "every entity available")
    ctx.ready_s = time.monotonic() - ctx.panel.started
    print(f"  every entity available {ctx.ready_s:.1f} s after the panel's start (first gesture at 5 s)", flush=True)
    friendly = ctx.ha.state(f"event.{SLUG}_play")["attributes"]
    assert friendly["friendly_name"] == f"{DEVICE} play", friendly
    assert friendly["event_types"] == ["single_tap", "double_tap", "long_press", "double_long_press"], friendly
    assert ctx.ha.state(f"switch.{SLUG}_heat")["state"] == "off"
    assert ctx.ha.state(f"text.{SLUG}_heat_label")["state"] == "heat"


def each_gesture_is_one_event_of_its_type(ctx):
    assert ctx.panel, "no panel running"
    wait_until(lambda: any('"event":"long_press"' in line for line in ctx.panel.out.snapshot()), 15,
               "the long press on stdout")
    play = f"event.{SLUG}_play"
    poll(lambda: len(events_of(ctx.ha, play)) >= 3, 5, "three events on " + play)
    time.sleep(1)   # a fourth one would be a gesture counted twice
    got = [(kind, attributes.get("taps"), attributes.get("t_ms")) for kind, attributes in events_of(ctx.ha, play)]
    assert got == EXPECTED_GESTURES, f"events on {play}: {got} (entities available {ctx.ready_s:.1f} s after start)"
    for other in ("lights", "heat"):
        assert events_of(ctx.ha, f"event.{SLUG}_{other}") == [], f"events on {other}"


def home_assistant_services_change_the_drawn_pixels(ctx):
    assert ctx.panel, "no panel running"
    # What heat looks like labelled "Heating on" from the start, drawn by a panel without [mqtt].
    reference_dir = os.path.join(ctx.workdir, "frames-reference")
    clean_directory(reference_dir)
    reference_config = ctx.write("reference.ini", open(ctx.main_config).read().split("\n[mqtt]")[0]
                                 .replace("label = heat", "label = Heating on"))
    reference = Panel(ctx.binary, reference_config, trace=ctx.write("end.trace", "200 end\n"), png_dir=reference_dir,
                      extra=["--fast", "--png-at", "100"])
    assert reference.wait_exit(30) == 0, reference.err.snapshot()
    heating_on = region(read_png(os.path.join(reference_dir, frames(reference_dir)[-1])), *HEAT_RECT)

    count = len(frames(ctx.frames))
    ctx.ha.call("text", "set_value", entity_id=f"text.{SLUG}_heat_label", value="Heating on")
    latest_frame_after(ctx.frames, count, lambda png: region(png, *HEAT_RECT) == heating_on,
                       "a frame with heat labelled Heating on")
    wait_states(ctx.ha, [f"text.{SLUG}_heat_label"], lambda state: state == "Heating on", "the label back in HA")

    count = len(frames(ctx.frames))
    ctx.ha.call("switch", "turn_on", entity_id=f"switch.{SLUG}_heat")
    _, png = latest_frame_after(ctx.frames, count, lambda png: pixel(png, 552, 32) == ON_FILL,
                                "a frame with heat in its on fill")
    assert pixel(png, 32, 32) == FILL, f"play's fill is {pixel(png, 32, 32)}"
    wait_states(ctx.ha, [f"switch.{SLUG}_heat"], lambda state: state == "on", "the latch on in HA")

    light = f"light.{SLUG}_backlight"
    ctx.ha.call("light", "turn_off", entity_id=light)
    ctx.panel.wait_log("backlight bl_power -> 4 (simulated)")
    wait_states(ctx.ha, [light], lambda state: state == "off", "the backlight off in HA")
    ctx.ha.call("light", "turn_on", entity_id=light, brightness_pct=40)
    ctx.panel.wait_log("backlight brightness -> 102 (simulated)")
    wait_states(ctx.ha, [light], lambda state: state == "on", "the backlight on in HA")
    brightness = ctx.ha.state(light)["attributes"].get("brightness")
    assert brightness == 102, f"HA's brightness {brightness} (40 % of 255 is 102)"


def stop_and_kill_make_the_entities_unavailable_and_a_restart_brings_them_back(ctx):
    """Leaves the last panel it started running (without a trace: a panel that plays one
    refuses a reload) for the reload check."""
    assert ctx.panel, "no panel running"
    expected = list(entity_names(BUTTONS))
    assert ctx.panel.stop() == 0, ctx.panel.err.snapshot()[-5:]
    ctx.panel = None
    wait_states(ctx.ha, expected, lambda state: state == "unavailable", "every entity unavailable after SIGTERM")
    ctx.panel = ctx.start_panel(ctx.main_config)
    wait_states(ctx.ha, expected, lambda state: state not in (None, "unavailable"), "every entity back after a start")
    ctx.panel.kill()
    ctx.panel = None
    wait_states(ctx.ha, expected, lambda state: state == "unavailable", "every entity unavailable after SIGKILL")
    ctx.panel = ctx.start_panel(ctx.main_config)
    wait_states(ctx.ha, expected, lambda state: state not in (None, "unavailable"), "every entity back after a restart")


def a_reload_removes_a_buttons_entities(ctx):
    assert ctx.panel, "no panel running"
    ctx.ha.call("switch", "turn_on", entity_id=f"switch.{SLUG}_heat")
    wait_states(ctx.ha, [f"switch.{SLUG}_heat"], lambda state: state == "on", "the latch on in HA")
    kept = {name: text for name, text in BUTTONS.items() if name != "lights"}
    ctx.config("main", kept.values())
    ctx.panel.process.send_signal(signal.SIGHUP)
    try:
        ctx.panel.wait_log(f"reloaded {ctx.main_config}")
    except AssertionError as error:
        raise AssertionError(f"{error}; the panel's log ends {ctx.panel.err.snapshot()[-4:]}")
    expected = entity_names(kept)
    poll(lambda: set(ctx.ha.entities()) == set(expected), 10, "lights' entities to leave the registry")
    gone = [entity_id for entity_id in entity_names(BUTTONS) if entity_id not in expected]
    wait_states(ctx.ha, gone, lambda state: state is None, "lights' states to go")
    wait_states(ctx.ha, expected, lambda state: state not in (None, "unavailable"), "the rest still available")
    # What HA set before the reload is kept by the panel.
    assert ctx.ha.state(f"switch.{SLUG}_heat")["state"] == "on"
    assert ctx.panel.stop() == 0
    ctx.panel = None


# Taps on play, the last one still waiting for a second tap (multi_tap_ms) when the panel is
# told to stop: a stop fires it at once.
STOP_TRACE = """4000 down 0 100 100
4040 up 0 100 100
4600 down 0 100 100
4640 up 0 100 100
4700 down 0 100 100
4740 up 0 100 100
5200 down 0 100 100
5240 up 0 100 100
3600000 end
"""


def taps_just_before_a_stop_all_reach_home_assistant(ctx):
    """SIGTERM while play's last tap waits to see whether a second one comes: every gesture,
    that last one too, reaches Home Assistant. Known to fail: the panel says offline before
    the events still queued go out, and HA drops events of an unavailable entity."""
    play = f"event.{SLUG}_play"
    before = len(events_of(ctx.ha, play))
    trace = ctx.write("stop.trace", STOP_TRACE)
    ctx.panel = ctx.start_panel(ctx.main_config, trace=trace)
    wait_until(lambda: any('"t_ms":5240,"button":"play","event":"released"' in line for line in ctx.panel.out.snapshot()),
               15, "the last release on stdout")
    assert ctx.panel.stop() == 0
    stdout = ctx.panel.out.snapshot()
    ctx.panel = None
    taps = [json.loads(line)["taps"] for line in stdout if '"event":"tap"' in line]
    assert taps == [1, 2, 1], f"stdout's taps {taps}"
    want = ["single_tap", "double_tap", "single_tap"]
    try:
        poll(lambda: len(events_of(ctx.ha, play)) - before >= 3, 10, "three events on " + play)
    except AssertionError:
        pass
    got = [kind for kind, _ in events_of(ctx.ha, play)[before:]]
    assert got == want, f"Home Assistant got {got} of {want}"


def round_trip_through_an_automation(ctx):
    """A button bound to house/lamp/state: its tap goes to HA, an automation toggles the lamp,
    another publishes the lamp's state, and the panel draws it."""
    lamp_rect = (20, 260, 240, 200)
    button = ("\n[button lamp]\nrect = 20, 260, 240, 200\nlabel = Lamp\nstate_topic = house/lamp/state\n"
              "on_tap = emit\n")
    # HA's half first, without the panel: both automations loaded, and the lamp's state goes
    # out on house/lamp/state (retained: the panel finds OFF there when it subscribes).
    for automation in ("panel_lamp_button_toggles_the_lamp", "lamp_state_to_the_panel"):
        state = ctx.ha.state(f"automation.{automation}")
        assert state and state["state"] == "on", f"automation.{automation} is {state and state['state']}"
    check = Subscriber(ctx.broker, ["house/lamp/state"])
    try:
        ctx.ha.call("input_boolean", "turn_on", entity_id="input_boolean.lamp")
        check.wait_for("house/lamp/state", "ON")
        ctx.ha.call("input_boolean", "turn_off", entity_id="input_boolean.lamp")
        check.wait_for("house/lamp/state", "OFF")
    finally:
        check.close()
    frames_dir = os.path.join(ctx.workdir, "frames-lamp")
    clean_directory(frames_dir)
    tap_ms = 4060
    trace = ctx.write("lamp.trace", f"4000 down 0 100 300\n{tap_ms} up 0 100 300\n3600000 end\n")
    gesture = f"{PREFIX}/button/lamp/gesture"
    live = Subscriber(ctx.broker, ["house/lamp/state", gesture])
    try:
        config = ctx.config("lamp", [BUTTONS["play"], button])
        # Frames at three instants only: before the tap (off), just after it (pending), and well
        # after (on: 3.9 s after the tap, so that a loaded machine's slow automation still
        # brings the state back before it). A frame costs the debug build about 0.4 s of CPU in the panel's loop, so
        # a frame at every repaint (--png-dir alone) would delay the gesture and the state and
        # make the round trip mostly PNG encoding.
        panel = ctx.new_panel(config, trace=trace, png_dir=frames_dir,
                              extra=["--png-at", f"3000,{tap_ms + 1},8000"])
        ctx.panel = panel
        wait_until(lambda: panel.log_has("mqtt: connected") or panel.process.poll() is not None, 10, "the panel to connect")
        assert panel.process.poll() is None, f"the panel exited {panel.process.returncode}: {panel.err.snapshot()[-3:]}"
        x, y = lamp_rect[0] + 12, lamp_rect[1] + 12
        poll(lambda: f"event.{SLUG}_lamp" in ctx.ha.entities(), 10, "the lamp's event entity")
        assert f"switch.{SLUG}_lamp" not in ctx.ha.entities(), "a bound button is offered as a switch"
        documents = retained(ctx.broker, [f"homeassistant/switch/{CLIENT}/lamp_latch/config"])
        assert not documents, f"a bound button has a latch document: {documents}"
        live.wait_for("house/lamp/state", "ON", timeout_s=15)
        wait_until(lambda: len(frames(frames_dir)) == 3, 15, "the frame at 8000 ms")
        pngs = [read_png(os.path.join(frames_dir, name)) for name in frames(frames_dir)]
        looks = [pixel(png, x, y) for png in pngs]
        assert looks[0] == FILL, f"the lamp is {looks[0]} before the tap, not drawn off (OFF retained)"
        assert looks[2] == ON_FILL, f"the lamp is {looks[2]} after the state came, not its on fill"
        # Pending: drawn neither as off nor as on, whatever the look is.
        off, pending, on = (region(png, *lamp_rect) for png in pngs)
        assert pending not in (off, on), f"no pending look just after the tap: drawn as {'off' if pending == off else 'on'}"

        # The panel's clock starts a little after the process: the event line that came soonest
        # after its t_ms places it.
        origin = min(arrived - json.loads(line)["t_ms"] / 1000 for line, arrived in zip(panel.out.lines, panel.out.times))
        times = {payload if topic != gesture else "gesture": at
                 for (_, topic, payload), at in zip(live.messages(), live.reader.times)}
        round_trip = (times["ON"] - origin) * 1000 - tap_ms
        in_ha = (times["ON"] - times["gesture"]) * 1000
        print(f"  round trip: {round_trip:.0f} ms (the tap's release to the state back at the broker; "
              f"{in_ha:.0f} ms of it from the gesture at the broker to the state)", flush=True)
        assert ctx.ha.state("input_boolean.lamp")["state"] == "on"
        assert panel.stop() == 0
    finally:
        live.close()
        ctx.stop_panel()
        publish(ctx.broker, "house/lamp/state", None, retain=True)


def a_title_names_the_entity(ctx):
    """`title` gives the entity's name; without it, the label does (not the button's name)."""
    buttons = ["\n[button sofa]\nrect = 20, 20, 240, 200\nlabel = Sofa\ntitle = Living room lamp\non_tap = emit\n",
               "\n[button tv]\nrect = 280, 20, 240, 200\nlabel = Television\non_tap = emit\n"]
    panel = ctx.new_panel(ctx.config("title", buttons, backlight=False))
    ctx.panel = panel
    try:
        wait_until(lambda: panel.log_has("mqtt: connected") or panel.process.poll() is not None, 10, "the panel to connect")
        assert panel.process.poll() is None, f"the panel exited {panel.process.returncode}: {panel.err.snapshot()[-3:]}"
        want = {f"event.{SLUG}_living_room_lamp": "Living room lamp", f"event.{SLUG}_television": "Television"}
        poll(lambda: set(want) <= set(ctx.ha.entities()), 10, f"the entities {sorted(want)}")
        names = {entity_id: ctx.ha.entities()[entity_id]["original_name"] for entity_id in want}
        assert names == want, f"names {names}"
        friendly = ctx.ha.state(f"event.{SLUG}_living_room_lamp")["attributes"]["friendly_name"]
        assert friendly == f"{DEVICE} Living room lamp", friendly
        assert panel.stop() == 0
    finally:
        ctx.stop_panel()


def a_text_item_is_a_sensor_showing_what_the_panel_shows(ctx):
    """A temperature on the panel and in Home Assistant: the same text, `--` before a value."""
    items = ["\n[button tv]\nrect = 280, 20, 240, 200\nlabel = Television\non_tap = emit\n",
             "\n[text hall]\nrect = 20, 300, 300, 80\ntopic = house/hall/climate\nfield = temperature\n"
             "format = %.1f °C\ntitle = Hall temperature\n"]
    panel = ctx.new_panel(ctx.config("text", items, backlight=False))
    ctx.panel = panel
    sensor = f"sensor.{SLUG}_hall_temperature"
    try:
        wait_until(lambda: panel.log_has("mqtt: connected") or panel.process.poll() is not None, 10, "the panel to connect")
        assert panel.process.poll() is None, f"the panel exited {panel.process.returncode}: {panel.err.snapshot()[-3:]}"
        poll(lambda: (ctx.ha.state(sensor) or {}).get("state") == "--", 10, f"{sensor} showing --")
        assert ctx.ha.entities()[sensor]["original_name"] == "Hall temperature"
        publish(ctx.broker, "house/hall/climate", '{"temperature":21.456,"humidity":48}')
        poll(lambda: (ctx.ha.state(sensor) or {}).get("state") == "21.5 °C", 10, f"{sensor} showing 21.5 °C")
        assert panel.stop() == 0
        poll(lambda: (ctx.ha.state(sensor) or {}).get("state") == "unavailable", 10, f"{sensor} unavailable after the stop")
    finally:
        ctx.stop_panel()


def the_page_is_a_select_home_assistant_sets(ctx):
    """Issue 29: the page shown is a select entity; choosing an option shows that page (an
    automation shows the camera's page when the doorbell rings), and a swipe's page comes back."""
    items = ["\n[page home]\nswipe_left = page next\n", "\n[page camera]\nswipe_right = page prev\n",
             "\n[button tv]\npage = home\nrect = 280, 20, 240, 200\nlabel = Television\non_tap = emit\n",
             "\n[button door]\npage = camera\nrect = 20, 20, 240, 200\nlabel = Door\non_tap = emit\n"]
    panel = ctx.new_panel(ctx.config("pages", items, backlight=False))
    ctx.panel = panel
    select = f"select.{SLUG}_page"
    try:
        wait_until(lambda: panel.log_has("mqtt: connected") or panel.process.poll() is not None, 10, "the panel to connect")
        assert panel.process.poll() is None, f"the panel exited {panel.process.returncode}: {panel.err.snapshot()[-3:]}"
        poll(lambda: (ctx.ha.state(select) or {}).get("state") == "home", 10, f"{select} showing home")
        options = ctx.ha.state(select)["attributes"].get("options")
        assert options == ["home", "camera"], f"options {options}"
        ctx.ha.call("select", "select_option", entity_id=select, option="camera")
        poll(lambda: any('"event":"page","page":"camera"' in line for line in panel.out.lines), 10,
             "the panel's page event line for camera")
        poll(lambda: (ctx.ha.state(select) or {}).get("state") == "camera", 10, f"{select} showing camera")
        assert panel.stop() == 0
    finally:
        ctx.stop_panel()


def a_slider_is_a_number_home_assistant_sets(ctx):
    """Issue 26: a dimmer is a number in slider mode with its min, max and step; setting it from
    Home Assistant moves the drawn fill and comes back as its state; a read-only tank is a
    sensor."""
    items = ["\n[slider dimmer]\nrect = 20, 300, 720, 80\nstep = 5\nvalue = 40\nlabel = Dimmer\nformat = %d %%\n"
             "on_change = emit\n",
             "\n[slider tank]\nrect = 760, 20, 30, 400\nreadonly = yes\nvalue = 25\n"]
    frames_dir = os.path.join(ctx.workdir, "frames-slider")
    clean_directory(frames_dir)
    panel = ctx.new_panel(ctx.config("slider", items, backlight=False), png_dir=frames_dir)
    ctx.panel = panel
    number, sensor = f"number.{SLUG}_dimmer", f"sensor.{SLUG}_tank"
    try:
        wait_until(lambda: panel.log_has("mqtt: connected") or panel.process.poll() is not None, 10, "the panel to connect")
        assert panel.process.poll() is None, f"the panel exited {panel.process.returncode}: {panel.err.snapshot()[-3:]}"
        poll(lambda: (ctx.ha.state(number) or {}).get("state") not in (None, "unavailable"), 10, f"{number} available")
        state = ctx.ha.state(number)
        assert float(state["state"]) == 40, f"{number} is {state['state']}"
        attributes = {key: state["attributes"].get(key) for key in ("min", "max", "step", "mode")}
        assert attributes == {"min": 0, "max": 100, "step": 5, "mode": "slider"}, f"{number}: {attributes}"
        poll(lambda: (ctx.ha.state(sensor) or {}).get("state") == "25", 10, f"{sensor} showing 25")
        # 65 % of 720 pixels: the fill reaches x = 20 + 468; at x = 452 it is the track before.
        count = len(frames(frames_dir))
        ctx.ha.call("number", "set_value", entity_id=number, value=65)
        latest_frame_after(frames_dir, count, lambda png: pixel(png, 452, 305) == ON_FILL, "a frame with the dimmer at 65")
        poll(lambda: float((ctx.ha.state(number) or {}).get("state") or "nan") == 65, 10, f"{number} showing 65")
        # A value from outside is shown, never sent: no value event line.
        assert not any('"event":"value"' in line for line in panel.out.lines), panel.out.lines
        assert panel.stop() == 0
    finally:
        ctx.stop_panel()


def the_screen_is_an_image_entity_showing_the_boards_frame(ctx):
    """Issue 47: with `mirror = yes` Home Assistant has an image entity `Screen` whose picture
    (through its image proxy, as a dashboard's picture card fetches it) is the simulated board's
    own frame, pixel for pixel."""
    frames_dir = os.path.join(ctx.workdir, "frames-mirror")
    clean_directory(frames_dir)
    config = ctx.config("mirror", [BUTTONS["play"]], backlight=False)
    with open(config, "a") as file:
        file.write("mirror = yes\n")
    panel = ctx.new_panel(config, png_dir=frames_dir)
    ctx.panel = panel
    image = f"image.{SLUG}_screen"
    try:
        wait_until(lambda: panel.log_has("mqtt: connected") or panel.process.poll() is not None, 10, "the panel to connect")
        assert panel.process.poll() is None, f"the panel exited {panel.process.returncode}: {panel.err.snapshot()[-3:]}"
        poll(lambda: (ctx.ha.state(image) or {}).get("state") not in (None, "unavailable", "unknown"), 20,
             f"{image} with a picture")
        request = urllib.request.Request(f"http://127.0.0.1:{ctx.ha.port}/api/image_proxy/{image}",
                                         headers={"Authorization": f"Bearer {ctx.ha.token}"})
        with urllib.request.urlopen(request, timeout=30) as response:
            content_type, data = response.headers.get("Content-Type"), response.read()
        path = ctx.write_bytes("screen-from-home-assistant.png", data)
        board = read_png(os.path.join(frames_dir, frames(frames_dir)[-1]))
        print(f"  {image}: {content_type}, {len(data)} bytes", flush=True)
        assert content_type == "image/png", content_type
        assert read_png(path) == board, "Home Assistant's picture differs from the board's frame"
        assert panel.stop() == 0
    finally:
        ctx.stop_panel()


def fleet_config(ctx, client, name, group):
    """A panel of a fleet with a button of its own, named `name`, in `group`."""
    text = "[display]\nwidth = 800\nheight = 480\n\n[controller]\nmodel = ft5406\n" + BUTTONS["lights"]
    text += (f"\n[mqtt]\nhost = 127.0.0.1\nport = {ctx.broker.port}\nclient_id = {client}\n"
             f"username = {Broker.PANEL_USER}\npassword_file = {ctx.password_file}\nname = {name}\n")
    text += f"\n[fleet]\ngroups = {group}\n"
    return ctx.write(client + ".ini", text)


def entities_of_device(ha, client):
    """{entity_id: registry entry} of the device with MQTT identifier `client`."""
    devices = [device for device in ha.ws.call("config/device_registry/list") if ["mqtt", client] in device["identifiers"]]
    if not devices:
        return {}
    return {entry["entity_id"]: entry for entry in ha.ws.call("config/entity_registry/list")
            if entry["device_id"] == devices[0]["id"]}


def two_panels_of_a_fleet_have_health_sensors_and_an_update_entity(ctx):
    """Issue 48: each panel of a fleet is a device with diagnostic sensors read from its
    P/health and a firmware update entity read from P/update. Both are up to date while nothing
    is announced and when the announced version is theirs; once touchpanel/latest says 9.9.9
    (retained, as a release publishes it), each update entity says an update is available."""
    with open(os.path.join(HERE, "..", "..", "Sources", "PanelEngine", "Engine", "SoftwareVersion.swift")) as file:
        version = file.read().split('text: StaticString = "')[1].split('"')[0]
    fleet = [("ha-fleet-a", "Fleet A", "fleet_a", "floor1"), ("ha-fleet-b", "Fleet B", "fleet_b", "floor1, all")]
    sensors = {"uptime": "Uptime", "touch_p99": "Touch p99", "anonymous_memory": "Anonymous memory",
               "cpu_temperature": "CPU temperature", "dropped_events": "Dropped events"}
    panels = []
    try:
        for client, name, _, group in fleet:
            panels.append(ctx.new_panel(fleet_config(ctx, client, name, group)))
        for (client, _, slug, _), panel in zip(fleet, panels):
            wanted = {f"sensor.{slug}_{key}" for key in sensors} | {f"update.{slug}_firmware"}
            poll(lambda: wanted <= set(entities_of_device(ctx.ha, client)), 20, f"the health entities of {client}")
            entries = entities_of_device(ctx.ha, client)
            categories = {entity_id: entries[entity_id]["entity_category"] for entity_id in sorted(wanted)}
            assert categories == {entity_id: "config" if entity_id.startswith("update.") else "diagnostic"
                                  for entity_id in sorted(wanted)}, categories
            names = {entity_id: entries[entity_id]["original_name"] for entity_id in wanted}
            assert names == {**{f"sensor.{slug}_{key}": text for key, text in sensors.items()},
                             f"update.{slug}_firmware": "Firmware"}, names
            wait_states(ctx.ha, wanted, lambda state: state not in (None, "unavailable"), f"{client}'s health entities available")
            states = states_of(ctx.ha, wanted)
            assert 0 <= float(states[f"sensor.{slug}_uptime"]) < 60, states
            assert float(states[f"sensor.{slug}_touch_p99"]) == 0, states
            assert float(states[f"sensor.{slug}_anonymous_memory"]) > 100, states
            assert float(states[f"sensor.{slug}_dropped_events"]) == 0, states
            temperature = states[f"sensor.{slug}_cpu_temperature"]
            if os.path.exists("/sys/class/thermal/thermal_zone0/temp"):
                assert float(temperature) > -50, states
            else:
                assert temperature == "unknown", states
            update = ctx.ha.state(f"update.{slug}_firmware")
            assert (update["state"], update["attributes"]["installed_version"], update["attributes"]["latest_version"]) == \
                ("off", version, version), update
        print(f"  health of {fleet[0][2]}: " + ", ".join(f"{key} {ctx.ha.state(f'sensor.{fleet[0][2]}_{key}')['state']}"
                                                       for key in sensors), flush=True)
        updates = [f"update.{slug}_firmware" for _, _, slug, _ in fleet]
        # The version they run, announced: still up to date.
        publish(ctx.broker, "touchpanel/latest", version, retain=True)
        time.sleep(1)
        assert states_of(ctx.ha, updates) == {entity_id: "off" for entity_id in updates}, states_of(ctx.ha, updates)
        publish(ctx.broker, "touchpanel/latest", "9.9.9", retain=True)
        wait_states(ctx.ha, updates, lambda state: state == "on", "an update available on each panel", timeout_s=10)
        for entity_id in updates:
            attributes = ctx.ha.state(entity_id)["attributes"]
            assert (attributes["installed_version"], attributes["latest_version"]) == (version, "9.9.9"), attributes
        for panel in panels:
            assert panel.stop() == 0
    finally:
        publish(ctx.broker, "touchpanel/latest", None, retain=True)
        for panel in panels:
            if panel.process.poll() is None:
                panel.kill()


def home_assistant_logs_no_warning_about_the_panel(ctx):
    # Noise of this machine, nothing to do with the panel: no libturbojpeg (camera).
    harmless = ("turbojpeg",)
    marks = (CLIENT, PREFIX, DEVICE, SLUG, "touchpanel")
    bad = [line for line in ctx.ha.log_lines()
           if (" WARNING " in line or " ERROR " in line) and any(mark in line for mark in marks)
           and not any(noise in line for noise in harmless)]
    assert not bad, "\n    " + "\n    ".join(line[:400] for line in bad[:10])


SCENARIOS = [
    the_device_and_its_entities_appear,
    each_gesture_is_one_event_of_its_type,
    home_assistant_services_change_the_drawn_pixels,
    stop_and_kill_make_the_entities_unavailable_and_a_restart_brings_them_back,
    a_reload_removes_a_buttons_entities,
    taps_just_before_a_stop_all_reach_home_assistant,
    round_trip_through_an_automation,
    a_title_names_the_entity,
    a_text_item_is_a_sensor_showing_what_the_panel_shows,
    the_page_is_a_select_home_assistant_sets,
    a_slider_is_a_number_home_assistant_sets,
    the_screen_is_an_image_entity_showing_the_boards_frame,
    two_panels_of_a_fleet_have_health_sensors_and_an_update_entity,
    home_assistant_logs_no_warning_about_the_panel,
]


# The tier's parts: each has its own Home Assistant, started only when one of its scenarios
# runs, and stopped before the next part starts.
PARTS = [
    ("home_assistant_starts", Context, SCENARIOS),
    ("entity_home_assistant_starts", entities.Context, entities.SCENARIOS),
]


def main():
    binary, workdir = sys.argv[1], sys.argv[2]
    wanted = sys.argv[3:]
    known = [scenario.__name__ for _, _, scenarios in PARTS for scenario in scenarios]
    unknown = [name for name in wanted if name not in known]
    if unknown:
        print(f"FAIL arguments: no scenario {', '.join(unknown)}; the scenarios are {', '.join(known)}")
        print("0 passed, 1 failed")
        return 1
    # test.sh's timeout sends SIGTERM: end as an exception does, so that Home Assistant (in
    # its own session, for the restart loop) and the broker are stopped too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(f"{os.path.basename(__file__)}: SIGTERM"))
    passed = failed = 0
    started = time.monotonic()
    clean_directory(workdir)
    for start_name, make_context, scenarios in PARTS:
        chosen = [scenario for scenario in scenarios if not wanted or scenario.__name__ in wanted]
        if not chosen:
            continue
        try:
            ctx = make_context(binary, workdir)
        except Exception:
            traceback.print_exc()
            print(f"FAIL {start_name}: see above", flush=True)
            failed += 1
            continue
        try:
            for scenario in chosen:
                try:
                    scenario(ctx)
                    print(f"ok {scenario.__name__}", flush=True)
                    passed += 1
                except Exception as error:
                    detail = str(error) or traceback.format_exc()
                    print(f"FAIL {scenario.__name__}: {detail}", flush=True)
                    failed += 1
        finally:
            ctx.close()
    print(f"  the tier ran {time.monotonic() - started:.0f} s")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
