"""A card's face as a standalone SVG document, drawn from the card's data alone.

The face is laid out in millimetres on a poker-size card (63 × 88 mm), the size printed cards of
these games have: a dark border; a frame coloured by the card's type; the name on a banner with
the cost (or the Adventure Deck's aggression) in a seal at its left; a picture panel, which,
since no set ships artwork, shows the card's initial over the frame colour; the type line with
the set's emblem; the card's text, cut into its abilities and fitted to the box; Power and
Victory Points at the foot, and a band in the set's colour naming the set and marking a
designed card as designed. What each family prints where comes from :mod:`lotr_rules.render.style`.

Nothing outside the document is referred to (no fonts, images or scripts), every string from the
card is escaped, and ids are unique to the card, so many faces can sit inline on one page.
"""

from __future__ import annotations

import hashlib

from lotr_rules.engine.cards import CardDef
from lotr_rules.render import svg
from lotr_rules.render.sets import shipped_set_title
from lotr_rules.render.style import Badge, FamilyFace, face_for, frame_colours, mix, set_colour
from lotr_rules.render.textfit import fit_line, fit_text

#: the card's size in millimetres: the document's user units
WIDTH, HEIGHT = 63.0, 88.0
FONT = "'DejaVu Serif', Georgia, 'Times New Roman', serif"
INK = "#1e1a14"
PARCHMENT = "#f6eedb"
PARCHMENT_DARK = "#e4d5b0"
GOLD = "#d8c07c"
WHITE = "#ffffff"
BLACK = "#000000"

#: how a deck is named on the type line when it says more than the card's types do
DECK_WORDS = {
    "starting": "Starting card",
    "impossible archenemy": "Impossible",
    "one ring": "The One Ring",
    "breach": "Breached",
    "beginning": "The beginning",
    "valor": "Valor",
    "corruption": "Corruption",
}
#: decks the type line never names: the card's types already say it
_SILENT_DECKS = frozenset({"main", "archenemy", "hero", "starter", "wall"})

# the boxes of the layout, (x, y, width, height) in millimetres
_BANNER = (4.0, 4.0, 55.0, 8.6)
_PICTURE = (5.0, 13.8, 53.0, 30.6)
_TYPE_LINE = (4.0, 45.2, 55.0, 5.8)
_TEXT_BOX = (5.0, 52.0, 53.0, 22.8)
_FOOT = (2.0, 76.2, 59.0, 9.8)


def card_face_svg(card: CardDef, *, width_mm: float = 63.0, set_name: str | None = None, side: str = "") -> str:
    """The face of ``card`` as a complete SVG document ``width_mm`` wide (at the card's
    proportions). ``set_name`` is written at the foot: when not given, a shipped set's short
    name, or the set's code. A Card Game card is drawn by :mod:`lotr_rules.render.lcg_face`; of
    a quest card's two sides, ``side`` "a" or "b" (the side in play, when not given)."""
    if card.family == "lcg":
        from lotr_rules.render.lcg_face import lcg_face_svg

        return lcg_face_svg(card, width_mm=width_mm, set_name=set_name, side=side or "b")
    face = face_for(card)
    height_mm = width_mm * HEIGHT / WIDTH
    label = svg.attr(f"{card.name}: {type_words(card, face)}")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{svg.attr(float(width_mm))}mm" '
        f'height="{svg.attr(height_mm)}mm" viewBox="0 0 {WIDTH:g} {HEIGHT:g}" role="img" aria-label="{label}">'
        f"<title>{svg.text(card.name)}</title>" + card_face_body(card, set_name=set_name) + "</svg>\n"
    )


def card_face_body(card: CardDef, *, set_name: str | None = None, side: str = "") -> str:
    """The elements of the face, in the card's own units (millimetres, 63 × 88), without the
    document around them: for a page that places several faces (a print sheet)."""
    if card.family == "lcg":
        from lotr_rules.render.lcg_face import lcg_face_body

        return lcg_face_body(card, set_name=set_name, side=side or "b")
    face = face_for(card)
    ids = FaceIds(card)
    colours = frame_colours(card, face)
    parts = [
        face_defs(ids, colours),
        card_frame(ids),
        picture_panel(card, ids, colours[0]),
        _banner(card, face),
        _type_line(card, face),
        text_panel(card.text, _TEXT_BOX),
        set_band(card, set_name or shipped_set_title(card.set_code)),
        *(draw_badge(badge, value, colours[0]) for badge in face.badges if (value := badge.value(card)) is not None),
    ]
    if face.shows_directions and card.field("directions", ()):
        parts.append(_directions(card))
    return "".join(parts)


def card_file_stem(card: CardDef, side: str = "") -> str:
    """A file name for the card's face, without its extension: its id (unique in its set), or
    its name made safe when it has none; a side of a quest card adds the side ("-a")."""
    if card.id:
        return card.id + (f"-{side}" if side else "")
    safe = "".join(char if char.isalnum() else "-" for char in card.name.lower())
    stem = "-".join(part for part in safe.split("-") if part) or "card"
    return stem + (f"-{side}" if side else "")


def face_sides(card: CardDef) -> tuple[str, ...]:
    """The sides of the card that have a face: "a" and "b" for a Card Game quest card, one
    side ("") for any other card."""
    return ("a", "b") if card.family == "lcg" and "quest" in card.types else ("",)


def card_frame(ids: FaceIds) -> str:
    """The dark edge of the card, the frame in its colours, and a thin gold line inside it."""
    return (
        svg.element("rect", width=WIDTH, height=HEIGHT, rx=3.2, fill=INK)
        + svg.element("rect", x=2.0, y=2.0, width=59.0, height=84.0, rx=2.2, fill=f"url(#{ids.frame})")
        + svg.element(
            "rect",
            x=2.6,
            y=2.6,
            width=57.8,
            height=82.8,
            rx=1.8,
            fill="none",
            stroke=GOLD,
            stroke_width=0.3,
            stroke_opacity=0.7,
        )
    )


class FaceIds:
    """Element ids unique to the card, so faces inlined side by side do not take each other's
    gradients."""

    def __init__(self, card: CardDef, side: str = "") -> None:
        key = f"{card.family}/{card.set_code}/{card.id}/{card.name}"
        stem = "c" + hashlib.sha256(key.encode("utf-8")).hexdigest()[:10] + (f"-{side}" if side else "")
        self.frame = f"{stem}-frame"
        self.picture = f"{stem}-picture"
        self.parchment = f"{stem}-parchment"
        self.seal = f"{stem}-seal"


def face_defs(ids: FaceIds, colours: tuple[str, ...]) -> str:
    first = colours[0]
    last = colours[-1]
    if len(colours) > 1:
        frame_stops = (
            _stop(0, mix(first, WHITE, 0.12)) + _stop(0.5, first) + _stop(0.5, last) + _stop(1, mix(last, BLACK, 0.25))
        )
        frame = svg.element("linearGradient", frame_stops, id=ids.frame, x1=0.0, y1=0.0, x2=1.0, y2=1.0)
    else:
        frame_stops = _stop(0, mix(first, WHITE, 0.15)) + _stop(1, mix(first, BLACK, 0.3))
        frame = svg.element("linearGradient", frame_stops, id=ids.frame, x1=0.0, y1=0.0, x2=0.0, y2=1.0)
    picture = svg.element(
        "radialGradient",
        _stop(0, mix(first, WHITE, 0.45)) + _stop(0.7, first) + _stop(1, mix(last, BLACK, 0.45)),
        id=ids.picture,
        cx=0.5,
        cy=0.45,
        r=0.75,
    )
    parchment = svg.element(
        "linearGradient",
        _stop(0, PARCHMENT) + _stop(1, PARCHMENT_DARK),
        id=ids.parchment,
        x1=0.0,
        y1=0.0,
        x2=0.0,
        y2=1.0,
    )
    seal = svg.element(
        "radialGradient", _stop(0, mix(INK, WHITE, 0.25)) + _stop(1, INK), id=ids.seal, cx=0.4, cy=0.35, r=0.7
    )
    return "<defs>" + frame + picture + parchment + seal + "</defs>"


def _stop(offset: float, colour: str) -> str:
    return svg.element("stop", offset=float(offset), stop_color=colour)


def panel(box: tuple[float, float, float, float], **style: str | float | None) -> str:
    x, y, width, height = box
    return svg.element("rect", x=x, y=y, width=width, height=height, **style)


def text_line(
    text: str,
    x: float,
    y: float,
    width: float,
    *,
    largest: float,
    bold: bool = False,
    anchor: str = "middle",
    fill: str = INK,
    **style: str | float | None,
) -> str:
    """One line of text fitted to ``width``: shrunk as far as it must be."""
    size = fit_line(text, width, largest=largest, bold=bold)
    return svg.element(
        "text",
        svg.text(text),
        x=x,
        y=y,
        font_family=FONT,
        font_size=size,
        font_weight="bold" if bold else None,
        text_anchor=anchor,
        fill=fill,
        **style,
    )


# ---------------------------------------------------------------------- the parts of a face
def picture_panel(card: CardDef, ids: FaceIds, colour: str, box: tuple[float, float, float, float] = _PICTURE) -> str:
    """The picture: no set ships artwork, so the card's initial in rings over its colour."""
    x, y, width, height = box
    cx, cy = x + width / 2, y + height / 2
    words = card.name.split()
    # "The One Ring" is an O, as a reader would file it
    if len(words) > 1 and words[0].lower() in {"the", "a", "an"}:
        words = words[1:]
    initial = next((char for char in " ".join(words) if char.isalnum()), "?").upper()
    rings = "".join(
        svg.element(
            "circle", cx=cx, cy=cy, r=radius, fill="none", stroke=WHITE, stroke_width=0.25, stroke_opacity=opacity
        )
        for radius, opacity in ((8.5, 0.35), (11.0, 0.25), (13.5, 0.15))
    )
    rays = "".join(
        svg.element(
            "line",
            x1=cx,
            y1=cy - 13.5,
            x2=cx,
            y2=cy - 15.0,
            stroke=WHITE,
            stroke_width=0.3,
            stroke_opacity=0.3,
            transform=f"rotate({angle} {cx:g} {cy:g})",
        )
        for angle in range(0, 360, 30)
    )
    letter = svg.element(
        "text",
        svg.text(initial),
        x=cx,
        y=cy + 4.2,
        font_family=FONT,
        font_size=12.0,
        font_weight="bold",
        text_anchor="middle",
        fill=WHITE,
        fill_opacity=0.55,
    )
    return (
        panel(box, rx=1.0, fill=f"url(#{ids.picture})", stroke=mix(colour, BLACK, 0.5), stroke_width=0.35)
        + rings
        + rays
        + letter
    )


def _banner(card: CardDef, face: FamilyFace) -> str:
    x, y, width, height = _BANNER
    has_seal = any(b.corner == "top-left" and b.value(card) is not None for b in face.badges)
    left = x + (10.0 if has_seal else 2.0)
    right = x + width - 2.0
    name = text_line(card.name, (left + right) / 2, y + height / 2 + 1.35, right - left, largest=3.8, bold=True)
    return panel(_BANNER, rx=1.2, fill=PARCHMENT, stroke=INK, stroke_width=0.3) + name


def type_words(card: CardDef, face: FamilyFace) -> str:
    """The type line's words: types, title, level, and the deck when it says more."""
    # the frame's keys end with the deck, which may share a name with a type (Starter)
    types = list(dict.fromkeys(key for key in face.frame_key(card) if key in card.types))
    words = [t.capitalize() for t in types]
    if card.field("title", None):
        words.append(card.field("title", None).capitalize())
    if card.field("level", None):
        words.append(f"Level {card.field('level', None)}")
    deck = DECK_WORDS.get(card.field("deck", "main"), card.field("deck", "main").capitalize())
    if card.field("deck", "main") not in _SILENT_DECKS and deck.lower() not in {w.lower() for w in words}:
        words.append(deck)
    return " · ".join(words) or "Card"


def _type_line(card: CardDef, face: FamilyFace) -> str:
    x, y, width, height = _TYPE_LINE
    words = type_words(card, face)
    emblem_x = x + width - 3.4
    text = text_line(
        words.upper(),
        x + (width - 6.0) / 2 + 1.0,
        y + height / 2 + 0.85,
        width - 9.0,
        largest=2.5,
        bold=True,
    )
    initials = "".join(part[:1] for part in card.set_code.split("-") if part)[:2].upper() or "?"
    emblem = svg.element(
        "circle", cx=emblem_x, cy=y + height / 2, r=2.2, fill=set_colour(card.set_code), stroke=GOLD, stroke_width=0.3
    )
    emblem += svg.element(
        "text",
        svg.text(initials),
        x=emblem_x,
        y=y + height / 2 + 0.6,
        font_family=FONT,
        font_size=1.7 if len(initials) == 1 else 1.45,
        font_weight="bold",
        text_anchor="middle",
        fill=WHITE,
    )
    return panel(_TYPE_LINE, rx=1.0, fill=PARCHMENT_DARK, stroke=INK, stroke_width=0.3) + text + emblem


def text_panel(
    text: str,
    box: tuple[float, float, float, float],
    *,
    fill: str = PARCHMENT,
    italic: bool = False,
    largest: float = 2.9,
    reserved: float = 0.0,
) -> str:
    """``text`` cut into its abilities and fitted to ``box``, on parchment (or ``fill``), below
    ``reserved`` millimetres kept free at the top of the box (for a line of traits)."""
    x, y, width, height = box
    pad_x, pad_y = 2.2, 1.4
    room = height - 2 * pad_y - reserved
    layout = fit_text(text, width - 2 * pad_x, room, largest=largest, smallest=1.75)
    # the block sits in the middle of the box, as printed cards set short texts
    top = y + reserved + pad_y + max(0.0, (room - layout.height) / 2)
    baseline = top + layout.size * 0.82
    lines = []
    for line in layout.lines:
        if line.opens_paragraph:
            baseline += 0.35 * layout.size
        centre = x + width / 2
        if len(line.runs) == 1:
            run = line.runs[0]
            weight = "bold" if run.bold else None
            lines.append(
                svg.element("text", svg.text(run.text), x=centre, y=baseline, text_anchor="middle", font_weight=weight)
            )
        else:
            # A line mixing weights starts where centring its measured width puts it: renderers
            # do not agree on centring a line of several spans.
            runs = "".join(
                svg.element("tspan", svg.text(run.text), font_weight="bold") if run.bold else svg.text(run.text)
                for run in line.runs
            )
            start = centre - line.width(layout.size) / 2
            lines.append(svg.element("text", runs, x=start, y=baseline))
        baseline += layout.size * layout.line_height
    group = svg.element(
        "g",
        "".join(lines),
        font_family=FONT,
        font_size=layout.size,
        font_style="italic" if italic else None,
        fill=INK,
    )
    return panel(box, rx=1.0, fill=fill, stroke=INK, stroke_width=0.3) + group


def set_band(card: CardDef, set_name: str) -> str:
    x, y, width, height = _FOOT
    band = svg.element(
        "path",
        d=f"M{x:g} {y:g}h{width:g}v{height - 2.2:g}a2.2 2.2 0 0 1-2.2 2.2h{-(width - 4.4):g}a2.2 2.2 0 0 1-2.2-2.2z",
        fill=set_colour(card.set_code),
    )
    centre = x + width / 2
    room = 30.0
    if card.provenance == "designed":
        name = text_line(set_name, centre, y + 3.6, room, largest=2.1, fill=WHITE)
        mark = svg.element(
            "rect",
            x=centre - 7.5,
            y=y + 4.9,
            width=15.0,
            height=3.2,
            rx=1.6,
            fill="none",
            stroke=GOLD,
            stroke_width=0.3,
        )
        mark += svg.element(
            "text",
            "DESIGNED",
            x=centre,
            y=y + 7.1,
            font_family=FONT,
            font_size=1.6,
            font_weight="bold",
            text_anchor="middle",
            fill=GOLD,
            letter_spacing=0.25,
        )
        return band + name + mark
    return band + text_line(set_name, centre, y + height / 2 + 0.8, room, largest=2.1, fill=WHITE)


#: where each corner's seal sits
CORNERS = {"top-left": (8.6, 8.3), "top-right": (54.4, 8.3), "bottom-left": (9.6, 80.4), "bottom-right": (53.4, 80.4)}


def draw_badge(badge: Badge, value: str, frame: str) -> str:
    """A number in a seal (a coin, a shield or a star) at its corner, its label under it."""
    x, y = CORNERS[badge.corner]
    ring = mix(frame, WHITE, 0.35)
    if badge.shape == "shield":
        outline = svg.element(
            "path",
            d=f"M{x - 4.4:g} {y - 4.6:g}h8.8v4.2c0 3.1-2.2 4.9-4.4 6.1c-2.2-1.2-4.4-3-4.4-6.1z",
            fill=INK,
            stroke=GOLD,
            stroke_width=0.45,
        )
        number_y, label_y = y + 1.05, y + 3.1
    elif badge.shape == "star":
        outline = svg.element("polygon", points=_star(x, y, 5.6, 3.0), fill=INK, stroke=GOLD, stroke_width=0.45)
        number_y, label_y = y + 1.3, y + 3.2
    else:
        outline = svg.element("circle", cx=x, cy=y, r=4.9, fill=INK, stroke=ring, stroke_width=0.6)
        outline += svg.element("circle", cx=x, cy=y, r=4.1, fill="none", stroke=GOLD, stroke_width=0.25)
        number_y, label_y = y + 1.25, y + 3.0
    size = 4.4 if len(value) < 2 else 3.6 if len(value) == 2 else 2.8
    number = svg.element(
        "text",
        svg.text(value),
        x=x,
        y=number_y,
        font_family=FONT,
        font_size=size,
        font_weight="bold",
        text_anchor="middle",
        fill=WHITE,
    )
    # the label sits low in the seal, where a coin is narrower than a shield or a star
    room = 5.2 if badge.shape == "coin" else 6.4
    label_size = fit_line(badge.label.upper(), room, largest=1.05)
    label = svg.element(
        "text",
        svg.text(badge.label.upper()),
        x=x,
        y=label_y,
        font_family=FONT,
        font_size=label_size,
        text_anchor="middle",
        fill=GOLD,
    )
    return outline + number + label


def _star(cx: float, cy: float, outer: float, inner: float) -> str:
    import math

    points = []
    for index in range(10):
        radius = outer if index % 2 == 0 else inner
        angle = math.pi * index / 5 - math.pi / 2
        points.append(f"{cx + radius * math.cos(angle):.2f},{cy + radius * math.sin(angle):.2f}")
    return " ".join(points)


#: a triangle pointing each way, drawn about its centre (no arrow characters: any font will do)
_ARROWS = {
    "left": "M1.1 -1.3L-1.3 0L1.1 1.3z",
    "right": "M-1.1 -1.3L1.3 0L-1.1 1.3z",
    "up": "M-1.3 1.1L0 -1.3L1.3 1.1z",
    "down": "M-1.3 -1.1L0 1.3L1.3 -1.1z",
}


def _directions(card: CardDef) -> str:
    """The ways on, as chips across the foot of the picture: an arrow and how many cards."""
    x, y, width, height = _PICTURE
    chip_width, gap = 11.0, 1.6
    count = len(card.field("directions", ()))
    start = x + (width - count * chip_width - (count - 1) * gap) / 2
    chips = []
    for index, (way, cards) in enumerate(card.field("directions", ())):
        left = start + index * (chip_width + gap)
        top = y + height - 7.2
        chip = svg.element(
            "rect",
            x=left,
            y=top,
            width=chip_width,
            height=5.6,
            rx=1.2,
            fill=INK,
            fill_opacity=0.82,
            stroke=GOLD,
            stroke_width=0.3,
        )
        arrow = _ARROWS.get(way)
        if arrow is not None:
            mark = svg.element("path", d=arrow, fill=GOLD, transform=f"translate({left + 3.0:.2f} {top + 2.8:.2f})")
        else:
            mark = svg.element(
                "text",
                svg.text(way[:3]),
                x=left + 3.0,
                y=top + 3.5,
                font_family=FONT,
                font_size=1.6,
                text_anchor="middle",
                fill=GOLD,
            )
        number = svg.element(
            "text",
            svg.text(str(cards)),
            x=left + 7.4,
            y=top + 4.1,
            font_family=FONT,
            font_size=3.6,
            font_weight="bold",
            text_anchor="middle",
            fill=WHITE,
        )
        chips.append(chip + mark + number)
    return "".join(chips)
