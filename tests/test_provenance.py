"""Honest provenance: every card says which of its facts are ours, and nothing a rulebook gives
is called designed.

The names below are the cards the Two Towers rulebook and the Adventure Deck rulebook name
(their components, card anatomy, Setup, clarifications and card-effect lists), and the heroes
public descriptions of the games confirm; they are facts about the games, written here as data.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lotr_rules.cards.loader import load_sets
from lotr_rules.cards.provenance import (
    card_facts,
    designed_facts,
    designed_summary,
    share_sentence,
    short_mark,
)
from lotr_rules.cli import main
from lotr_rules.docgen import gallery
from lotr_rules.engine.cards import CardDef
from lotr_rules.games import family_names, vocabulary_for
from lotr_rules.lint.runner import lint_paths

ROOT = Path(__file__).resolve().parents[1]


def _shipped() -> dict[str, list[CardDef]]:
    out: dict[str, list[CardDef]] = {}
    for family in family_names():
        catalogue = load_sets(vocabulary=vocabulary_for(family))
        for code in catalogue.sets:
            out[code] = catalogue.in_sets([code])
    return out


SHIPPED = _shipped()
EVERY_CARD = [card for cards in SHIPPED.values() for card in cards]

#: Two Towers rulebook (Contents, Types of Cards, Setup, The One Ring, Combining, Specific Card
#: Clarifications): the cards it names, under our cards' names.
TWO_TOWERS_NAMED = {
    "Frodo Baggins", "It's Getting Heavier", "Courage", "Despair", "Breached", "Gríma Wormtongue",
    "The Tower of Orthanc", "What Do You Smell?", "Longbottom Leaf", "First Light on the Fifth Day",
    "Edoras", "Corrupted King Théoden", "Saruman, Lord of Isengard", "Valor", "Corruption",
    "The One Ring", "Raw Recruits of Rohan", "Battlements on The Wall", "Breaching Bomb",
    "Dead Marshes", "Elvish Rope", "Entdraught", "Gollum/Sméagol", "Haldir and the Elven Archers",
    "Leave Now and Never Come Back", "The Ring is Treacherous", "The Tower of Barad-dûr",
    "Uruk-hai Battering Ram", "Impossible Corrupted King Théoden",
}  # fmt: skip
#: the Two Towers heroes public descriptions of the game confirm, by our hero cards' names
TWO_TOWERS_HEROES = {"Frodo Baggins", "Samwise Gamgee", "Legolas", "Aragorn", "Merry & Pippin", "Gimli", "King Théoden"}
#: Adventure Deck rulebook, The Card Effects: every card it names
ADVENTURE_NAMED = {
    "Aragorn", "Witch King", "Galadriel", "Gollum", "Arwen", "Shelob's Lair", "Faramir", "Gandalf",
    "The Rohirrim", "Legolas", "Gimli", "Osgiliath", "Treebeard", "Troll", "Goblins", "Sauron",
    "A Thick Fog in the Woods", "Into the Caves", "Isengard Gates", "The Marshes", "The Mountain Path",
    "The Old Tavern", "Wondering in the Woods", "Minas Tirith", "Rinvendale", "Cross Roads",
}  # fmt: skip
#: The Fellowship of the Ring: the names known (its heroes' characters aside, whose hero cards'
#: full names are ours): Lurtz, Isengard, Aragorn's Sword and Frodo's The One Ring
FELLOWSHIP_NAMED = {"Lurtz", "Isengard", "Aragorn's Sword", "The One Ring"}
NAMED = {"two-towers": TWO_TOWERS_NAMED | TWO_TOWERS_HEROES, "adventure-deck": ADVENTURE_NAMED}
NAMED["fellowship"] = FELLOWSHIP_NAMED
#: The Card Game's core set: its cards' facts come from the public card list of the core set,
#: which names every card; these are the shipped ones whose printed card has no ability
LCG_CORE_NAMED = {"Guard of the Citadel", "Silverlode Archer", "Veteran Axehand", "Horseback Archer"}
NAMED["lcg-core"] = LCG_CORE_NAMED


def _card(code: str, name: str) -> CardDef:
    return next(c for c in SHIPPED[code] if c.name == name)


@pytest.mark.parametrize("code", sorted(NAMED))
def test_a_name_a_rulebook_gives_is_never_called_designed(code: str) -> None:
    for name in sorted(NAMED[code]):
        card = _card(code, name)
        assert "name" not in designed_facts(card), f"{code}: {name} is named in the rulebook"
        assert not re.search(r"\bname\b[^.;,]*\b(designed|ours)\b", card.notes), f"{code}: {name}: {card.notes}"


def test_every_named_card_is_shipped() -> None:
    for code, names in NAMED.items():
        missing = names - {c.name for c in SHIPPED[code]}
        assert not missing, (code, missing)


#: cards a rulebook describes without a name (the Adventure Deck's beginning card: its ways)
UNNAMED = {("adventure-deck", "The Beginning")}


def test_only_named_cards_have_the_rulebooks_effect() -> None:
    """A card whose effect a rulebook states is one the rulebook names (its script follows it),
    or one it describes without a name, whose name is then designed."""
    for code, cards in SHIPPED.items():
        for card in cards:
            if (code, card.name) in UNNAMED:
                assert card.provenance == "rulebook" and "name" in designed_facts(card)
            elif card.provenance == "rulebook":
                assert card.name in NAMED.get(code, set()), f"{code}: {card.name} is not named in a rulebook"


# Rulebook counts (Two Towers Contents and Setup): these copies are the rulebook's, not ours.
RULEBOOK_COUNTS = {
    ("two-towers", "Courage"): 31,
    ("two-towers", "Despair"): 16,
    ("two-towers", "Valor"): 16,
    ("two-towers", "Corruption"): 20,
    ("two-towers", "The One Ring"): 1,
    ("two-towers", "Breached"): 1,
}


@pytest.mark.parametrize(("key", "copies"), RULEBOOK_COUNTS.items(), ids=[n for _, n in RULEBOOK_COUNTS])
def test_rulebook_counts_are_the_rulebooks_and_not_called_designed(key: tuple[str, str], copies: int) -> None:
    card = _card(*key)
    assert card.copies == copies
    assert "copies" not in designed_facts(card)


_FACT_WORDS = {
    "name": r"name",
    "cost": r"cost",
    "power": r"power",
    "victory": r"victory",
    "copies": r"cop(y|ies)",
    "level": r"level",
    "aggression": r"aggression",
    "directions": r"direction|way",
    "starting-card": r"starting card",
}


def test_a_rulebook_card_whose_numbers_are_designed_says_so_in_its_notes_too() -> None:
    """The notes, free text, agree with the ``designed`` field: each designed fact is mentioned."""
    for card in EVERY_CARD:
        if card.provenance != "rulebook":
            continue
        for fact in designed_facts(card):
            assert re.search(_FACT_WORDS[fact], card.notes, re.I), f"{card.set_code}: {card.name}: {fact}"


def test_every_designed_fact_is_one_the_card_carries() -> None:
    for card in EVERY_CARD:
        assert set(designed_facts(card)) <= set(card_facts(card)) | {"cost", "power", "victory"}, card.name


# ---------------------------------------------------------------------- what readers see
def test_summaries() -> None:
    assert designed_summary(_card("two-towers", "Courage")) == "rulebook"
    orthanc = _card("two-towers", "The Tower of Orthanc")
    assert designed_summary(orthanc) == "rulebook; designed: cost, Victory Points and number of copies"
    assert short_mark(orthanc) == "rulebook*"
    assert designed_summary(_card("two-towers", "Lembas")) == "designed"
    assert designed_summary(_card("two-towers", "Corrupted King Théoden")).startswith(
        "designed, except its name, number of copies and level"
    )
    assert designed_summary(_card("two-towers", "Aragorn")).startswith("designed, except its name")


def test_share_sentence_is_computed_from_the_cards() -> None:
    cards = SHIPPED["two-towers"]
    ours = [c for c in cards if c.provenance == "designed"]
    sentence = share_sentence("The Two Towers", cards)
    total = sum(c.copies for c in cards)
    assert sentence.startswith(f"Of the {total} cards of *The Two Towers* ({len(cards)} different), ")
    assert f"{sum(c.copies for c in ours)} (" in sentence and f"; {len(ours)} different) are designed" in sentence
    assert share_sentence("Mine", [c for c in cards if c.provenance == "designed"]).endswith(
        "all are designed by us: none has an effect a rulebook gives."
    )


@pytest.mark.parametrize("page", ["README.md", "docs/index.md"])
def test_readme_and_home_page_say_the_share_of_each_set(page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    for line in gallery.provenance_shares().splitlines():
        assert line.replace("](gallery", "](docs/gallery" if page == "README.md" else "](gallery") in text


@pytest.mark.parametrize("code", sorted(SHIPPED))
def test_every_gallery_opens_with_its_share(code: str) -> None:
    page = gallery.render_set(code)
    intro = page.split("## ", 1)[0]
    info_title = next(line for line in page.splitlines() if line.startswith("# ")).removeprefix("# ")
    title = info_title.removesuffix(" card gallery")
    assert share_sentence(title, SHIPPED[code]) in intro


def test_cards_marks_designed_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "--set", "two-towers"]) == 0
    out = capsys.readouterr().out.splitlines()
    rows = {line.split("  ")[0]: line for line in out[1:-1]}
    assert rows["Lembas"].endswith("designed")
    assert rows["Courage"].endswith("rulebook")
    assert rows["The Tower of Orthanc"].endswith("rulebook*")
    ours = sum(1 for c in SHIPPED["two-towers"] if c.provenance == "designed")
    assert out[-1].startswith(f"{len(SHIPPED['two-towers'])} cards: {ours} designed (ours, not the printed cards)")
    assert all(line == line.rstrip() for line in out)


# ---------------------------------------------------------------------- E143, each way
def _lint(tmp_path: Path, fields: str, provenance: str = "rulebook") -> list[str]:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "set.toml").write_text('code = "mine"\nname = "Mine"\nlanguage = 5\n', encoding="utf-8")
    (folder / "horn.card").write_text(
        f'card "Horn" {{\n  id horn\n  type artifact\n  cost 4\n  provenance {provenance}\n{fields}'
        '  text "+2 Power."\n  play {\n    +2 power\n  }\n}\n',
        encoding="utf-8",
    )
    diagnostics, _ = lint_paths([folder])
    return [d.message for d in diagnostics if d.code == "E143"]


@pytest.mark.parametrize(
    ("fields", "provenance", "message"),
    [
        ("", "rulebook", "follows the rulebook but does not say which of its facts are designed"),
        ('  designed "cost cost"\n', "rulebook", "'cost' is named twice"),
        ('  designed "none cost"\n', "rulebook", "cannot name facts as well"),
        ('  designed "none"\n', "designed", "at least its effect designed"),
        ('  designed "costs"\n', "rulebook", "unknown fact 'costs'"),
        ('  designed "effect"\n', "rulebook", "says 'provenance designed'"),
        ('  designed "level"\n', "rulebook", "names 'level', which this card does not have"),
    ],
)
def test_e143_each_way(tmp_path: Path, fields: str, provenance: str, message: str) -> None:
    found = _lint(tmp_path, fields, provenance)
    assert any(message in m for m in found), found


@pytest.mark.parametrize(
    ("fields", "provenance"),
    [('  designed "cost, copies"\n', "rulebook"), ('  designed "none"\n', "rulebook"), ("", "designed")],
)
def test_e143_accepts(tmp_path: Path, fields: str, provenance: str) -> None:
    assert _lint(tmp_path, fields, provenance) == []
