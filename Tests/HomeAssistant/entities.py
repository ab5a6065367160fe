"""The Home Assistant tier's entity part (issue 45): the panel speaks Home Assistant's websocket
API itself, bound to entities that are not on MQTT. Its own Home Assistant (started once for all
entity_ scenarios) has input_booleans and input_numbers, template lights, sensors and covers over
them and a generic thermostat, all from configuration.yaml: no MQTT, no automation, no package,
no internet. The panel gets a long-lived token made without the UI, in a file of mode 0600.
Scenarios read the panel through its control socket (`touchpanel ctl state`) and its frames,
and Home Assistant through its REST and websocket APIs. Python's standard library only."""

import json
import os
import subprocess
import sys
import time
import urllib.error

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "MQTT"))
from harness import Panel, clean_directory, frames, pixel, read_png  # noqa: E402
from hass import HomeAssistant, poll  # noqa: E402
from websocket import Session, WebSocket  # noqa: E402

ON_FILL = (0x2E, 0x7D, 0x32)
FILL = (0x2A, 0x2E, 0x33)

# The spare one is the last: entity_removed writes the file without it.
INPUT_BOOLEANS = [("hall_power", "Hall power"), ("study_heater", "Study heater"), ("spare", "Spare")]

CONFIGURATION = """input_boolean: !include input_boolean.yaml
input_number:
  hall_level:
    name: Hall level
    min: 0
    max: 255
    initial: 128
  blind_position:
    name: Blind position
    min: 0
    max: 100
  room_temperature:
    name: Room temperature setting
    min: 5
    max: 35
    step: 0.5
    initial: 20.5
  chart_power:
    name: Chart power
    min: 0
    max: 5000
    step: 0.5
    initial: 100
# The history a chart is filled from at start (history/history_during_period): every state
# written at once, so that a state set just before the panel starts is in it.
recorder:
  commit_interval: 0
history:
template:
  - light:
      - name: Hall
        state: "{{ is_state('input_boolean.hall_power', 'on') }}"
        level: "{{ states('input_number.hall_level') | int }}"
        turn_on:
          - action: input_boolean.turn_on
            target:
              entity_id: input_boolean.hall_power
        turn_off:
          - action: input_boolean.turn_off
            target:
              entity_id: input_boolean.hall_power
        # A brightness runs set_level instead of turn_on: it turns the light on too.
        set_level:
          - action: input_number.set_value
            target:
              entity_id: input_number.hall_level
            data:
              value: "{{ brightness }}"
          - action: input_boolean.turn_on
            target:
              entity_id: input_boolean.hall_power
  - sensor:
      - name: Room temperature
        unit_of_measurement: "°C"
        state: "{{ states('input_number.room_temperature') }}"
cover:
  - platform: template
    covers:
      blind:
        friendly_name: Blind
        position_template: "{{ states('input_number.blind_position') | int }}"
        open_cover:
          - action: input_number.set_value
            target:
              entity_id: input_number.blind_position
            data:
              value: 100
        close_cover:
          - action: input_number.set_value
            target:
              entity_id: input_number.blind_position
            data:
              value: 0
        set_cover_position:
          - action: input_number.set_value
            target:
              entity_id: input_number.blind_position
            data:
              value: "{{ position }}"
climate:
  - platform: generic_thermostat
    name: Study
    heater: input_boolean.study_heater
    target_sensor: sensor.room_temperature
    min_temp: 7
    max_temp: 30
    target_temp: 21
    precision: 0.5
logger:
  default: warning
"""

ENTITIES = ["light.hall", "sensor.room_temperature", "cover.blind", "climate.study", "input_boolean.hall_power",
            "input_boolean.study_heater", "input_boolean.spare", "input_number.hall_level",
            "input_number.blind_position", "input_number.room_temperature"]

# The simulated board of the tier's MQTT part: the same display and controller.
BOARD = """[display]
width = 800
height = 480

[touch]
multi_tap_ms = 250
long_press_ms = 500

[controller]
model = ft5406
"""

HALL_RECT = (20, 20, 240, 200)
LEVEL_RECT = (20, 240, 760, 80)
HALL = "\n[button hall]\nrect = 20, 20, 240, 200\nentity = light.hall\n"
LEVEL = "\n[slider level]\nrect = 20, 240, 760, 80\nentity = light.hall\n"
TEMP = "\n[text temp]\nrect = 280, 20, 300, 80\nentity = sensor.room_temperature\n"
# An hour in 1024 buckets of 3,515 ms: states set 4 s apart fall in buckets of their own.
CHART = ("\n[chart power]\nrect = 20, 240, 760, 200\nentity = input_number.chart_power\nwindow_h = 1\n"
         "points = 1024\n")
CHART_VALUES = [120.5, 80.0, 250.5]
CHART_BUCKET_MS = 3_600_000 // 1024

# A finger on the hall button, and the time of its first down: the panel has to show the
# light's state before that.
HALL_X, HALL_Y = 140, 120
FIRST_TOUCH_MS = 5000
# Inside the hall button, clear of its label: where its fill is read.
FILL_X, FILL_Y = HALL_RECT[0] + 12, HALL_RECT[1] + 12


def input_boolean_yaml(names):
    return "".join(f"{key}:\n  name: {name}\n" for key, name in INPUT_BOOLEANS if key in names)


def slider_step(rect, x, steps):
    """The step a horizontal slider takes under x: the panel's rule (SliderSpec.step(at:)),
    the track from the rect's first pixel to its last, rounded to the nearest step."""
    along, length = x - rect[0], rect[2] - 1
    if along <= 0:
        return 0
    if along >= length:
        return steps
    return (along * steps * 2 + length) // (length * 2)


def percent_to_brightness(percent):
    """What Home Assistant's light.turn_on makes of brightness_pct (round(pct * 255 / 100))."""
    return round(percent * 255 / 100)


class PanelRun:
    """One `touchpanel run` with [control] and [homeassistant]; `state()` is its `ctl state`."""

    def __init__(self, ctx, name, items, token_file=None, trace=None, png_dir=None):
        self.ctx = ctx
        self.socket = os.path.join(ctx.workdir, name + ".sock")
        config = BOARD + f"\n[control]\nsocket = {self.socket}\n"
        config += (f"\n[homeassistant]\nurl = http://127.0.0.1:{ctx.ha.port}\n"
                   f"token_file = {token_file or ctx.token_file}\n")
        config += "".join(items)
        self.config = ctx.write(name + ".ini", config)
        self.panel = Panel(ctx.binary, self.config, trace=trace and ctx.write(name + ".trace", trace), png_dir=png_dir)
        ctx.panels.append((name, self.panel))
        self.started = self.panel.started
        self.ctl_said = "not asked yet"
        # Answers once its control socket is up; a panel that exits instead (today's panel
        # refuses [homeassistant]) fails here with its own words.
        try:
            poll(lambda: self.panel.process.poll() is not None or self._ctl() is not None, 15,
                 f"{name}'s control socket to answer", every_s=0.1)
        except AssertionError as error:
            raise AssertionError(f"{error} ({self.ctl_said}); the panel's log ends {self.log_tail()}")
        if self.panel.process.poll() is not None:
            self.panel.wait_exit(5)
            raise AssertionError(f"the panel exited {self.panel.process.returncode} at start: {self.log_tail()}")

    def log(self):
        return self.panel.err.snapshot()

    def log_tail(self, lines=3, width=220):
        tail = [line if len(line) <= width else line[:width] + "..." for line in self.log()[-lines:]]
        return " | ".join(tail) or "(nothing on stderr)"

    def _ctl(self):
        """`touchpanel ctl state`'s JSON, or None (with what it said in `ctl_said`)."""
        if not os.path.exists(self.socket):
            self.ctl_said = "no control socket yet"
            return None
        result = subprocess.run([self.ctx.binary, "ctl", "--socket", self.socket, "state"], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, timeout=10)
        self.ctl_said = f"exit {result.returncode}: {(result.stdout + result.stderr).decode(errors='replace')[:300]!r}"
        try:
            state = json.loads(result.stdout)
        except ValueError:
            return None
        return state if result.returncode == 0 and isinstance(state, dict) and state.get("ok") else None

    def state(self):
        """`ctl state` now, as JSON; fails when the panel is gone or does not answer."""
        if self.panel.process.poll() is not None:
            raise AssertionError(f"the panel exited {self.panel.process.returncode}: {self.log_tail()}")
        state = self._ctl()
        assert state is not None, f"ctl state did not answer ({self.ctl_said}); the panel's log ends {self.log_tail()}"
        return state

    def item(self, kind, name):
        """The item `name` in ctl state's list of `kind` (buttons, sliders, texts)."""
        found = [item for item in self.state().get(kind, []) if item.get("name") == name]
        assert found, f"ctl state has no {kind} {name}"
        return found[0]

    def wait_item(self, kind, name, predicate, what, timeout_s=10):
        """Polls ctl state until the item satisfies `predicate`; fails naming what it last was."""
        seen = {}

        def check():
            seen["item"] = self.item(kind, name)
            return predicate(seen["item"])
        try:
            poll(check, timeout_s, what, every_s=0.1)
        except AssertionError as error:
            raise AssertionError(f"{error}: {name} is {seen.get('item')}; the panel's log ends {self.log_tail()}")
        return seen["item"]

    def before_first_touch(self, what):
        """Fails when the trace's first touch came already (the panel was too slow to be ready)."""
        late = time.monotonic() - self.started
        assert late * 1000 < FIRST_TOUCH_MS - 300, \
            f"{what} only {late:.1f} s after the panel's start: after the trace's first touch at {FIRST_TOUCH_MS} ms"

    def latest_pixel(self, directory, x, y):
        names = frames(directory)
        return pixel(read_png(os.path.join(directory, names[-1])), x, y) if names else None

    def stop(self):
        """SIGTERM: the panel ends with 0 and never logged a token."""
        code = self.panel.stop()
        assert code == 0, f"the panel exited {code} after SIGTERM: {self.log_tail()}"
        self.ctx.check_no_token(self.log())

    def kill(self):
        if self.panel.process.poll() is None:
            self.panel.kill()


class Context:
    """One Home Assistant for every entity_ scenario, in WORKDIR/entities: started, onboarded,
    a long-lived token made and written to a file of mode 0600, and a wrong one next to it."""

    def __init__(self, binary, workdir):
        self.binary = binary
        self.workdir = os.path.join(workdir, "entities")
        clean_directory(self.workdir)
        self.panels = []
        self.ha = HomeAssistant(os.path.join(self.workdir, "ha"), CONFIGURATION,
                                {"input_boolean.yaml": input_boolean_yaml([key for key, _ in INPUT_BOOLEANS])})
        started = time.monotonic()
        try:
            self.ha.start()
            self.ha.onboard()
            self.token = self.ha.long_lived_token("touchpanel")
        except BaseException:
            self.ha.stop()
            raise
        # The checks' own REST calls use it too: it outlives a restart and the tier.
        self.ha.token = self.token
        self.token_file = self.write("token", self.token + "\n", mode=0o600)
        # The same shape, another signature: Home Assistant refuses it.
        self.wrong_token = self.token[:-12] + ("A" * 12 if not self.token.endswith("A" * 12) else "B" * 12)
        self.wrong_token_file = self.write("wrong-token", self.wrong_token + "\n", mode=0o600)
        # Onboarding answers before every integration has set its entities up: on a loaded
        # machine the template light, cover and climate came seconds later, and the first
        # scenario's subscription found none of them. Ready means every entity has a state.
        try:
            poll(lambda: all(self.ha.state(entity) is not None for entity in ENTITIES), 60, f"the entities {ENTITIES}")
        except BaseException:
            self.ha.stop()
            raise
        print(f"  Home Assistant ready with the entities in {time.monotonic() - started:.1f} s", flush=True)

    def write(self, name, text, mode=None):
        path = os.path.join(self.workdir, name)
        if mode is not None and os.path.exists(path):
            os.remove(path)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode if mode is not None else 0o644)
        with os.fdopen(descriptor, "w") as file:
            file.write(text)
        return path

    def state(self, entity_id):
        return self.ha.state(entity_id)

    def wait_state(self, entity_id, predicate, what, timeout_s=10):
        seen = {}

        def check():
            seen["state"] = self.ha.state(entity_id)
            return seen["state"] is not None and predicate(seen["state"])
        try:
            return poll(check, timeout_s, what) and seen["state"]
        except AssertionError as error:
            raise AssertionError(f"{error}: {entity_id} is {seen.get('state')}")

    def light(self, percent=None, on=True):
        """light.hall on at `percent` (or off), waited for in Home Assistant."""
        if on:
            self.ha.call("light", "turn_on", entity_id="light.hall", brightness_pct=percent)
            brightness = percent_to_brightness(percent)
            self.wait_state("light.hall", lambda s: s["state"] == "on" and s["attributes"].get("brightness") == brightness,
                            f"light.hall on at {brightness}")
        else:
            self.ha.call("light", "turn_off", entity_id="light.hall")
            self.wait_state("light.hall", lambda s: s["state"] == "off", "light.hall off")

    def room_temperature(self, value):
        self.ha.call("input_number", "set_value", entity_id="input_number.room_temperature", value=value)
        self.wait_state("sensor.room_temperature", lambda s: float(s["state"]) == value,
                        f"sensor.room_temperature at {value}")

    def wait_restarted(self, restarts):
        """Waits for hass to have started again after `restarts` restarts and to answer; when."""
        poll(lambda: self.ha.restarts() > restarts, 60, "hass to exit 100 and start again")
        poll(self.ha.answers, 120, "Home Assistant to answer again")
        return time.monotonic()

    def check_no_token(self, log):
        for token in (self.token, self.wrong_token):
            # The signature alone would be a leak too.
            leaks = [line for line in log if token in line or token.rsplit(".", 1)[-1] in line]
            assert not leaks, f"the panel logged a token: {leaks[0][:80]}..."

    def close(self):
        for name, panel in self.panels:
            if panel.process.poll() is None:
                panel.kill()
            with open(os.path.join(self.workdir, f"panel-{name}.log"), "w") as file:
                file.write("\n".join(panel.err.snapshot()) + "\n")
        self.ha.stop()


def entity_home_assistant_side(ctx):
    """Home Assistant's half alone, whatever the panel does: the entities from the config with
    their states and attributes, services that change them, the token over REST and the
    websocket API, a wrong token refused by both."""
    mode = os.stat(ctx.token_file).st_mode & 0o777
    assert mode == 0o600, f"the token file has mode {mode:o}"
    assert ctx.ha.http("GET", "/api/", token=ctx.token) == {"message": "API running."}
    try:
        answer = ctx.ha.http("GET", "/api/", token=ctx.wrong_token)
    except AssertionError as error:
        answer = str(error)
    assert "HTTP 401" in str(answer), f"REST with the wrong token: {answer}"
    refused = WebSocket(ctx.ha.port)
    try:
        reply = refused.authenticate(ctx.wrong_token)
        assert reply == {"type": "auth_invalid", "message": "Invalid access token or password"}, reply
    finally:
        refused.close()

    session = Session(ctx.ha.port, ctx.token)
    try:
        # What the panel will ask: one subscription for its entities; a missing one is absent.
        number = session.send("subscribe_entities", entity_ids=ENTITIES + ["light.nowhere"])
        session.result(number)
        first = poll(lambda: session.subscription(number), 10, "the first subscribe_entities event")[0]
        assert sorted(first.get("a", {})) == sorted(ENTITIES), f"subscribe_entities gave {sorted(first.get('a', {}))}"
    finally:
        session.close()

    ctx.light(10)
    ctx.light(50)
    hall = ctx.state("light.hall")
    assert hall["attributes"]["friendly_name"] == "Hall", hall
    assert hall["attributes"]["supported_color_modes"] == ["brightness"], hall
    assert ctx.state("input_number.hall_level")["state"] == "128.0"
    assert ctx.state("input_boolean.hall_power")["state"] == "on"
    ctx.ha.call("homeassistant", "toggle", entity_id="light.hall")
    ctx.wait_state("input_boolean.hall_power", lambda s: s["state"] == "off", "hall_power off after a toggle")
    assert ctx.state("light.hall")["state"] == "off"

    ctx.ha.call("cover", "set_cover_position", entity_id="cover.blind", position=40)
    blind = ctx.wait_state("cover.blind", lambda s: s["attributes"].get("current_position") == 40, "the blind at 40")
    assert blind["state"] == "open", blind

    ctx.ha.call("climate", "set_temperature", entity_id="climate.study", temperature=23.5)
    study = ctx.wait_state("climate.study", lambda s: s["attributes"].get("temperature") == 23.5, "the study at 23.5")
    limits = {key: study["attributes"].get(key) for key in ("min_temp", "max_temp", "target_temp_step")}
    assert limits == {"min_temp": 7, "max_temp": 30, "target_temp_step": 0.5}, limits

    ctx.room_temperature(20.5)
    sensor = ctx.state("sensor.room_temperature")
    assert (sensor["state"], sensor["attributes"].get("unit_of_measurement")) == ("20.5", "°C"), sensor
    ctx.room_temperature(24)
    assert ctx.state("sensor.room_temperature")["state"] == "24.0"
    assert ctx.state("input_boolean.spare")["state"] == "off"


def entity_toggle(ctx):
    """A button bound to light.hall shows it off, in the normal fill; a tap toggles it in Home
    Assistant (homeassistant.toggle by default) and the panel then shows it on, in the on fill."""
    ctx.light(on=False)
    frames_dir = os.path.join(ctx.workdir, "frames-toggle")
    clean_directory(frames_dir)
    tap = f"{FIRST_TOUCH_MS} down 0 {HALL_X} {HALL_Y}\n{FIRST_TOUCH_MS + 60} up 0 {HALL_X} {HALL_Y}\n3600000 end\n"
    run = PanelRun(ctx, "toggle", [HALL], trace=tap, png_dir=frames_dir)
    try:
        hall = run.wait_item("buttons", "hall", lambda item: item.get("state") == "off", "the hall button off")
        run.before_first_touch("the hall button showed off")
        assert (hall.get("entity"), hall.get("label")) == ("light.hall", "Hall"), \
            f"hall's entity and label (its friendly_name): {hall}"
        poll(lambda: run.latest_pixel(frames_dir, FILL_X, FILL_Y) == FILL, 5, "a frame with hall in the normal fill")
        ctx.wait_state("light.hall", lambda s: s["state"] == "on", "the tap to turn light.hall on", timeout_s=15)
        assert ctx.state("input_boolean.hall_power")["state"] == "on"
        run.wait_item("buttons", "hall", lambda item: item.get("state") == "on", "the hall button on")
        try:
            poll(lambda: run.latest_pixel(frames_dir, FILL_X, FILL_Y) == ON_FILL, 5, "a frame with hall in the on fill")
        except AssertionError as error:
            raise AssertionError(f"{error}: the last is {run.latest_pixel(frames_dir, FILL_X, FILL_Y)}")
        run.stop()
    finally:
        run.kill()


def entity_brightness(ctx):
    """A slider bound to light.hall shows its brightness 0-255 as 0-100 %: it follows
    light.turn_on from Home Assistant, and a drag sets the light's brightness at the lift."""
    ctx.light(10)
    x = 589
    expected_percent = slider_step(LEVEL_RECT, x, 100)
    expected_brightness = percent_to_brightness(expected_percent)
    y = LEVEL_RECT[1] + LEVEL_RECT[3] // 2
    drag_ms = FIRST_TOUCH_MS + 3000    # after the two values from Home Assistant below
    trace = (f"{drag_ms} down 0 200 {y}\n{drag_ms + 200} move 0 400 {y}\n{drag_ms + 400} move 0 {x} {y}\n"
             f"{drag_ms + 600} up 0 {x} {y}\n3600000 end\n")
    run = PanelRun(ctx, "brightness", [LEVEL], trace=trace)
    try:
        level = run.wait_item("sliders", "level", lambda item: item.get("value") == 10, "the level slider at 10")
        assert level.get("entity") == "light.hall", level
        ctx.light(50)   # brightness 128: 50 %
        run.wait_item("sliders", "level", lambda item: item.get("value") == 50, "the level slider at 50")
        late = time.monotonic() - run.started
        assert late * 1000 < drag_ms - 300, f"the slider showed 50 only {late:.1f} s after start, after the drag"
        ctx.wait_state("light.hall", lambda s: s["attributes"].get("brightness") == expected_brightness,
                       f"the drag to x {x} ({expected_percent} %) to set brightness {expected_brightness}",
                       timeout_s=15)
        level = float(ctx.state("input_number.hall_level")["state"])
        assert level == expected_brightness, f"input_number.hall_level {level}"
        run.wait_item("sliders", "level", lambda item: item.get("value") == expected_percent and not item.get("held"),
                      f"the level slider released at {expected_percent}")
        time.sleep(1)   # the echo of what it sent must not move it
        value = run.item("sliders", "level").get("value")
        assert value == expected_percent, f"the level slider moved to {value} after the echo"
        run.stop()
    finally:
        run.kill()


def entity_cover_climate_sensor(ctx):
    """A slider on a cover's position, one on a thermostat's target (its range and step from
    the entity) and a text showing a sensor with its unit, each following Home Assistant."""
    ctx.ha.call("cover", "set_cover_position", entity_id="cover.blind", position=10)
    ctx.wait_state("cover.blind", lambda s: s["attributes"].get("current_position") == 10, "the blind at 10")
    ctx.ha.call("climate", "set_temperature", entity_id="climate.study", temperature=21)
    ctx.wait_state("climate.study", lambda s: s["attributes"].get("temperature") == 21, "the study at 21")
    ctx.room_temperature(20.5)
    items = ["\n[slider blind]\nrect = 20, 240, 760, 80\nentity = cover.blind\n",
             "\n[slider study]\nrect = 20, 360, 760, 80\nentity = climate.study\n",
             TEMP]
    run = PanelRun(ctx, "cover-climate-sensor", items)
    try:
        blind = run.wait_item("sliders", "blind", lambda item: item.get("value") == 10, "the blind slider at 10")
        study = run.wait_item("sliders", "study", lambda item: item.get("value") == 21, "the study slider at 21")
        temp = run.wait_item("texts", "temp", lambda item: item.get("text") == "20.5 °C" and item.get("known") is True,
                             "the temp text showing 20.5 °C")
        entities = (blind.get("entity"), study.get("entity"), temp.get("entity"))
        assert entities == ("cover.blind", "climate.study", "sensor.room_temperature"), entities

        ctx.ha.call("cover", "set_cover_position", entity_id="cover.blind", position=40)
        run.wait_item("sliders", "blind", lambda item: item.get("value") == 40, "the blind slider at 40")
        ctx.ha.call("climate", "set_temperature", entity_id="climate.study", temperature=23.5)
        run.wait_item("sliders", "study", lambda item: item.get("value") == 23.5, "the study slider at 23.5")
        ctx.room_temperature(24)
        run.wait_item("texts", "temp", lambda item: item.get("text") == "24.0 °C" and item.get("known") is True,
                      "the temp text showing 24.0 °C")
        run.stop()
    finally:
        run.kill()


def entity_service(ctx):
    """on_double_tap = service light.turn_on {"brightness_pct": 100} on a bound button: the
    service on the button's entity; brightness 255, and no toggle besides."""
    ctx.light(10)
    ctx.light(on=False)
    taps = (f"{FIRST_TOUCH_MS} down 0 {HALL_X} {HALL_Y}\n{FIRST_TOUCH_MS + 60} up 0 {HALL_X} {HALL_Y}\n"
            f"{FIRST_TOUCH_MS + 180} down 0 {HALL_X} {HALL_Y}\n{FIRST_TOUCH_MS + 240} up 0 {HALL_X} {HALL_Y}\n3600000 end\n")
    button = HALL + 'on_double_tap = service light.turn_on {"brightness_pct": 100}\n'
    run = PanelRun(ctx, "service", [button], trace=taps)
    try:
        run.wait_item("buttons", "hall", lambda item: item.get("state") == "off", "the hall button off")
        run.before_first_touch("the hall button showed off")
        ctx.wait_state("light.hall", lambda s: s["state"] == "on" and s["attributes"].get("brightness") == 255,
                       "the double tap to turn light.hall on at 255", timeout_s=15)
        run.wait_item("buttons", "hall", lambda item: item.get("state") == "on", "the hall button on")
        time.sleep(1)   # a tap's toggle besides would turn it off again
        hall = ctx.state("light.hall")
        assert (hall["state"], hall["attributes"].get("brightness")) == ("on", 255), hall
        assert float(ctx.state("input_number.hall_level")["state"]) == 255
        run.stop()
    finally:
        run.kill()


def entity_restart(ctx):
    """homeassistant.restart: while Home Assistant is away the bound items are unknown; when it
    is back, the same panel process shows the states it has then (its input_numbers back at
    their initial values), without a restart of its own."""
    ctx.light(10)
    ctx.room_temperature(22)
    run = PanelRun(ctx, "restart", [HALL, LEVEL, TEMP])
    restarts = None
    try:
        run.wait_item("buttons", "hall", lambda item: item.get("state") == "on", "the hall button on")
        run.wait_item("sliders", "level", lambda item: item.get("value") == 10, "the level slider at 10")
        run.wait_item("texts", "temp", lambda item: item.get("text") == "22.0 °C", "the temp text at 22.0 °C")
        pid = run.panel.process.pid
        restarts = ctx.ha.restarts()
        try:
            ctx.ha.call("homeassistant", "restart")
        except (AssertionError, OSError, urllib.error.URLError):
            pass    # it may go before it answers
        unknown = run.wait_item("buttons", "hall", lambda item: item.get("state") == "unknown",
                                "the hall button unknown while Home Assistant restarts", timeout_s=30)
        assert unknown.get("entity") == "light.hall", unknown
        run.wait_item("texts", "temp", lambda item: item.get("known") is False,
                      "the temp text unknown while Home Assistant restarts", timeout_s=5)
        back = ctx.wait_restarted(restarts)
        # hall_power is restored; hall_level and room_temperature go back to their initial
        # 128 (50 %) and 20.5.
        ctx.wait_state("light.hall", lambda s: s["state"] == "on" and s["attributes"].get("brightness") == 128,
                       "light.hall on at 128 after the restart", timeout_s=30)
        ctx.wait_state("sensor.room_temperature", lambda s: s["state"] == "20.5", "the room at 20.5 after the restart",
                       timeout_s=30)
        run.wait_item("buttons", "hall", lambda item: item.get("state") == "on", "the hall button on again", timeout_s=90)
        run.wait_item("sliders", "level", lambda item: item.get("value") == 50, "the level slider at 50", timeout_s=30)
        run.wait_item("texts", "temp", lambda item: item.get("text") == "20.5 °C" and item.get("known") is True,
                      "the temp text at 20.5 °C", timeout_s=30)
        print(f"  the panel showed the states {time.monotonic() - back:.1f} s after Home Assistant answered again",
              flush=True)
        assert run.panel.process.pid == pid and run.panel.process.poll() is None, "the panel process did not go on"
        run.stop()
    finally:
        run.kill()
        if restarts is not None:
            try:
                ctx.wait_restarted(restarts)    # the next scenarios need it back
            except AssertionError as error:
                print(f"  after entity_restart: {error}", flush=True)


def refused_token_lines(log):
    return [line for line in log if "token" in line.lower() and ("refused" in line.lower() or "invalid" in line.lower())]


def entity_wrong_token(ctx):
    """A token Home Assistant refuses: one log line saying so (never the token), the panel goes
    on (its control socket answers) with its items unknown."""
    run = PanelRun(ctx, "wrong-token", [HALL, TEMP], token_file=ctx.wrong_token_file)
    try:
        poll(lambda: refused_token_lines(run.log()), 15, "a log line about the refused token")
        time.sleep(3)   # a retry that logs it again would come within this
        lines = refused_token_lines(run.log())
        assert len(lines) == 1, f"{len(lines)} lines about the refused token: {lines}"
        ctx.check_no_token(run.log())
        hall, temp = run.item("buttons", "hall"), run.item("texts", "temp")
        assert hall.get("state") == "unknown", f"hall with a refused token: {hall}"
        assert temp.get("known") is False, f"temp with a refused token: {temp}"
        run.stop()
    finally:
        run.kill()


def entity_removed(ctx):
    """input_boolean.spare removed from the included YAML and input_boolean.reload: Home
    Assistant says so to subscribers (`r`), the button bound to it shows unknown and the panel
    logs one line naming it; the other button stays. The file is put back at the end."""
    spare = "\n[button spare]\nrect = 540, 20, 240, 200\nentity = input_boolean.spare\n"
    run = PanelRun(ctx, "removed", [HALL, spare])
    session = Session(ctx.ha.port, ctx.token)
    removed = False
    try:
        number = session.send("subscribe_entities", entity_ids=["input_boolean.spare"])
        session.result(number)
        item = run.wait_item("buttons", "spare", lambda item: item.get("state") == "off", "the spare button off")
        assert (item.get("entity"), item.get("label")) == ("input_boolean.spare", "Spare"), item
        hall = run.wait_item("buttons", "hall", lambda item: item.get("state") in ("on", "off"), "the hall button known")
        before = len(run.log())
        ctx.ha.write(input_boolean_yaml(["hall_power", "study_heater"]), "input_boolean.yaml")
        removed = True
        ctx.ha.call("input_boolean", "reload")
        poll(lambda: {"r": ["input_boolean.spare"]} in session.subscription(number), 10, "Home Assistant's r event")
        assert ctx.state("input_boolean.spare") is None, "input_boolean.spare is still in Home Assistant"
        run.wait_item("buttons", "spare", lambda item: item.get("state") == "unknown", "the spare button unknown")
        time.sleep(1)   # a second line about it would come within this
        named = [line for line in run.log()[before:] if "input_boolean.spare" in line]
        assert len(named) == 1, f"{len(named)} log lines name input_boolean.spare after its removal: {named}"
        still = run.item("buttons", "hall")
        assert still.get("state") == hall.get("state"), f"the hall button went from {hall} to {still}"
        run.stop()
    finally:
        session.close()
        run.kill()
        if removed:
            ctx.ha.write(input_boolean_yaml([key for key, _ in INPUT_BOOLEANS]), "input_boolean.yaml")
            ctx.ha.call("input_boolean", "reload")


def entity_list(ctx):
    """`touchpanel entities CONFIG [DOMAIN]`: the config's Home Assistant's entities, one a
    line (id, friendly name, state, tab-separated), of one domain when asked; a refused token
    is exit 1 with the reason, never the token."""
    config = ctx.write("list.ini", BOARD + f"\n[homeassistant]\nurl = http://127.0.0.1:{ctx.ha.port}\n"
                                          f"token_file = {ctx.token_file}\n")
    ctx.light(50)
    result = subprocess.run([ctx.binary, "entities", config, "light"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            timeout=30)
    assert result.returncode == 0, f"entities exited {result.returncode}: {result.stderr.decode(errors='replace')}"
    assert result.stdout.decode() == "light.hall\tHall\ton\n", f"entities light printed {result.stdout!r}"
    result = subprocess.run([ctx.binary, "entities", config], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=30)
    lines = result.stdout.decode().splitlines()
    assert result.returncode == 0 and lines == sorted(lines), f"entities printed {lines}"
    ids = [line.split("\t")[0] for line in lines]
    for entity in ("climate.study", "cover.blind", "input_boolean.spare", "input_number.hall_level", "light.hall",
                   "sensor.room_temperature"):
        assert entity in ids, f"entities lists no {entity}: {ids}"
    assert "sensor.room_temperature\tRoom temperature\t20.5" in lines or any(
        line.startswith("sensor.room_temperature\tRoom temperature\t") for line in lines), lines
    wrong = ctx.write("list-wrong.ini", BOARD + f"\n[homeassistant]\nurl = http://127.0.0.1:{ctx.ha.port}\n"
                                                f"token_file = {ctx.wrong_token_file}\n")
    result = subprocess.run([ctx.binary, "entities", wrong], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=30)
    said = result.stderr.decode(errors="replace")
    assert result.returncode == 1 and result.stdout == b"", f"entities with a wrong token: exit {result.returncode}, {result.stdout!r}"
    assert said == f"touchpanel entities: http://127.0.0.1:{ctx.ha.port} refused the token in {ctx.wrong_token_file}\n", said
    ctx.check_no_token(said.splitlines())


def recorded_history(ctx, entity_id, hours=1):
    """What the panel asks at start: the entity's recorded states of the last `hours`, as
    history/history_during_period answers (minimal_response, no_attributes, every change)."""
    start = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(time.time() - hours * 3600))
    session = Session(ctx.ha.port, ctx.token)
    try:
        number = session.send("history/history_during_period", start_time=start, entity_ids=[entity_id],
                              minimal_response=True, no_attributes=True, significant_changes_only=False)
        return session.result(number)["result"].get(entity_id, [])
    finally:
        session.close()


def entity_chart_backfill(ctx):
    """A chart bound to an entity starts filled from Home Assistant's recorded history: the
    states set before the panel started, each in a bucket of its own, and the state seen live at
    the start in one more; the newest value is the entity's state."""
    for value in CHART_VALUES:
        ctx.ha.call("input_number", "set_value", entity_id="input_number.chart_power", value=value)
        ctx.wait_state("input_number.chart_power", lambda s, value=value: float(s["state"]) == value,
                       f"input_number.chart_power at {value}")
        time.sleep(4)   # the next state, and the panel's start, in a bucket of their own
    # Home Assistant's side: the reply's real shape, which the panel reads.
    states = recorded_history(ctx, "input_number.chart_power")
    texts = [state["s"] for state in states]
    assert texts[-len(CHART_VALUES):] == [str(value) for value in CHART_VALUES], f"the recorded states: {states}"
    for state in states:
        assert isinstance(state.get("s"), str) and isinstance(state.get("lu"), float), f"a recorded state: {state}"
    # The buckets of those recorded states (100 at Home Assistant's start may share one with
    # the first value set, when this scenario runs first) and the state seen live at the start,
    # 4 s after the last: one more.
    expected = len({int(round(state["lu"] * 1000)) // CHART_BUCKET_MS for state in states}) + 1
    run = PanelRun(ctx, "chart", [CHART])
    try:
        chart = run.wait_item("charts", "power", lambda item: item.get("points") == expected,
                              f"the chart filled with {expected} buckets (the recorded states {states})")
        assert chart == {"name": "power", "entity": "input_number.chart_power", "points": expected,
                         "last": CHART_VALUES[-1]}, chart
        logged = [line for line in run.log() if "history" in line]
        assert not logged, f"the panel logged about the history: {logged}"
        run.stop()
    finally:
        run.kill()


SCENARIOS = [
    entity_home_assistant_side,
    entity_toggle,
    entity_brightness,
    entity_cover_climate_sensor,
    entity_service,
    entity_restart,
    entity_wrong_token,
    entity_removed,
    entity_list,
    entity_chart_backfill,
]
