"""Cards that share a title (issue 37): a card is its set and its id, never its title.

The Card Game prints many cards of one title (several Aragorns; encounter cards that come back
in later packs with other numbers). The set in ``tests/fixtures/lcg-reprint`` has a lore
Aragorn hero, a Beravor ally and a Forest Spider enemy whose titles core-set cards also have, a
deck and a scenario naming them. Loaded beside the core set, both versions of each title load
and play; a name is read in its file's own set first, may say its set (``Aragorn (lcg-core)``),
and where it still names several cards it is refused (E330). The rules that count by title keep
counting by title: the unique rule (core rulebook, "Unique cards": one copy of a unique title in
play, whichever version) and three copies of a title in a deck ("Deck Building")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.decklist import parse_deck_list
from lotr_rules.cards.loader import load_sets
from lotr_rules.cards.titles import Titles, split_qualifier
from lotr_rules.cli import main
from lotr_rules.engine.cards import CardDef
from lotr_rules.errors import UserError
from lotr_rules.games import vocabulary_for
from lotr_rules.games.lcg.files import Records, deck_problems, find_deck, load_scenario, player_deck
from lotr_rules.games.lcg.game import LcgConfig, LcgGame
from lotr_rules.games.lcg.recording import new_table
from lotr_rules.games.lcg.state import PLAY
from lotr_rules.resources import cardscripts_dir

REPRINT = Path(__file__).resolve().parent / "fixtures" / "lcg-reprint"
CARDS = ["--cards", str(REPRINT)]
SCENARIO = REPRINT / "scenarios" / "reprint-woods.toml"


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return load_sets((REPRINT,), vocabulary=vocabulary_for("lcg"))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_both_cards_of_a_shared_title_load(catalogue: Catalogue) -> None:
    cards = Records(catalogue).cards
    assert {"Aragorn (lcg-core)", "Aragorn (lcg-reprint)", "Forest Spider (lcg-core)"} <= set(cards)
    assert "Aragorn" not in cards and "Gandalf" in cards  # a title of one card stays its name
    assert cards["Aragorn (lcg-reprint)"].field("sphere") == "lore"
    assert cards["Aragorn (lcg-core)"].field("sphere") == "leadership"


def test_a_scenario_deals_its_own_sets_copies_of_a_shared_title(catalogue: Catalogue) -> None:
    """The pack's five Forest Spiders are in its encounter deck (before, the core set's Forest
    Spider took their title and they were silently dropped)."""
    scenario = load_scenario(SCENARIO, catalogue)
    spiders = [card for card in scenario.encounter if card.name == "Forest Spider"]
    assert [(card.copies, card.encounter_set, card.engagement_cost) for card in spiders] == [(5, "Reprint Woods", 30)]
    assert scenario.quest[0].setup_staging == ("Forest Spider",)
    assert "Dol Guldur Orcs" in {card.encounter_set for card in scenario.encounter}


def test_a_deck_reads_a_shared_title_in_its_own_set_first(catalogue: Catalogue) -> None:
    deck = player_deck(find_deck(catalogue, "reprint-lore"), catalogue)
    aragorn = deck.heroes[0]
    assert (aragorn.name, aragorn.sphere) == ("Aragorn", "lore")
    assert {card.type for card in deck.deck if card.name == "Beravor"} == {"ally"}


def test_a_shared_title_with_no_context_is_refused_naming_the_cards(catalogue: Catalogue) -> None:
    cards = Records(catalogue).cards
    deck = parse_deck_list("Heroes\n1x Aragorn\n1x Glorfindel\n", "mine.txt")
    findings = deck_problems(deck, cards)
    assert [(f.code, f.message, f.hint) for f in findings] == [
        (
            "E330",
            "'Aragorn' names 2 cards: Aragorn (lcg-core), Aragorn (lcg-reprint)",
            "name one by its set, as 'Aragorn (lcg-core)'",
        )
    ]
    assert str(findings[0].span) == "mine.txt:2:4"


@pytest.mark.parametrize(
    ("written", "sphere"),
    [("Aragorn (lcg-core)", "leadership"), ("aragorn (LCG-REPRINT)", "lore"), ("Aragorn (lore)", "lore")],
)
def test_a_qualifier_names_one_version(catalogue: Catalogue, tmp_path: Path, written: str, sphere: str) -> None:
    path = tmp_path / "mine.txt"
    path.write_text(f"Heroes\n1x {written}\n1x Glorfindel\n", encoding="utf-8")
    deck = player_deck(path, catalogue)
    assert (deck.heroes[0].name, deck.heroes[0].sphere) == ("Aragorn", sphere)


def test_a_qualifier_naming_a_set_without_the_title_is_refused(catalogue: Catalogue) -> None:
    """A set that has no card of that title never gets another set's instead."""
    deck = parse_deck_list("Heroes\n1x Gandalf (lcg-reprint)\n", "mine.txt")
    [finding] = deck_problems(deck, Records(catalogue).cards)
    assert finding.code == "E330"
    assert finding.message == "'Gandalf (lcg-reprint)' names none of the cards called 'Gandalf': Gandalf (lcg-core)"


def test_three_copies_a_title_whichever_versions(catalogue: Catalogue) -> None:
    """Core rulebook, "Deck Building": at most three copies of a card by title."""
    deck = parse_deck_list("Heroes\n1x Aragorn (lore)\n\nAllies\n2x Beravor (lcg-reprint)\n2x Beravor (lcg-reprint)\n")
    [finding] = deck_problems(deck, Records(catalogue).cards)
    assert finding.message == "a deck has at most 3 copies of 'Beravor', this one 4"
    deck = parse_deck_list("Heroes\n1x Aragorn (lcg-core)\n1x Aragorn (lcg-reprint)\n")
    [finding] = deck_problems(deck, Records(catalogue).cards)
    assert finding.message == "a deck has one copy of a hero at most, and 'Aragorn' is here twice"


def test_the_unique_rule_counts_titles_across_versions(catalogue: Catalogue) -> None:
    """Core rulebook, "Unique cards": no two unique cards of one title in play, whichever
    versions they are; a player cannot play the Beravor ally beside the hero Beravor, and two
    players cannot both start with an Aragorn."""
    table = new_table(catalogue, "reprint-woods", ["reprint-lore"], 3)
    game = LcgGame(table.config, [_first_option()])
    ally = next(c for c, r in enumerate(game.records) if r.name == "Beravor" and r.type == "ally")
    hero = next(c for c, r in enumerate(game.records) if r.name == "Beravor" and r.type == "hero")
    assert hero in game.z(PLAY, 0)
    assert game.unique_in_play(ally)
    core = player_deck(cardscripts_dir() / "lcg-core" / "decks" / "leadership.txt", catalogue)
    with pytest.raises(Exception, match="unique hero Aragorn"):
        LcgConfig(table.config.scenario, (table.config.players[0], core)).check()


def _first_option() -> object:
    class First:
        def choose(self, game: object, request: object) -> int:
            return 0

    return First()


def test_a_record_names_each_version_and_replays(
    catalogue: Catalogue, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    code, _, err = run(
        capsys, "game", "--game", "lcg", *CARDS, "--scenario", "reprint-woods", "--decks", "reprint-lore",
        "--seed", "5", "--record", str(record),
    )  # fmt: skip
    assert code == 0, err
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["decks"][0]["heroes"][0] == "Aragorn (lcg-reprint)"
    assert "Forest Spider (lcg-reprint)" in data["cards"] and "Forest Spider (lcg-core)" not in data["cards"]
    code, _, err = run(capsys, "replay", *CARDS, str(record))
    assert code == 0, err


def test_a_record_that_names_a_title_alone_still_replays(
    catalogue: Catalogue, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record written before titles could be shared names its cards by title; with another
    set loaded that shares a title, the recorded script digest says which card it was."""
    record = tmp_path / "game.json"
    code, _, err = run(
        capsys, "game", "--game", "lcg", "--scenario", "passage-through-mirkwood", "--decks", "leadership",
        "--seed", "2", "--record", str(record),
    )  # fmt: skip
    assert code == 0, err
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["decks"][0]["heroes"][0] == "Aragorn"
    code, _, err = run(capsys, "replay", *CARDS, str(record))
    assert code == 0, err


def test_lint_names_the_cards_a_shared_title_may_mean(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "mine.txt"
    deck.write_text("Heroes\n1x Aragorn\n1x Glorfindel\n", encoding="utf-8")
    code, out, _ = run(capsys, "lint", *CARDS, str(deck))
    assert code == 1
    assert "mine.txt:2:4: E330 'Aragorn' names 2 cards: Aragorn (lcg-core), Aragorn (lcg-reprint)" in out
    code, out, _ = run(capsys, "lint", "--strict", str(REPRINT))
    assert code == 0, out


def test_show_render_and_cards_name_each_version(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", *CARDS, "Aragorn (lcg-reprint)")
    assert code == 0 and out.startswith("Aragorn  [lcg-reprint]") and "[lcg-core]" not in out
    code, out, _ = run(capsys, "show", *CARDS, "Aragorn")
    assert code == 0 and "Aragorn  [lcg-core]" in out and "Aragorn  [lcg-reprint]" in out
    code, out, _ = run(capsys, "render", *CARDS, "Forest Spider (lcg-reprint)", "--out", str(tmp_path))
    assert code == 0 and out.strip() == f"wrote {tmp_path / 'forest-spider.svg'}"
    code, out, _ = run(capsys, "cards", "--game", "lcg", *CARDS, "--type", "hero", "--sphere", "lore")
    rows = [line.split() for line in out.splitlines() if line.startswith("Aragorn")]
    assert [row[1] for row in rows] == ["lcg-reprint"]
    code, _, err = run(capsys, "show", *CARDS, "Aragorn (lcg-mini)")
    assert code != 0 and "names none of the cards called 'Aragorn'" in err


@pytest.mark.parametrize("sets", [("two-towers", "fellowship"), ("fellowship", "two-towers")])
def test_the_deck_building_sets_shared_starters_stay_one_card_each(sets: tuple[str, str]) -> None:
    """Courage, Despair, Corruption and Valor are in both deck-building sets: a game of both
    sets deals one set's cards of each title (the first set's), never both sets' copies."""
    from lotr_rules.agents.bots import HeuristicAgent
    from lotr_rules.games.deckbuilding.config import GameConfig
    from lotr_rules.games.deckbuilding.game import DeckbuildingGame

    config = GameConfig(players=2, seed=4, sets=sets)
    catalogue = load_sets()
    game = DeckbuildingGame(catalogue, config, [HeuristicAgent(seed=i) for i in range(2)])
    starting = dict(catalogue.starting_deck(sets))
    for title, copies in (("Valor", 16), ("Corruption", 20), *((t, 2 * starting[t]) for t in ("Courage", "Despair"))):
        cards = [card for card in game.cards if card.name == title]
        assert {card.set_code for card in cards} == {sets[0]}, title
        assert len(cards) == copies, title


def test_a_deck_building_title_two_sets_give_differing_cards_is_a_warning(tmp_path: Path) -> None:
    """The shipped starters are alike in both sets; a set whose Courage gives more Power is W330
    when loaded beside them, since a game of both sets would play only one set's Courage."""
    from lotr_rules.cards.loader import load_folders, set_folders
    from lotr_rules.games.deckbuilding.vocabulary import vocabulary

    _, found = load_folders(set_folders(cardscripts_dir()), vocabulary())
    assert not [d for d in found if d.code == "W330"]
    folder = tmp_path / "demo"
    folder.mkdir()
    (folder / "set.toml").write_text('code = "demo"\nname = "Demo"\nlanguage = 5\n', encoding="utf-8")
    (folder / "courage.card").write_text(
        'card "Courage" {\n  id courage\n  type starter\n  deck starter\n  power 2\n'
        '  provenance designed\n  text "+2 Power."\n}\n',
        encoding="utf-8",
    )
    _, found = load_folders([*set_folders(cardscripts_dir()), folder], vocabulary())
    [warning] = [d for d in found if d.code == "W330"]
    assert warning.span.path == str(folder / "courage.card")
    assert warning.message.startswith("'Courage' of set 'demo' is not the card of that name in set 'fellowship'")


# ---------------------------------------------------------------------- properties
_TITLES = ["Aragorn", "Gandalf", "Forest Spider", "Éowyn"]
_SETS = ["core", "pack-a", "pack-b"]


@given(st.lists(st.tuples(st.sampled_from(_TITLES), st.sampled_from(_SETS)), unique=True, max_size=8))
def test_every_card_is_named_back_by_its_label(cards: list[tuple[str, str]]) -> None:
    """Whatever titles the sets share, the name a record writes for a card (its title, or its
    title and set) resolves to that card and no other, with no context to help."""
    defs = [
        CardDef(id=f"{code}-{i}", name=title, set_code=code, types=frozenset({"ally"}))
        for i, (title, code) in enumerate(cards)
    ]
    titles = Titles(defs)
    for card in defs:
        assert titles.resolve(titles.label(card)).card is card
        shared = sum(other.name == card.name for other in defs) > 1
        assert titles.resolve(card.name).ambiguous is shared
        assert titles.resolve(card.name.upper(), context=(card.set_code,)).card is card


def test_a_mix_files_deck_names_one_sets_card_of_a_shared_title(tmp_path: Path) -> None:
    """A mix file's deck may say the set of a title two sets in play share: no warning that the
    name means the first set's card, and the game lists the set's card it names."""
    from lotr_rules.games.deckbuilding.mix import listed_card
    from lotr_rules.games.deckbuilding.mixfile import check_mix_file

    folder = tmp_path / "extra"
    folder.mkdir()
    (folder / "set.toml").write_text('code = "extra"\nname = "Extra"\nlanguage = 5\n', encoding="utf-8")
    card = 'card "Lembas" {\n  id lembas\n  type artifact\n  cost 2\n  provenance designed\n  text "+1 Power."\n}\n'
    (folder / "lembas.card").write_text(card, encoding="utf-8")
    mix = tmp_path / "l.mix.toml"
    deck = '[deck]\n"Lembas (two-towers)" = 5\n'
    mix.write_text(f'sets = ["extra", "two-towers"]\ncards = ["extra"]\nplan = "custom"\n{deck}', encoding="utf-8")
    assert not [d for d in check_mix_file(mix) if d.span.line == 5]
    catalogue = load_sets((folder,))
    assert listed_card(catalogue, "Lembas (two-towers)", ["extra", "two-towers"]).set_code == "two-towers"
    assert listed_card(catalogue, "Lembas", ["extra", "two-towers"]).set_code == "extra"


def _lcg_set(folder: Path, code: str, cards: dict[str, str]) -> Path:
    folder.mkdir(parents=True)
    (folder / "set.toml").write_text(f'code = "{code}"\nname = "{code}"\nlanguage = 5\nfamily = "lcg"\n', "utf-8")
    for stem, text in cards.items():
        (folder / f"{stem}.card").write_text(text, encoding="utf-8")
    return folder


_ORC = """card "Pack Orc" {
  id pack-orc
  type enemy
  engagement-cost 30
  threat 1
  attack 1
  hit-points 2
  encounter-set "Dol Guldur Orcs"
  provenance designed
  text "Test data."
}
"""
_STAGE = """card "Pack Road" {
  id pack-road
  type quest
  stage 1
  quest-points 5
  encounter-set "Pack Road"
  provenance designed
  text "Test data."
}
"""


def test_an_encounter_set_two_other_sets_have_is_named_with_its_set(tmp_path: Path) -> None:
    """A scenario whose own set has no encounter set of that name, which two other sets have,
    is refused naming both; written with its set, it deals that set's cards only."""
    orcs = _lcg_set(tmp_path / "pack-x", "pack-x", {"pack-orc": _ORC})
    road = _lcg_set(tmp_path / "pack-y", "pack-y", {"pack-road": _STAGE})
    (road / "scenarios").mkdir()
    scenario = road / "scenarios" / "road.toml"
    scenario.write_text('name = "Road"\nquest = ["Pack Road"]\nencounter_sets = ["Dol Guldur Orcs"]\n', "utf-8")
    catalogue = load_sets((orcs, road), vocabulary=vocabulary_for("lcg"))
    with pytest.raises(UserError) as refused:
        load_scenario(scenario, catalogue)
    assert (
        "'Dol Guldur Orcs' is the encounter set of 2 sets: Dol Guldur Orcs (lcg-core), Dol Guldur Orcs (pack-x)"
        " (name one by its set, as 'Dol Guldur Orcs (lcg-core)')"
    ) in str(refused.value)
    qualified = 'encounter_sets = ["Dol Guldur Orcs (pack-x)"]\n'
    scenario.write_text(f'name = "Road"\nquest = ["Pack Road"]\n{qualified}', "utf-8")
    assert [card.name for card in load_scenario(scenario, catalogue).encounter] == ["Pack Orc"]


@given(st.text(max_size=40), st.text(alphabet=st.characters(blacklist_characters="()"), max_size=12))
def test_a_qualifier_is_read_back_from_any_title(title: str, qualifier: str) -> None:
    """``Title (set)`` splits into the title and the set whatever the title holds, and a name
    with nothing in brackets at its end is a title alone."""
    if not title.strip() or title.strip().endswith(")"):
        return
    assert split_qualifier(f"{title} ({qualifier})") == (title.strip(), qualifier.strip())
    if not title.strip().endswith(")"):
        assert split_qualifier(title) == (title.strip(), "")


def test_splitting_a_long_hostile_name_takes_no_time() -> None:
    import time

    started = time.process_time()
    assert split_qualifier("a" + " " * 200_000 + "(")[1] == ""
    assert split_qualifier("a" + " (" * 100_000 + "x)") == ("a" + " (" * 99_999, "x")
    assert time.process_time() - started < 1


def test_show_with_a_set_never_shows_another_sets_card(capsys: pytest.CaptureFixture[str]) -> None:
    """``show --set`` names the set to look in: a set without that title is an error, not
    another set's card of the title."""
    code, out, _ = run(capsys, "show", "--set", "two-towers", "Courage")
    assert code == 0 and out.startswith("Courage  [two-towers]")
    for name in ("Courage", "Courage (fellowship)"):
        code, out, err = run(capsys, "show", "--set", "lcg-core", name)
        assert code != 0 and not out and f"set 'lcg-core' has no card named '{name}'" in err
