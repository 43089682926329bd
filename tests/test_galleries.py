"""The card galleries: a generated page under ``docs/`` for every shipped set.

Each page is written from the set's data (its manifest and its cards, compiled against its
family's vocabulary), so these tests check the page against the loaded set, not against text
typed here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lotr_rules.cards.catalogue import SetInfo
from lotr_rules.cards.loader import load_sets, read_manifest
from lotr_rules.docgen import docs_dir, gallery, pages
from lotr_rules.dsl.describe import describe_card
from lotr_rules.engine.cards import CardDef
from lotr_rules.games import family_names, vocabulary_for
from lotr_rules.resources import cardscripts_dir


def _shipped() -> list[tuple[SetInfo, list[CardDef]]]:
    out = []
    for family in family_names():
        catalogue = load_sets(vocabulary=vocabulary_for(family))
        out += [(info, catalogue.in_sets([info.code])) for info in catalogue.sets.values()]
    return sorted(out, key=lambda pair: pair[0].code)


SHIPPED = _shipped()
CODES = [info.code for info, _ in SHIPPED]


@pytest.fixture(scope="module")
def rendered() -> dict[str, str]:
    return {info.code: gallery.render_set(info.code) for info, _ in SHIPPED}


def _section(page: str, heading: str) -> str:
    """The text under the first heading named ``heading``, up to the next heading of any level."""
    match = re.search(rf"^#+ {re.escape(heading)}\n(.*?)(?=^#|\Z)", page, re.M | re.S)
    assert match is not None, heading
    return match.group(1)


def test_every_family_ships_a_set() -> None:
    assert {info.family for info, _ in SHIPPED} == set(family_names())


def test_a_page_per_shipped_set_is_registered_and_current(rendered: dict[str, str]) -> None:
    """docgen lists a gallery page for every set, so ``--check`` fails when one is stale."""
    registered = pages()
    assert gallery.page_name("two-towers") == "gallery.md"  # the page links point at
    for code in CODES:
        name = gallery.page_name(code)
        assert name in registered, code
        path = docs_dir() / name
        assert path.is_file(), f"docs/{name} is missing: run 'python -m lotr_rules.docgen'"
        assert path.read_text(encoding="utf-8") == rendered[code], "run 'python -m lotr_rules.docgen'"
    assert len({gallery.page_name(code) for code in CODES}) == len(CODES)


@pytest.mark.parametrize("code", CODES)
def test_every_card_is_a_heading_and_titles_come_from_the_manifest(code: str, rendered: dict[str, str]) -> None:
    info, cards = next(pair for pair in SHIPPED if pair[0].code == code)
    page = rendered[code]
    assert page.count(f"\n# {info.title} card gallery\n") == 1
    for card in cards:
        assert re.search(rf"^#+ {re.escape(card.name)}$", page, re.M), card.name
        relative = Path(card.source_path).relative_to(Path(info.path)).as_posix()
        assert f"| Script file | `{relative}` |" in page


@pytest.mark.parametrize("code", CODES)
def test_no_page_names_a_machine_path(code: str, rendered: dict[str, str]) -> None:
    page = rendered[code]
    assert str(cardscripts_dir()) not in page
    assert str(Path.home()) not in page
    assert not re.search(r"(?<![\w.`])/(home|work|tmp|usr|Users|root)/", page)


def test_sections_follow_the_data(rendered: dict[str, str]) -> None:
    """A set without Wall, Impossible Mode or heroes gets no such section (looked up by its cards)."""
    for info, cards in SHIPPED:
        # an LCG card has no deck field (player and encounter cards are told by their type)
        decks = {str(getattr(card, "deck", "")) for card in cards}
        page = rendered[info.code]
        assert ("## The Wall\n" in page) == bool(decks & {"wall", "breach"}), info.code
        assert ("## Impossible Mode\n" in page) == ("impossible archenemy" in decks), info.code
        assert ("## Heroes and their starting cards\n" in page) == bool(decks & {"hero", "starting"}), info.code
        assert ("## Directions and aggression\n" in page) == any(c.field("directions", ()) for c in cards), info.code


def test_the_rulebook_contents_are_compared_where_the_manifest_gives_them(rendered: dict[str, str]) -> None:
    """Two Towers rulebook, Contents: 243 game cards, the 7 oversized heroes aside."""
    page = rendered["two-towers"]
    assert "| Component | Cards | Different cards | The rulebook's Contents |" in page
    assert "| Main deck | 106 | 43 | 106 |" in page
    assert "| **Game cards** (all but the oversized Heroes) | **243** | | **243** |" in page
    # Adventure Deck rulebook, Game Components: a 54-card deck and 1 beginning card.
    adventure = rendered["adventure-deck"]
    assert "| Quest deck | 54 |" in adventure and adventure.count("| 54 |") >= 1
    assert "| The beginning card | 1 | 1 | 1 |" in adventure


def test_a_set_designed_by_us_says_so_plainly(rendered: dict[str, str]) -> None:
    for info, cards in SHIPPED:
        all_ours = all(card.provenance == "designed" for card in cards) and not info.rulebook_contents
        assert ("**Every card of this set is designed by us.**" in rendered[info.code]) == all_ours, info.code
    assert all(card.provenance == "designed" for info, cards in SHIPPED if info.code == "fellowship" for card in cards)


def test_the_adventure_page_shows_each_cards_directions_and_aggression(rendered: dict[str, str]) -> None:
    """Adventure Deck rulebook, crossroads and aggression: every card has ways on and a number."""
    info, cards = next(pair for pair in SHIPPED if pair[0].family == "adventure-deck")
    page = rendered[info.code]
    ways = vocabulary_for(info.family).directions
    for card in cards:
        entry = _section(page, card.name)
        listed = ", ".join(f"{way} {count}" for way, count in card.directions)
        assert f"| Aggression | {card.aggression} |" in entry, card.name
        assert f"| Directions | {listed} |" in entry, card.name
        of = dict(card.directions)
        cells = " | ".join(str(of.get(way, "—")) for way in ways)
        assert re.search(
            rf"^\| {re.escape(card.name)} \| [^|]+ \| {re.escape(cells)} \| {card.aggression} \|", page, re.M
        )
    named = [c.name for c in cards if c.provenance == "rulebook"]
    assert f"The rulebook describes {len(named)} of the {len(cards)} different cards" in page


def test_the_engine_reading_is_shown_in_the_adventure_vocabulary() -> None:
    """describe_card reads an Adventure card's effect blocks, not a deck-building card's abilities."""
    cards = next(cards for info, cards in SHIPPED if info.family == "adventure-deck")
    with_effects = [card for card in cards if card.abilities]
    assert with_effects
    for card in with_effects:
        lines = list(describe_card(card))
        assert lines, card.name
        assert lines[0].startswith(("When this is the last card drawn", "When found by searching")), card.name
        assert not any("While in front of you" in line for line in lines), card.name


def test_tokens_read_as_counts_or_as_a_number_worked_out_in_play() -> None:
    """A fixed number of tokens reads as a count; a computed one reads after the counter it goes on."""
    cards = {card.name: card for info, cards in SHIPPED if info.family == "adventure-deck" for card in cards}
    caves = "\n".join(describe_card(cards["Into the Caves"]))
    assert "Put tokens on the attack: as many as tokens on attack." in caves
    aragorn = "\n".join(describe_card(cards["Aragorn"]))
    assert "Take 1 token off the witch king track." in aragorn


def test_a_bad_rulebook_contents_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "set.toml").write_text(
        'code = "x"\nname = "X"\nlanguage = 5\n[rulebook_contents]\nmain = "many"\n', encoding="utf-8"
    )
    info, problems = read_manifest(tmp_path)
    assert info is None
    assert [p.code for p in problems] == ["E161"]
    assert "rulebook_contents" in problems[0].message
