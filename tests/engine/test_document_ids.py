"""A PDF's trailer ID is made from its content, and its dates follow SOURCE_DATE_EPOCH."""

from __future__ import annotations

import pypdf

from generator.imposition.plan import PrintOptions
from generator.pipeline.build import build
from generator.pipeline.request import BuildRequest


def _read(pdf) -> pypdf.PdfReader:
    reader = pypdf.PdfReader(pdf, strict=True)  # strict: the cross-reference table must hold
    assert len(reader.pages) > 0
    return reader


def _pawns(out, paper: str = "a4"):
    return build(BuildRequest("pharma-code", "en", PrintOptions(paper=paper), ("pawns",),
                              None, out)).path


def test_each_variant_has_its_own_id_and_the_same_build_the_same(tmp_path):
    ids = []
    for number, paper in enumerate(("a4", "letter", "a4")):
        reader = _read(_pawns(tmp_path / str(number), paper))
        first, second = (entry.original_bytes for entry in reader.trailer["/ID"])
        assert first == second and len(first) == 16
        ids.append(first)
    assert ids[0] != ids[1]  # another paper, another document
    assert ids[0] == ids[2]  # the same inputs, the same bytes, built again


def test_dates_follow_source_date_epoch(tmp_path, monkeypatch):
    dates = []
    for epoch in (None, "1700000000"):
        if epoch is None:
            monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
        else:
            monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
        dates.append(_read(_pawns(tmp_path / (epoch or "fixed"))).metadata["/CreationDate"])
    assert dates == ["D:20000101000000+00'00'", "D:20231114221320+00'00'"]
