"""The sixth review of a stranger's game folder (issue 34, red team 5, new to the code): each
case is an input the earlier suites do not hold, run as ``pnp`` in its own process under
the 1 GB address-space cap and the one-minute deadline of ``support.hostile``. Each asserts
the safe behaviour (exit 2 with one line naming the budget, within the deadline, nothing
written outside) and is expected to fail until pnp is fixed; its docstring says what
happens today, measured on the 2-core review machine."""

from __future__ import annotations

import pytest

from support.hostile import BUILD, Stranger, edit, layout_text, refused, run_pnp, snapshot

OPEN = pytest.mark.xfail(strict=True, reason="issue 34, red team 5")


# ── 1. text grown outside every hook the sandbox judges ─────────────────────────────────
@OPEN
def test_a_block_set_doubling_its_own_variable_is_refused_by_text_chars(stranger: Stranger):
    """``{% set s %}{{ s }}{{ s }}{% endset %}`` 32 times: a block ``set`` joins what its
    body prints with jinja's own ``concat``, which neither ``judged_concat`` (``~``) nor
    ``bounded_concat`` (the template's whole output) sees, and printing a text is not
    judged. Without the cap, 28 doublings (512 MiB) built a PDF at 1.12 GB in 3.2 s, exit
    0; under the 1 GB cap 32 doublings end 'out of memory' in 0.7 s, not the budget's line
    (red team 4's case 2 with ``~`` and ``+`` is refused by ``text_chars``)."""
    layout_text(stranger, "{% set s %}ab{% endset %}"
                + "{% set s %}{{ s }}{{ s }}{% endset %}" * 32 + "{{ s|length }}")
    line = refused(stranger, "text_chars")
    assert "out of memory" not in line


@OPEN
@pytest.mark.parametrize("grown", [
    "'x'.encode() * 900000000",
    "'x'.encode().ljust(900000000)",
    "'x'.encode().center(900000000)",
], ids=["times", "ljust", "center"])
def test_bytes_are_held_to_text_chars_as_texts_are(stranger: Stranger, grown: str):
    """``'x'.encode()`` gives a template ``bytes``, and every check of the sandbox asks
    ``isinstance(…, str)`` (or list, tuple): ``_repeated`` and ``_joined`` skip bytes,
    ``call`` judges the numbers of ``str`` methods only, and a call's result is measured
    only when it is a str or list. So ``{{ ('x'.encode() * 900000000)|length }}`` (50
    bytes of layout) makes 900 MB on each card: exit 0, the PDF written, 947 MB resident
    under the 1 GB cap, 2.8 s; ``ljust`` and ``center`` the same. Two of them in one
    expression, or ``* 2000000000``, end 'out of memory'."""
    layout_text(stranger, "{{ (" + grown + ")|length }}")
    refused(stranger, "text_chars")


@OPEN
def test_a_str_translate_to_long_texts_is_judged_before_it_runs(stranger: Stranger):
    """``('a' * 100000).translate({97: 'b' * 100000})``: each text within ``text_chars``,
    the result 10 billion characters. ``_check_method`` judges ``expandtabs``, ``replace``
    and ``join`` before they run, not ``translate``; the result is measured only after it
    is made. Under the 1 GB cap: 'out of memory' in 0.85 s (exit 2), not the budget's
    line; without the cap it asks for 10 GB."""
    layout_text(stranger, "{{ ('a' * 100000).translate({97: 'b' * 100000})|length }}")
    line = refused(stranger, "text_chars")
    assert "out of memory" not in line


# ── 2. a regular expression over a layout name, quadratic in its length ─────────────────
@OPEN
def test_an_unclosed_template_in_a_used_layout_name_is_refused_at_once(stranger: Stranger):
    """Two ``use`` elements whose layout is ``{{`` 49,000 times then one letter (98 kB
    each, under ``text_chars``). ``expressions.name_pattern`` splits the name with
    ``\\{\\{.*?\\}\\}|\\{%.*?%\\}`` (re.S): with no ``}}`` anywhere, each ``{{`` scans to the
    end, so one name of 98,000 characters takes 23 s (10,000 take 1 s, 20,000 3.9 s,
    40,000 about 15 s). Red team 4's fix made *matching* linear, not this split. Both names
    are refused in the end, as a template past the recursion depth, but after 46 s (69
    MB); three such elements pass the one-minute deadline, thirty take twelve minutes.
    The split should be linear (``str.find`` of the next ``}}``), or the name bounded."""
    edit(stranger.game / "layouts" / "cards.yaml", "size: 6, color: muted}",
         "size: 6, color: muted}" + "".join(
             f'\n    - {{type: use, layout: "{"{{" * 49000}{letter}", x: 1, y: 1, w: 5, '
             'h: 5}' for letter in "ab"))
    before = snapshot(stranger)
    run = run_pnp(stranger, *BUILD)
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1, run.err[-2000:]
    assert run.seconds < 15, f"{run.seconds:.0f} s"
    assert snapshot(stranger) == before
