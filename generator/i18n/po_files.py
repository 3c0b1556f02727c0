"""How pnp writes a .po or .pot so that Poedit, Weblate and gettext's own tools leave it as it
is: wrapped at 79 columns the way ``msgcat`` wraps, every header a translation tool fills in
filled (Language-Team, Last-Translator, Report-Msgid-Bugs-To), and the previous msgid (``#|``)
and obsolete entries (``#~``) kept for the translator.

Plural forms: a new catalog gets CLDR's rule as Babel gives it (Spanish and Italian have three
forms there, the third for "a million of"), the rule Weblate and Babel-based tools write. A
catalog started elsewhere with msginit's two forms is read and kept as it is: the translator
reads its own ``Plural-Forms`` header, and ``pnp i18n update`` never rewrites it.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
from datetime import UTC, datetime
from functools import lru_cache
from importlib.metadata import PackageNotFoundError, metadata
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import escape, write_po

from .po_reading import catalog_text, read_po_text

WIDTH = 79  # gettext's msgcat/msgmerge wrap at 79 columns; Babel's width counts the same way
TRANSLATOR_ENV = "PNP_TRANSLATOR"  # "Name <email>": the Last-Translator of catalogs written
TEAM_ENV = "PNP_LANGUAGE_TEAM"      # "Team <address>": the Language-Team of new catalogs
BUG_URL_LABELS = ("issues", "bug tracker", "bugs", "tracker")  # pyproject [project.urls] keys


def header_comment(project: str, lang: str | None) -> str:
    """The comment above the header: what the file is, without Babel's placeholders."""
    what = f"{Locale.parse(lang).english_name} translations" if lang else "Message template"
    return (f"# {what} for {project}.\n"
            "# msgid is the English source text; #. notes say where each text prints and the\n"
            "# room it has there. Update with: pnp i18n update LANG GAME\n#")


def fill_header(catalog: Catalog, lang: str | None, translator: str | None = None,
                revised: bool = True) -> None:
    """Set the headers a translation tool would: the translator (see :func:`translator_name`;
    Babel's placeholder is emptied when none is known), the team ($PNP_LANGUAGE_TEAM, else the
    language's translators of pnp) and where to report a source text (:func:`bugs_address`)."""
    catalog.msgid_bugs_address = bugs_address()
    catalog.copyright_holder = "the pnp authors"
    if lang is None:
        return
    if revised or not isinstance(catalog.revision_date, datetime):  # Babel's placeholder
        catalog.revision_date = datetime.now(UTC)
    name = Locale.parse(lang).english_name
    who = translator_name(translator) if revised else None  # normalizing names nobody new
    if who:
        catalog.last_translator = who
    elif catalog.last_translator.startswith("FULL NAME"):
        catalog.last_translator = ""
    team = os.environ.get(TEAM_ENV)
    if team or catalog.language_team.endswith("<LL@li.org>"):
        catalog.language_team = team or f"{name} <translators@pnp-kits.invalid>"


@lru_cache(maxsize=1)
def bugs_address() -> str:
    """Where a wrong source text is reported: the issue tracker among pnp's project URLs
    (pyproject's ``[project.urls]``), else empty, as gettext leaves a header it cannot fill
    (a made-up address would send reports nowhere)."""
    try:
        urls = metadata("pnp").get_all("Project-URL") or []
    except PackageNotFoundError:
        return ""
    for entry in urls:
        label, _, url = entry.partition(",")
        if label.strip().lower() in BUG_URL_LABELS and url.strip():
            return url.strip()
    return ""


def translator_name(given: str | None = None) -> str | None:
    """The Last-Translator of a catalog written now: ``--translator``, else
    ``$PNP_TRANSLATOR``, else git's ``user.name`` and ``user.email`` where git has them;
    None when nothing says who."""
    if given or os.environ.get(TRANSLATOR_ENV):
        return given or os.environ.get(TRANSLATOR_ENV)
    found = []
    for key in ("user.name", "user.email"):
        try:
            done = subprocess.run(["git", "config", "--get", key], capture_output=True,
                                  text=True, timeout=5, check=False)
        except (OSError, subprocess.SubprocessError):  # no git on this machine
            return None
        found.append(done.stdout.strip() if done.returncode == 0 else "")
    name, email = found
    if not name:
        return None
    return f"{name} <{email}>" if email else name


def dumps(catalog: Catalog) -> bytes:
    """The catalog as gettext tools write it: 79 columns, previous msgids and obsolete
    entries kept, in the template's order, no trailing blank line. Babel writes each string
    whole; :func:`gettext_wrapped` wraps it as msgcat would (Babel's own wrapping differs)."""
    data = io.BytesIO()
    previous = _mark_previous(catalog)
    try:
        write_po(data, catalog, width=0, sort_output=False, include_previous=True,
                 ignore_obsolete=False)
    finally:
        for message, ids in previous.values():
            message.previous_id = ids
    text = data.getvalue().decode("utf-8").rstrip("\n") + "\n"
    return gettext_wrapped(PREVIOUS_MARK.sub(lambda m: _previous_line(m, previous),
                                             _with_headers(text, catalog))).encode("utf-8")


def _with_headers(text: str, catalog: Catalog) -> str:
    """``text`` with the header fields Babel dropped put back, every field where the file
    read had it (a new one last)."""
    if not hasattr(catalog, EXTRA_HEADERS) or "\n\n" not in text:
        return text
    extras, order = getattr(catalog, EXTRA_HEADERS)
    head, rest = text.split("\n\n", 1)
    lines = head.split("\n")
    start = next(i for i, line in enumerate(lines) if line == 'msgstr ""') + 1
    fields = lines[start:] + [f'"{escape(f"{name}: {value}")[1:-1]}\\n"'
                              for name, value in extras]
    rank = {name: index for index, name in enumerate(order)}
    fields.sort(key=lambda line: rank.get(line[1:].split(":", 1)[0].lower(), len(rank)))
    return "\n".join(lines[:start] + fields) + "\n\n" + rest


# Babel writes a previous msgid as a wrapped comment, a newline in it raw ("end-of-line within
# string" for msgfmt); pnp writes a mark in its place and puts the escaped string there, which
# gettext_wrapped then wraps as msgmerge does (``#| msgid ""`` and ``#| "..."`` lines).
PREVIOUS_MARK = re.compile(r"^#\| (msgid|msgid_plural) \"@@pnp-previous-(\d+)@@\"$", re.M)


def _mark_previous(catalog: Catalog) -> dict[str, tuple[Message, list[str]]]:
    """Put a mark in place of every previous msgid, keeping the originals by the mark."""
    kept: dict[str, tuple[Message, list[str]]] = {}
    for index, message in enumerate(catalog):
        if message.id and message.previous_id:
            kept[str(index)] = (message, list(message.previous_id))
            message.previous_id = [f"@@pnp-previous-{index}@@"] * len(message.previous_id)
    return kept


def _previous_line(match: re.Match[str], previous: dict[str, tuple[Message, list[str]]]) -> str:
    keyword, index = match.groups()
    ids = previous[index][1]
    return f'#| {keyword} "{escape(ids[0] if keyword == "msgid" else ids[-1])[1:-1]}"'


KEYWORD_LINE = re.compile(r'^((?:#[~|] )?)(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?) '
                          r'(".*")$')
CONTINUATION = re.compile(r'^((?:#[~|] )?)(".*")$')
# where gettext may end a line (Unicode's line breaking, UAX #14, which gettext follows through
# libunistring): after each escaped newline; after a run of spaces, unless what follows may
# not start a line (a closing bracket, ! ? , . : ; /: "variante ;" stays whole); after a
# hyphen that follows a character and comes before a letter ("COVID-19-|Plättchen", "--|seed")
BREAK = re.compile(r"(?:\\n|[ ]+(?![)\]}!?,.:;/])|(?<=\S)-(?=[^\W\d_]))")


def gettext_wrapped(text: str) -> str:
    """Every msgctxt/msgid/msgstr of a .po text (obsolete ``#~`` and previous ``#|`` ones
    too) wrapped at 79 columns as gettext's write-po does: on one line when it fits and
    holds no newline but at its end, else an empty first line and then the string cut after
    spaces and newlines, each line at most 79 columns with its quotes."""
    lines = text.split("\n")
    out: list[str] = []
    index = 0
    while index < len(lines):
        match = KEYWORD_LINE.match(lines[index])
        index += 1
        if match is None:
            out.append(lines[index - 1])
            continue
        prefix, keyword, quoted = match.groups()
        parts = [quoted[1:-1]]
        while index < len(lines) and (more := CONTINUATION.match(lines[index])) and \
                more.group(1) == prefix:
            parts.append(more.group(2)[1:-1])
            index += 1
        out.extend(_wrap(prefix, keyword, "".join(parts)))
    return "\n".join(out)


def _wrap(prefix: str, keyword: str, string: str) -> list[str]:
    one = f'{prefix}{keyword} "{string}"'
    inner = string[:-2] if string.endswith("\\n") else string
    if len(one) <= WIDTH and "\\n" not in inner:
        return [one]
    room = WIDTH - len(prefix) - 2
    lines = [f'{prefix}{keyword} ""']
    line, start = "", 0
    for piece_end in [m.end() for m in BREAK.finditer(string)] + [len(string)]:
        piece = string[start:piece_end]
        start = piece_end
        if line and len(line) + len(piece) > room:
            lines.append(f'{prefix}"{line}"')
            line = ""
        line += piece
        if line.endswith("\\n") and not line.endswith("\\\\n"):
            lines.append(f'{prefix}"{line}"')
            line = ""
    if line:
        lines.append(f'{prefix}"{line}"')
    return lines


def load(path: Path, locale: str | None = None) -> Catalog:
    """A catalog as Babel reads it, comments, previous msgids and obsolete entries included."""
    text = catalog_text(path, "save it as UTF-8")
    catalog = read_po_text(path, text, locale)
    setattr(catalog, EXTRA_HEADERS, _extra_headers(text, catalog))  # (extras, field order)
    return catalog


EXTRA_HEADERS = "pnp_extra_headers"  # the header fields Babel drops, kept on a loaded catalog
HEADER = re.compile(r'^msgid ""\nmsgstr ((?:"(?:[^"\\]|\\.)*"\n?)+)', re.M)


def _extra_headers(text: str, catalog: Catalog) -> tuple[list[tuple[str, str]], list[str]]:
    """The header fields of ``text`` Babel does not write back (``X-Generator`` of Poedit,
    ``X-Poedit-*``, Weblate's), in their order, and the order of every field (lower case):
    a tool's settings, and its order, a rewrite must keep."""
    found = HEADER.search(text)
    if found is None:
        return [], []
    value = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', found.group(1)))
    known = {name.lower() for name, _ in catalog.mime_headers}
    fields = [(n.strip(), b.strip()) for n, b in
              (line.split(":", 1) for line in value.split("\\n") if ":" in line)]
    extras = [(name, body.replace('\\"', '"').replace("\\\\", "\\"))
              for name, body in fields if name.lower() not in known]
    return extras, [name.lower() for name, _ in fields]


def normalize(path: Path, project: str) -> bytes:
    """``path`` rewritten as gettext tools write it: wrapped at 79 columns, the headers a
    tool fills in filled (``project``'s name, the team, where to report a source text), no
    entry, translation or comment changed; the step that brings a hand-edited catalog to
    the form Poedit keeps. Running it again changes nothing."""
    catalog = load(path)
    catalog.project, catalog.version = project, "0.1"
    fill_header(catalog, str(catalog.locale) if catalog.locale else None, revised=False)
    return dumps(catalog)
