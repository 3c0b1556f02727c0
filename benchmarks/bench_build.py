"""Catalogue benchmark: our build against a plain reportlab baseline, in the same run.

    python benchmarks/bench_build.py [--runs N] [--rounds N] [--jobs N] [--json FILE]

It times the ``pnp`` installed in this Python (``pip install '.[test]'``), in process and as
``python -m generator`` with the same interpreter, and refuses to start when the two are not
the same files: a benchmark that builds with one copy and times another measures neither.

The baseline replays, page by page, the drawing work our PDFs hold (strings and their total
length, curves, rectangles, lines, graphics states, colour and font changes) with reportlab
alone and the same fonts: no content model, layouts, text fitting or translation. Both run
through the same process pool, so the ratio compares like with like. Also timed, as
commands: ``pnp --help`` (cold import), one game alone, the whole catalogue, the same
command again with nothing changed (every PDF must be skipped), ``pnp savvy key``, a full
``pnp savvy solve``, and a 5,000-card deck of one's own (``pnp new``, then a build).

Everything is measured ``--runs`` times (default 3) and reported as min / median / max: one
run on a busy machine is an anecdote, the spread of three says how far to trust it.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path

try:
    from pypdf import PdfReader

    import generator
    from generator.content.loader import builtin_games
    from generator.i18n.catalog import LANGUAGES
    from generator.imposition.plan import PrintOptions
    from generator.pipeline.batch import build_all, default_jobs
    from generator.pipeline.request import BuildRequest
    from generator.resources import fonts_dir
except ModuleNotFoundError as missing:
    if missing.name not in ("generator", "pypdf"):
        raise
    name = "pnp" if missing.name == "generator" else missing.name
    sys.exit(f"bench_build: {name} is not installed in this Python ({sys.executable}); install"
             " pnp with its test tools (pypdf reads the PDFs back) from the repository:"
             " pip install '.[test]'")

PNP = [sys.executable, "-m", "generator"]
Work = list[list[dict[str, int]]]  # per PDF, per page: the drawing work the baseline replays
BODY = "Draw three cards; each player may swap one card with a neighbour. "


def _cpu() -> float:
    own, kids = (resource.getrusage(w) for w in (resource.RUSAGE_SELF,
                                                 resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def measured(work: Callable[[], object]) -> tuple[object, float, float]:
    wall, cpu = time.perf_counter(), _cpu()
    result = work()
    return result, time.perf_counter() - wall, _cpu() - cpu


WORK = ("Tj", "TJ", "re", "c", "l", "q", "rg", "Tf", "RG", "w", "d", "cm", "W", "W*")
OPS = re.compile(rb"(?<=[\s\]\)>])(Tj|TJ|re|c|l|q|rg|Tf|RG|w|d|cm|W\*?)(?=\s)")
STRINGS = re.compile(rb"\((?:[^()\\]|\\.)*\)|<[0-9a-fA-F]*>")


DO = re.compile(rb"/([^\s/]+)\s+Do\b")


def stream_work(data: bytes, xobjects) -> dict[str, int]:
    """The drawing work of one content stream, counting a form as often as it is placed:
    a plain script draws every card, even the ones we store once and place many times."""
    counts = dict.fromkeys(WORK, 0)
    for op in OPS.findall(data):
        counts[op.decode()] += 1
    counts["chars"] = sum(len(s) - 2 for s in STRINGS.findall(data))
    for name in DO.findall(data):
        form = xobjects.get("/" + name.decode())
        form = form.get_object() if form is not None else None
        if form is not None and form.get("/Subtype") == "/Form":
            inner = (form.get("/Resources") or {}).get("/XObject") or {}
            for key, value in stream_work(form.get_data(), inner).items():
                counts[key] += value
    return counts


def page_work(path: Path) -> list[dict[str, int]]:
    """What each page of one of our PDFs asks of reportlab: strings shown and their length,
    curves, rectangles, lines, graphics states, colour and font changes."""
    return [stream_work(page.get_contents().get_data(),
                        page["/Resources"].get("/XObject") or {})
            for page in PdfReader(path).pages]


def baseline_pdf(path: str, pages: list[dict[str, int]]) -> int:
    """Replay the same drawing work with reportlab alone, with the same fonts: as many
    strings of the same total length, curves (as circles), rectangles, lines, graphics
    states with their moves and clips, colour, line-width, dash and font changes, page by
    page, compressed as ours are."""
    from reportlab.lib.units import mm
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    fonts = ("B-Sans", "B-Bold")
    for name, file in zip(fonts, ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"), strict=True):
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(fonts_dir() / file)))
    canvas = Canvas(path, pagesize=(210 * mm, 297 * mm), invariant=1, pageCompression=1)
    for work in pages:
        strings = work["Tj"] + work["TJ"]
        length = max(1, work["chars"] // max(strings, 1))
        text = (BODY * (length // len(BODY) + 1))[:length]
        moves, clips = work["cm"], work["W"] + work["W*"]
        for i in range(max(work["q"], moves, clips)):
            canvas.saveState()
            if i < moves:
                canvas.translate(mm, mm)
            if i < clips:
                box = canvas.beginPath()
                box.rect(0, 0, 60 * mm, 90 * mm)
                canvas.clipPath(box, stroke=0, fill=0)
            canvas.restoreState()
        for i in range(work["RG"]):
            canvas.setStrokeColorRGB(0.4, i % 7 / 7, 0.2)
        for i in range(work["w"]):
            canvas.setLineWidth(0.2 + i % 3 / 10)
        for i in range(work["d"]):
            canvas.setDash([2, 1] if i % 2 else [])
        for i in range(work["rg"]):
            canvas.setFillColorRGB(i % 7 / 7, 0.2, 0.4)
        for i in range(work["Tf"]):
            canvas.setFont(fonts[i % 2], 6 + i % 5)
        for i in range(strings):
            canvas.drawString((10 + i % 150) * mm, (10 + i % 270) * mm, text)
        for i in range(work["c"] // 4):
            canvas.circle((20 + i % 150) * mm, (20 + i % 250) * mm, 3 * mm, fill=i % 2)
        for i in range(work["re"]):
            canvas.rect((10 + i % 150) * mm, (10 + i % 250) * mm, 20 * mm, 10 * mm, fill=1)
        for i in range(work["l"]):
            canvas.line((5 + i % 190) * mm, 5 * mm, (5 + i % 190) * mm, 9 * mm)
        canvas.showPage()
    canvas.save()
    return os.path.getsize(path)


def replay(names: list[str], work: Work, jobs: int) -> list[int]:
    """The baseline over the same process pool as ours."""
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(baseline_pdf, names, work))


def catalogue(out: Path, jobs: int, rounds: int, work: Work) -> tuple[dict[str, float], list]:
    """One run of ours against the baseline, in turns, ``rounds`` times each; the fastest of
    each counts (a busy machine only ever slows a run down). ``work`` is read back from the
    first PDFs we build, off the clock, and every run replays that same work."""
    ours: list[tuple[float, float]] = []
    base: list[tuple[float, float]] = []
    for round_number in range(rounds):
        target = out / f"round-{round_number}"
        requests = [BuildRequest(game, lang, PrintOptions(paper=paper), out_dir=target)
                    for paper in ("a4", "letter") for game in builtin_games()
                    for lang in LANGUAGES]
        results, wall, cpu = measured(partial(build_all, requests, jobs=jobs, force=True))
        ours.append((wall, cpu))
        if not work:  # read back off the clock
            work.extend(page_work(r.path) for r in results)
        names = [str(target / "baseline" / r.path.name) for r in results]
        (target / "baseline").mkdir()
        base.append(measured(partial(replay, names, work, jobs))[1:])
    (wall, cpu), (base_wall, base_cpu) = min(ours), min(base)
    cards = sum(r.cards for r in results)
    return {"ratio_wall": wall / base_wall, "ratio_cpu": cpu / base_cpu,
            "ours_wall_s": wall, "ours_cpu_s": cpu, "cards_per_s": cards / wall,
            "baseline_wall_s": base_wall, "baseline_cpu_s": base_cpu}, results


def sizes(results: list) -> dict[str, float]:
    """What the catalogue holds and weighs: the same on every run."""
    cards = sum(r.cards for r in results)
    return {"pdfs": len(results), "pages": sum(r.pages for r in results), "cards": cards,
            "bytes_per_card_beyond_fonts": bytes_beyond_fonts(results) / cards}


# Issue 29's figures: sheets of paper per kit in English on A4 before it, and the most it
# allows after (Letter one more each); docs/paper.md keeps the table.
SHEETS_BEFORE_A4 = {"microbious": 13, "patient-zero-solo": 15, "pharma-code": 25,
                    "save-patient-zero": 26, "clinic-covid19": 5}
SHEETS_LIMIT_A4 = {"microbious": 10, "patient-zero-solo": 12, "pharma-code": 22,
                   "save-patient-zero": 27, "clinic-covid19": 6}


def sheets_per_kit(results: list) -> dict[str, dict[str, int]]:
    """Sheets of paper each English kit takes (guide included, printed double-sided), on
    A4 and Letter, beside issue 29's figures before it and the most it allows."""
    table: dict[str, dict[str, int]] = {}
    for result in results:
        game, _, rest = result.path.stem.partition("-en-")
        if rest in ("a4", "letter"):
            row = table.setdefault(game, {"a4_before": SHEETS_BEFORE_A4.get(game, 0),
                                          "a4_limit": SHEETS_LIMIT_A4.get(game, 0),
                                          "letter_limit": SHEETS_LIMIT_A4.get(game, 0) + 1})
            row[rest] = result.sheets
    return table


def font_stream_bytes(path: Path) -> int:
    """Bytes of the embedded font programs (subset TrueType streams), each counted once."""
    seen: dict[int, int] = {}
    for page in PdfReader(path).pages:
        fonts = page["/Resources"].get("/Font") or {}
        for ref in fonts.values():
            font = ref.get_object()
            for descendant in font.get("/DescendantFonts") or [font]:
                descriptor = descendant.get_object().get("/FontDescriptor")
                program = descriptor and descriptor.get_object().get("/FontFile2")
                if program is not None:
                    seen[program.idnum] = len(program.get_object()._data)  # as stored
    return sum(seen.values())


def bytes_beyond_fonts(results: list) -> int:
    return sum(r.path.stat().st_size - font_stream_bytes(r.path) for r in results)


@dataclass(frozen=True)
class Ran:
    """A finished ``pnp`` command: what it printed, and what it cost with its workers."""

    stdout: str
    wall_s: float
    cpu_s: float
    peak_mb: float


def pnp(*argv: str, cwd: Path) -> Ran:
    """Run ``python -m generator`` with this interpreter. ``wait4`` reports the CPU time and
    the peak memory of the command and of every worker it waited for, so a pool counts too."""
    started = time.perf_counter()
    with subprocess.Popen([*PNP, *argv], cwd=cwd, stdout=subprocess.PIPE, text=True) as proc:
        stdout = proc.stdout.read() if proc.stdout else ""
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - started
        proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise subprocess.CalledProcessError(proc.returncode, proc.args, stdout)
    return Ran(stdout, wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)


def same_pnp(cwd: Path) -> Path:
    """The package this process builds with, after checking that ``python -m generator``
    (run from ``cwd``, as every command here is) imports the very same files."""
    here = Path(generator.__file__).resolve().parent
    there = subprocess.run([sys.executable, "-c", "import generator; print(generator.__file__)"],
                           cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()
    if Path(there).resolve().parent != here:
        sys.exit(f"bench_build: this process imports pnp from {here}, but "
                 f"`python -m generator` imports {there}; benchmark one installation")
    return here


def _pdfs(stdout: str, verb: str) -> set[str]:
    return {line.split()[1] for line in stdout.splitlines() if line.startswith(verb + " ")}


def rebuild_problem(first: str, again: str) -> str | None:
    """Why the second of two identical ``pnp build`` commands is not an unchanged rebuild
    (it must report every PDF the first wrote as unchanged, and write none), or None."""
    wrote, unchanged = _pdfs(first, "wrote"), _pdfs(again, "unchanged")
    if not wrote:
        return "the first build wrote no PDF"
    if unchanged != wrote or _pdfs(again, "wrote"):
        return (f"the unchanged rebuild skipped {len(unchanged & wrote)} of the {len(wrote)} "
                "PDFs the first build wrote, so its time is a rebuild's")
    return None


BIG_LAYOUTS = """\
card:
  extends: basic-card
  override:  # basic-card's 10 mm box cannot hold '100/5000' at 6 pt
    number: {text: "{{ number }}"}
back:
  extends: basic-back
"""


def big_deck(work: Path, cards: int) -> Ran:
    """A deck of one's own with ``cards`` cards: ``pnp new``, its spreadsheet grown, built."""
    pnp("new", "big-deck", cwd=work)
    game = work / "big-deck"
    (game / "layouts" / "cards.yaml").write_text(BIG_LAYOUTS, encoding="utf-8")
    with (game / "cards.csv").open("w", newline="", encoding="utf-8") as handle:
        rows = csv.writer(handle)
        rows.writerow(["Name", "Text", "Art", "Cost", "Icons", "qty"])
        for i in range(cards // 10):
            rows.writerow([f"Card {i}", BODY, "art/sample.svg", i % 5, "heart", 10])
    return pnp("build", "--game-dir", str(game), "--lang", "en", "--paper", "a4", "--quiet",
               "--out", str(work / "big-deck-out"), cwd=work)


def commands(work: Path) -> tuple[dict[str, float], str | None]:
    """One run of the command figures, each a fresh ``python -m generator``; the catalogue
    is built into an empty folder, then the same command runs again with nothing changed."""
    work.mkdir(parents=True)
    marks = work / "marks.txt"
    marks.write_text("fuzio = 23-39\nestugamo row 1 = yes\nsamply M4 = no\n", encoding="utf-8")
    build = ("build", "--out", str(work / "catalogue"))
    full, again = pnp(*build, cwd=work), pnp(*build, cwd=work)
    deck = big_deck(work, 5000)
    figures = {
        "help_s": min(pnp("--help", cwd=work).wall_s for _ in range(3)),
        "one_game_s": pnp("build", "save-patient-zero", "--force", "--quiet", "--out",
                          str(work / "one"), cwd=work).wall_s,
        "cli_catalogue_s": full.wall_s, "cli_catalogue_cpu_s": full.cpu_s,
        "cli_catalogue_peak_mb": full.peak_mb,
        "unchanged_rebuild_s": again.wall_s,
        "savvy_key_s": pnp("savvy", "key", "--solution", "5,9,24", "--out",
                           str(work / "key"), cwd=work).wall_s,
        "savvy_solve_s": pnp("savvy", "solve", "--marks", str(marks), cwd=work).wall_s,
        "deck_5000_s": deck.wall_s, "deck_5000_peak_mb": deck.peak_mb,
    }
    return figures, rebuild_problem(full.stdout, again.stdout)


def spread(runs: list[dict[str, float]]) -> dict[str, dict[str, float]]:
    """Each figure's min / median / max over the runs."""
    figures = {name: [run[name] for run in runs] for name in runs[0]}
    return {name: {"min": min(values), "median": statistics.median(values), "max": max(values)}
            for name, values in figures.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of every figure (default 3)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="catalogue builds in a run; the fastest counts (default 3)")
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args()
    runs, rounds = max(1, args.runs), max(1, args.rounds)
    load_start = os.getloadavg()
    per_run: list[dict[str, float]] = []
    problems: list[str] = []
    work: Work = []
    catalogue_sizes: dict[str, float] = {}
    sheets: dict[str, dict[str, int]] = {}
    with tempfile.TemporaryDirectory(prefix="pnp-bench-") as tmp:
        package = same_pnp(Path(tmp))
        checkout = Path(__file__).resolve().parents[1] / "generator"
        print(f"pnp under test: {package}"
              + ("" if package == checkout else " (not this checkout: pip install . to update)"))
        for number in range(runs):
            run = Path(tmp) / f"run-{number}"
            timings, results = catalogue(run / "catalogue", args.jobs, rounds, work)
            figures, problem = commands(run / "commands")
            per_run.append({**timings, **figures})
            problems += [f"run {number + 1}: {problem}"] if problem else []
            print(f"run {number + 1} of {runs}: ratio {timings['ratio_wall']:.3f} wall, "
                  f"{timings['ratio_cpu']:.3f} CPU", flush=True)
            catalogue_sizes = catalogue_sizes or sizes(results)
            sheets = sheets or sheets_per_kit(results)
    report = {"pnp": str(package), "python": sys.executable, "cores": os.cpu_count(),
              "jobs": args.jobs, "runs": runs, "rounds": rounds,
              "load_average_1min": {"start": load_start[0], "end": os.getloadavg()[0]},
              **catalogue_sizes, "sheets_en": sheets, "rebuild_problems": problems,
              "spread": spread(per_run), "per_run": per_run}
    print(f"{runs} runs, jobs {args.jobs} on {os.cpu_count()} cores, load average "
          f"{load_start[0]:.2f} at start, {os.getloadavg()[0]:.2f} at end")
    print(", ".join(f"{name} {value:.0f}" for name, value in catalogue_sizes.items()))
    print("sheets (English): kit, A4 before → now (limit), Letter now (limit)")
    for game, row in sheets.items():
        print(f"  {game:<20} {row['a4_before']:>3} → {row.get('a4', 0):>3} ({row['a4_limit']}), "
              f"{row.get('letter', 0):>3} ({row['letter_limit']})")
    width = max(map(len, per_run[0]))
    print(f"{'figure':<{width}}  {'min':>8}  {'median':>8}  {'max':>8}")
    for name, values in report["spread"].items():
        print(f"{name:<{width}}  " + "  ".join(f"{v:8.3f}" for v in values.values()))
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    for problem in problems:
        print(f"bench_build: {problem}", file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
