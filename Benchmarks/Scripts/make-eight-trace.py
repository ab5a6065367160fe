#!/usr/bin/env python3
"""Writes the eight-button benchmark's trace (issue 44): ROUNDS rounds over
Benchmarks/eight-buttons.ini's eight 200x100 buttons, each pressed and released in turn (a tap
of 60 ms, one every 400 ms), so every change repaints one button in a new look: pressed, then
normal. Usage: make-eight-trace.py OUT ROUNDS"""
import sys


def main():
    out, rounds = sys.argv[1], int(sys.argv[2])
    lines = []
    t = 0
    for _ in range(rounds):
        for index in range(8):
            x = index % 4 * 200 + 100
            y = 140 + index // 4 * 100 + 50
            lines.append(f"{t} down 0 {x} {y}")
            lines.append(f"{t + 60} up 0 {x} {y}")
            t += 400
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
