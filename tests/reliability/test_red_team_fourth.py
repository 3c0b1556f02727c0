"""The fifth review of a stranger's game folder (issue 34, red team 4, new to the code): new
classes of input past the earlier suites' cases. Each runs ``pnp`` as its own process under
a 1 GB address-space cap and a deadline (``support.hostile``) and asserts the safe
behaviour: exit 2 with one line naming what was refused, within the deadline, nothing
written outside, no byte of the victim's files in a PDF. Cases that wait for the deadline
to fail are marked slow (each takes the deadline, 60 s, while it is open)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading

import pytest

from generator.resources import games_dir
from support import hostile
from support.hostile import BUILD, Stranger, edit, layout_text, leaked, refused, run_pnp, snapshot


def _ends_in_time(s: Stranger, *args: str) -> None:
    """``pnp args`` ends within the deadline (``run_pnp`` raises past it), built (exit 0)
    or refused (exit 2), with nothing written outside: a budget may refuse the input, or
    the work may be made fast enough to do."""
    before = snapshot(s)
    run = run_pnp(s, *args)
    assert run.code in (0, 2) and "internal error" not in run.err, run.err[-2000:]
    assert snapshot(s) == before


# ── 1. a layout name built by a template is matched as a regular expression ────────────
@pytest.mark.slow
def test_a_templated_layout_name_cannot_backtrack_for_minutes(stranger: Stranger):
    """A ``use`` element whose layout is ``{{ 'x' }}x`` twelve times then ``z``, and one
    layout named with 44 x's: 400 bytes. ``form_keys._matching`` turns the name into the
    pattern ``.*x.*x…z`` (``expressions.name_pattern``) and ``re.fullmatch``-es it against
    every layout name, which backtracks through every way of placing twelve x's among 44:
    10 patterns take 6.6 s on a 40-letter name, 12 take 51 s, and this case ran past 120 s
    at 69 MB (killed by ``timeout``). The regex runs in C, so neither ``render_seconds``
    nor ``template_seconds`` can stop it; the name needs a bound on its template parts, or
    a matcher that does not backtrack."""
    pattern = "{{ 'x' }}x" * 12 + "z"
    layout_text(stranger, "x")
    edit(stranger.game / "layouts" / "cards.yaml", '- {type: text, x: 3, y: 3',
         f'- {{type: use, layout: "{pattern}", x: 1, y: 1, w: 5, h: 5}}\n'
         '    - {type: text, x: 3, y: 3')
    with open(stranger.game / "layouts" / "cards.yaml", "a") as layouts:
        layouts.write("\n" + "x" * 44 + ":\n  size: [5, 5]\n  elements: []\n")
    refused(stranger, "cards.yaml")


# ── 2. text grown by ~ or + in a template's own variables ───────────────────────────────
@pytest.mark.parametrize("operator", ["~", "+"])
def test_a_template_doubling_its_own_variable_is_refused_by_text_chars(stranger: Stranger,
                                                                        operator: str):
    """``{% set s = 'ab' %}`` then ``{% set s = s ~ s %}`` 32 times and ``{{ s|length }}``:
    700 bytes of layout that make a text of 8 GiB. The sandbox judges ``*``, ``%``,
    ``format``, sized filters and ``namespace()`` values against ``text_chars`` (100,000),
    but neither ``~`` nor ``+``, and a top-level ``set`` is no namespace. Without a cap,
    29 doublings (1 GiB) built a PDF at 1.67 GB of memory in 6.4 s, exit 0; 32 take
    8 GiB. Under the 1 GB cap it ends 'out of memory' (exit 2), not the budget's line."""
    layout_text(stranger, "{% set s = 'ab' %}" + f"{{% set s = s {operator} s %}}" * 32
                + "{{ s|length }}")
    line = refused(stranger, "text_chars")
    assert "out of memory" not in line


@pytest.mark.parametrize("grown, written", [
    ("[s, s]|sum(start=[])", "{{ s|length }}"),
    ("[s, s]", "{{ s|string|length }}"),
    ("[s, s]", "{{ s|join|length }}"),
    ("[s, s]", "{{ s|tojson|length }}"),
    ("[s, s]", "{{ s }}"),
    ("[s, s]", "{{ '%s' % [s] }}"),
], ids=["sum", "string", "join", "tojson", "printed", "percent"])
def test_a_list_doubling_itself_is_refused_before_it_is_written(stranger: Stranger,
                                                                 grown: str, written: str):
    """A list holding the one before twice, 32 times over (33 small lists), writes 8 GiB
    of text when printed or filtered, or joins 4 billion items through ``sum``: each is
    measured, the lists shared counted once each, before it is written."""
    layout_text(stranger, "{% set s = ['ab'] %}" + f"{{% set s = {grown} %}}" * 32 + written)
    line = refused(stranger, "text_chars")
    assert "out of memory" not in line


# ── 3. a fork of a built-in game runs its code on the stranger's figures ─────────────────
def _fork(s: Stranger, referee: str) -> None:
    """The game a copy of Save Patient Zero, with ``vars.referee`` set to ``referee``."""
    shutil.rmtree(s.game)
    shutil.copytree(games_dir() / "save-patient-zero", s.game)
    edit(s.game / "game.yaml", "id: save-patient-zero", "id: my-fork")
    edit(s.game / "game.yaml", "vars:\n", f"vars:\n  referee: {referee}\n")


def test_a_fork_asking_a_billion_answer_keys_is_refused_by_a_budget(stranger: Stranger):
    """A copy of Save Patient Zero (``rules: save-patient-zero``, which the docs invite: 'a
    copy of a built-in game keeps it') with ``vars: {referee: {keys: 1000000000}}``.
    ``savvy.kit.key_games`` makes ``list(range(first, first + keys))`` and one answer-key
    page per key, counted by no budget (``cards_per_game`` counts cards only): under the
    cap 'out of memory' in 4.5 s; without it the list alone is 36 GB. 200 keys took 22 s
    (9 s with the default 4), so 100,000 keys, which fit in memory, take about two hours
    and print 100,000 pages."""
    _fork(stranger, "{keys: 1000000000}")
    line = refused(stranger, "keys")
    assert "out of memory" not in line


@pytest.mark.parametrize("referee", ["{page_game: abc}", "[1]"])
def test_a_fork_s_referee_settings_of_the_wrong_kind_are_one_line(stranger: Stranger,
                                                                   referee: str):
    """``vars.referee`` is read by ``savvy.kit.settings`` unchecked: ``{page_game: abc}``
    ends 'internal error: ValueError: invalid literal for int() … 'abc'' (4.5 s), a list
    'internal error: TypeError: 'tuple' object is not a mapping' (1.6 s), exit 3; the
    loader checks every other key of a game's data with a line naming it."""
    _fork(stranger, referee)
    line = refused(stranger, "referee")
    assert "internal error" not in line


# ── 4. one long word: fitting it is quadratic in its letters ────────────────────────────
@pytest.mark.slow
def test_a_layout_text_of_one_long_word_ends_within_the_deadline(stranger: Stranger):
    """A layout text of one word of 20,400 letters: 20 kB, under ``text_chars`` (100,000;
    a CSV cell stops at 10,000). Finding that the word does not fit its box cuts it letter
    by letter at every size (``render/text.py`` ``fits`` called 210,000 times for a word of
    3,060 letters, through ``inline.cut``), which grows with the square of its length:
    8.3 s for 4,950 letters, 38 s for 9,900 (the longest a cell holds), past 58 s for
    20,400; 100,000 letters would take about an hour. ``pdf_text_chars`` says 20 million
    characters take 'about 30 s' at the rate of ordinary text."""
    layout_text(stranger, "Donaudampfschifffahrtsgesellschaft" * 600)
    _ends_in_time(stranger, *BUILD)


# ── 5. the working folder's catalogs: a linked pnp-locales is followed out ──────────────
def test_a_pnp_locales_folder_linking_out_is_refused(stranger: Stranger):
    """The download holds, beside the game, ``pnp-locales`` as a link to a folder of the
    victim's (here ``outside/``, whose ``_engine/fr.po`` translates 'Cards'). pnp reads
    ``pnp-locales`` of the working folder for every build (``places.user_locales_root``);
    a link at ``pnp-locales/_engine/fr.po`` is refused, but the link at ``pnp-locales``
    itself is taken as the root and followed: exit 0 and the victim's text printed in
    ``my-game-fr-a4.pdf``. Neither the game folder nor a folder the user named."""
    (stranger.outside / "_engine").mkdir()
    (stranger.outside / "secret.po").rename(stranger.outside / "_engine" / "fr.po")
    (stranger.root / "pnp-locales").symlink_to(stranger.outside)
    args = list(BUILD)
    args[args.index("--lang") + 1] = "fr"
    refused(stranger, "pnp-locales", str(stranger.outside), args=(*args, "--fallback", "en"))
    assert not leaked(stranger)


# ── 6. pnp watch holds every card's picture, undecoded, at once ─────────────────────────
def _first_watch_build(s: Stranger) -> str:
    """``pnp watch`` on the game under the cap, until it reports its first build (or ends,
    or the deadline passes); what it printed."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PNP_")}
    env["XDG_CACHE_HOME"] = str(s.cache)
    watch = subprocess.Popen([sys.executable, "-m", "generator", "watch", "--game-dir",
                              "my-game", "--no-browser"], cwd=s.root, env=env, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             preexec_fn=hostile._capped)
    printed: list[str] = []
    timer = threading.Timer(hostile.DEADLINE_S, watch.kill)
    timer.start()
    try:
        for line in watch.stdout:  # type: ignore[union-attr]
            printed.append(line)
            if line.startswith("build 1"):
                if "error" in line:  # the next line says which
                    printed.append(next(watch.stdout, ""))  # type: ignore[arg-type]
                break
    finally:
        timer.cancel()
        watch.send_signal(signal.SIGINT)
        try:
            watch.wait(10)
        except subprocess.TimeoutExpired:
            watch.kill()
            watch.wait()
    return "".join(printed)


@pytest.mark.slow
def test_watch_of_many_cards_stays_within_the_memory_cap(stranger: Stranger):
    """1,500 plain cards (one CSV row each, 75 kB; the number box removed so they fit).
    ``pnp build`` takes 5.6 s and 129 MB for 3,000 of them; ``pnp watch`` draws every
    new card side first (``card_cache.deck`` → ``raster.render``, a PIL image each at
    150 dpi, fronts and backs kept together) and encodes the PNGs after: 3,000 cards took
    44 s and 5.67 GB, about 1.9 MB a card, so the 10,000 of ``cards_per_game`` take
    19 GB. Under the 1 GB cap the first build says 'internal error: MemoryError:
    (please report it)'."""
    edit(stranger.game / "layouts" / "cards.yaml", "  extends: basic-card\n",
         "  extends: basic-card\n  remove: [number]\n")
    (stranger.game / "cards.csv").write_text("Name,Text,Art,Cost,Icons,qty\n" + "".join(
        f"Card {i},Some text for card {i},art/sample.svg,1,star,1\n" for i in range(1500)))
    printed = _first_watch_build(stranger)
    assert "build 1: ok" in printed or "past the limit" in printed, printed[-2000:]
    assert "MemoryError" not in printed and "internal error" not in printed


# ── 7. a rule deck's faces: fitting grows with the square of their number ───────────────
RULES = ("  - id: rules\n    kind: rules\n    title: !t Rules\n    template: r.j2\n"
         "    size: poker\n")


@pytest.mark.slow
def test_a_rules_template_of_2000_faces_ends_within_the_deadline(stranger: Stranger):
    """A rules template of three lines whose loop writes 2,000 faces (``@face {{ i }}``):
    32 kB rendered, under ``text_chars`` and under ``cards_per_game``. Each face is fitted
    against the others (``flow._fit`` 63,784 times for 250 faces), so time grows faster
    than the square of the faces: 250 took 3.8 s, 500 16 s, 1,000 past 58 s, 5,000 (still
    within ``text_chars``) more than half an hour. Nothing counts rule faces or the
    fitting they cost."""
    (stranger.game / "game.yaml").write_text((stranger.game / "game.yaml").read_text()
                                             + RULES)
    (stranger.game / "rules").mkdir()
    (stranger.game / "rules" / "r.j2").write_text(
        "@face {{ _('Goal') }}\n# {{ _('Goal') }}\n"
        "{% for i in range(2000) %}@face {{ i }}\n{{ i }}\n{% endfor %}\n"
        "@face {{ _('End') }}\nx\n")
    _ends_in_time(stranger, *BUILD)
