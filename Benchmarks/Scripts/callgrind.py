"""A small reader of callgrind's output format (valgrind --tool=callgrind, one event: Ir).

It keeps, per function name, the instructions spent in the function itself and the calls it
made (callee, inclusive instructions of those calls), which is all the benchmarks need:
exclusive costs, inclusive costs as seen by outside callers, and who calls a function.
Functions are keyed by name alone (callgrind splits a function's cost by source file when
code was inlined from another file; that split does not matter here).
"""

import collections
import subprocess


class Profile:
    def __init__(self, path):
        self.path = path
        self.total = 0
        self.self_cost = collections.Counter()
        # (caller, callee) -> inclusive instructions of those calls
        self.calls = collections.Counter()
        # (caller, callee) -> how many calls
        self.call_counts = collections.Counter()
        self._read(path)
        self.names = {}

    def _read(self, path):
        names = {}

        def name_of(value):
            # "(id) name" defines a compressed name, "(id)" uses it, a bare name is itself.
            value = value.strip()
            if value.startswith("("):
                end = value.index(")")
                key = value[: end + 1]
                rest = value[end + 1:].strip()
                if rest:
                    names[key] = rest
                return names.get(key, key)
            return value

        function = None
        callee = None
        pending_call = False
        with open(path, encoding="utf-8", errors="replace") as lines:
            for line in lines:
                if not line or line[0] in "#\n":
                    continue
                if line.startswith("fn="):
                    function = name_of(line[3:])
                    continue
                if line.startswith("cfn="):
                    callee = name_of(line[4:])
                    continue
                if line.startswith("calls="):
                    pending_call = True
                    self.call_counts[(function, callee)] += int(line[6:].split()[0])
                    continue
                if line.startswith("summary:") or line.startswith("totals:"):
                    self.total = max(self.total, int(line.split()[1]))
                    continue
                first = line[0]
                if first.isdigit() or first in "+-*":
                    parts = line.split()
                    cost = int(parts[1]) if len(parts) > 1 else 0
                    if pending_call:
                        self.calls[(function, callee)] += cost
                        pending_call = False
                    else:
                        self.self_cost[function] += cost
                    continue
                # ob=, fl=, fi=, fe=, cob=, cfi=, cfl=, positions:, events:, ... : nothing to keep,
                # but fl/fi/fe/ob may define compressed names of their own id spaces.

    def demangle(self, demangler="swift"):
        """Readable names for every function (Swift symbols through `swift demangle`)."""
        functions = set(self.self_cost) | {c for _, c in self.calls} | {f for f, _ in self.calls}
        functions = sorted(f for f in functions if f)
        try:
            result = subprocess.run(
                [demangler, "demangle", "--simplified"], input="\n".join(functions) + "\n",
                capture_output=True, text=True, check=True)
            readable = result.stdout.split("\n")
        except (OSError, subprocess.CalledProcessError):
            readable = functions
        self.names = dict(zip(functions, readable))
        return self

    def name(self, function):
        return self.names.get(function, function)

    def matching(self, predicate):
        functions = set(self.self_cost) | {c for _, c in self.calls}
        return {f for f in functions if f and predicate(self.name(f))}

    def inclusive_from_outside(self, predicate):
        """Instructions of all calls into functions matching `predicate` made from functions that
        do not match (so a wrapper calling its specialisation is not counted twice)."""
        inside = self.matching(predicate)
        return sum(cost for (caller, callee), cost in self.calls.items()
                   if callee in inside and caller not in inside)

    def per_call_from_outside(self, predicate):
        """Inclusive instructions per call of functions matching `predicate`, counting only the
        calls from functions that do not match; None when there was no such call."""
        inside = self.matching(predicate)
        cost = count = 0
        for key, value in self.calls.items():
            if key[1] in inside and key[0] not in inside:
                cost += value
                count += self.call_counts[key]
        return cost / count if count else None

    def call_count_free_inclusive(self, symbol):
        """Inclusive instructions of calls into exactly `symbol` (a C name), from anywhere else."""
        return sum(cost for (caller, callee), cost in self.calls.items()
                   if callee == symbol and caller != symbol)

    def callers_of(self, predicate):
        """{caller: instructions of its calls into functions matching `predicate`}."""
        inside = self.matching(predicate)
        result = collections.Counter()
        for (caller, callee), cost in self.calls.items():
            if callee in inside and caller not in inside:
                result[caller] += cost
        return result
