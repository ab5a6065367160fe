#!/usr/bin/env python3
"""Writes the slider benchmark's trace (scripts/bench.sh, issue 26): one touch on
Benchmarks/sliders.ini's 720x80 dimmer, moved 8 px every 10 ms from one end of the track to
the other and back, REPORTS reports in all, then lifted. Usage: make-slider-trace.py OUT REPORTS"""
import sys


def main():
    out, reports = sys.argv[1], int(sys.argv[2])
    x, step = 44, 8
    lines = [f"0 down 0 {x} 240"]
    for index in range(1, reports - 1):
        if not 44 <= x + step <= 756:
            step = -step
        x += step
        lines.append(f"{index * 10} move 0 {x} 240")
    lines.append(f"{(reports - 1) * 10} up 0 {x} 240")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
