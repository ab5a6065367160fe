"""Home Assistant as the tier runs it: `hass` from setup.sh's venv with a config directory made
here, under a small loop that starts it again when it exits 100 (what `homeassistant.restart`
asks of a supervisor), and its REST API. Each part of the tier gives it the integrations of its
own; the common part (location, units, http on loopback, api) is written here. Python's
standard library only."""

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "MQTT"))
from harness import free_port, wait_until  # noqa: E402
from websocket import Session  # noqa: E402

VENV = os.path.join(HERE, "..", "..", "build", "homeassistant", "venv")
RESTARTED = "hass exited 100: starting it again"


def poll(predicate, timeout_s, what, every_s=0.2):
    """wait_until for what asks Home Assistant: a few times a second is enough."""
    def slow():
        value = predicate()
        if not value:
            time.sleep(every_s)
        return value
    return wait_until(slow, timeout_s, what)


class HomeAssistant:
    """`configuration` is appended to the common part of configuration.yaml; `files` are
    {name: text} written next to it (for `!include`)."""

    def __init__(self, directory, configuration, files=None):
        self.directory = directory
        self.config_dir = os.path.join(directory, "config")
        self.port = free_port()
        self.log_path = os.path.join(directory, "home-assistant.log")
        self.output_path = os.path.join(directory, "hass.out")
        self.process = None
        self.token = None
        os.makedirs(self.config_dir)
        # Not default_config: it loads integrations that install packages and reach the
        # internet. Location, time zone and units given, so nothing is asked.
        self.write(f"""homeassistant:
  name: TouchPanel test
  latitude: 52.52
  longitude: 13.40
  elevation: 34
  unit_system: metric
  time_zone: Europe/Berlin
  country: DE
  currency: EUR
http:
  server_host: 127.0.0.1
  server_port: {self.port}
api:
""" + configuration)
        for name, text in (files or {}).items():
            self.write(text, name)

    def write(self, text, name="configuration.yaml"):
        path = os.path.join(self.config_dir, name)
        with open(path, "w") as file:
            file.write(text)
        return path

    def start(self):
        hass = os.path.join(VENV, "bin", "hass")
        loop = f'while :; do "$0" "$@"; code=$?; [ "$code" = 100 ] || exit "$code"; echo "{RESTARTED}" >&2; done'
        output = open(self.output_path, "ab")
        # --skip-pip: setup.sh installed every requirement; a missing one must fail here, not
        # be fetched from the package index in the middle of a test.
        self.process = subprocess.Popen(["bash", "-c", loop, hass, "-c", self.config_dir, "--log-file", self.log_path,
                                         "--skip-pip"], stdout=output, stderr=output, start_new_session=True)
        output.close()
        poll(self._ready, 180, "Home Assistant to answer HTTP")

    def _ready(self):
        if self.process.poll() is not None:
            with open(self.output_path, errors="replace") as output:
                tail = output.read()[-1500:]
            raise AssertionError(f"hass exited with {self.process.returncode}:\n{tail}")
        return self.answers()

    def answers(self):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/api/onboarding", timeout=2) as response:
                return response.status == 200
        except (OSError, urllib.error.URLError):
            return False

    def restarts(self):
        """How many times the loop started hass again after an exit 100."""
        with open(self.output_path, errors="replace") as output:
            return output.read().count(RESTARTED)

    def http(self, method, path, body=None, form=None, auth=True, token=None):
        headers = {}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if form is not None:
            data = urllib.parse.urlencode(form).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if auth:
            headers["Authorization"] = f"Bearer {token or self.token}"
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, headers=headers,
                                         method=method)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                text = response.read().decode()
        except urllib.error.HTTPError as error:
            if error.code == 404:
                return None
            raise AssertionError(f"{method} {path}: HTTP {error.code}: {error.read().decode()[:300]}")
        return json.loads(text) if text else None

    def onboard(self):
        """The owner step only: the core_config step would set up integrations that install
        packages and reach the internet. Leaves a 30-minute access token in `token`."""
        client_id = f"http://127.0.0.1:{self.port}/"
        user = self.http("POST", "/api/onboarding/users", {"client_id": client_id, "name": "Tester",
                                                           "username": "tester", "password": "tester-secret-1",
                                                           "language": "en"}, auth=False)
        token = self.http("POST", "/auth/token", form={"grant_type": "authorization_code", "code": user["auth_code"],
                                                       "client_id": client_id}, auth=False)
        self.token = token["access_token"]   # 30 minutes: longer than the tier runs

    def long_lived_token(self, client_name, lifespan_days=3650):
        """A long-lived access token, as the profile page makes one (`auth/long_lived_access_token`)."""
        session = Session(self.port, self.token)
        try:
            return session.call("auth/long_lived_access_token", client_name=client_name, lifespan=lifespan_days)
        finally:
            session.close()

    def state(self, entity_id):
        return self.http("GET", f"/api/states/{entity_id}")

    def call(self, domain, service, **data):
        self.http("POST", f"/api/services/{domain}/{service}", data)

    def log_lines(self):
        """Its log, the file of the previous start too (hass renames it to .1 at each start)."""
        lines = []
        for name in (self.log_path + ".1", self.log_path):
            if os.path.exists(name):
                with open(name, errors="replace") as file:
                    lines += file.read().splitlines()
        return lines

    def stop(self):
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                os.killpg(self.process.pid, 0)
            except ProcessLookupError:
                break
            self.process.poll()
            time.sleep(0.1)
        else:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(10)
