"""A Card Game card's face as a standalone SVG document, drawn from the card's data alone.

The face has the proportions, border, banner, type line, text box and set band of every face
(:mod:`lotr_rules.render.face`), laid out for the Card Game: the frame in the sphere's colour (a
player card) or the type's (an encounter or quest card); the cost, a hero's threat cost or an
enemy's engagement cost in the seal at the top left; the sphere's icon, or a location's quest
points, in the seal at the top right; a stat column beside the picture for characters (willpower,
attack, defense, hit points) and enemies (threat, attack, defense, hit points); the traits over
the text, the keywords the text does not already say before it, and a shadow effect in a darker
box of its own under it; victory points in a star at the foot. A quest card has two sides: side A
holds its setup, side B (the side in play) its quest points and the rest of its text.

Each number sits in a group whose class names its field (``<g class="stat attack">``), with a
title saying it in words, so a reader, a test or a screen reader finds it without guessing.
"""

from __future__ import annotations

from lotr_rules.engine.cards import CardDef
from lotr_rules.render import svg
from lotr_rules.render.face import (
    FONT,
    GOLD,
    HEIGHT,
    INK,
    PARCHMENT,
    PARCHMENT_DARK,
    WHITE,
    WIDTH,
    FaceIds,
    card_frame,
    draw_badge,
    face_defs,
    panel,
    picture_panel,
    set_band,
    text_line,
    text_panel,
)
from lotr_rules.render.lcg_style import (
    SPHERE_ICONS,
    STAT_ICONS,
    Number,
    frame_colour,
    is_player_card,
    is_unique,
    numbers,
    sphere,
    spoken_numbers,
    traits,
    type_words,
    unsaid_keywords,
)
from lotr_rules.render.metrics import text_width
from lotr_rules.render.sets import shipped_set_title
from lotr_rules.render.style import Badge, mix
from lotr_rules.render.textfit import fit_line, paragraphs

# the boxes of the layout, (x, y, width, height) in millimetres, as the other faces'
_BANNER = (4.0, 4.0, 55.0, 8.6)
_PICTURE = (5.0, 13.8, 53.0, 30.6)
#: the picture beside a stat column
_NARROW_PICTURE = (15.6, 13.8, 42.4, 30.6)
_COLUMN_X, _COLUMN_WIDTH = 4.6, 10.2
_TYPE_LINE = (4.0, 45.2, 55.0, 5.8)
_TEXT_TOP, _TEXT_HEIGHT = 52.0, 22.8
_TEXT_X, _TEXT_WIDTH = 5.0, 53.0
#: the room a line of traits takes at the top of the text box
_TRAITS_ROOM = 3.2
SHADOW_LABEL = "Shadow:"
SETUP_LABEL = "Setup:"
TURN_OVER = "Turn this card over to side B."


def lcg_face_svg(card: CardDef, *, width_mm: float = 63.0, set_name: str | None = None, side: str = "b") -> str:
    """The face of ``card`` as a complete SVG document ``width_mm`` wide; a quest card's
    ``side`` "a" or "b" (the side in play, the default)."""
    height_mm = width_mm * HEIGHT / WIDTH
    label = f"{card.name}: {type_words(card)}"
    spoken = spoken_numbers(card, side)
    if spoken:
        label += f"; {spoken}"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{svg.attr(float(width_mm))}mm" '
        f'height="{svg.attr(height_mm)}mm" viewBox="0 0 {WIDTH:g} {HEIGHT:g}" role="img" '
        f'aria-label="{svg.attr(label)}">'
        f"<title>{svg.text(card.name)}</title>" + lcg_face_body(card, set_name=set_name, side=side) + "</svg>\n"
    )


def lcg_face_body(card: CardDef, *, set_name: str | None = None, side: str = "b") -> str:
    """The elements of the face in the card's own units, without the document around them."""
    # side A's ids differ from side B's, so both sides of a quest can share a page
    ids = FaceIds(card, "a" if side == "a" else "")
    colour = frame_colour(card)
    shown = numbers(card, side)
    column = [number for number in shown if number.place == "column"]
    parts = [
        face_defs(ids, (colour,)),
        card_frame(ids),
        picture_panel(card, ids, colour, _NARROW_PICTURE if column else _PICTURE),
        _column(column),
        _banner(card, shown),
        _type_line(card),
        _text(card, side),
        set_band(card, set_name or shipped_set_title(card.set_code)),
        *(_seal(number, colour) for number in shown if number.place in ("top-left", "foot")),
    ]
    top_right = next((number for number in shown if number.place == "top-right"), None)
    if top_right is not None:
        parts.append(_seal(top_right, colour))
    elif is_player_card(card):
        parts.append(_sphere_seal(card))
    return "".join(parts)


def side_texts(card: CardDef) -> tuple[str, str]:
    """A quest card's text cut between its sides: its Setup on side A, the rest on side B."""
    parts = paragraphs(card.text)
    setup = [part for part in parts if part.startswith(SETUP_LABEL)]
    rest = [part for part in parts if not part.startswith(SETUP_LABEL)]
    return " ".join(setup), " ".join(rest)


def shadow_split(text: str) -> tuple[str, str]:
    """The card's text before its shadow effect, and the shadow effect (from its label on)."""
    at = text.find(SHADOW_LABEL)
    if at < 0:
        return text, ""
    return text[:at].rstrip(), text[at:].strip()


# ---------------------------------------------------------------------- the parts of a face
def _banner(card: CardDef, shown: list[Number]) -> str:
    """The name between the seals, after the unique mark (a small star) when the card has it."""
    x, y, width, height = _BANNER
    left, right = x + 10.0, x + width - 10.0
    mark = ""
    if is_unique(card):
        left += 2.8
        size = fit_line(card.name, right - left, largest=3.8, bold=True)
        start = (left + right) / 2 - text_width(card.name, size, bold=True) / 2
        mark = svg.element(
            "path",
            d="M0 -1.3L0.35 -0.35L1.3 0L0.35 0.35L0 1.3L-0.35 0.35L-1.3 0L-0.35 -0.35Z",
            fill=INK,
            transform=f"translate({start - 1.7:.2f} {y + height / 2:.2f})",
        )
        mark = svg.element("g", svg.element("title", "Unique") + mark, class_="unique")
    name = text_line(card.name, (left + right) / 2, y + height / 2 + 1.35, right - left, largest=3.8, bold=True)
    return panel(_BANNER, rx=1.2, fill=PARCHMENT, stroke=INK, stroke_width=0.3) + mark + name


def _type_line(card: CardDef) -> str:
    x, y, width, height = _TYPE_LINE
    words = text_line(
        type_words(card).upper(), x + width / 2, y + height / 2 + 0.85, width - 4.0, largest=2.5, bold=True
    )
    return panel(_TYPE_LINE, rx=1.0, fill=PARCHMENT_DARK, stroke=INK, stroke_width=0.3) + words


def _text(card: CardDef, side: str) -> str:
    """The text box: traits on top, then the text (with the keywords it does not say), and a
    shadow effect in a darker box of its own at the bottom."""
    if side in ("a", "b") and "quest" in card.types:
        side_a, side_b = side_texts(card)
        # a stage without a setup has nothing to do on side A but be turned over
        text = (side_a or TURN_OVER) if side == "a" else side_b
    else:
        text = card.text
    main, shadow = shadow_split(text)
    trait_line = traits(card)
    reserved = _TRAITS_ROOM if trait_line else 0.0
    extra = unsaid_keywords(card)
    if extra:
        main = f"{extra}\n{main}" if main else extra
    main_height = _TEXT_HEIGHT
    parts = []
    if shadow:
        # the boxes share the room as their texts do, each keeping enough for a line or two
        share = len(shadow) / max(len(shadow) + len(main) + len(trait_line), 1)
        least_main = 7.0 + reserved
        shadow_height = min(max(_TEXT_HEIGHT * share, 7.0), _TEXT_HEIGHT - least_main)
        main_height = _TEXT_HEIGHT - shadow_height - 0.6
        box = (_TEXT_X, _TEXT_TOP + main_height + 0.6, _TEXT_WIDTH, shadow_height)
        shadow_part = text_panel(shadow, box, fill=mix(PARCHMENT_DARK, INK, 0.18), italic=True, largest=2.6)
        parts.append(svg.element("g", shadow_part, class_="shadow"))
    box = (_TEXT_X, _TEXT_TOP, _TEXT_WIDTH, main_height)
    # the traits come before the text in the document, as a reader reads them
    body = panel(box, rx=1.0, fill=PARCHMENT)
    if trait_line:
        body += text_line(
            trait_line,
            _TEXT_X + _TEXT_WIDTH / 2,
            _TEXT_TOP + 2.9,
            _TEXT_WIDTH - 4.4,
            largest=2.3,
            bold=True,
            font_style="italic",
            class_="traits",
        )
    body += text_panel(main, box, fill="none", reserved=reserved)
    return body + "".join(parts)


def _seal(number: Number, colour: str) -> str:
    corner = "bottom-right" if number.place == "foot" else number.place
    shape = "star" if number.place == "foot" else "coin"
    badge = Badge(number.label, corner, shape, lambda card: number.value)
    return _group(number, draw_badge(badge, number.value, colour))


def _group(number: Number, drawing: str) -> str:
    title = svg.element("title", svg.text(f"{number.words.capitalize()} {number.value}"))
    return svg.element("g", title + drawing, class_=f"stat {number.field}")


def _column(column: list[Number]) -> str:
    """The stat column beside the picture: an icon and a number on a dark chip each."""
    _, top, _, height = _NARROW_PICTURE
    if not column:
        return ""
    gap = 0.9
    chip = (height - gap * (len(column) - 1)) / len(column)
    chips = []
    for index, number in enumerate(column):
        y = top + index * (chip + gap)
        icon_x, centre_y = _COLUMN_X + 2.9, y + chip / 2
        drawing = svg.element(
            "rect",
            x=_COLUMN_X,
            y=y,
            width=_COLUMN_WIDTH,
            height=chip,
            rx=1.2,
            fill=INK,
            fill_opacity=0.9,
            stroke=GOLD,
            stroke_width=0.3,
        )
        drawing += svg.element(
            "path",
            d=STAT_ICONS.get(number.field.replace("defense-strength", "defense"), STAT_ICONS["threat"]),
            fill=GOLD,
            fill_rule="evenodd",
            transform=f"translate({icon_x:.2f} {centre_y:.2f}) scale(1.75)",
        )
        size = 4.2 if len(number.value) < 2 else 3.3
        drawing += svg.element(
            "text",
            svg.text(number.value),
            x=_COLUMN_X + 7.4,
            y=centre_y + size * 0.36,
            font_family=FONT,
            font_size=size,
            font_weight="bold",
            text_anchor="middle",
            fill=WHITE,
        )
        chips.append(_group(number, drawing))
    return "".join(chips)


def _sphere_seal(card: CardDef) -> str:
    """The sphere's icon in a seal of its colour at the top right."""
    x, y = 54.4, 8.3
    name = sphere(card)
    colour = frame_colour(card)
    seal = svg.element("circle", cx=x, cy=y, r=4.4, fill=mix(colour, INK, 0.2), stroke=GOLD, stroke_width=0.45)
    icon = svg.element(
        "path",
        d=SPHERE_ICONS[name],
        fill=WHITE,
        fill_rule="evenodd",
        transform=f"translate({x:g} {y:g}) scale(2.5)",
    )
    title = svg.element("title", svg.text(f"Sphere: {name}"))
    return svg.element("g", title + seal + icon, class_=f"sphere {name}")
