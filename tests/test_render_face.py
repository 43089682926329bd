"""Card faces: every shipped card draws, from its data alone, as a safe standalone SVG document."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.cards import CardDef
from lotr_rules.games import family_names, vocabulary_for
from lotr_rules.games.adventure.fields import AdventureDeckCardDef
from lotr_rules.games.deckbuilding.fields import DeckbuildingCardDef
from lotr_rules.render import card_face_svg
from lotr_rules.render.face import face_sides
from lotr_rules.render.lcg_face import side_texts
from lotr_rules.render.metrics import text_width
from lotr_rules.render.style import FACES, frame_colours
from lotr_rules.render.textfit import fit_text, paragraphs

SVG = "{http://www.w3.org/2000/svg}"


def _every_card() -> list[CardDef]:
    return [card for family in family_names() for card in load_sets(vocabulary=vocabulary_for(family)).cards]


def _texts(root: ET.Element) -> list[str]:
    return ["".join(node.itertext()) for node in root.iter(f"{SVG}text")]


def _card(**fields: object) -> CardDef:
    values: dict[str, object] = {"id": "test-card", "name": "Test Card", "set_code": "my-set", "types": frozenset()}
    values.update(fields)
    # a card with an Adventure field is an Adventure card; any other, a deck-building one
    adventure = "aggression" in fields or "directions" in fields
    cls = AdventureDeckCardDef if adventure else DeckbuildingCardDef
    return cls(**values)


@pytest.mark.parametrize("card", _every_card(), ids=lambda card: f"{card.set_code}/{card.id}")
def test_every_shipped_card_draws_a_standalone_face(card: CardDef) -> None:
    shown_on_sides = []
    for side in face_sides(card):  # a Card Game quest card has two sides, A then B
        document = card_face_svg(card, side=side)
        root = ET.fromstring(document)
        assert root.tag == f"{SVG}svg"
        assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("63mm", "88mm", "0 0 63 88")
        # standalone: nothing fetched, nothing run
        assert not any(el.tag.endswith(("script", "image", "foreignObject", "use")) for el in root.iter())
        assert "href" not in document
        assert all(ref.startswith("#") for ref in re.findall(r"url\(([^)]*)\)", document))
        shown = " ".join(_texts(root))
        assert card.name in shown
        shown_on_sides.append(shown)
    # every word of the card's text is on the face, in order; a quest's Setup on side A, the rest on B
    parts = side_texts(card) if len(shown_on_sides) == 2 else (card.text,)
    assert sorted(" ".join(parts).split()) == sorted(card.text.split())
    for part, shown in zip(parts, shown_on_sides, strict=True):
        assert " ".join(part.split()) in " ".join(shown.split())


def test_the_numbers_of_a_deckbuilding_card_are_printed() -> None:
    card = _every_card_named("Saruman, Lord of Isengard")
    shown = _texts(ET.fromstring(card_face_svg(card)))
    assert {str(card.cost), str(card.power), str(card.victory)} <= set(shown)
    assert "ENEMY · ARCHENEMY · LEVEL 4" in shown
    assert "The Two Towers" in shown


def test_an_adventure_card_shows_its_aggression_and_ways_on() -> None:
    card = _every_card_named("Arwen")
    root = ET.fromstring(card_face_svg(card))
    shown = _texts(root)
    assert "AGGRESSION" in shown
    for _way, count in card.directions:
        assert str(count) in shown
    # one arrow per way on
    assert len([p for p in root.iter(f"{SVG}path") if p.get("fill") == "#d8c07c"]) == len(card.directions)


def test_designed_cards_are_marked_and_rulebook_cards_are_not() -> None:
    designed = _texts(ET.fromstring(card_face_svg(_card(provenance="designed"))))
    from_rulebook = _texts(ET.fromstring(card_face_svg(_card(provenance="rulebook"))))
    assert "DESIGNED" in designed
    assert "DESIGNED" not in from_rulebook


def test_card_data_from_strangers_is_escaped() -> None:
    name = "<script>alert(\"x\")</script> & 'Co'\x07"
    text = 'Attack: <b onclick="x()">bold</b> & ]]> \x00\x1b done.'
    document = card_face_svg(_card(name=name, text=text, set_code='s"et<'), set_name="<i>mine</i>")
    root = ET.fromstring(document)  # well-formed despite it all
    assert not any(el.tag.endswith(("script", "b", "i")) for el in root.iter())
    assert root.findtext(f"{SVG}title") == name.replace("\x07", "")
    assert "<i>mine</i>" in _texts(root)
    assert "\x00" not in document and "\x1b" not in document


def test_frames_are_coloured_by_type_and_a_card_of_two_types_by_both() -> None:
    face = FACES["deckbuilding"]
    ally, enemy = (
        frame_colours(_card(types=frozenset({"ally"})), face),
        frame_colours(_card(types=frozenset({"enemy"})), face),
    )
    assert ally != enemy
    assert frame_colours(_card(types=frozenset({"enemy", "ally"})), face) == (enemy[0], ally[0])
    # a card without a type is framed by its deck
    assert frame_colours(_card(deck="corruption"), face) != frame_colours(_card(deck="main"), face)


def test_a_family_without_a_face_of_its_own_still_draws() -> None:
    card = _card(family="living-card-game", types=frozenset({"hero"}), name="A Hero of Another Game")
    root = ET.fromstring(card_face_svg(card, width_mm=31.5))
    assert (root.get("width"), root.get("height")) == ("31.5mm", "44mm")
    assert "A Hero of Another Game" in _texts(root)


def test_ids_differ_between_cards_so_faces_can_share_a_page() -> None:
    def ids(card: CardDef) -> set[str]:
        return {el.get("id", "") for el in ET.fromstring(card_face_svg(card)).iter() if el.get("id")}

    first, second = ids(_card(id="a")), ids(_card(id="b"))
    assert first and second and not first & second


def test_abilities_start_paragraphs_with_their_labels_in_bold() -> None:
    assert paragraphs("+2 Power. Attack: each opponent discards a card. Ambush: gain a Corruption.") == [
        "+2 Power.",
        "Attack: each opponent discards a card.",
        "Ambush: gain a Corruption.",
    ]
    root = ET.fromstring(card_face_svg(_card(text="+2 Power. Attack: each opponent discards a card.")))
    bold = [t.text for t in root.iter(f"{SVG}tspan") if t.get("font-weight") == "bold"]
    assert bold == ["Attack:"]


@given(st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=600))
def test_text_is_fitted_to_the_box_without_losing_a_word(text: str) -> None:
    width, height = 48.0, 20.0
    layout = fit_text(text, width, height, largest=2.9, smallest=1.75)
    assert "".join("".join(line.text.split()) for line in layout.lines) == "".join(text.split())
    for line in layout.lines:
        assert line.width(layout.size) <= width + 1e-9
    assert layout.height <= height + 1e-9


def test_a_short_text_is_set_large_and_a_long_one_smaller() -> None:
    short = fit_text("+2 Power.", 48, 20, largest=2.9, smallest=1.75)
    long = fit_text("word " * 120, 48, 20, largest=2.9, smallest=1.75)
    assert short.size == 2.9
    assert long.size < 2.9
    assert all(line.width(long.size) <= 48 for line in long.lines)


def test_accented_letters_measure_as_their_base_letter() -> None:
    assert text_width("Andúril", 3.0) == text_width("Anduril", 3.0)


def _every_card_named(name: str) -> CardDef:
    return next(card for card in _every_card() if card.name == name)


def test_a_deck_named_like_a_type_is_not_said_twice() -> None:
    courage = next(card for card in _every_card() if card.name == "Courage")
    shown = _texts(ET.fromstring(card_face_svg(courage)))
    assert "STARTER" in shown and "STARTER · STARTER" not in " ".join(shown)
