#!/usr/bin/env python3
"""Traces of mqtt lines for scripts/bench.sh: `state` alternates a bound button between ON
and OFF (each message changes its look); `text` gives the text item a new 8-character text
each time (glyphs from a small set, so they are rasterised once and then come from the
cache); `text-arabic` the same in Arabic letters, which are joined (FriBidi and HarfBuzz lay
each one out); `entity` alternates an entity-bound button between on and off with homeassistant
lines, each Home Assistant's `c` diff as it sends one (Benchmarks/live-entity.ini); `chart`
gives Benchmarks/chart.ini's power chart a new reading, 400-1299 W; `chart-rising` a reading 3 W
above the last each time, so that the chart's upper end (from the data) moves and every
reading repaints the whole chart. One message every 20 ms.
Usage: make-live-trace.py state|text|text-arabic|entity|chart|chart-rising FILE COUNT"""

# Eight Arabic letters that join on both sides, and the digits.
ARABIC = "بتثنيسلم"

import sys


def main():
    kind, path, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(path, "w") as out:
        for index in range(count):
            t = 100 + 20 * index
            if kind == "entity":
                state = "on" if index % 2 == 0 else "off"
                brightness = 254 if index % 2 == 0 else "null"
                out.write(f'{t} homeassistant {{"id":2,"type":"event","event":{{"c":{{"light.lamp":{{"+":'
                          f'{{"s":"{state}","lc":1795949306.{index % 100:02d},"c":"01JDBENCH{index:06d}",'
                          f'"a":{{"brightness":{brightness}}}}}}}}}}}}}\n')
            elif kind == "chart":
                out.write(f"{t} mqtt bench/power {400 + (index * 37) % 900}\n")
            elif kind == "chart-rising":
                out.write(f"{t} mqtt bench/power {400 + 3 * index}\n")
            elif kind == "text-arabic":
                letters = "".join(ARABIC[(index + k * 3) % len(ARABIC)] for k in range(5))
                out.write(f"{t} mqtt bench/value {letters} {index % 100:02d}\n")
            elif kind == "state":
                state = "ON" if index % 2 == 0 else "OFF"
                out.write(f'{t} mqtt bench/lamp {{"state":"{state}","brightness":254}}\n')
            else:
                out.write(f"{t} mqtt bench/value {index % 1000:03d}.{index % 7}0 W\n")
        out.write(f"{100 + 20 * count + 100} end\n")


if __name__ == "__main__":
    main()
