"""The card galleries show every card's face, written by docgen beside the pages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import lotr_rules.docgen.__main__ as docgen_main
from lotr_rules.cards.loader import load_sets
from lotr_rules.docgen import docs_dir, gallery, pages
from lotr_rules.games import family_names, vocabulary_for
from lotr_rules.render import card_face_svg

SHIPPED = [
    (info, catalogue.in_sets([info.code]))
    for family in family_names()
    for catalogue in [load_sets(vocabulary=vocabulary_for(family))]
    for info in catalogue.sets.values()
]


@pytest.mark.parametrize("code", [info.code for info, _ in SHIPPED])
def test_every_card_of_a_gallery_shows_its_face_and_the_face_is_current(code: str) -> None:
    info, cards = next(pair for pair in SHIPPED if pair[0].code == code)
    page = gallery.render_set(code)
    registered = pages()
    for card in cards:
        face = gallery.face_path(card)
        section = re.search(
            rf"^#+ {re.escape(card.name)}\n\n(?:.*\n\n)?!\[The face of [^]]*\]\({re.escape(face)}\)", page, re.M
        )
        assert section is not None, card.name
        assert face in registered
        written = docs_dir() / face
        assert written.is_file(), f"docs/{face} is missing: run 'python -m lotr_rules.docgen'"
        assert written.read_text(encoding="utf-8") == card_face_svg(card, set_name=info.title), card.name


def test_docgen_removes_faces_it_no_longer_writes_and_check_names_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    docs = tmp_path / "docs"
    (docs / "faces" / "my-set").mkdir(parents=True)
    (docs / "faces" / "my-set" / "kept.svg").write_text("<svg/>", encoding="utf-8")
    (docs / "faces" / "my-set" / "gone.svg").write_text("<svg/>", encoding="utf-8")
    monkeypatch.setattr(docgen_main, "docs_dir", lambda: docs)
    monkeypatch.setattr(docgen_main, "pages", lambda: {"faces/my-set/kept.svg": lambda: "<svg/>"})
    monkeypatch.setattr("sys.argv", ["docgen", "--check"])
    assert docgen_main.main() == 1
    stale = "no longer generated (run 'python -m lotr_rules.docgen'): docs/faces/my-set/gone.svg"
    assert stale in capsys.readouterr().err
    monkeypatch.setattr("sys.argv", ["docgen"])
    assert docgen_main.main() == 0
    assert capsys.readouterr().out == "removed docs/faces/my-set/gone.svg\n"
    assert [p.name for p in (docs / "faces" / "my-set").iterdir()] == ["kept.svg"]
