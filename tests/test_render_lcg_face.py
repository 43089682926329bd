"""Card Game faces: every number and icon a card has, where the card has it, read from the SVG."""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ET

import pytest

from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.cards import CardDef
from lotr_rules.games import vocabulary_for
from lotr_rules.render import card_face_svg
from lotr_rules.render.lcg_style import SPHERE_COLOURS, TYPE_COLOURS
from lotr_rules.render.plain import card_text_lines
from lotr_rules.render.sheet import PAPERS, sheet_pages

SVG = "{http://www.w3.org/2000/svg}"


@functools.cache
def _card(name: str) -> CardDef:
    return load_sets(vocabulary=vocabulary_for("lcg")).get(name)


def _face(name: str, side: str = "") -> ET.Element:
    return ET.fromstring(card_face_svg(_card(name), side=side))


def _stats(root: ET.Element) -> dict[str, str]:
    """Each number on the face by the field its group is classed with (``stat attack``)."""
    found = {}
    for group in root.iter(f"{SVG}g"):
        classes = (group.get("class") or "").split()
        if classes[:1] == ["stat"]:
            texts = ["".join(node.itertext()) for node in group.iter(f"{SVG}text")]
            found[classes[1]] = texts[0]
    return found


def _texts(root: ET.Element) -> str:
    return " ".join("".join(node.itertext()) for node in root.iter(f"{SVG}text"))


def _classed(root: ET.Element, name: str) -> list[ET.Element]:
    return [el for el in root.iter() if name in (el.get("class") or "").split()]


def test_a_forest_spider_face_shows_its_engagement_cost_threat_and_stats() -> None:
    root = _face("Forest Spider")
    assert _stats(root) == {
        "engagement-cost": "25",
        "threat": "2",
        "attack": "2",
        "defense-strength": "1",
        "hit-points": "4",
    }
    # the engagement cost in the seal at the top left, the rest down the column by the picture
    assert "ENGAGE" in _texts(root)
    assert root.get("aria-label") == (
        "Forest Spider: Enemy · Passage Through Mirkwood; "
        "engagement cost 25, threat 2, attack 2, defense 1, hit points 4"
    )


def test_a_hero_face_shows_its_threat_cost_four_stats_and_sphere() -> None:
    root = _face("Aragorn")
    assert _stats(root) == {
        "threat-cost": "12",
        "willpower": "2",
        "attack": "3",
        "defense-strength": "2",
        "hit-points": "5",
    }
    assert "THREAT" in _texts(root) and "HERO · LEADERSHIP" in _texts(root)
    assert [el.get("class") for el in _classed(root, "sphere")] == ["sphere leadership"]
    assert _classed(root, "unique"), "Aragorn is unique: his name has the mark"
    assert "Dunedain. Noble. Ranger." in _texts(root)


def test_an_ally_shows_its_cost_and_stats_and_a_neutral_card_its_ring() -> None:
    root = _face("Gandalf")
    assert _stats(root) == {"cost": "5", "willpower": "4", "attack": "4", "defense-strength": "4", "hit-points": "4"}
    assert [el.get("class") for el in _classed(root, "sphere")] == ["sphere neutral"]


def test_attachments_and_events_show_their_cost_and_no_stats() -> None:
    assert _stats(_face("Steward of Gondor")) == {"cost": "2"}
    assert _stats(_face("Blade Mastery")) == {"cost": "1"}
    # a cost of X is printed as X
    assert _stats(_face("Stand and Fight")) == {"cost": "X"}


def test_a_player_cards_frame_is_its_spheres_colour_and_an_encounter_cards_its_types() -> None:
    # a sphere and a type each have their own colour
    assert len(set(SPHERE_COLOURS.values()) | set(TYPE_COLOURS.values())) == len(SPHERE_COLOURS) + len(TYPE_COLOURS)
    for name, colour in (
        ("Aragorn", SPHERE_COLOURS["leadership"]),
        ("Legolas", SPHERE_COLOURS["tactics"]),
        ("Éowyn", SPHERE_COLOURS["spirit"]),
        ("Beravor", SPHERE_COLOURS["lore"]),
        ("Forest Spider", TYPE_COLOURS["enemy"]),
        ("Old Forest Road", TYPE_COLOURS["location"]),
        ("Eyes of the Forest", TYPE_COLOURS["treachery"]),
    ):
        root = _face(name)
        frame = next(el for el in root.iter(f"{SVG}radialGradient") if el.get("id", "").endswith("-picture"))
        assert [stop.get("stop-color") for stop in frame][1] == colour, name


def test_a_location_shows_its_threat_and_quest_points() -> None:
    assert _stats(_face("Old Forest Road")) == {"threat": "1", "quest-points": "3"}


def test_victory_points_are_printed_in_a_star_at_the_foot() -> None:
    stats = _stats(_face("Hill Troll"))
    assert stats["victory-points"] == "4" and stats["engagement-cost"] == "30"
    assert "victory-points" not in _stats(_face("Forest Spider"))


def test_a_shadow_effect_has_a_box_of_its_own_under_the_text() -> None:
    root = _face("Forest Spider")
    (shadow,) = _classed(root, "shadow")
    shadow_text = " ".join("".join(node.itertext()) for node in shadow.iter(f"{SVG}text"))
    assert shadow_text.startswith("Shadow:") and "attachment" in shadow_text
    outside = _texts(root).replace(shadow_text, "")
    assert "Shadow:" not in outside and "Forced:" in outside


def test_keywords_the_text_does_not_say_are_printed_before_it() -> None:
    # Cavern Guardian has Doomed 1 as a field; its text does not say it
    assert "Doomed 1." in _texts(_face("Cavern Guardian"))
    # Aragorn's text says Sentinel already: once is enough
    assert _texts(_face("Aragorn")).count("Sentinel") == 1


def test_a_quest_card_has_two_sides_setup_on_a_and_quest_points_on_b() -> None:
    side_a, side_b = _face("Flies and Spiders", "a"), _face("Flies and Spiders", "b")
    assert _stats(side_a) == {"stage": "1A"}
    assert _stats(side_b) == {"stage": "1B", "quest-points": "8"}
    assert "Setup:" in _texts(side_a) and "Setup:" not in _texts(side_b)
    # side B is the side in play: the face drawn when no side is asked for
    assert card_face_svg(_card("Flies and Spiders")) == card_face_svg(_card("Flies and Spiders"), side="b")
    # a stage without a setup says what side A is for rather than showing an empty box
    assert "Turn this card over to side B." in _texts(_face("A Fork in the Road", "a"))
    ids_a = {el.get("id") for el in side_a.iter() if el.get("id")}
    ids_b = {el.get("id") for el in side_b.iter() if el.get("id")}
    assert ids_a and not ids_a & ids_b


def test_a_print_sheet_holds_both_sides_of_a_quest_and_the_numbers_of_every_card() -> None:
    (page,) = sheet_pages([_card("Flies and Spiders"), _card("Forest Spider")], PAPERS["a4"], "test")
    root = ET.fromstring(page)
    faces = [el for el in root if el.tag == f"{SVG}svg"]
    assert len(faces) == 3
    assert [_stats(face).get("stage") for face in faces] == ["1A", "1B", None]
    assert _stats(faces[2])["engagement-cost"] == "25"


@pytest.mark.parametrize("name", ["Forest Spider", "Aragorn", "Flies and Spiders"])
def test_the_terminal_says_the_numbers_the_face_shows(name: str) -> None:
    card = _card(name)
    label = ET.fromstring(card_face_svg(card)).get("aria-label") or ""
    lines = card_text_lines(card)
    assert lines[1].strip() == label.split("; ", 1)[1]
    assert "Cost 0" not in "\n".join(lines)
