#!/usr/bin/env python3
"""Writes the page-change benchmark's trace (scripts/bench.sh, issue 29): COUNT swipes to the
left, each starting on the first button of the page shown (Benchmarks/pages.ini: 4 pages of 12
buttons, every page takes swipes both ways), so each one ends a button's press and changes the
page. Usage: make-pages-trace.py OUT COUNT"""
import sys


def main():
    out, count = sys.argv[1], int(sys.argv[2])
    lines = []
    for index in range(count):
        t = index * 300
        lines.append(f"{t} down 0 150 80")
        lines.append(f"{t + 20} move 0 110 80")
        lines.append(f"{t + 40} move 0 70 80")
        lines.append(f"{t + 60} up 0 70 80")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
