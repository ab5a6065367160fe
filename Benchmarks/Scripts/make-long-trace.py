#!/usr/bin/env python3
"""Write a long replay trace of raw FT5x06 reports for Benchmarks/panel.ini, for the benchmarks.

    Benchmarks/Scripts/make-long-trace.py [--reports N] [--seed S] OUT [--blank BLANK]

OUT gets exactly N lines (default 100,000), each a raw report as an FT5406 on the official 7"
display sends them (controller coordinates, both axes inverted, one report every 17 ms while
touched, as the kernel polls it): taps, double and triple taps, drags across buttons, holds
(long presses and repeats), two to five fingers at once (some lifted with TOUCH_UP, some just
vanishing from the report, as some firmware does), touches between buttons, and now and then a
controller that stops reporting while a finger is down (lost_ms cancels it). Gestures are 150 to
900 ms apart. The same seed gives the same file.

BLANK, if given, gets a line for every line of OUT, of the same length, that is only a comment:
replaying it costs the process start, the config, reading and splitting the file, and nothing
else, so the difference between the two runs is the cost of the reports themselves.
"""

import argparse
import random
import sys

WIDTH, HEIGHT = 800, 480
PERIOD_MS = 17


def button_rect(index):
    """Benchmarks/panel.ini's grid: 4 x 3 buttons of 185 x 145 with 10-pixel gaps."""
    column, row = index % 4, index // 4
    return 10 + 195 * column, 10 + 155 * row, 185, 145


BUTTONS = 12
REPEAT_BUTTONS = (1, 2)
LONG_PRESS_BUTTONS = (0, 6, 8, 9, 11)
MULTI_TAP_BUTTONS = {0: 2, 7: 2, 10: 3}


class Trace:
    def __init__(self, rng, limit):
        self.rng = rng
        self.limit = limit
        self.lines = []
        self.t = 0

    def full(self):
        return len(self.lines) >= self.limit

    def report(self, points):
        """points: list of (id, x, y, event) in display pixels; event 0 down, 1 up, 2 contact."""
        data = [0x00, 0x00, len(points)]
        for touch_id, x, y, event in points:
            x = min(max(x, 0), WIDTH - 1)
            y = min(max(y, 0), HEIGHT - 1)
            cx, cy = WIDTH - 1 - x, HEIGHT - 1 - y  # invert_x, invert_y
            data += [
                event << 6 | cx >> 8, cx & 0xFF,
                touch_id << 4 | cy >> 8, cy & 0xFF,
                self.rng.randint(0x10, 0x40), self.rng.randint(0x00, 0x0F),
            ]
        self.lines.append("%d ft5x06 %s" % (self.t, " ".join("%02x" % b for b in data)))
        self.t += PERIOD_MS

    def idle(self, low=150, high=900):
        self.t += self.rng.randint(low, high)

    def point_in(self, index, margin=12):
        x, y, w, h = button_rect(index)
        return self.rng.randint(x + margin, x + w - margin), self.rng.randint(y + margin, y + h - margin)

    def jitter(self, value, amount=1):
        return value + self.rng.randint(-amount, amount)

    # --- gestures ----------------------------------------------------------------------------

    def tap(self, index=None, touch_id=0, at=None):
        if at is None:
            at = self.point_in(self.rng.randrange(BUTTONS) if index is None else index)
        x, y = at
        self.report([(touch_id, x, y, 0)])
        for _ in range(self.rng.randint(1, 4)):
            self.report([(touch_id, self.jitter(x), self.jitter(y), 2)])
        self.report([(touch_id, x, y, 1)])
        self.report([])

    def multi_tap(self):
        index = self.rng.choice(list(MULTI_TAP_BUTTONS))
        x, y = self.point_in(index, margin=30)
        for n in range(MULTI_TAP_BUTTONS[index]):
            self.tap(at=(self.jitter(x, 8), self.jitter(y, 8)), touch_id=n % 2)
            self.t += self.rng.randint(60, 140)

    def drag(self):
        x0, y0 = self.rng.randint(0, WIDTH - 1), self.rng.randint(0, HEIGHT - 1)
        x1, y1 = self.rng.randint(0, WIDTH - 1), self.rng.randint(0, HEIGHT - 1)
        steps = self.rng.randint(15, 60)
        self.report([(0, x0, y0, 0)])
        for step in range(1, steps):
            x = x0 + (x1 - x0) * step // steps
            y = y0 + (y1 - y0) * step // steps
            self.report([(0, self.jitter(x, 2), self.jitter(y, 2), 2)])
        self.report([(0, x1, y1, 1)])
        self.report([])

    def hold(self):
        index = self.rng.choice(REPEAT_BUTTONS + LONG_PRESS_BUTTONS)
        x, y = self.point_in(index)
        self.report([(0, x, y, 0)])
        for _ in range(self.rng.randint(35, 80)):  # 0.6 to 1.4 s: long press, then repeats
            self.report([(0, self.jitter(x), self.jitter(y), 2)])
        self.report([(0, x, y, 1)])
        self.report([])

    def fingers(self):
        count = self.rng.randint(2, 5)
        places = []
        for finger in range(count):
            if self.rng.random() < 0.8:
                places.append(self.point_in(self.rng.randrange(BUTTONS)))
            else:
                places.append((self.rng.randint(0, WIDTH - 1), self.rng.randint(0, HEIGHT - 1)))
        down = [(f, x, y, 0) for f, (x, y) in enumerate(places)]
        self.report(down)
        alive = list(range(count))
        reports = self.rng.randint(5, 40)
        for n in range(reports):
            points = [(f, self.jitter(places[f][0], 2), self.jitter(places[f][1], 2), 2) for f in alive]
            # Toward the end, fingers leave one by one: with TOUCH_UP, or just gone from the report.
            if n > reports // 2 and len(alive) > 1 and self.rng.random() < 0.3:
                leaving = alive[-1]
                if self.rng.random() < 0.5:
                    points[-1] = (leaving, places[leaving][0], places[leaving][1], 1)
                else:
                    points.pop()
                alive.pop()
            self.report(points)
        self.report([(f, places[f][0], places[f][1], 1) for f in alive])
        self.report([])

    def between_buttons(self):
        # The gaps of the grid and the display's edge: nobody owns these touches.
        x = self.rng.choice([self.rng.randint(0, 9), self.rng.randint(196, 204), self.rng.randint(781, 799)])
        self.tap(at=(x, self.rng.randint(0, HEIGHT - 1)))

    def lost(self):
        x, y = self.point_in(self.rng.randrange(BUTTONS))
        self.report([(0, x, y, 0)])
        for _ in range(self.rng.randint(2, 6)):
            self.report([(0, self.jitter(x), self.jitter(y), 2)])
        self.t += 400  # the controller goes quiet with the finger down: lost after 200 ms

    def generate(self):
        gestures = [
            (self.tap, 35), (self.multi_tap, 10), (self.drag, 15), (self.hold, 15),
            (self.fingers, 17), (self.between_buttons, 6), (self.lost, 2),
        ]
        kinds = [g for g, _ in gestures]
        weights = [w for _, w in gestures]
        while not self.full():
            self.rng.choices(kinds, weights)[0]()
            self.idle()
        del self.lines[self.limit:]
        # End with every finger lifted: an empty report.
        last_t = int(self.lines[-1].split()[0])
        self.lines[-1] = "%d ft5x06 00 00 00" % last_t
        return self.lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--reports", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--blank", help="also write a comment-only trace with the same line lengths")
    args = parser.parse_args()
    if args.reports < 1:
        parser.error("--reports must be at least 1")
    lines = Trace(random.Random(args.seed), args.reports).generate()
    with open(args.out, "w") as out:
        out.write("\n".join(lines) + "\n")
    if args.blank:
        with open(args.blank, "w") as out:
            out.write("\n".join("#" + " " * (len(line) - 1) for line in lines) + "\n")
    print("%s: %d reports over %.1f s" % (args.out, len(lines), int(lines[-1].split()[0]) / 1000), file=sys.stderr)


if __name__ == "__main__":
    main()
