"""Print-and-play sheets: card faces nine to a page at their real size, with cut marks.

Each page is an SVG document measured in millimetres: a three-by-three grid of 63 × 88 mm faces
set edge to edge in the middle of the paper (one cut between two cards, not two), square dark
corners under the faces' rounded ones so a straight cut leaves no white, and short cut marks in
the margin along every edge of the grid. A line at the foot says what the sheet is and that it must
be printed at actual size. Turning the pages into a PDF is :mod:`lotr_rules.render.convert`'s job.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from lotr_rules.engine.cards import CardDef
from lotr_rules.render import svg
from lotr_rules.render.face import FONT, HEIGHT, INK, WIDTH, card_face_body, face_sides

COLUMNS, ROWS = 3, 3
PER_PAGE = COLUMNS * ROWS
#: a cut mark starts this far from the grid and is this long, in millimetres
MARK_GAP, MARK_LENGTH = 1.5, 6.0


@attrs.frozen(slots=True)
class Paper:
    name: str
    width: float
    height: float


PAPERS = {
    "a4": Paper("A4", 210.0, 297.0),
    "letter": Paper("US Letter", 215.9, 279.4),
}


def copies_of(cards: Sequence[CardDef], one_each: bool = False) -> list[CardDef]:
    """The faces to print: each card as many times as its set holds it, or once."""
    return [card for card in cards for _ in range(1 if one_each else max(card.field("copies", 1), 1))]


def sides_of(cards: Sequence[CardDef]) -> list[tuple[CardDef, str]]:
    """Each card's faces, with the side each shows: both sides of a quest card, one of any other."""
    return [(card, side) for card in cards for side in face_sides(card)]


def sheet_pages(
    cards: Sequence[CardDef], paper: Paper, title: str, set_names: dict[str, str] | None = None
) -> list[str]:
    """One SVG document per page of nine faces (the last page may hold fewer); a quest card
    takes two places, one for each of its sides."""
    names = set_names or {}
    faces = sides_of(cards)
    pages = [faces[start : start + PER_PAGE] for start in range(0, len(faces), PER_PAGE)]
    return [_page(page, paper, title, number, len(pages), names) for number, page in enumerate(pages, 1)]


def _page(
    faces: Sequence[tuple[CardDef, str]], paper: Paper, title: str, number: int, total: int, names: dict[str, str]
) -> str:
    left = (paper.width - COLUMNS * WIDTH) / 2
    top = (paper.height - ROWS * HEIGHT) / 2
    parts = [svg.element("rect", width=paper.width, height=paper.height, fill="#ffffff")]
    for index, (card, side) in enumerate(faces):
        x = left + (index % COLUMNS) * WIDTH
        y = top + (index // COLUMNS) * HEIGHT
        body = svg.element("rect", width=WIDTH, height=HEIGHT, fill=INK) + card_face_body(
            card, set_name=names.get(card.set_code), side=side
        )
        parts.append(
            svg.element("svg", body, x=x, y=y, width=WIDTH, height=HEIGHT, viewBox=f"0 0 {WIDTH:g} {HEIGHT:g}")
        )
    parts.append(_cut_marks(left, top))
    footer = f"{title} · page {number} of {total} · print at actual size (100%): each card is 63 × 88 mm"
    parts.append(
        svg.element(
            "text",
            svg.text(footer),
            x=paper.width / 2,
            y=paper.height - max(4.0, top / 2 - 1.0),
            font_family=FONT,
            font_size=2.8,
            text_anchor="middle",
            fill="#555555",
        )
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{svg.attr(paper.width)}mm" '
        f'height="{svg.attr(paper.height)}mm" viewBox="0 0 {svg.attr(paper.width)} {svg.attr(paper.height)}">'
        + "".join(parts)
        + "</svg>\n"
    )


def _cut_marks(left: float, top: float) -> str:
    """Marks in the margin continuing every edge of the grid, on all four sides."""
    right, bottom = left + COLUMNS * WIDTH, top + ROWS * HEIGHT
    paths = []
    for column in range(COLUMNS + 1):
        x = left + column * WIDTH
        paths.append(f"M{x:.2f} {top - MARK_GAP:.2f}v{-MARK_LENGTH}")
        paths.append(f"M{x:.2f} {bottom + MARK_GAP:.2f}v{MARK_LENGTH}")
    for row in range(ROWS + 1):
        y = top + row * HEIGHT
        paths.append(f"M{left - MARK_GAP:.2f} {y:.2f}h{-MARK_LENGTH}")
        paths.append(f"M{right + MARK_GAP:.2f} {y:.2f}h{MARK_LENGTH}")
    return svg.element("path", d="".join(paths), stroke="#000000", stroke_width=0.25, fill="none")
