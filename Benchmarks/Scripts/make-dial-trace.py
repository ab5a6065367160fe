#!/usr/bin/env python3
"""Writes the dial benchmark's trace (Tests/Instructions/run.py, issue 46): one touch on
Benchmarks/dials.ini's 240x240 dial at the middle of its band (108 pixels from the centre),
turned 2 degrees every 10 ms from -130 degrees to +130 and back, REPORTS reports in all, then
lifted. Usage: make-dial-trace.py OUT REPORTS"""
import math
import sys


def point(degrees):
    """The pixel 108 from the dial's centre (400, 240) at `degrees` clockwise from 12 o'clock."""
    radians = math.radians(degrees)
    return round(400 + 108 * math.sin(radians)), round(240 - 108 * math.cos(radians))


def main():
    out, reports = sys.argv[1], int(sys.argv[2])
    angle, step = -130, 2
    x, y = point(angle)
    lines = [f"0 down 0 {x} {y}"]
    for index in range(1, reports - 1):
        if not -130 <= angle + step <= 130:
            step = -step
        angle += step
        x, y = point(angle)
        lines.append(f"{index * 10} move 0 {x} {y}")
    lines.append(f"{(reports - 1) * 10} up 0 {x} {y}")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
