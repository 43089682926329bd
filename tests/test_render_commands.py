"""``lotr-rules render`` and ``lotr-rules print``: faces as files, and print-and-play sheets."""

from __future__ import annotations

import io
import itertools
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from lotr_rules.cards.loader import load_sets
from lotr_rules.cli import main
from lotr_rules.engine.cards import CardDef
from lotr_rules.games.deckbuilding.fields import DeckbuildingCardDef
from lotr_rules.render.sheet import MARK_GAP, PAPERS, copies_of, sheet_pages

SVG = "{http://www.w3.org/2000/svg}"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
CUSTOM_SET = Path(__file__).resolve().parents[1] / "examples" / "custom-set"
MM_PER_POINT = 25.4 / 72


def _cairo_missing() -> str:
    """Why PNG and PDF cannot be drawn here, or '' when they can: CairoSVG needs the system's
    cairo library, which .ci/run installs and a bare machine may lack."""
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError) as error:
        return f"PNG and PDF need the cairo library, which this machine lacks ({error})"
    return ""


needs_cairo = pytest.mark.skipif(bool(_cairo_missing()), reason=_cairo_missing() or "cairo is here")


def test_render_one_card_writes_its_face(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", "Elven Cloak", "--out", str(tmp_path)]) == 0
    path = tmp_path / "elven-cloak.svg"
    assert capsys.readouterr().out == f"wrote {path}\n"
    root = ET.fromstring(path.read_text(encoding="utf-8"))
    assert root.findtext(f"{SVG}title") == "Elven Cloak"


def test_render_a_set_writes_every_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", "two-towers", "--out", str(tmp_path)]) == 0
    cards = load_sets().in_sets(["two-towers"])
    assert sorted(p.stem for p in tmp_path.glob("*.svg")) == sorted(c.id for c in cards)
    assert capsys.readouterr().out == f"wrote {len(cards)} faces (SVG) to {tmp_path}\n"


def test_a_name_several_sets_share_is_asked_about_not_drawn_from_every_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["render", "courage", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "'courage' is the name of a card in 2 loaded sets: fellowship, two-towers" in err
    assert "--set fellowship" in err and "Traceback" not in err
    assert not list(tmp_path.iterdir())
    assert main(["render", "courage", "--set", "fellowship", "--out", str(tmp_path / "one")]) == 0
    assert [p.name for p in (tmp_path / "one").iterdir()] == ["courage.svg"]
    assert main(["render", "Courage (two-towers)", "--out", str(tmp_path / "two")]) == 0
    assert [p.name for p in (tmp_path / "two").iterdir()] == ["courage.svg"]
    capsys.readouterr()
    # print asks the same question
    assert main(["print", "courage", "--out", str(tmp_path / "s.pdf")]) == 2
    assert "2 loaded sets" in capsys.readouterr().err


def test_faces_of_several_sets_get_a_folder_each_and_the_message_names_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["render", "Courage (two-towers)", "Courage (fellowship)", "--out", str(tmp_path)]) == 0
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.svg")) == [
        "fellowship/courage.svg",
        "two-towers/courage.svg",
    ]
    out = capsys.readouterr().out
    assert out == f"wrote 2 faces (SVG) to {tmp_path / 'two-towers'}, {tmp_path / 'fellowship'}\n"
    assert "SET" not in out


def test_a_card_game_quest_is_written_on_both_sides(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", "Flies and Spiders", "--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["flies-and-spiders-a.svg", "flies-and-spiders-b.svg"]
    assert capsys.readouterr().out == f"wrote 2 faces (SVG) to {tmp_path}\n"
    side_a = " ".join(ET.fromstring((tmp_path / "flies-and-spiders-a.svg").read_text(encoding="utf-8")).itertext())
    side_b = " ".join(ET.fromstring((tmp_path / "flies-and-spiders-b.svg").read_text(encoding="utf-8")).itertext())
    assert "1A" in side_a and "Setup:" in side_a
    assert "1B" in side_b and "Setup:" not in side_b


def test_a_users_set_renders_from_its_folder(tmp_path: Path) -> None:
    assert main(["render", str(CUSTOM_SET), "--out", str(tmp_path)]) == 0
    faces = sorted(p.stem for p in tmp_path.glob("*.svg"))
    assert faces == sorted(p.stem for p in CUSTOM_SET.glob("*.card"))
    shown = "".join(ET.fromstring((tmp_path / "crebain-from-dunland.svg").read_text(encoding="utf-8")).itertext())
    assert "Example Custom Set" in shown and "DESIGNED" in shown


def test_an_unknown_card_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", "Elven Clok", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "no loaded set has a card named 'Elven Clok'" in err and "Elven Cloak" in err
    assert not list(tmp_path.iterdir())


@needs_cairo
def test_render_png_draws_at_the_resolution_asked(tmp_path: Path) -> None:
    assert main(["render", "Elven Cloak", "--format", "png", "--dpi", "100", "--out", str(tmp_path)]) == 0
    data = (tmp_path / "elven-cloak.png").read_bytes()
    assert data.startswith(PNG_SIGNATURE)
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (round(63 / 25.4 * 100), round(88 / 25.4 * 100))


def test_without_the_extra_png_and_pdf_say_what_to_install(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # an import of it now fails
    assert main(["render", "Elven Cloak", "--format", "png", "--out", str(tmp_path)]) == 2
    assert "PNG output needs the optional 'render' extra" in capsys.readouterr().err
    assert main(["print", "custom-set", "--cards", str(CUSTOM_SET), "--out", str(tmp_path / "s.pdf")]) == 2
    err = capsys.readouterr().err
    assert "pip install 'lotr-rules[render]'" in err and "Traceback" not in err
    assert not list(tmp_path.iterdir())


@needs_cairo
def test_print_lays_a_set_out_nine_to_a_page_at_real_size(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sheet.pdf"
    assert main(["print", str(CUSTOM_SET), "--out", str(out)]) == 0
    faces = sum(card.copies for card in load_sets((CUSTOM_SET,)).in_sets(["custom-set"]))
    assert capsys.readouterr().out == f"wrote {out}: {faces} faces on 1 A4 page\n"
    reader = PdfReader(io.BytesIO(out.read_bytes()))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (round(float(box.width) * MM_PER_POINT), round(float(box.height) * MM_PER_POINT)) == (210, 297)
    text = reader.pages[0].extract_text()
    assert "Charge at the Fords of Isen" in text and "print at actual size" in text


@needs_cairo
def test_print_counts_copies_unless_one_each_is_asked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sheet.pdf"
    assert main(["print", "two-towers", "--one-each", "--paper", "letter", "--out", str(out)]) == 0
    kinds = len(load_sets().in_sets(["two-towers"]))
    reader = PdfReader(io.BytesIO(out.read_bytes()))
    assert len(reader.pages) == -(-kinds // 9)
    assert capsys.readouterr().out.endswith(f"{kinds} faces on {len(reader.pages)} US Letter pages\n")
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


@needs_cairo
def test_print_puts_both_sides_of_a_quest_and_the_numbers_of_a_card_game_card_on_the_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "sheet.pdf"
    assert main(["print", "Flies and Spiders", "Forest Spider", "--one-each", "--out", str(out)]) == 0
    assert capsys.readouterr().out == f"wrote {out}: 3 faces on 1 A4 page\n"
    text = PdfReader(io.BytesIO(out.read_bytes())).pages[0].extract_text()
    assert "1A" in text and "1B" in text and "Setup:" in text and "25" in text and "ENGAGE" in text


def test_print_wants_a_pdf_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["print", "two-towers", "--out", str(tmp_path / "sheet.png")]) == 2
    assert "does not end in .pdf" in capsys.readouterr().err


def _cards(count: int) -> list[CardDef]:
    return [CardDef(id=f"c{n}", name=f"Card {n}", set_code="s", types=frozenset({"ally"})) for n in range(count)]


def test_a_sheet_holds_nine_faces_edge_to_edge_with_cut_marks_outside() -> None:
    pages = sheet_pages(_cards(10), PAPERS["a4"], "Test")
    assert len(pages) == 2
    root = ET.fromstring(pages[0])
    assert (root.get("width"), root.get("viewBox")) == ("210mm", "0 0 210 297")
    faces = root.findall(f"{SVG}svg")
    assert len(faces) == 9 and len(ET.fromstring(pages[1]).findall(f"{SVG}svg")) == 1
    xs = sorted({float(face.get("x", "")) for face in faces})
    ys = sorted({float(face.get("y", "")) for face in faces})
    assert [round(b - a, 6) for a, b in itertools.pairwise(xs)] == [63.0, 63.0]
    assert [round(b - a, 6) for a, b in itertools.pairwise(ys)] == [88.0, 88.0]
    assert all((face.get("width"), face.get("height")) == ("63", "88") for face in faces)
    # the grid sits in the middle of the page
    assert xs[0] == pytest.approx(210 - (xs[-1] + 63)) and ys[0] == pytest.approx(297 - (ys[-1] + 88))
    marks = next(p for p in root.iter(f"{SVG}path") if p.get("stroke") == "#000000")
    starts = marks.get("d", "").split("M")[1:]
    assert len(starts) == 16  # four grid lines each way, a mark at both ends
    left, top, right, bottom = xs[0], ys[0], xs[-1] + 63, ys[-1] + 88
    grid_x, grid_y = {*xs, right}, {*ys, bottom}
    for start in starts:
        if "v" in start:  # a mark along a column edge, above or below the grid
            x, y = (float(v) for v in start.split("v")[0].split())
            assert round(x, 2) in {round(v, 2) for v in grid_x}
            assert y == pytest.approx(top - MARK_GAP, abs=0.01) or y == pytest.approx(bottom + MARK_GAP, abs=0.01)
        else:  # along a row edge, left or right of the grid
            x, y = (float(v) for v in start.split("h")[0].split())
            assert round(y, 2) in {round(v, 2) for v in grid_y}
            assert x == pytest.approx(left - MARK_GAP, abs=0.01) or x == pytest.approx(right + MARK_GAP, abs=0.01)


def test_copies_are_printed_as_many_times_as_the_set_holds_them() -> None:
    card = DeckbuildingCardDef(id="x", name="X", set_code="s", types=frozenset(), copies=3)
    assert len(copies_of([card])) == 3
    assert len(copies_of([card], one_each=True)) == 1


def test_the_command_line_loads_no_rendering_library_until_asked() -> None:
    code = (
        "import sys; from lotr_rules.cli import build_parser; build_parser(); "
        "loaded = [m for m in ('cairosvg', 'pypdf', 'lotr_rules.render') if m in sys.modules]; "
        "print(','.join(loaded))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
