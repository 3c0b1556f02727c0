"""The .po syntax msgfmt holds a catalog to, checked before Babel reads it: Babel reads on
past what msgfmt refuses (a second ``msgstr`` in one entry, a previous msgid ``#|`` whose
string runs onto the next line), so a file ``pnp check`` passed could be one no gettext tool
can read. Each refusal names its line, as msgfmt does."""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import Problem

PO_STRING = r'"(?:[^"\\]|\\.)*"'
KEYWORD = re.compile(rf"^(msgctxt|msgid|msgid_plural|msgstr|msgstr\[\d+\])\s+{PO_STRING}$")
CONTINUATION = re.compile(rf"^{PO_STRING}$")
STRUCTURED = re.compile(r"^#(~\|?|\|)\s?")  # #| previous, #~ obsolete, #~| both: po syntax
# which keyword may follow which in one entry ("" is the start, or after a complete entry)
FOLLOWS = {
    "msgctxt": {"", "msgstr", "msgstr[]"},
    "msgid": {"", "msgstr", "msgstr[]", "msgctxt"},
    "msgid_plural": {"msgid"},
    "msgstr": {"msgid"},
    "msgstr[]": {"msgid_plural", "msgstr[]"},
}
FIX = ('a .po line is a keyword (msgctxt, msgid, msgid_plural, msgstr) and one "quoted '
       'string", or a "quoted" continuation of the string above; check the quotes')


def syntax_problems(path: Path, text: str) -> list[Problem]:
    """Every line msgfmt would call a syntax error, each with its number and the fix."""
    problems: list[Problem] = []
    last = {"": "", "#|": "", "#~": ""}  # the last keyword, per stream of lines

    def refuse(number: int, line: str, why: str) -> None:
        problems.append(Problem(str(path), "", f"cannot read {line[:60]!r}: {why}", number))

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        stream = ""
        if line.startswith("#"):
            prefix = STRUCTURED.match(line)
            if prefix is None:
                continue
            stream = "#|" if "|" in prefix.group(1) else "#~"
            line = line[prefix.end():].strip()
            if not line:
                continue
        elif not line:
            continue
        keyword = KEYWORD.match(line)
        if keyword is None:
            if not CONTINUATION.match(line):
                refuse(number, raw, FIX)
            elif not last[stream]:
                refuse(number, raw, "a quoted continuation with no keyword above it")
            continue
        name = re.sub(r"\[\d+\]", "[]", keyword.group(1))
        allowed = FOLLOWS[name] | ({""} if stream == "#|" else set())
        if stream == "#|" or last[stream] in allowed:
            last[stream] = name
            continue
        refuse(number, raw, f"{keyword.group(1)} cannot follow {last[stream]} in one entry "
               "(msgfmt: syntax error); join the strings into one, as quoted continuation "
               "lines, or start a new entry with its msgid")
        last[stream] = name
    return problems
