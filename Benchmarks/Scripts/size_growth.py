#!/usr/bin/env python3
"""The firmware's size against its checked-in baseline (Benchmarks/Thresholds/size-baseline.json).

Usage: size_growth.py FIRMWARE_DIR   (build/firmware: holds RELEASE-ARCH/stripped/BINARY)
Prints one line per baseline entry and exits 1 when one has grown past max_growth_percent.
As a module: checks(firmware_dir) -> [{"name", "bytes", "baseline", "limit", "growth_percent", "status"}]"""

import json
import os
import sys

BASELINE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Thresholds", "size-baseline.json")


def checks(firmware_dir):
    with open(BASELINE) as f:
        spec = json.load(f)
    allowed = spec["max_growth_percent"]
    results = []
    for name, entry in sorted(spec["baseline"].items()):
        target, binary = name.split("/")
        path = os.path.join(firmware_dir, target, "stripped", binary)
        size = os.path.getsize(path) if os.path.exists(path) else None
        baseline = entry["bytes"]
        # Whole bytes: the largest size that is at most max_growth_percent above the baseline.
        limit = baseline + baseline * int(allowed * 1000) // 100_000
        if size is None:
            status, growth = "not built", None
        else:
            growth = round((size - baseline) * 100.0 / baseline, 2)
            status = "holds" if size <= limit else "exceeded"
        results.append({"name": name, "bytes": size, "baseline": baseline, "limit": limit,
                        "growth_percent": growth, "status": status})
    return results


def main():
    failed = False
    for check in checks(sys.argv[1]):
        if check["bytes"] is None:
            print("size %s: not built (baseline %d B)" % (check["name"], check["baseline"]))
            failed = True
            continue
        print("size %s: %d B, %+.2f %% against the baseline %d B (at most %d B): %s" % (
            check["name"], check["bytes"], check["growth_percent"], check["baseline"], check["limit"], check["status"]))
        failed = failed or check["status"] != "holds"
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
