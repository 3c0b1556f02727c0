"""Catalogue benchmark: our build against a plain reportlab baseline, in the same run.

    python benchmarks/bench_build.py [--jobs N] [--json FILE]

The baseline replays, page by page, the drawing work our PDFs hold (strings and their total
length, curves, rectangles, lines, graphics states, colour and font changes) with reportlab
alone and the same fonts: no content model, layouts, text fitting or translation. Both run
through the same process pool, so the ratio compares like with like. Also
timed: ``pnp --help`` (cold import), one game alone, an unchanged rebuild, ``pnp savvy
key``, a full ``pnp savvy solve``, and the peak memory of a 5,000-card deck of one's own.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.content.loader import builtin_games  # noqa: E402
from generator.i18n.catalog import LANGUAGES  # noqa: E402
from generator.imposition.plan import PrintOptions  # noqa: E402
from generator.pipeline.batch import build_all, default_jobs  # noqa: E402
from generator.pipeline.request import BuildRequest  # noqa: E402
from generator.resources import fonts_dir  # noqa: E402

PNP = [sys.executable, "-m", "generator"]
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
    from pypdf import PdfReader

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


def replay(names: list[str], work: list[list[dict[str, int]]], jobs: int) -> list[int]:
    """The baseline over the same process pool as ours."""
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(baseline_pdf, names, work))


def catalogue(out: Path, jobs: int, rounds: int) -> dict:
    """Ours and the baseline, in turns, ``rounds`` times each; the fastest of each counts
    (a busy machine only ever slows a run down)."""
    ours: list[tuple[float, float]] = []
    base: list[tuple[float, float]] = []
    work: list[list[dict[str, int]]] = []
    for round_number in range(rounds):
        target = out / f"round-{round_number}"
        requests = [BuildRequest(game, lang, PrintOptions(paper=paper), out_dir=target)
                    for paper in ("a4", "letter") for game in builtin_games()
                    for lang in LANGUAGES]
        results, wall, cpu = measured(partial(build_all, requests, jobs=jobs, force=True))
        ours.append((wall, cpu))
        work = work or [page_work(r.path) for r in results]  # read back off the clock
        names = [str(target / "baseline" / r.path.name) for r in results]
        (target / "baseline").mkdir()

        base.append(measured(partial(replay, names, work, jobs))[1:])
    (wall, cpu), (base_wall, base_cpu) = min(ours), min(base)
    cards = sum(r.cards for r in results)
    return {"pdfs": len(results), "pages": sum(r.pages for r in results), "cards": cards,
            "jobs": jobs, "rounds": rounds,
            "ours_wall_s": wall, "ours_cpu_s": cpu, "cards_per_s": cards / wall,
            "baseline_wall_s": base_wall, "baseline_cpu_s": base_cpu,
            "ratio_wall": wall / base_wall, "ratio_cpu": cpu / base_cpu,
            "peak_rss_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
            "bytes_per_card_beyond_fonts": bytes_beyond_fonts(results) / cards}


def font_stream_bytes(path: Path) -> int:
    """Bytes of the embedded font programs (subset TrueType streams), each counted once."""
    from pypdf import PdfReader

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


def command(*argv: str, cwd: Path) -> float:
    started = time.perf_counter()
    subprocess.run([*PNP, *argv], cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def big_deck(work: Path, cards: int) -> float:
    """Peak memory (MB) of building a deck of one's own with ``cards`` cards."""
    game = Path(shutil.copytree(ROOT / "tests" / "fixtures" / "designer_deck", work / "big"))
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8").replace("    expect: 7\n", ""),
                    encoding="utf-8")
    with (game / "cards.csv").open("w", newline="", encoding="utf-8") as handle:
        rows = csv.writer(handle)
        rows.writerow(["Name", "Effect", "Picture", "Cost", "Icon 1", "Icon 2", "qty"])
        for i in range(cards // 10):
            rows.writerow([f"Card {i}", BODY, "art/hero.png", i % 5, "heart", "", 10])
    script = ("import resource, sys; from generator.cli import main; "
              "code = main(sys.argv[1:]); "
              "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)")
    done = subprocess.run([sys.executable, "-c", script, "build", "--game-dir", str(game),
                           "--lang", "en", "--paper", "a4", "--only", "heroes", "--quiet",
                           "--force", "--out", str(work / "big-out")],
                          cwd=ROOT, check=True, capture_output=True, text=True)
    return float(done.stdout.split()[-1])


def commands(work: Path, out: Path) -> dict:
    marks = work / "marks.txt"
    marks.write_text("fuzio = 23-39\nestugamo row 1 = yes\nsamply M4 = no\n", encoding="utf-8")
    return {
        "help_s": min(command("--help", cwd=work) for _ in range(3)),
        "one_game_s": command("build", "save-patient-zero", "--force", "--quiet", "--out",
                              str(work / "one"), cwd=work),
        "unchanged_rebuild_s": command("build", "--quiet", "--out", str(out), cwd=work),
        "savvy_key_s": command("savvy", "key", "--solution", "5,9,24", "--out",
                               str(work / "key"), cwd=work),
        "savvy_solve_s": command("savvy", "solve", "--marks", str(marks), cwd=work),
        "deck_5000_peak_mb": big_deck(work, 5000),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--rounds", type=int, default=3, help="catalogue runs; the fastest counts")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pnp-bench-") as tmp:
        work = Path(tmp)
        figures = catalogue(work / "catalogue", args.jobs, max(1, args.rounds))
        figures.update(commands(work, work / "catalogue" / "round-0"))
    width = max(map(len, figures))
    for key, value in figures.items():
        shown = f"{value:.3f}" if isinstance(value, float) else str(value)
        print(f"{key:<{width}}  {shown}")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
