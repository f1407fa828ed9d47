#!/usr/bin/env python3
"""The checks behind .ci/docs, on the standard library only.

  docs_check.py diagnostics [--unbuilt-names A,B] FILE...
      Prints every warning and error in docc's diagnostics files as file:line:col, and
      exits 1 if there is any. --unbuilt-names lists the symbols that the symbol graphs
      could not contain (the UIKit layer, when the graphs come from Linux): an unresolved
      link to one of them is printed as unchecked instead of failing.

  docs_check.py screenshot --png FILE --title TEXT [--tesseract PATH]
      Checks that a screenshot is not blank and that OCR finds TEXT in it as a heading,
      in letters taller than the page's body text. Exits 1 if not.

  docs_check.py spi --targets A,B FILE
      Checks that the Swift Package Index manifest FILE (.spi.yml) names exactly the
      documentation targets A, B that .ci/docs builds, so the hosted docs are the same
      modules. Exits 1 if not.
"""

import argparse
import collections
import difflib
import json
import os
import re
import statistics
import struct
import subprocess
import sys
import urllib.parse
import zlib

# "'QueueNavigationController' doesn't exist at '/PageKitContainers'"
UNRESOLVED = re.compile(r"^'([^']+)' doesn't exist at ")


def diagnostics(args):
    unbuilt = {name for name in args.unbuilt_names.split(",") if name}
    failing, unchecked = [], []
    for path in args.files:
        with open(path, encoding="utf-8") as f:
            found = json.load(f).get("diagnostics", [])
        for d in found:
            if d.get("severity") not in ("warning", "error"):
                continue
            source = urllib.parse.unquote(urllib.parse.urlparse(d.get("source") or "").path)
            if source:
                source = os.path.relpath(source)
            start = (d.get("range") or {}).get("start") or {}
            where = f"{source or '(no file)'}:{start.get('line', 0)}:{start.get('column', 0)}"
            line = (source, start.get("line", 0), start.get("column", 0),
                    f"{where}: {d['severity']}: {d.get('summary', '')}")
            match = UNRESOLVED.match(d.get("summary", ""))
            if match and match.group(1) in unbuilt:
                unchecked.append(line)
            else:
                failing.append(line)
    for *_, line in sorted(failing):
        print(line)
    if unchecked:
        print(f"not checked here: {len(unchecked)} link(s) to symbols that only the iOS symbol "
              "graphs contain (set up the iOS SDK to check them, see CONTRIBUTING.md):")
        for *_, line in sorted(unchecked):
            print(f"  {line}")
    print(f"docc: {len(failing)} warning(s) or error(s)")
    return 1 if failing else 0


def read_png(path):
    """Decodes an 8-bit, non-interlaced RGB or RGBA PNG, as Chromium writes them."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or interlace != 0 or color not in (2, 6):
        raise ValueError(f"unsupported PNG format {header}")
    bpp = 3 if color == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    prev, rows = bytearray(stride), []
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif kind == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        elif kind == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif kind == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def normalized(word):
    return re.sub(r"[^0-9a-z]", "", word.lower())


def matches(seen, wanted):
    if len(wanted) < 5:
        return seen == wanted
    return difflib.SequenceMatcher(None, seen, wanted).ratio() >= 0.85


def find_title(words, title):
    """The tallest height at which the title is read, joining OCR words, which may split
    or merge the title's own ("PageKit" read as "Page" "Kit"); 0 if it is not read."""
    wanted = normalized(title)
    best = 0
    for i in range(len(words)):
        seen, height = "", 0
        for word, h in words[i:]:
            seen += word
            height = max(height, h)
            if len(seen) > len(wanted) + 2:
                break
            if matches(seen, wanted):
                best = max(best, height)
    return best


def screenshot(args):
    name = os.path.relpath(args.png)
    width, height, bpp, rows = read_png(args.png)
    colours = collections.Counter()
    for row in rows[::2]:
        for x in range(0, width * bpp, 2 * bpp):
            colours[row[x:x + 3]] += 1
    sampled = sum(colours.values())
    background, count = colours.most_common(1)[0]
    drawn = 1 - count / sampled
    problems = []
    if drawn < 0.02 or len(colours) < 16:
        problems.append(f"looks blank ({len(colours)} colours, {drawn:.1%} drawn)")

    tsv = subprocess.run([args.tesseract, args.png, "-", "tsv"], check=True,
                         capture_output=True, text=True).stdout
    words = []
    for line in tsv.splitlines()[1:]:
        cells = line.split("\t")
        if len(cells) == 12 and cells[11].strip() and float(cells[10]) > 0:
            words.append((normalized(cells[11]), int(cells[9])))
    words = [(w, h) for w, h in words if w]
    body = statistics.median(h for _, h in words) if words else 0
    # Read among the large words first: OCR may interleave a wrapped heading's lines with
    # the sidebar's, which breaks the title in the reading order of all the words.
    large = [(w, h) for w, h in words if h >= 1.6 * body]
    best = find_title(large, args.title) or find_title(words, args.title)
    if not best:
        problems.append(f"OCR does not find the title {args.title!r} "
                        f"({len(words)} words read)")
    elif best < 1.6 * body:
        problems.append(f"the title {args.title!r} is only in small print "
                        f"({best} px, body text {body:g} px), not as the page's heading")
    if problems:
        print(f"{name}: FAILED: " + "; ".join(problems))
        return 1
    print(f"{name}: {width}x{height}, {len(colours)} colours, {drawn:.0%} drawn; "
          f"OCR read {len(words)} words, the title {args.title!r} as a {best} px heading "
          f"(body text {body:g} px)")
    return 0


def spi(args):
    """Reads `documentation_targets` from a .spi.yml, in its flow (`[A, B]`) or block form."""
    with open(args.file, encoding="utf-8") as f:
        lines = [line.split("#", 1)[0].rstrip() for line in f]
    found = []
    for index, line in enumerate(lines):
        match = re.match(r"^(\s*)(- )?documentation_targets:\s*(.*)$", line)
        if not match:
            continue
        rest = match.group(3)
        if rest.startswith("["):
            found += [name.strip() for name in rest.strip("[]").split(",") if name.strip()]
        else:
            for item in lines[index + 1:]:
                item_match = re.match(r"^\s*-\s*(\S+)\s*$", item)
                if not item_match:
                    break
                found.append(item_match.group(1))
    wanted = [name for name in args.targets.split(",") if name]
    if sorted(found) != sorted(wanted):
        print(f"{args.file}: documentation_targets {found}, but .ci/docs builds {wanted}")
        return 1
    print(f"{args.file}: documentation_targets {found}, as .ci/docs builds")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    d = commands.add_parser("diagnostics")
    d.add_argument("--unbuilt-names", default="")
    d.add_argument("files", nargs="+")
    s = commands.add_parser("screenshot")
    s.add_argument("--png", required=True)
    s.add_argument("--title", required=True)
    s.add_argument("--tesseract", default="tesseract")
    p = commands.add_parser("spi")
    p.add_argument("--targets", required=True)
    p.add_argument("file")
    args = parser.parse_args()
    return {"diagnostics": diagnostics, "screenshot": screenshot, "spi": spi}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
