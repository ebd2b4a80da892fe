#!/usr/bin/env python3
"""Generates Sources/BrewLogCLI/Text/DisplayWidthTables.swift from the Unicode Character Database.

Usage (Debian: `apt-get install unicode-data` provides the files):

    python3 scripts/generate-display-width.py [UCD_DIR] > Sources/BrewLogCLI/Text/DisplayWidthTables.swift

UCD_DIR defaults to /usr/share/unicode and must hold EastAsianWidth.txt, UnicodeData.txt,
HangulSyllableType.txt and emoji/emoji-data.txt of one Unicode version. Python 3 standard
library only; the output is deterministic, so running it again on the same files changes nothing.

Each table is a sorted list of non-overlapping, non-adjacent code point ranges:

- wide: East_Asian_Width W or F (with the defaults the file states for unlisted CJK blocks and
  planes 2 and 3), and code points reserved for future emoji (Extended_Pictographic and not yet
  assigned), which will be wide when they arrive and which newer terminals already draw so.
  The few combining marks that are East Asian Wide (U+302A..U+302D, U+3099, U+309A) are left
  out: they draw over the character before them.
- zero: General_Category Mn, Me and Cf (combining marks, zero-width joiners and format
  characters, variation selectors), and the medial vowels and final consonants of conjoining
  Hangul (Hangul_Syllable_Type V and T), which a terminal draws inside the syllable they follow.
  U+00AD SOFT HYPHEN is left out: a terminal does not hyphenate, so it shows it as a hyphen.
- emoji, emojiPresentation, emojiModifierBase, emojiModifier, extendedPictographic: the
  properties of those names in emoji-data.txt.
"""

import os
import re
import sys

MAX_CODE_POINT = 0x10FFFF
SOFT_HYPHEN = 0x00AD
OUTPUT_NAME = "Sources/BrewLogCLI/Text/DisplayWidthTables.swift"


def data_lines(path):
    """Yields (first, last, fields) for each data line of a UCD property file."""
    with open(path, encoding="utf-8") as file:
        for line in file:
            content = line.split("#", 1)[0].strip()
            if not content:
                continue
            fields = [field.strip() for field in content.split(";")]
            first, _, last = fields[0].partition("..")
            yield int(first, 16), int(last or first, 16), fields[1:]


def version_of(path):
    """The version a UCD file names on its first line, such as `EastAsianWidth-15.0.0.txt`."""
    with open(path, encoding="utf-8") as file:
        match = re.search(r"-(\d+\.\d+\.\d+)\.txt", file.readline())
    if not match:
        sys.exit(f"error: {path}: no version on its first line")
    return match.group(1)


def emoji_version_of(path):
    """The version emoji-data.txt says it is used with."""
    with open(path, encoding="utf-8") as file:
        for line in file:
            match = re.search(r"Emoji Version (\d+\.\d+)", line)
            if match:
                return match.group(1)
    sys.exit(f"error: {path}: no emoji version in its header")


def ranges_of(code_points):
    """Merges a set of code points into sorted (first, last) ranges, adjacent ones joined."""
    ranges = []
    for code_point in sorted(code_points):
        if ranges and ranges[-1][1] + 1 == code_point:
            ranges[-1][1] = code_point
        else:
            ranges.append([code_point, code_point])
    return [tuple(r) for r in ranges]


def read_general_categories(path):
    """Maps every assigned code point to its General_Category (ranges written as First/Last pairs)."""
    categories = {}
    range_start = None
    with open(path, encoding="utf-8") as file:
        for line in file:
            fields = line.rstrip("\n").split(";")
            code_point, name, category = int(fields[0], 16), fields[1], fields[2]
            if name.endswith(", First>"):
                range_start = code_point
                continue
            if name.endswith(", Last>"):
                if range_start is None:
                    sys.exit(f"error: {path}: {name} without its First line")
                for member in range(range_start, code_point + 1):
                    categories[member] = category
                range_start = None
                continue
            categories[code_point] = category
    return categories


def read_wide(path):
    """Code points whose East_Asian_Width is W or F, the defaults for unlisted ones included."""
    widths = {}
    default_wide = [(0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x2FFFD), (0x30000, 0x3FFFD)]
    for first, last in default_wide:
        for code_point in range(first, last + 1):
            widths[code_point] = "W"
    for first, last, fields in data_lines(path):
        for code_point in range(first, last + 1):
            widths[code_point] = fields[0]
    return {code_point for code_point, width in widths.items() if width in ("W", "F")}


def read_emoji_properties(path):
    """Maps each emoji-data.txt property name to its set of code points."""
    properties = {}
    for first, last, fields in data_lines(path):
        properties.setdefault(fields[0], set()).update(range(first, last + 1))
    return properties


def read_hangul_vowels_and_finals(path):
    """Conjoining Hangul medial vowels and final consonants (Hangul_Syllable_Type V and T)."""
    code_points = set()
    for first, last, fields in data_lines(path):
        if fields[0] in ("V", "T"):
            code_points.update(range(first, last + 1))
    return code_points


def swift_table(name, summary, ranges):
    """One Swift table: a doc comment and the ranges, four to a line."""
    lines = [f"    /// {summary}", f"    static let {name}: [ScalarRange] = ["]
    for start in range(0, len(ranges), 4):
        row = ", ".join(f".init(0x{first:04X}, 0x{last:04X})" for first, last in ranges[start:start + 4])
        lines.append(f"        {row},")
    lines.append("    ]")
    return "\n".join(lines)


def main():
    ucd = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/unicode"
    paths = {
        "width": os.path.join(ucd, "EastAsianWidth.txt"),
        "data": os.path.join(ucd, "UnicodeData.txt"),
        "hangul": os.path.join(ucd, "HangulSyllableType.txt"),
        "emoji": os.path.join(ucd, "emoji", "emoji-data.txt"),
    }
    for path in paths.values():
        if not os.path.isfile(path):
            sys.exit(f"error: {path} not found (Debian: apt-get install unicode-data)")
    unicode_version = version_of(paths["width"])
    if version_of(paths["hangul"]) != unicode_version:
        sys.exit("error: EastAsianWidth.txt and HangulSyllableType.txt are of different Unicode versions")

    categories = read_general_categories(paths["data"])
    emoji = read_emoji_properties(paths["emoji"])
    reserved_pictographic = {cp for cp in emoji["Extended_Pictographic"] if cp not in categories}
    wide = read_wide(paths["width"]) | reserved_pictographic
    zero = {cp for cp, category in categories.items() if category in ("Mn", "Me", "Cf")}
    zero.discard(SOFT_HYPHEN)
    zero |= read_hangul_vowels_and_finals(paths["hangul"])
    # A few combining marks are East Asian Wide (the ideographic tone marks, the combining kana
    # voiced sound marks): they still draw over the character before them, so they take none.
    wide -= zero

    tables = [
        ("wide", "East_Asian_Width Wide or Fullwidth, and code points reserved for future emoji: two columns.", wide),
        ("zero", "Combining marks (Mn, Me), format characters (Cf) but the soft hyphen, and Hangul V and T jamo: no column.", zero),
        ("emoji", "Emoji=Yes: a character that U+FE0F turns into a two-column emoji.", emoji["Emoji"]),
        ("emojiPresentation", "Emoji_Presentation=Yes: drawn as an emoji, two columns, without a selector.", emoji["Emoji_Presentation"]),
        ("emojiModifierBase", "Emoji_Modifier_Base=Yes: a skin-tone modifier after it makes one emoji.", emoji["Emoji_Modifier_Base"]),
        ("emojiModifier", "Emoji_Modifier=Yes: the skin-tone modifiers.", emoji["Emoji_Modifier"]),
        ("extendedPictographic", "Extended_Pictographic=Yes: what emoji ZWJ sequences join.", emoji["Extended_Pictographic"]),
    ]
    for _, _, code_points in tables:
        if any(cp < 0 or cp > MAX_CODE_POINT for cp in code_points):
            sys.exit("error: a code point outside Unicode's range")

    print(f"""// Generated by scripts/generate-display-width.py from the Unicode Character Database {unicode_version}
// (EastAsianWidth.txt, UnicodeData.txt, HangulSyllableType.txt) and emoji-data.txt of Emoji {emoji_version_of(paths["emoji"])}.
// Do not edit by hand. To regenerate (Debian: apt-get install unicode-data):
//     python3 scripts/generate-display-width.py /usr/share/unicode > {OUTPUT_NAME}

/// The Unicode properties ``DisplayWidth`` reads, as sorted, non-overlapping ranges of scalars.
enum DisplayWidthTables {{
    /// The Unicode version the tables come from.
    static let unicodeVersion = "{unicode_version}"
""")
    print("\n\n".join(swift_table(name, summary, ranges_of(code_points)) for name, summary, code_points in tables))
    print("}")


if __name__ == "__main__":
    main()
