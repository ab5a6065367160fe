#!/usr/bin/env python3
"""Where the firmware's bytes go: the sizes of a firmware binary's defined symbols (llvm-nm),
summed by the module that owns them. Swift symbols are attributed by the first module in their
mangled name ($s9TouchCore...; the standard library's generics count for the module whose types
they were specialised for, the rest as the standard library); C symbols of the shim
(tp_*, clinux_*) to CLinux; other C symbols (the static build's libc, FreeType, libgpiod...) to
"C libraries". What no symbol covers (headers, relocations, unwind tables, strings) is the
stripped size minus the sum.

Usage: firmware_sizes.py UNSTRIPPED STRIPPED   prints one line per part, biggest first
As a module: breakdown(unstripped, stripped) -> {part: bytes}"""

import os
import re
import subprocess
import sys

SWIFT = re.compile(r"^_?\$[se]")
OUR_MODULES = ("TouchCore", "LinuxSystem", "PanelConfig", "PanelEngine", "PanelDrivers", "PanelApp", "touchpanel", "FirmwareSelfTest")
MODULE_TOKENS = [(f"{len(module)}{module}", module) for module in OUR_MODULES]


def shim_statics():
    """Names the C shim defines for itself (static functions), read from its sources."""
    names = set()
    shim = os.path.join(os.path.dirname(__file__), "..", "..", "Sources", "CLinux")
    for file in sorted(os.listdir(shim)):
        if file.endswith(".c"):
            with open(os.path.join(shim, file)) as source:
                names.update(re.findall(r"^static [^(;=]*?\b(\w+)\(", source.read(), re.M))
    return names


C_SHIM_STATICS = shim_statics()


def owner(name):
    """The part a symbol belongs to. Swift code is attributed to the first of our modules its
    mangled name mentions, so that the standard library's generics specialised for our types
    (an Array of a config type, a Dictionary of outputs) count where they come from."""
    if SWIFT.match(name):
        mentioned = [(name.find(token), module) for token, module in MODULE_TOKENS if token in name]
        if mentioned:
            return min(mentioned)[1]
        return "Swift standard library"
    if "swift_stdlib" in name or name.startswith(("swift_", "_swift")):
        return "Swift Unicode tables and runtime"
    if name.startswith(("tp_", "clinux_")) or name in C_SHIM_STATICS:
        return "CLinux (C shim)"
    return "C libraries and other C"


def breakdown(unstripped, stripped):
    out = subprocess.run(["llvm-nm", "--print-size", "--defined-only", unstripped],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True).stdout.decode()
    parts = {}
    seen = set()
    for line in out.splitlines():
        fields = line.split()
        if len(fields) != 4:
            continue
        address, size, kind, name = fields
        if kind in "aAuUwWvV" or (address, size) in seen:
            continue   # absolute symbols, and aliases of a symbol counted already
        seen.add((address, size))
        part = owner(name)
        parts[part] = parts.get(part, 0) + int(size, 16)
    total = os.path.getsize(stripped)
    parts["outside symbols (headers, relocations, unwind, strings)"] = max(0, total - sum(parts.values()))
    return parts


def main():
    parts = breakdown(sys.argv[1], sys.argv[2])
    for part, size in sorted(parts.items(), key=lambda item: -item[1]):
        print(f"{size:>10}  {part}")
    print(f"{os.path.getsize(sys.argv[2]):>10}  stripped file")


if __name__ == "__main__":
    main()
