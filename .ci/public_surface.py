#!/usr/bin/env python3
# ===----------------------------------------------------------------------=== #
#
# This source file is part of the PageKit open source project
#
# Copyright (c) the PageKit project authors
# Licensed under Apache License v2.0
#
# See LICENSE.txt for license information
#
# SPDX-License-Identifier: Apache-2.0
#
# ===----------------------------------------------------------------------=== #
"""Fails when a public declaration of the `PageKit` module has no `///` comment, or when
a public member (a function, property, initializer's type, case or static value) is named
nowhere outside the core: in no test, example, article, README or sibling module.

    .ci/public_surface.py

A member nobody outside the core names is untested API, or API nobody needs: test it,
show it in an example, or make it internal. Types are not checked by name, as a type in
a public signature is used without being named (`.move(.pop(1))` uses `NavigationMove`).
The check is by word, so a common name passes once anything names it: it finds dead API,
not every gap.

It also holds each folder of the core to a budget of public declarations (below): a
change that adds public API beyond it fails until the same change raises the budget, so
the surface grows only by a decision a reviewer sees, with the reason in its commit; and
the core as a whole to at most 450 (`LIMIT`).
Exit status: 0 when every declaration passes and every folder is within its budget, 1
otherwise.
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORE = "Sources/PageKit"
ELSEWHERE = [
    "Tests/**/*.swift", "Examples/**/*.swift", "Sources/**/*.md", "README.md",
    "Sources/PageKitContainers/**/*.swift", "Sources/PageKitSwiftUI/**/*.swift",
    "Sources/PageKitTesting/**/*.swift", "Sources/PageKitPictures/**/*.swift",
    "Sources/PageKitTestStore/**/*.swift", "Sources/PageKitLinks/**/*.swift",
    "Sources/PageKitRoutes/**/*.swift", "Sources/PageKitRestoration/**/*.swift",
]
MODIFIERS = r"(?:\s+(?:internal\(set\)|private\(set\)|static|final|mutating|nonmutating|override|" \
            r"convenience|required|indirect|weak|lazy|class))*"
DECLARATION = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)" + MODIFIERS +
                         r"\s+(func|var|let|init|struct|enum|class|protocol|typealias|case|subscript|actor)"
                         r"\s*([A-Za-z_`][A-Za-z0-9_`]*)?")
TYPES = {"struct", "enum", "class", "protocol", "typealias", "actor"}
# Public declarations each folder of Sources/PageKit may hold: what it holds today. Lower
# a budget when API goes; raise one only in the change that needs it, saying why.
BUDGETS = {
    "Alerts": 28, "Changes": 12, "Events": 14, "Guards": 11, "Navigator": 65,
    "Pages": 68, "Paths": 69, "Registry": 35, "Requests": 62, "Resolution": 18,
    "Showing": 16, "Transitions": 52,
}
# The core as a whole holds at most this many: the budgets above may move between
# folders, but what leaves the core for a module of its own does not come back.
LIMIT = 450
# Names every conformance spells the same way: named by the protocol, not by a caller.
CONFORMANCES = {"description", "hash", "init", "subscript", "rawValue", "makeIterator", "next"}


def main():
    os.chdir(ROOT)
    elsewhere = [open(path, encoding="utf-8").read()
                 for pattern in ELSEWHERE for path in glob.glob(pattern, recursive=True)
                 if not path.startswith(CORE + "/")]
    failures = []
    counts = {}
    for path in sorted(glob.glob(CORE + "/**/*.swift", recursive=True)):
        parts = os.path.relpath(path, CORE).split(os.sep)
        folder = parts[0] if len(parts) > 1 else "."
        lines = open(path, encoding="utf-8").read().split("\n")
        for index, line in enumerate(lines):
            match = DECLARATION.match(line)
            if not match or "public import" in line:
                continue
            counts[folder] = counts.get(folder, 0) + 1
            above = index - 1
            while above >= 0 and re.match(r"^\s*@\w+", lines[above]):
                above -= 1
            if above < 0 or not lines[above].strip().startswith("///"):
                failures.append(f"{path}:{index + 1}: no `///` comment: {line.strip()}")
                continue
            kind, name = match.group(1), (match.group(2) or "").strip("`")
            if kind in TYPES or not name or name in CONFORMANCES:
                continue
            word = re.compile(r"\b" + re.escape(name) + r"\b")
            if not any(word.search(text) for text in elsewhere):
                failures.append(f"{path}:{index + 1}: `{name}` is named by no test, example, "
                                f"article or sibling module: {line.strip()}")
    for folder, count in sorted(counts.items()):
        budget = BUDGETS.get(folder, 0)
        if count > budget:
            failures.append(f"{CORE}/{folder}: {count} public declarations, over its budget of {budget}: "
                            f"make one internal, or raise BUDGETS in .ci/public_surface.py and say why")
    total = sum(counts.values())
    if total > LIMIT or sum(BUDGETS.values()) > LIMIT:
        failures.append(f"{CORE}: {total} public declarations, budgets totalling {sum(BUDGETS.values())}; "
                        f"the core holds at most {LIMIT}")
    print(f"{total} public declarations in {CORE}; the budgets total {sum(BUDGETS.values())} (at most {LIMIT})")
    for failure in failures:
        print(failure)
    if failures:
        print(f"{len(failures)} problem(s) with PageKit's public declarations: each needs a comment, a use, "
              f"to be internal, or room in its folder's budget")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
