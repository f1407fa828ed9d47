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
"""Fails when a package's Swift sources use a language feature newer than the
`swift-tools-version` its manifest declares.

    .ci/language_floor.py [PACKAGE_DIR ...]     (default: the repository and Benchmarks/)

The features and the version each needs are listed in `.ci/language-features.txt`.
A package's sources are its manifest and every `.swift` file under it, outside `.build`
folders and nested packages (a folder with its own `Package.swift` is checked against
its own manifest). Exit status: 0 when every package keeps to its floor, 1 when one does
not, 2 when the list or a manifest cannot be read.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LIST = os.path.join(HERE, "language-features.txt")


def version(text):
    return tuple(int(part) for part in text.split("."))


def read_features():
    features = []
    with open(LIST, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            fields = [field.strip() for field in line.split(" | ")]
            if len(fields) != 5 or fields[1] not in ("code", "raw"):
                sys.exit(f"{LIST}:{number}: expected `version | code or raw | expression | what | example`")
            needs, where, expression, what, example = fields
            try:
                pattern = re.compile(expression)
            except re.error as error:
                sys.exit(f"{LIST}:{number}: bad expression: {error}")
            sample = example if where == "raw" else blank(example)
            if not pattern.search(sample):
                sys.exit(f"{LIST}:{number}: the expression does not match its own example `{example}`")
            features.append((version(needs), needs, where, pattern, what))
    return features


def blank(source):
    """The source with comments and the insides of string literals replaced by spaces,
    line breaks kept: a string's quotes stay, so `f(a, "")` keeps its argument."""
    out = []
    i, n = 0, len(source)

    def skip(until, keep=0):
        # Blanks source[i:until], keeping `keep` characters at each end (a literal's quotes).
        nonlocal i
        start = i
        while i < until:
            c = source[i]
            kept = i - start < keep or until - i <= keep
            out.append(c if kept or c == "\n" else " ")
            i += 1

    while i < n:
        c = source[i]
        if source.startswith("//", i):
            end = source.find("\n", i)
            skip(n if end < 0 else end)
        elif source.startswith("/*", i):
            depth, j = 0, i
            while j < n:
                if source.startswith("/*", j):
                    depth += 1
                    j += 2
                elif source.startswith("*/", j):
                    depth -= 1
                    j += 2
                    if depth == 0:
                        break
                else:
                    j += 1
            skip(j)
        elif c == "#" and re.match(r'#+"', source[i:]):
            hashes = len(re.match(r"#+", source[i:]).group(0))
            quote = '"""' if source.startswith('"""', i + hashes) else '"'
            close = quote + "#" * hashes
            end = source.find(close, i + hashes + len(quote))
            skip(n if end < 0 else end + len(close), keep=1)
        elif c == '"':
            if source.startswith('"""', i):
                end = source.find('"""', i + 3)
                while end > 0 and source[end - 1] == "\\":
                    end = source.find('"""', end + 1)
                skip(n if end < 0 else end + 3, keep=1)
            else:
                j = i + 1
                while j < n and source[j] not in '"\n':
                    j += 2 if source[j] == "\\" else 1
                skip(min(j + 1, n), keep=1)
        else:
            out.append(c)
            i += 1
    return "".join(out)


def declared_floor(package):
    manifest = os.path.join(package, "Package.swift")
    try:
        with open(manifest, encoding="utf-8") as file:
            first = file.readline()
    except OSError as error:
        sys.exit(f"{manifest}: {error.strerror}")
    match = re.match(r"//\s*swift-tools-version\s*:\s*(\d+(?:\.\d+){0,2})", first)
    if not match:
        sys.exit(f"{manifest}: the first line declares no swift-tools-version")
    return match.group(1)


def sources(package):
    for directory, folders, files in os.walk(package):
        folders[:] = sorted(f for f in folders if not f.startswith(".")
                            and not os.path.exists(os.path.join(directory, f, "Package.swift")))
        for name in sorted(files):
            if name.endswith(".swift"):
                yield os.path.join(directory, name)


def check(package, features):
    floor_text = declared_floor(package)
    floor = version(floor_text)
    floor += (0,) * (3 - len(floor))
    newer = [feature for feature in features if feature[0] + (0,) * (3 - len(feature[0])) > floor]
    found = 0
    for path in sources(package):
        with open(path, encoding="utf-8") as file:
            raw = file.read()
        code = blank(raw)
        for _, needs, where, pattern, what in newer:
            for match in pattern.finditer(raw if where == "raw" else code):
                line = raw.count("\n", 0, match.start()) + 1
                print(f"{os.path.relpath(path, ROOT)}:{line}: {what} needs Swift {needs}; "
                      f"the manifest declares {floor_text}")
                found += 1
    name = os.path.relpath(package, ROOT)
    print(f"{name}: swift-tools-version {floor_text}, {len(newer)} newer features looked for, "
          f"{found} found")
    return found == 0


def main():
    features = read_features()
    packages = sys.argv[1:] or [ROOT, os.path.join(ROOT, "Benchmarks")]
    ok = True
    for package in packages:
        ok = check(os.path.abspath(package), features) and ok
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
