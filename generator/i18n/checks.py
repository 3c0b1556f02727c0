"""Problems inside translation catalogs that would only show up as a wrong or broken card:
a placeholder the translation lost or invented, markup it opened but never closed (tags and
card text's ``**``/``*``), an icon the msgid does not name, and a second form of address in a
catalog that speaks to the reader in one (vous or tu, du or ihr). Each names the .po file, the
line and the msgid; a catalog is refused with all of them at once.

Quotes, apostrophes and French narrow spaces are not checked here: the typography step of
the text pipeline (``content.typography``) sets them whatever the catalog holds."""

from __future__ import annotations

import re
from collections import Counter
from difflib import get_close_matches
from pathlib import Path

from babel.messages.catalog import Catalog, Message

from ..content import markup
from ..content.typography import address_words
from ..content.wording import PLACEHOLDER, numbered, shortened
from ..errors import Problem
from ..limits import limit, past
from .engine_messages import GENDER_CONTEXT, GENDERS, gender_context

# a format field as str.format reads it: its name, then a conversion and a spec
FIELD = re.compile(r"(?<!\{)\{(?!\{)([^{}:!]*)(![^{}:]*)?(:[^{}]*)?\}")
NESTED = re.compile(r"(?<!\{)\{(?!\{)[^{}:]*:[^{}]*\{[^{}]*\}[^{}]*\}")  # {n:>{n}00}
# a printf conversion as % reads it: flags, width, precision
PRINTF = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?")
TAG = re.compile(r"<(/?)([A-Za-z][\w-]*)[^<>]*?(/?)>")


def placeholders(text: str) -> Counter[str]:
    return Counter(re.sub(r"\s+", "", p) for p in PLACEHOLDER.findall(text))


def markup_problem(text: str) -> str | None:
    """Why the tags in a string do not nest, or None when they do."""
    open_tags: list[str] = []
    for closing, name, self_closing in TAG.findall(text):
        if self_closing:
            continue
        if not closing:
            open_tags.append(name)
        elif not open_tags or open_tags.pop() != name:
            return f"</{name}> closes nothing that is open"
    if open_tags:
        return f"<{open_tags[-1]}> is never closed"
    if text.count("{{") != text.count("}}"):
        return "'{{' and '}}' do not pair up"
    return None


def _strings(message: Message) -> list[str]:
    value = message.string
    return [v for v in (value if isinstance(value, (list, tuple)) else [value]) if v]


def message_problems(path: Path, message: Message) -> list[Problem]:
    """Placeholders and markup of one translated message against its source id; a plural
    form is named (``msgstr[1]``) and held to the placeholders its msgid and msgid_plural
    share, and may use either's."""
    ids = [message.id] if isinstance(message.id, str) else [str(i) for i in message.id]
    plural = len(ids) > 1
    source = ids[0]
    where = f"msgid {shortened(source)!r}"
    wanted = placeholders(source) & placeholders(ids[-1])  # a plural: what both have
    allowed = placeholders(source) | placeholders(ids[-1])
    value = message.string
    strings = [str(v or "") for v in (value if isinstance(value, (list, tuple)) else [value])]
    found: dict[str, list[int]] = {}  # a problem's text -> the forms that have it
    for index, text in enumerate(strings):
        if not text:
            continue
        for why in _form_problems(source, text, wanted, allowed):
            found.setdefault(why, []).append(index)
    return [Problem(str(path), where, _forms(indexes, plural) + why, message.lineno)
            for why, indexes in found.items()]


def _forms(indexes: list[int], plural: bool) -> str:
    """``msgstr[0], msgstr[1]: `` for the plural forms one problem is found in (one line for
    the same fault in every form), nothing for a message without plural."""
    return ", ".join(f"msgstr[{i}]" for i in indexes) + ": " if plural else ""


def _form_problems(source: str, text: str, wanted: Counter[str],
                   allowed: Counter[str]) -> list[str]:
    """What is wrong with one translated form: an unsafe format spec alone (the one problem
    worth telling), else lost or added placeholders and markup. A translation past
    ``text_chars`` is refused before anything reads it (the guide would fit it whole)."""
    if len(text) > limit("text_chars"):
        return [past("text_chars", f"a translation of {len(text):,} characters")]
    unsafe = format_problem(text)
    if unsafe:
        return [unsafe]
    problems = []
    lost = wanted - placeholders(text)
    extra = placeholders(text) - allowed
    if lost:
        missing = numbered("placeholder", sorted(lost))
        problems.append(f"the translation lacks {missing}: copy them unchanged from the msgid")
    if extra:
        added = numbered("placeholder", sorted(extra))
        problems.append(f"the translation has {added} the msgid does not: remove them")
    why = markup_problem(text)
    if why and not markup_problem(source):
        problems.append(f"markup in the translation: {why}")
    problems.extend(card_markup_problems(source, text))
    return problems


def card_markup_problems(source: str, text: str) -> list[str]:
    """A translation's card markup (``**bold**``, ``*italic*``, ``:icon:``) that the msgid's
    reads but the translation's does not, or an icon the msgid does not name: the fix is in
    the translation, never a new picture in the game folder."""
    try:
        icons = _icons(markup.parse(source))
    except markup.MarkupError:
        return []  # the msgid's own markup: what the game's check says
    try:
        named = _icons(markup.parse(text))
    except markup.MarkupError as exc:
        return [f"card markup in the translation: {exc}"]
    return [f"the translation names the icon ':{name}:', which the msgid does not; keep the "
            f"msgid's icons as they are written ({', '.join(f':{i}:' for i in icons) or 'none'}) "
            "and translate only the words, or write \\:" + name + ": for the text"
            for name in named if name not in icons]


def _icons(pieces: tuple[markup.Span | markup.Symbol, ...]) -> list[str]:
    return list(dict.fromkeys(p.name for p in pieces if isinstance(p, markup.Symbol)))


def format_problem(text: str) -> str | None:
    """Why a translation could make its formatting huge or reach into the objects it
    formats, which a catalog from a stranger may try: a field with an attribute or index
    (``{pages.__class__}``, ``{0[0]}``), a field nested in a spec (``{n:>{n}00000000}``, a
    width the check cannot read), or a width or precision past ``format_width``
    (``{n:>999999999}``, ``%(n)999999999s``). None when it has none."""
    bound = limit("format_width")
    nested = NESTED.search(text)
    if nested is not None:  # its width is a value, unknown until formatted: never judged
        return past("format_width", f"the placeholder {nested.group(0)[:40]!r} nests a "
                    "placeholder in its format spec; write the placeholder as the msgid has "
                    "it")
    for match in FIELD.finditer(text):
        name, spec = match.group(1), match.group(3) or ""
        if "." in name or "[" in name:
            return (f"the placeholder {match.group(0)[:40]!r} reads an attribute or an item; "
                    "write the placeholder as the msgid has it")
        if any(int(n) > bound for n in re.findall(r"\d+", spec)):
            return past("format_width", f"the placeholder {match.group(0)[:40]!r} pads")
    for match in PRINTF.finditer(text):
        if "*" in match.group(0) or any(int(n) > bound for n in match.groups() if n
                                         and n.isdigit()):
            return past("format_width", f"the conversion {match.group(0)[:40]!r} pads")
    return None

def form_pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    """The marker words of one form of address as whole words (``t’`` before a letter, with
    either apostrophe)."""
    parts = [re.escape(w[:-1]) + "['’](?=\\w)" if w.endswith(("'", "’")) else
             re.escape(w) + "(?!\\w)" for w in words]
    return re.compile(r"(?<![\w'’])(?:" + "|".join(parts) + ")", re.IGNORECASE)


def address_problems(path: Path, catalog: Catalog) -> list[Problem]:
    """The messages that use another form of address than most of the catalog does (the
    forms of its language in templates/typography.yaml; on a tie, the first listed wins),
    each named with its msgid and .po line, so one kit speaks to its reader one way."""
    lang = str(catalog.locale.language) if catalog.locale else path.name.split(".")[0]
    forms = {form: form_pattern(words) for form, words in address_words(lang).items()}
    uses: dict[str, list[tuple[Message, str]]] = {form: [] for form in forms}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        text = " ".join(_strings(message))
        for form, pattern in forms.items():
            found = pattern.search(text)
            if found:
                uses[form].append((message, found.group(0)))
    used = [form for form in forms if uses[form]]
    if len(used) < 2:
        return []
    main = max(used, key=lambda form: (len(uses[form]), -list(forms).index(form)))
    problems = []
    for form in used:
        for message, word in uses[form] if form != main else ():
            source = message.id if isinstance(message.id, str) else message.id[0]
            problems.append(Problem(
                str(path), f"msgid {source[:60]!r}",
                f"'{word}' addresses the reader as {form}, but this catalog says {main} "
                f"({len(uses[main])} messages): write it with {main}", message.lineno))
    return problems


def twin_problems(path: Path, catalog: Catalog) -> list[Problem]:
    """Obsolete entries (``#~``) of a msgid the catalog also has active: a duplicate
    definition, for which ``msgfmt -c`` refuses the whole file."""
    problems = []
    for key, old in catalog.obsolete.items():
        if key in catalog._messages:
            source = old.id if isinstance(old.id, str) else old.id[0]
            active = catalog._messages[key].lineno
            problems.append(Problem(
                str(path), f"msgid {shortened(source)!r}",
                f"this msgid is defined twice: active at line {active} and obsolete (#~) "
                f"here, which msgfmt refuses; keep the translation you want in the active "
                f"entry and delete the #~ one (pnp i18n update does so)", old.lineno))
    return problems


def gender_problems(path: Path, catalog: Catalog) -> list[Problem]:
    """A grammatical gender the print guide would not recognise, and so silently ignore: the
    msgstr of a title's ``grammatical gender`` entry, or the gender in a step's ``part: …``
    msgctxt; each named with the nearest keyword."""
    problems = []
    prefix = gender_context("")
    for message in catalog:
        if not message.id or not message.context:
            continue
        if message.context == GENDER_CONTEXT and isinstance(message.string, str):
            word, place = message.string.strip(), "msgstr"
        elif message.context.startswith(prefix):
            word, place = message.context[len(prefix):].strip(), "msgctxt"
        else:
            continue
        if not word or word in GENDERS:
            continue
        near = get_close_matches(word.lower(), GENDERS, 1, 0.5)
        fix = f"did you mean '{near[0]}'? " if near else ""
        problems.append(Problem(
            str(path), f"msgid {shortened(str(message.id))!r}",
            f"the {place} names the gender '{word}', which pnp does not know and would "
            f"ignore; {fix}write one of {', '.join(GENDERS)}", message.lineno))
    return problems


def catalog_problems(path: Path, catalog: Catalog) -> list[Problem]:
    """Every placeholder, markup, duplicate, gender and form-of-address problem of one
    parsed .po file."""
    return [*(p for m in catalog if m.id and not m.fuzzy for p in message_problems(path, m)),
            *twin_problems(path, catalog), *gender_problems(path, catalog),
            *address_problems(path, catalog)]
