"""A batch build collects cycles less often while it builds, and leaves the collector as it
found it: thresholds back, nothing left frozen after a pool."""

from __future__ import annotations

import gc

from generator.imposition.plan import PrintOptions
from generator.pipeline import batch
from generator.pipeline.request import BuildRequest


def _requests(tmp_path, langs):
    return [BuildRequest("clinic-covid19", lang, PrintOptions(), ("round-marker",),
                         out_dir=tmp_path) for lang in langs]


def test_a_batch_collects_young_objects_less_often_while_it_builds_and_restores_the_pace(
        tmp_path):
    before = gc.get_threshold()
    during = []
    batch.build_all(_requests(tmp_path, ["en"]), jobs=1, force=True,
                    notify=lambda result: during.append(gc.get_threshold()))
    assert during and during[0][0] == batch.YOUNG_OBJECTS != before[0]
    assert gc.get_threshold() == before


def test_a_pool_leaves_nothing_frozen(tmp_path):
    results = batch.build_all(_requests(tmp_path, ["en", "fr"]), jobs=2, force=True)
    assert len(results) == 2 and all(r.path.is_file() for r in results)
    assert gc.get_freeze_count() == 0
