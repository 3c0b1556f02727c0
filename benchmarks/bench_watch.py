"""Live-preview benchmark: from saving an edit to one card of a 100-card deck to
``/status.json`` showing the new build, through ``pnp watch`` as a user runs it.

    python benchmarks/bench_watch.py [--cards N] [--runs N] [--json FILE]

It makes a game with ``pnp new``'s starter and ``--cards`` rows, starts ``pnp watch
--no-browser`` (the ``pnp`` of this Python) in a separate process, waits for the first build,
then ``--runs`` times saves the cards table with one card's text changed and polls
``/status.json`` every 5 ms until its build count moves on. Each run edits another card, so no
run is served from the cache. Reported as min / median / max with the watcher's own rebuild
time beside it; the rest is the file watcher noticing the save (it waits 30 ms for the writes
to settle) and the poll. The target is under 1 s.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

TARGET_S = 1.0
HEADER = ["Name", "Text", "Art", "Cost", "Icons", "qty"]


def write_cards(game: Path, texts: list[str]) -> None:
    with (game / "cards.csv").open("w", newline="", encoding="utf-8") as file:
        csv.writer(file).writerows([HEADER, *([f"Card {n}", text, "art/sample.svg",
                                               str(n % 5), "heart", "1"]
                                              for n, text in enumerate(texts, start=1))])


def status(url: str) -> dict:
    with urllib.request.urlopen(url + "status.json", timeout=30) as response:
        return json.load(response)


def wait_for_build(url: str, build: int, timeout: float = 120) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            current = status(url)
        except OSError:
            current = {"build": 0}
        if current["build"] >= build:
            return current
        time.sleep(0.005)
    raise SystemExit(f"bench_watch: build {build} did not appear within {timeout:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=int, default=100)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-watch-") as tmp:
        folder = Path(tmp)
        subprocess.run([sys.executable, "-m", "generator", "new", "deck"], cwd=folder,
                       check=True, stdout=subprocess.DEVNULL)
        game = folder / "deck"
        texts = [f"The rule text of card {n}." for n in range(1, args.cards + 1)]
        write_cards(game, texts)
        watcher = subprocess.Popen([sys.executable, "-m", "generator", "watch", "--game-dir",
                                    "deck", "--no-browser"], cwd=folder, text=True,
                                   stdout=subprocess.PIPE, env={**os.environ,
                                                                "PYTHONUNBUFFERED": "1"})
        try:
            assert watcher.stdout is not None
            line = watcher.stdout.readline()
            url = line.split("open ", 1)[1].split()[0]
            first = wait_for_build(url, 1)
            assert first["ok"], first
            latencies, rebuilds = [], []
            for run in range(args.runs):
                time.sleep(0.5)  # let the machine settle between saves
                card = 1 + (run * 37) % args.cards  # a different card each run
                texts[card - 1] = f"Edited in run {run + 1}: a new rule for card {card}."
                before = status(url)["build"]
                saved = time.perf_counter()
                write_cards(game, texts)
                after = wait_for_build(url, before + 1)
                latencies.append(time.perf_counter() - saved)
                assert after["ok"], after
                rebuilds.append(after["seconds"])
        finally:
            watcher.terminate()
            watcher.wait(30)
    report = {
        "cards": args.cards, "runs": args.runs, "first_build_s": first["seconds"],
        "save_to_status_s": summary(latencies), "rebuild_s": summary(rebuilds),
        "target_s": TARGET_S, "met": statistics.median(latencies) < TARGET_S,
        "load_average": os.getloadavg()[0], "cpus": os.cpu_count(),
    }
    print(f"{args.cards}-card deck, {args.runs} edits of one card each "
          f"(load average {report['load_average']:.1f} on {report['cpus']} CPUs)")
    print(f"  first build       {first['seconds']:.2f} s")
    for name, values in (("save → status.json", latencies), ("  of which rebuild", rebuilds)):
        low, mid, high = (summary(values)[k] for k in ("min", "median", "max"))
        print(f"  {name:<20}min {low:.3f} s  median {mid:.3f} s  max {high:.3f} s")
    print(f"  target {TARGET_S:.1f} s: {'met' if report['met'] else 'NOT met'} (median)")
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")


def summary(values: list[float]) -> dict[str, float]:
    return {"min": round(min(values), 3), "median": round(statistics.median(values), 3),
            "max": round(max(values), 3)}


if __name__ == "__main__":
    main()
