#!/usr/bin/env python3
"""Gathers what scripts/bench.sh measured into build/bench/results.json, prints one table
(benchmark, metric, value, unit) and checks the budgets.

    bench_results.py ROOT WORK [--update-budgets]

WORK (build/bench) holds what bench.sh left there: meta.txt (key=value lines), the callgrind
profiles of the long and blank replays and of the scenario driver, the driver's list of
scenarios, and the percentile export of the ordo-one/benchmark run. The schema of
results.json is described in Benchmarks/README.md.

Exit status: 0 all checks passed, 2 a budget was exceeded (instructions over their margin, a
malloc on an allocation-free path, an ordo-one threshold regression), 1 something could not be
measured that must be (a missing profile, malloc counting that does not count).
"""

import json
import os
import platform
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import callgrind  # noqa: E402
import firmware_sizes  # noqa: E402
import size_growth  # noqa: E402

TARGET = "TouchCoreBenchmarks"
# The input path in a replay's profile: decode, then transform, track and classify.
INPUT_PATH_FUNCTIONS = ("TouchPipeline.report", "TouchPipeline.frame", "FT5x06Codec.decode")

DESCRIPTIONS = {
    "pipeline-resting-finger": "FT5x06 decode + TouchPipeline.frame: one finger resting on a button, same contact report",
    "pipeline-tap": "FT5x06 decode + TouchPipeline.frame: taps (down, 2 contacts, up) on four buttons",
    "pipeline-drag": "FT5x06 decode + TouchPipeline.frame: a finger dragged across a row, exits and enters",
    "pipeline-five-fingers": "FT5x06 decode + TouchPipeline.frame: five fingers held on five buttons, jittering",
    "decode-ft5x06-tap": "FT5x06Codec.decode + pipeline, per report: the tap stream",
    "decode-ft5x06-five-fingers": "FT5x06Codec.decode + pipeline, per report: the five-finger stream",
    "decode-gt911-tap": "GT911Codec.decode + pipeline, per report: the tap stream as GT911 reports",
    "decode-gt911-five-fingers": "GT911Codec.decode + pipeline, per report: the five-finger stream as GT911 reports",
    "decode-evdev-tap": "EvdevFrameAssembler.feed (every event of a frame) + pipeline, per report: the tap stream",
    "decode-evdev-five-fingers": "EvdevFrameAssembler.feed (every event of a frame) + pipeline, per report: five fingers",
    "classifier-mixed": "GestureClassifier.handle alone: touch inputs of taps, drags, five fingers",
    "redraw-full-rgb565": "FramebufferPainter: clear + 12 buttons with labels, 800x480 RGB565",
    "redraw-full-xrgb8888": "FramebufferPainter: clear + 12 buttons with labels, 800x480 XRGB8888",
    "redraw-button-rgb565": "FramebufferPainter: one 185x145 button with its label, RGB565",
    "redraw-button-xrgb8888": "FramebufferPainter: one 185x145 button with its label, XRGB8888",
    "malloc-canary": "control: one allocation per iteration, proves that mallocs are counted",
}


def read_meta(work):
    meta = {}
    path = os.path.join(work, "meta.txt")
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if "=" in line:
                    key, value = line.rstrip("\n").split("=", 1)
                    meta[key] = value
    return meta


def run(command, cwd=None):
    try:
        return subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False).stdout.strip()
    except OSError:
        return ""


def machine_info(meta):
    cpu = ""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    memory_gib = None
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    memory_gib = round(int(line.split()[1]) / 1024 / 1024, 1)
    except OSError:
        pass
    return {
        "uname": " ".join(platform.uname()),
        "cpu_model": cpu,
        "cores": os.cpu_count(),
        "memory_gib": memory_gib,
        "perf_instructions": meta.get("perf_instructions") == "yes",
        "valgrind": run(["valgrind", "--version"]),
    }


def percentiles(work, name, metric):
    """{percentile: value} of one ordo-one metric, scaled per unit (report, input, redraw)."""
    path = os.path.join(work, "pct", "bench.%s.%s.%s.histogram.percentiles.tsv" % (TARGET, name, metric))
    if not os.path.exists(path):
        return None
    values = {}
    with open(path) as f:
        next(f)
        for line in f:
            p, v = line.split("\t")
            values[int(p)] = float(v)
    return values


def baseline_raw(root):
    """{(benchmark, metric): (max per iteration, scaling factor, samples)} from the stored baseline."""
    path = os.path.join(root, "Benchmarks", ".benchmarkBaselines", TARGET, "bench", "results.json")
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        data = json.load(f)
    raw = {}
    results = data.get("results", [])
    for index in range(0, len(results) - 1, 2):
        key, values = results[index], results[index + 1]
        for value in values:
            metric = next(iter(value["metric"]))
            histogram = value["statistics"]["histogram"]
            raw[(key["name"], metric)] = (histogram["maxValue"], value.get("scalingFactor", 1), histogram["_totalCount"])
    return raw


def driver_scenarios(work):
    scenarios = []
    path = os.path.join(work, "driver.txt")
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                parts = line.split()
                if len(parts) == 5:
                    scenarios.append({"name": parts[0], "symbol": parts[1], "units": int(parts[2]),
                                      "unit": parts[3], "events": int(parts[4])})
    return scenarios


class Table:
    def __init__(self):
        self.rows = []

    def add(self, benchmark, metric, value, unit=""):
        self.rows.append((benchmark, metric, value, unit))

    @staticmethod
    def text(value):
        if value is None:
            return "not measured"
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, int):
            return "{:,}".format(value)
        if isinstance(value, float):
            return "{:,.1f}".format(value) if abs(value) < 1e6 else "{:,.0f}".format(value)
        return str(value)

    def print(self):
        header = ("benchmark", "metric", "value", "unit")
        rows = [header] + [(b, m, self.text(v), u) for b, m, v, u in self.rows]
        widths = [max(len(str(r[i])) for r in rows) for i in range(4)]
        line = "+".join("-" * (w + 2) for w in widths)
        print("+" + line + "+")
        for n, row in enumerate(rows):
            cells = [" %s " % (str(c).rjust(widths[i]) if i == 2 else str(c).ljust(widths[i])) for i, c in enumerate(row)]
            print("|" + "|".join(cells) + "|")
            if n == 0:
                print("+" + line + "+")
        print("+" + line + "+")


def flatten(prefix, value, out):
    if isinstance(value, dict):
        for key, inner in value.items():
            flatten("%s.%s" % (prefix, key) if prefix else key, inner, out)
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        out.append((prefix, value))


def unit_of(key):
    """The unit of a flattened key from its suffix; a key without one (metrics.peak_rss_kb.polling)
    takes its parent's."""
    key = key.lower()
    if key.endswith(".count") or key.endswith("_count"):
        return "samples"
    parts = key.split(".")
    for end in range(len(parts), 0, -1):
        name = parts[end - 1]
        for suffix, unit in (("_seconds", "s"), ("_us", "µs"), ("_ms", "ms"), ("_ns", "ns"), ("_per_s", "/s"), ("_s", "s"),
                             ("_kib", "KiB"), ("_kb", "KiB"), ("_mib", "MiB"), ("_bytes", "bytes"), ("_hz", "/s"),
                             ("_percent", "%")):
            if name.endswith(suffix):
                return unit
    return ""


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    update_budgets = "--update-budgets" in sys.argv
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 64
    root, work = args
    meta = read_meta(work)
    table = Table()
    failures = []
    notes = []

    budgets_path = os.path.join(root, "Benchmarks", "Thresholds", "callgrind.json")
    budgets = {"margin_percent": 5, "instructions": {}}
    if os.path.exists(budgets_path):
        with open(budgets_path) as f:
            budgets = json.load(f)
    margin = float(budgets.get("margin_percent", 5))
    measured_instructions = {}

    # --- callgrind: the scenario driver ---------------------------------------------------------
    scenarios = driver_scenarios(work)
    driver_profile_path = os.path.join(work, "callgrind.driver.out")
    per_unit = {}
    if scenarios and os.path.exists(driver_profile_path):
        driver = callgrind.Profile(driver_profile_path)
        for scenario in scenarios:
            cost = driver.call_count_free_inclusive(scenario["symbol"])
            per_unit[scenario["name"]] = round(cost / scenario["units"], 1)
            measured_instructions[scenario["name"]] = per_unit[scenario["name"]]
    else:
        failures.append("callgrind profile of the scenario driver is missing")

    # --- ordo-one/benchmark ----------------------------------------------------------------------
    raw = baseline_raw(root)
    names = sorted({name for name, _ in raw} | set(per_unit), key=lambda n: (n == "malloc-canary", n))
    scaling_units = {"pipeline": "report", "classifier": "input", "redraw": "redraw", "malloc": "iteration"}
    benchmarks = []
    for name in names:
        unit = scaling_units.get(name.split("-")[0], "iteration")
        wall = percentiles(work, name, "wallClock")
        perf = percentiles(work, name, "instructions")
        malloc_max, scaling, samples = raw.get((name, "mallocCountTotal"), (None, None, None))
        entry = {
            "name": name,
            "what": DESCRIPTIONS.get(name, ""),
            "unit": unit,
            "samples": samples,
            "units_per_iteration": scaling,
            "wall_ns": {"p50": wall[50], "p90": wall[90], "p99": wall[99]} if wall else None,
            "instructions_perf": {"p50": perf[50], "p90": perf[90]} if perf else None,
            "instructions_callgrind": per_unit.get(name),
            "mallocs_max_per_iteration": malloc_max,
        }
        benchmarks.append(entry)
        table.add(name, "wall time p50", entry["wall_ns"]["p50"] if wall else None, "ns/" + unit)
        if name == "malloc-canary":
            table.add(name, "mallocs, most in one iteration", malloc_max, "count")
            if not malloc_max:
                failures.append("malloc-canary counted no malloc: malloc counting does not work here")
            continue
        table.add(name, "instructions p50 (perf)", perf[50] if perf else None, "instr/" + unit)
        table.add(name, "instructions (callgrind)", per_unit.get(name), "instr/" + unit)
        table.add(name, "mallocs, most in one iteration", malloc_max,
                  "count/%d %ss" % (scaling, unit) if scaling and scaling > 1 else "count/" + unit)
        if malloc_max is None:
            failures.append("%s: no malloc count (the ordo-one run did not finish?)" % name)
        elif malloc_max != 0:
            failures.append("%s: %d malloc(s) in an iteration of an allocation-free path" % (name, malloc_max))

    # --- callgrind: touchpanel replay of the long trace ------------------------------------------
    reports = int(meta.get("reports", "0") or 0)
    cg = {"tool": run(["valgrind", "--version"]), "binary": meta.get("replay_binary"),
          "config": "Benchmarks/panel.ini", "trace": meta.get("trace"),
          "trace_seed": int(meta["trace_seed"]) if meta.get("trace_seed", "").isdigit() else None,
          "reports": reports,
          "events": int(meta["replay_events"]) if meta.get("replay_events", "").strip().isdigit() else None, "build": "swift build -c release --product touchpanel (x86_64 host)",
          "aarch64": "not measured: valgrind does not run under qemu-user, so the firmware's "
                     "instructions are not counted; the host build runs the same TouchCore sources"}
    long_path = os.path.join(work, "callgrind.long.out")
    blank_path = os.path.join(work, "callgrind.blank.out")
    if reports and os.path.exists(long_path) and os.path.exists(blank_path):
        long_run = callgrind.Profile(long_path).demangle()
        blank_run = callgrind.Profile(blank_path).demangle()
        # The hot path: decode, then transform, track and classify (TouchPipeline.frame; the
        # replayer decodes once itself, so report() is not on its path).
        pipeline = long_run.inclusive_from_outside(
            lambda n: n.startswith(INPUT_PATH_FUNCTIONS))
        parse = long_run.inclusive_from_outside(lambda n: "TraceLineParser.parse" in n)
        delta = (long_run.total - blank_run.total) / reports
        cg["whole"] = {"long_trace": long_run.total, "blank_trace": blank_run.total}
        cg["per_report"] = {
            "whole": round(long_run.total / reports, 1),
            "delta": round(delta, 1),
            "touch_pipeline_report": round(pipeline / reports, 1),
            "trace_line_parse": round(parse / reports, 1),
        }
        measured_instructions["replay-delta"] = cg["per_report"]["delta"]
        measured_instructions["replay-touch-pipeline-report"] = cg["per_report"]["touch_pipeline_report"]
        # Where the per-report instructions go: exclusive cost, long minus blank, per report.
        blank_self = {long_run.name(f): c for f, c in blank_run.self_cost.items()}
        per_function = {}
        for function, cost in long_run.self_cost.items():
            readable = long_run.name(function)
            per_function[readable] = per_function.get(readable, 0) + cost
        for readable in list(per_function):
            per_function[readable] -= blank_self.get(readable, 0)
        top = sorted(per_function.items(), key=lambda item: -item[1])[:5]
        callers = long_run.callers_of(lambda n: "memcpy" in n or "memmove" in n)
        cg["top_costs"] = []
        for readable, cost in top:
            entry = {"function": readable, "instructions_per_report": round(cost / reports, 1),
                     "share_of_delta": round(cost / reports / delta, 4) if delta else None}
            if "memcpy" in readable or "memmove" in readable:
                entry["called_from"] = [
                    {"function": long_run.name(f), "instructions_per_report": round(c / reports, 1)}
                    for f, c in callers.most_common(4)]
            cg["top_costs"].append(entry)
        table.add("replay (100k reports)", "instructions, long trace", long_run.total, "instr")
        table.add("replay (100k reports)", "instructions, blank trace", blank_run.total, "instr")
        table.add("replay (100k reports)", "whole run per report", cg["per_report"]["whole"], "instr/report")
        table.add("replay (100k reports)", "per report, minus blank run", cg["per_report"]["delta"], "instr/report")
        table.add("replay (100k reports)", "decode + TouchPipeline inclusive", cg["per_report"]["touch_pipeline_report"],
                  "instr/report")
        table.add("replay (100k reports)", "TraceLineParser.parse inclusive", cg["per_report"]["trace_line_parse"],
                  "instr/report")
        for rank, entry in enumerate(cg["top_costs"][:3], 1):
            share = entry["share_of_delta"] * 100 if entry["share_of_delta"] is not None else 0
            table.add("replay top cost %d" % rank, entry["function"][:60],
                      "%.1f %%" % share, "of per-report delta")
            for caller in entry.get("called_from", [])[:2]:
                table.add("replay top cost %d" % rank, "  called from " + caller["function"][:47],
                          "%.1f %%" % (caller["instructions_per_report"] / delta * 100), "of per-report delta")
        table.add("replay (100k reports)", "aarch64 firmware under callgrind", None, "valgrind can't run under qemu-user")
    else:
        failures.append("callgrind profiles of the replay are missing")
        table.add("replay (100k reports)", "instructions", None, "")

    # --- callgrind: one label fitted and rasterised, host release build ----------------------------
    # Per call of FramebufferSurface.fittedLabel: what a label set over MQTT or the control socket
    # costs, measured on the first label of a run (the glyph cache empty, the font just opened).
    labels = {"build": cg["build"], "per": "label: FramebufferSurface.fittedLabel, inclusive",
              "label": "128 characters in a 400x300 button, Benchmarks/label-fit-*.ini on the simulated board"}
    for size in (24, 200):
        path = os.path.join(work, "callgrind.label-%d.out" % size)
        name = "label-fit-%d" % size
        if not os.path.exists(path):
            failures.append("callgrind profile of the label fit from font_size %d is missing (%s)" % (size, path))
            continue
        per_label = callgrind.Profile(path).demangle().per_call_from_outside(
            lambda n: n.removeprefix("specialized ").startswith("static FramebufferSurface.fittedLabel("))
        if per_label is None:
            failures.append("%s: FramebufferSurface.fittedLabel was not called: renamed or inlined?" % path)
            continue
        labels[name] = round(per_label)
        measured_instructions[name] = round(per_label)
        table.add("label (host release)", "fit + rasterise 128 characters from font_size %d" % size, round(per_label),
                  "instr/label")
    cg["labels"] = labels

    # --- callgrind: the firmware's own build (Embedded Swift, x86-64) of the same replay --------
    firmware_cg = {"build": "scripts/build/build-firmware.sh bookworm-x86_64 (Embedded Swift, the firmware's flags), "
                            "touchpanel-static", "replay_matches_host": meta.get("firmware_replay_matches")}
    label = "firmware replay (Embedded x86-64)"
    fw_long = os.path.join(work, "callgrind.firmware-long.out")
    fw_blank = os.path.join(work, "callgrind.firmware-blank.out")
    if reports and os.path.exists(fw_long) and os.path.exists(fw_blank):
        fw_long_run = callgrind.Profile(fw_long).demangle()
        fw_blank_run = callgrind.Profile(fw_blank).demangle()
        # Embedded Swift names its generic code "specialized ...".
        fw_pipeline = fw_long_run.inclusive_from_outside(
            lambda n: n.removeprefix("specialized ").startswith(INPUT_PATH_FUNCTIONS))
        firmware_cg["per_report"] = {
            "whole": round(fw_long_run.total / reports, 1),
            "delta": round((fw_long_run.total - fw_blank_run.total) / reports, 1),
            "touch_pipeline_report": round(fw_pipeline / reports, 1),
        }
        table.add(label, "per report, minus blank run", firmware_cg["per_report"]["delta"], "instr/report")
        table.add(label, "decode + TouchPipeline inclusive", firmware_cg["per_report"]["touch_pipeline_report"],
                  "instr/report")
        table.add(label, "event lines identical to the host build's", firmware_cg["replay_matches_host"], "")
        measured_instructions["firmware-input-path-with-sink"] = firmware_cg["per_report"]["touch_pipeline_report"]
    # The input path alone: callgrind collected only inside the decoder and TouchPipeline.frame,
    # not inside the event sink (bench.sh's --toggle-collect run).
    fw_input = os.path.join(work, "callgrind.firmware-input.out")
    if reports and os.path.exists(fw_input):
        input_total = callgrind.Profile(fw_input).total
        if input_total == 0:
            failures.append("the firmware's input-path run collected nothing: were the toggled functions renamed? "
                            "(scripts/bench.sh --toggle-collect)")
        else:
            firmware_cg.setdefault("per_report", {})["input_path"] = round(input_total / reports, 1)
            measured_instructions["firmware-input-path"] = firmware_cg["per_report"]["input_path"]
            table.add(label, "input path: decode + TouchPipeline, without the event sink",
                      firmware_cg["per_report"]["input_path"], "instr/report")
    # Live state: callgrind collected only inside PanelEngine.received and drawOutsideChanges
    # (bench.sh's --toggle-collect runs over mqtt trace lines), per message.
    live_messages = int(meta.get("live_messages", "0") or 0)
    for kind, shown in (("state", "a bound button's look changed"), ("text", "a text item's new 8-character text"),
                        ("entity", "a Home Assistant entity's state, from its bytes, changed a bound button's look")):
        fw_live = os.path.join(work, "callgrind.firmware-live-%s.out" % kind)
        if not (live_messages and os.path.exists(fw_live)):
            continue
        live_total = callgrind.Profile(fw_live).total
        if live_total == 0:
            failures.append("the firmware's live-state run (%s) collected nothing: were the toggled functions renamed? "
                            "(scripts/bench.sh --toggle-collect)" % kind)
            continue
        per_message = round(live_total / live_messages, 1)
        firmware_cg.setdefault("live", {})[kind] = per_message
        measured_instructions["entity-state-to-pixels" if kind == "entity" else "live-%s-to-pixels" % kind] = per_message
        table.add(label, "message to pixels: %s" % shown, per_message, "instr/message")
    # Pages: callgrind collected only inside PanelEngine.showPage, per page change.
    page_changes = int(meta.get("page_changes", "0") or 0)
    fw_pages = os.path.join(work, "callgrind.firmware-pages.out")
    if page_changes and os.path.exists(fw_pages):
        pages_total = callgrind.Profile(fw_pages).total
        if pages_total == 0:
            failures.append("the firmware's page-change run collected nothing: was PanelEngine.showPage renamed? "
                            "(scripts/bench.sh --toggle-collect)")
        else:
            per_change = round(pages_total / page_changes, 1)
            firmware_cg["page_change"] = per_change
            measured_instructions["firmware-page-change"] = per_change
            table.add(label, "page change: 12 buttons, 800x480 XRGB8888, the whole frame", per_change, "instr/change")
    # Pages with an image under them (issue 27): the same page changes, the picture mapped.
    for kind, limit_name, row in (
            ("images", "firmware-page-change-image", "page change over an image: 12 buttons, 800x480 XRGB8888"),
            ("zones", "firmware-page-change-floorplan", "page change of a floor plan: 12 zones over an 800x480 image")):
        path = os.path.join(work, "callgrind.firmware-pages-%s.out" % kind)
        if not (page_changes and os.path.exists(path)):
            continue
        total = callgrind.Profile(path).total
        if total == 0:
            failures.append("the firmware's page-change run with images (%s) collected nothing: was PanelEngine.showPage renamed?" % kind)
            continue
        per_change = round(total / page_changes, 1)
        firmware_cg["page_change_" + kind] = per_change
        measured_instructions[limit_name] = per_change
        table.add(label, row, per_change, "instr/change")
    # Sliders: callgrind collected only inside FT5x06Codec.decode and PanelEngine.frame, per
    # report of the drag.
    slider_reports = int(meta.get("slider_reports", "0") or 0)
    for name, what, key, limit_name, row in (
            ("firmware-slider", "slider run", "slider_drag_report", "firmware-slider-drag",
             "slider drag: 720x80, 8 px a report, decode, engine and span repaint"),
            ("firmware-slider-text", "slider run with a value text", "slider_drag_text_report", "firmware-slider-drag-text",
             "slider drag with its value text (%d%%): decode, engine, span and text repaint")):
        path = os.path.join(work, f"callgrind.{name}.out")
        if not (slider_reports and os.path.exists(path)):
            continue
        total = callgrind.Profile(path).total
        if total == 0:
            failures.append(f"the firmware's {what} collected nothing: was PanelEngine.frame renamed? "
                            "(scripts/bench.sh --toggle-collect)")
            continue
        per_report = round(total / slider_reports, 1)
        firmware_cg[key] = per_report
        measured_instructions[limit_name] = per_report
        table.add(label, row, per_report, "instr/report")
    # Painting on the simulated board, in each pixel format: per repaint of one button (185x145,
    # from its prepared look), and per full redraw (the first: the background, then every button
    # with its label blended through a palette; a look is prepared when its button is next drawn
    # on its own).
    firmware_cg["paint"] = {}
    for pixels, shown in (("xrgb8888", "XRGB8888"), ("rgb565", "RGB565")):
        fw_run = os.path.join(work, "callgrind.firmware-run-%s.out" % pixels)
        if not os.path.exists(fw_run):
            continue
        run_profile = callgrind.Profile(fw_run).demangle()
        button = run_profile.per_call_from_outside(
            lambda n: n.startswith("FramebufferPainter.paintButton(rect:style:state:prepared:in:)"))
        full = run_profile.per_call_from_outside(lambda n: n.startswith("FramebufferSurface.drawAll("))
        firmware_cg["paint"][pixels] = {
            "button_repaint": round(button, 1) if button else None,
            "full_redraw_first": round(full, 1) if full else None,
            "button": "185x145, %s, Benchmarks/panel.ini on the simulated board (--format %s)" % (shown, pixels)}
        table.add(label, "one button repaint (185x145, %s)" % shown, firmware_cg["paint"][pixels]["button_repaint"], "instr")
        table.add(label, "first full redraw (800x480 %s, 12 buttons, labels blended through a palette)" % shown,
                  firmware_cg["paint"][pixels]["full_redraw_first"], "instr")
        if button:
            measured_instructions["firmware-redraw-button-" + pixels] = round(button, 1)
        else:
            failures.append("the firmware's simulated run painted no button (%s)" % fw_run)
    # The looks of issue 27 (XRGB8888): a repaint of a button with an icon, a label, a sublabel
    # and rounded corners, and of one with an icon and a label, from their prepared looks.
    for looks, limit_name, row in (
            ("looks", "firmware-redraw-button-looks", "one button repaint: icon, label, sublabel, rounded corners (185x145, XRGB8888)"),
            ("icons", "firmware-redraw-button-icon", "one button repaint: icon and label (185x145, XRGB8888)")):
        fw_run = os.path.join(work, "callgrind.firmware-run-%s.out" % looks)
        if not os.path.exists(fw_run):
            continue
        button = callgrind.Profile(fw_run).demangle().per_call_from_outside(
            lambda n: n.startswith("FramebufferPainter.paintButton(rect:style:state:prepared:in:)"))
        if not button:
            failures.append("the firmware's run of Benchmarks/%s.ini painted no button from a look" % looks)
            continue
        firmware_cg["paint"][looks] = {"button_repaint": round(button, 1), "button": "185x145, XRGB8888, Benchmarks/%s.ini" % looks}
        measured_instructions[limit_name] = round(button, 1)
        table.add(label, row, round(button, 1), "instr")
    # Eight buttons of 200x100 pressed and released in turn (issue 44): per repaint, from a
    # look or straight.
    fw_eight = os.path.join(work, "callgrind.firmware-run-eight.out")
    if os.path.exists(fw_eight):
        repaint = callgrind.Profile(fw_eight).demangle().per_call_from_outside(
            lambda n: n.startswith("FramebufferSurface.draw(button:state:)"))
        if not repaint:
            failures.append("the firmware's eight-button run drew no button (%s)" % fw_eight)
        else:
            firmware_cg["paint"]["eight_buttons"] = {"repaint": round(repaint, 1),
                                                      "button": "200x100, XRGB8888, Benchmarks/eight-buttons.ini"}
            measured_instructions["firmware-redraw-eight-buttons"] = round(repaint, 1)
            table.add(label, "one repaint: 8 buttons of 200x100 pressed and released in turn (XRGB8888)", round(repaint, 1), "instr")
    if firmware_cg["paint"] and firmware_cg["replay_matches_host"] != "yes":
        failures.append("the firmware's replay differs from the host build's (build/bench/replay.firmware-long.out)")
    cg["firmware_x86_64"] = firmware_cg

    # --- budgets ---------------------------------------------------------------------------------
    budget_values = budgets.get("instructions", {})
    checks = []
    for key, value in sorted(measured_instructions.items()):
        budget = budget_values.get(key)
        status = "no budget"
        if budget is not None:
            if value > budget * (1 + margin / 100):
                status = "regressed"
                failures.append("%s: %.1f instructions per unit, budget %s + %g %%" % (key, value, budget, margin))
            elif value < budget * (1 - margin / 100):
                status = "improved"
                notes.append("%s: %.1f instructions per unit, well under the budget %s: "
                             "run scripts/bench.sh --update-baselines to lower it" % (key, value, budget))
            else:
                status = "ok"
        checks.append({"name": key, "instructions": value, "budget": budget, "status": status})
        for entry in benchmarks:
            if entry["name"] == key:
                entry["instructions_budget"] = {"budget": budget, "margin_percent": margin, "status": status}
    cg["budgets"] = {"margin_percent": margin, "file": "Benchmarks/Thresholds/callgrind.json", "checks": checks}

    # The plugin exits non-zero on any deviation; its last verdict line says which way.
    thresholds_status = meta.get("thresholds_check")
    verdict = ""
    log_path = os.path.join(work, "thresholds.log")
    if os.path.exists(log_path):
        with open(log_path, errors="replace") as f:
            for line in f:
                for word in ("EQUAL", "WORSE", "BETTER"):
                    if "is %s than" % word in line or "is %s to" % word in line:
                        verdict = word
    ordo = {"EQUAL": "equal to the thresholds", "BETTER": "better than the thresholds",
            "WORSE": "WORSE than the thresholds"}.get(verdict, "did not run (status %s)" % thresholds_status)
    if verdict == "WORSE":
        failures.append("ordo-one thresholds check: worse than Benchmarks/Thresholds (see build/bench/thresholds.log)")
    elif verdict == "BETTER":
        notes.append("ordo-one thresholds check: better than Benchmarks/Thresholds; "
                     "scripts/bench.sh --update-baselines records it")
    elif not verdict:
        failures.append("ordo-one thresholds check did not run (status %s)" % thresholds_status)
    table.add("thresholds", "ordo-one check (Benchmarks/Thresholds)", ordo, "")
    over = sum(1 for c in checks if c["status"] == "regressed")
    table.add("thresholds", "callgrind budgets over +%g %%" % margin, over, "of %d" % len(checks))

    # --- footprint -------------------------------------------------------------------------------
    # Sizes of every release's build (build/firmware/RELEASE-ARCH/); the parts of trixie's, by
    # the module that owns each symbol (firmware_sizes.py).
    footprint = {"build": meta.get("firmware_build", "not run"), "stripped_bytes": {}, "parts_bytes": {}}
    for target in ("trixie-aarch64", "trixie-armhf", "bookworm-aarch64", "bookworm-armhf"):
        for binary in ("touchpanel", "touchpanel-static"):
            path = os.path.join(root, "build", "firmware", target, "stripped", binary)
            size = os.path.getsize(path) if os.path.exists(path) else None
            footprint["stripped_bytes"].setdefault(target, {})[binary] = size
            unit = "bytes" if footprint["build"] == "ok" or size is None else "bytes (stale: build %s)" % footprint["build"]
            table.add("footprint %s" % target, "%s, stripped" % binary, size, unit)
            unstripped = os.path.join(root, "build", "firmware", target, binary)
            if target.startswith("trixie") and size is not None and os.path.exists(unstripped):
                try:
                    parts = firmware_sizes.breakdown(unstripped, path)
                except (OSError, subprocess.CalledProcessError) as error:
                    notes.append("footprint parts of %s/%s not measured: %s" % (target, binary, error))
                    continue
                footprint["parts_bytes"].setdefault(target, {})[binary] = parts
                for part, part_size in sorted(parts.items(), key=lambda item: -item[1]):
                    table.add("footprint %s" % target, "%s: %s" % (binary, part), part_size, unit)

    # --- kernel VM -------------------------------------------------------------------------------
    vm = {"measured": False}
    expected = {
        "latency": [("edge to event p50", "µs"), ("edge to event p99", "µs"), ("edge to event max", "µs"),
                    ("edge to pixels p50", "µs"), ("deadline lateness", "µs")],
        "metrics": [("peak RSS, interrupt mode", "KiB"), ("peak RSS, polling mode", "KiB"),
                    ("time to first frame, interrupt mode", "µs"), ("time to first frame, polling mode", "µs"),
                    ("idle wake-ups, interrupt mode", "/s"), ("idle wake-ups, polling mode", "/s")],
    }
    for name in ("latency", "metrics"):
        path = os.path.join(root, "build", "vm", name + ".json")
        if not os.path.exists(path):
            vm[name] = None
            for figure, unit in expected[name]:
                table.add("vm", figure, None, unit + " (build/vm/%s.json absent)" % name)
            continue
        try:
            with open(path) as f:
                vm[name] = json.load(f)
        except ValueError as error:
            vm[name] = {"error": "unreadable: %s" % error}
            failures.append("build/vm/%s.json is not JSON: %s" % (name, error))
            continue
        vm["measured"] = True
        leaves = []
        flatten(name, vm[name], leaves)
        for key, value in leaves:
            table.add("vm", key, value, unit_of(key))
    if not vm["measured"]:
        vm["reason"] = "build/vm/latency.json and build/vm/metrics.json not found (the kernel VM run makes them)"

    # --- limits: issue 13's goals for the firmware ---------------------------------------------
    limits_path = os.path.join(root, "Benchmarks", "Thresholds", "limits.json")
    limits = {"file": "Benchmarks/Thresholds/limits.json", "checks": []}
    if os.path.exists(limits_path):
        with open(limits_path) as f:
            limit_spec = json.load(f).get("limits", {})
        interrupt_memory = ((vm.get("metrics") or {}).get("resident_kb") or {}).get("interrupt") or {}
        values = {
            "firmware-input-path": measured_instructions.get("firmware-input-path"),
            "firmware-redraw-button-xrgb8888": measured_instructions.get("firmware-redraw-button-xrgb8888"),
            "firmware-redraw-button-rgb565": measured_instructions.get("firmware-redraw-button-rgb565"),
            "label-fit-24": measured_instructions.get("label-fit-24"),
            "label-fit-200": measured_instructions.get("label-fit-200"),
            "live-state-to-pixels": measured_instructions.get("live-state-to-pixels"),
            "live-text-to-pixels": measured_instructions.get("live-text-to-pixels"),
            "entity-state-to-pixels": measured_instructions.get("entity-state-to-pixels"),
            "firmware-page-change": measured_instructions.get("firmware-page-change"),
            "firmware-page-change-image": measured_instructions.get("firmware-page-change-image"),
            "firmware-redraw-button-looks": measured_instructions.get("firmware-redraw-button-looks"),
            "firmware-redraw-eight-buttons": measured_instructions.get("firmware-redraw-eight-buttons"),
            "firmware-redraw-button-icon": measured_instructions.get("firmware-redraw-button-icon"),
            "firmware-page-change-floorplan": measured_instructions.get("firmware-page-change-floorplan"),
            "firmware-slider-drag": measured_instructions.get("firmware-slider-drag"),
            "firmware-slider-drag-text": measured_instructions.get("firmware-slider-drag-text"),
            "vm-anonymous-memory": interrupt_memory.get("anonymous"),
            "vm-anonymous-memory-pages": ((vm.get("metrics") or {}).get("pages_resident_kb") or {}).get("anonymous"),
        }
        for name, spec in sorted(limit_spec.items()):
            value = values.get(name)
            if value is None:
                status = "not measured"
            elif value <= spec["limit"]:
                status = "holds"
            else:
                status = "exceeded"
                failures.append("limit %s: %s %s, limit %s" % (name, value, spec["unit"], spec["limit"]))
            limits["checks"].append({"name": name, "value": value, "limit": spec["limit"], "unit": spec["unit"],
                                     "what": spec.get("what"), "status": status})
            table.add("limits", "%s (limit %s)" % (name, spec["limit"]), value, "%s: %s" % (spec["unit"], status))
    # The firmware's size against its checked-in baseline (size-baseline.json).
    for check in size_growth.checks(os.path.join(root, "build", "firmware")):
        name = "size-" + check["name"].replace("/", "-")
        status = check["status"]
        if status == "exceeded":
            failures.append("size %s: %s bytes, at most %s (baseline %s)" % (check["name"], check["bytes"], check["limit"], check["baseline"]))
        limits["checks"].append({"name": name, "value": check["bytes"], "limit": check["limit"], "unit": "bytes",
                                 "what": "stripped, within size-baseline.json's allowed growth", "status": status})
        table.add("limits", "%s (at most %s)" % (name, check["limit"]), check["bytes"], "bytes: %s" % status)

    # --- build times -----------------------------------------------------------------------------
    timings = {k[len("seconds_"):]: float(v) for k, v in meta.items() if k.startswith("seconds_")}
    for key, label in (("firmware_build", "firmware build"), ("host_release_build", "touchpanel release build"),
                       ("callgrind_long", "callgrind, long replay"), ("callgrind_label_200", "callgrind, label fit from 200 px"),
                       ("benchmarks_build", "benchmark package build"),
                       ("callgrind_driver", "callgrind, scenario driver"),
                       ("ordo_run", "ordo-one run (with its tool's build)"), ("total", "scripts/bench.sh")):
        if key in timings:
            table.add("time taken", label, timings[key], "s")

    results = {
        "schema": 1,
        "generated": meta.get("generated"),
        "machine": machine_info(meta),
        "commit": meta.get("commit"),
        "dirty": meta.get("dirty") == "yes",
        "toolchain": meta.get("toolchain"),
        "benchmarks": benchmarks,
        "callgrind": cg,
        "footprint": footprint,
        "vm": vm,
        "limits": limits,
        "timings_s": timings,
        "checks": {"passed": not failures, "failures": failures, "notes": notes},
    }

    if update_budgets:
        budgets = {
            "margin_percent": margin,
            "about": "callgrind instructions per unit (report, input or redraw) of the host release build, "
                     "and (firmware-*) of the firmware's own code built for x86-64; "
                     "scripts/bench.sh fails when a value exceeds its budget by more than margin_percent. "
                     "Written by scripts/bench.sh --update-baselines.",
            "toolchain": meta.get("toolchain"),
            "valgrind": run(["valgrind", "--version"]),
            "instructions": {k: int(v + 0.999) for k, v in sorted(measured_instructions.items())},
        }
        with open(budgets_path, "w") as f:
            json.dump(budgets, f, indent=2, ensure_ascii=False)
            f.write("\n")
        notes.append("callgrind budgets written to Benchmarks/Thresholds/callgrind.json")
        failures = [f for f in failures if "instructions per unit, budget" not in f]
        results["checks"] = {"passed": not failures, "failures": failures, "notes": notes}

    out = os.path.join(root, "build", "bench", "results.json")
    with open(out, "w") as f:
        json.dump(results, f, indent=2, ensure_ascii=False)
        f.write("\n")

    table.print()
    for note in notes:
        print("note: " + note)
    for failure in failures:
        print("FAIL: " + failure)
    print("bench: results in build/bench/results.json; %s" % ("all checks passed" if not failures else
                                                         "%d check(s) failed" % len(failures)))
    if any("missing" in f or "does not work" in f or "did not run" in f or "no malloc count" in f for f in failures):
        return 1
    return 2 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
