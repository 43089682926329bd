"""LCG card files: the family's fields lint and load, anything else is refused, and the
compiled cards convert into the records the rules play, so that a whole game runs from files.

The cards below are made up for the tests; their numbers are chosen to give a playable game,
not taken from any printed card.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from lotr_rules.cards.loader import load_folders
from lotr_rules.cli import main
from lotr_rules.diagnostics import Diagnostic, Severity
from lotr_rules.dsl.compiler import Compiler
from lotr_rules.dsl.parser import parse_card
from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.fields import FieldDecl
from lotr_rules.games import vocabulary_for
from lotr_rules.games.lcg.bots import LcgHeuristicAgent
from lotr_rules.games.lcg.convert import player_deck, scenario, to_record, to_records
from lotr_rules.games.lcg.fields import FIELDS, KEYWORDS, LcgCardDef
from lotr_rules.games.lcg.game import REASONS, LcgConfig, LcgGame
from lotr_rules.games.lcg.record import LcgCard

LCG = vocabulary_for("lcg")

MANIFEST = """\
code = "test-lcg"
name = "Test LCG cards"
short_name = "Test LCG"
language = 5
family = "lcg"
description = "Made-up cards for the tests."
"""

#: name -> (type, field lines)
CARDS: dict[str, tuple[str, tuple[str, ...]]] = {
    # heroes
    "Test Marshal": (
        "hero",
        (
            "sphere leadership",
            "threat-cost 10",
            "willpower 2",
            "attack 2",
            "defense-strength 2",
            "hit-points 5",
            "traits noble warrior",
            "keywords unique sentinel",
        ),
    ),
    "Test Bowman": (
        "hero",
        (
            "sphere tactics",
            "threat-cost 9",
            "willpower 1",
            "attack 3",
            "defense-strength 1",
            "hit-points 4",
            "traits silvan",
            "keywords ranged unique",
        ),
    ),
    "Test Dreamer": (
        "hero",
        (
            "sphere spirit",
            "threat-cost 8",
            "willpower 3",
            "attack 1",
            "defense-strength 1",
            "hit-points 3",
            "keywords unique",
        ),
    ),
    # player cards
    "Test Militia": (
        "ally",
        ("sphere leadership", "cost 2", "willpower 1", "attack 1", "defense-strength 1", "hit-points 2", "copies 3"),
    ),
    "Test Outrider": ("ally", ("sphere tactics", "cost 1", "attack 1", "hit-points 1", "keywords ranged", "copies 3")),
    "Test Wanderer": ("ally", ("sphere spirit", "cost 1", "willpower 1", "hit-points 1", "copies 3")),
    "Test Stranger": (
        "ally",
        (
            "sphere neutral",
            "cost 4",
            "willpower 2",
            "attack 2",
            "defense-strength 2",
            "hit-points 3",
            "keywords unique",
        ),
    ),
    "Test Cloak": ("attachment", ("sphere spirit", "cost 1", "attach-to any hero", "keywords restricted", "copies 2")),
    # the quest and the encounter deck
    "Test Trail": ("quest", ("stage 1", "quest-points 5", 'encounter-set "Test Woods"')),
    "Test Ford": ("quest", ("stage 2", "quest-points 7", 'encounter-set "Test Woods"', "victory-points 2")),
    "Test Prowler": (
        "enemy",
        (
            "engagement-cost 25",
            "threat 1",
            "attack 2",
            "defense-strength 0",
            "hit-points 2",
            "traits orc",
            'encounter-set "Test Woods"',
            "copies 3",
        ),
    ),
    "Test Hulk": (
        "enemy",
        (
            "engagement-cost 35",
            "threat 2",
            "attack 3",
            "defense-strength 1",
            "hit-points 4",
            "victory-points 2",
            "traits dol-guldur troll",
            'encounter-set "Test Woods"',
            "copies 2",
        ),
    ),
    "Test Hollow": (
        "location",
        ("threat 1", "quest-points 3", "traits forest", 'encounter-set "Test Woods"', "copies 3"),
    ),
    "Test Mire": (
        "location",
        ("threat 2", "quest-points 4", "victory-points 1", 'encounter-set "Test Woods"', "copies 2"),
    ),
    "Test Dread": ("treachery", ("doomed 1", "keywords surge", 'encounter-set "Test Woods"', "copies 2")),
}

HEROES = ("Test Marshal", "Test Bowman", "Test Dreamer")
DECK = ("Test Militia", "Test Outrider", "Test Wanderer", "Test Stranger", "Test Cloak")


def card_text(name: str, card_type: str, lines: tuple[str, ...], extra: str = "") -> str:
    body = "".join(f"  {line}\n" for line in lines)
    ident = name.lower().replace(" ", "-")
    return (
        f'card "{name}" {{\n  id {ident}\n  type {card_type}\n{body}  provenance designed\n'
        f'  text "A made-up card."\n{extra}}}\n'
    )


@pytest.fixture
def lcg_set(tmp_path: Path) -> Path:
    folder = tmp_path / "test-lcg"
    (folder / "cards").mkdir(parents=True)
    (folder / "set.toml").write_text(MANIFEST)
    for name, (card_type, lines) in CARDS.items():
        ident = name.lower().replace(" ", "-")
        (folder / "cards" / f"{ident}.card").write_text(card_text(name, card_type, lines))
    return folder


def compile_one(text: str) -> tuple[CardDef | None, list[Diagnostic]]:
    compiler = Compiler(LCG, "test.card")
    return compiler.compile_card(parse_card(text)), compiler.diagnostics


def codes(diagnostics: list[Diagnostic]) -> list[str]:
    return [d.code for d in diagnostics]


def loaded(folder: Path) -> dict[str, CardDef]:
    catalogue, diagnostics = load_folders([folder], LCG)
    assert [d for d in diagnostics if d.severity is Severity.ERROR] == []
    return {card.name: card for card in catalogue.cards}


# ---------------------------------------------------------------------- the fields
def test_a_set_of_lcg_card_files_loads_with_no_finding(lcg_set: Path) -> None:
    cards = loaded(lcg_set)
    assert set(cards) == set(CARDS)
    marshal = cards["Test Marshal"]
    assert isinstance(marshal, LcgCardDef)
    assert marshal.family == "lcg"
    assert marshal.family_fields["threat-cost"] == 10
    assert marshal.family_fields["keywords"] == "unique sentinel"


def test_keywords_may_come_in_any_order_but_each_once() -> None:
    card, diagnostics = compile_one(card_text("Test", "ally", ("hit-points 1", "keywords ranged sentinel unique")))
    assert diagnostics == [] and card is not None
    _, diagnostics = compile_one(card_text("Test", "ally", ("hit-points 1", "keywords ranged ranged")))
    assert codes(diagnostics) == ["E118"]


@pytest.mark.parametrize(
    ("line", "card_type", "code"),
    [
        ("threat-cost 9", "ally", "E192"),  # a hero's field
        ("engagement-cost 30", "location", "E192"),  # an enemy's field
        ("sphere lroe", "ally", "E118"),
        ("attach-to everyone", "attachment", "E118"),
        ("hit-points 0", "enemy", "E142"),
        ("defense 2", "ally", "E001"),  # 'defense' opens an ability: the stat is defense-strength
        ("hitpoints 2", "ally", "E190"),
        ("power 2", "ally", "E119"),  # a deck-building field
    ],
)
def test_a_wrong_field_is_refused_with_its_code(line: str, card_type: str, code: str) -> None:
    text = card_text("Test", card_type, (line,))
    if code == "E001":
        with pytest.raises(Exception, match="missing '\\{' after 'defense'"):
            parse_card(text)
        return
    _, diagnostics = compile_one(text)
    assert code in codes(diagnostics)


def test_an_ability_of_another_family_is_not_part_of_the_lcg() -> None:
    """An ability the LCG does not have ('play' is the deck-building games') is refused, never
    loaded without what it says; the hint lists the LCG's own."""
    text = card_text("Test", "event", ("cost 1",), extra="  play {\n    draw 1\n  }\n")
    card, diagnostics = compile_one(text)
    assert card is None
    assert codes(diagnostics) == ["E119"]
    assert "'play' is not part of the LCG" in diagnostics[0].message
    assert "response" in (diagnostics[0].hint or "")


def test_the_tools_read_an_lcg_set(lcg_set: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lint", str(lcg_set)]) == 0
    assert main(["cards", "--cards", str(lcg_set), "--set", "test-lcg"]) == 0
    assert "Test Hulk" in capsys.readouterr().out
    assert main(["show", "--cards", str(lcg_set), "Test Hulk"]) == 0
    assert "engagement-cost 35" in capsys.readouterr().out


# ---------------------------------------------------------------------- the converter
def test_a_compiled_card_converts_field_by_field(lcg_set: Path) -> None:
    records = to_records(loaded(lcg_set).values())
    marshal = records["Test Marshal"]
    assert (marshal.type, marshal.sphere, marshal.threat_cost) == ("hero", "leadership", 10)
    assert (marshal.willpower, marshal.attack, marshal.defense, marshal.hit_points) == (2, 2, 2, 5)
    assert marshal.unique and marshal.sentinel and not marshal.ranged
    assert marshal.traits == frozenset({"Noble", "Warrior"})
    hulk = records["Test Hulk"]
    assert (hulk.engagement_cost, hulk.threat, hulk.victory, hulk.copies) == (35, 2, 2, 2)
    assert hulk.traits == frozenset({"Dol Guldur", "Troll"})
    assert hulk.encounter_set == "Test Woods"
    dread = records["Test Dread"]
    assert (dread.doomed, dread.surge) == (1, True)
    cloak = records["Test Cloak"]
    assert (cloak.attach_to, cloak.attach_scope, cloak.restricted) == ("hero", "any", True)
    assert records["Test Militia"].attach_to == "character"  # the default, unused by an ally
    assert records["Test Ford"].stage == 2 and records["Test Ford"].quest_points == 7


def test_a_card_of_another_family_does_not_convert() -> None:
    from lotr_rules.errors import ConfigError
    from lotr_rules.games.deckbuilding.fields import DeckbuildingCardDef

    card = DeckbuildingCardDef(id="x", name="X", set_code="s", types=frozenset({"ally"}), family="deckbuilding")
    with pytest.raises(ConfigError, match="not an LCG card"):
        to_record(card)


def _config(records: dict[str, LcgCard], seed: int, players: int = 1) -> LcgConfig:
    deck = player_deck([records[name] for name in HEROES], [records[name] for name in DECK])
    encounter = [r for r in records.values() if r.type not in ("hero", "ally", "attachment", "event")]
    return LcgConfig(scenario("Test Woods", encounter), (deck,) * players, seed=seed)


def test_a_converted_deck_holds_each_card_in_its_copies(lcg_set: Path) -> None:
    config = _config(to_records(loaded(lcg_set).values()), 1)
    assert len(config.players[0].deck) == 3 + 3 + 3 + 1 + 2
    assert [stage.name for stage in config.scenario.quest] == ["Test Trail", "Test Ford"]


def test_a_whole_game_plays_from_card_files(lcg_set: Path) -> None:
    """The rules play script-defined cards: a seeded game between heuristic bots ends by a rule,
    and the same seed plays the same game again."""
    records = to_records(loaded(lcg_set).values())
    results = []
    for seed in (3, 3, 4):
        game = LcgGame(_config(records, seed), [LcgHeuristicAgent(seed)])
        result = game.play_game()
        assert result["reason"] in REASONS
        assert result["rounds"] >= 1
        results.append((result["won"], result["rounds"], game.state.digest()))
    assert results[0] == results[1]


def test_the_card_file_in_the_lcg_page_lints_clean() -> None:
    page = (Path(__file__).resolve().parent.parent / "docs" / "lcg-rules.md").read_text(encoding="utf-8")
    section = page.split("## Card files", 1)[1].split("\n## ", 1)[0]
    example = section.split("```text\n", 1)[1].split("```", 1)[0]
    card, diagnostics = compile_one(example)
    assert diagnostics == [] and card is not None
    assert to_record(card).ranged


SAMPLE_VALUES = {
    "sphere": "lore",
    "traits": "orc",
    "attach-to": "any hero",
    "encounter-set": '"Test Woods"',
    "setup-staging": '"Test Prowler" "Test Glade"',
    "action-phase": "combat",
    "attack-staging": "alone",
    "variable-cost": "x",
    "uncancellable": "shadow",
}


@pytest.mark.parametrize("decl", FIELDS, ids=lambda decl: decl.name)
def test_every_field_reaches_the_record(decl: FieldDecl) -> None:
    """No field is read and then dropped: giving it changes the record the rules play (each
    keyword on a card type the rules give it to)."""
    if decl.name == "keywords":
        cases = [(decl.word_types.get(word, decl.types)[0], word) for word in KEYWORDS]
    elif decl.kind == "number":
        cases = [(decl.types[0] if decl.types else "ally", str((decl.low or 0) + 1))]
    else:
        cases = [(decl.types[0] if decl.types else "ally", SAMPLE_VALUES.get(decl.name, ""))]
    for card_type, value in cases:
        # the fields a card of this type must give, other than the one under test
        base = tuple(
            f"{other.name} {(other.low or 0) + 1}"
            for other in FIELDS
            if card_type in other.required and other.name != decl.name
        )
        # a field about an ability goes on a card that has it (E188 otherwise)
        extra = "  action {\n    draw 1\n  }\n" if decl.ability == "action" else ""
        if decl.word_abilities:
            # ... and a word about one of its abilities on a card that has that one
            extra = "  shadow {\n    raise threat by 1\n  }\n"
        without, _ = compile_one(card_text("Test", card_type, base, extra))
        plain = attrs.asdict(to_record(without)) if without is not None and card_type not in decl.required else None
        card, diagnostics = compile_one(card_text("Test", card_type, (*base, f"{decl.name} {value}"), extra))
        assert diagnostics == [] and card is not None, (decl.name, diagnostics)
        record = attrs.asdict(to_record(card))
        if plain is not None:
            assert record != plain, (decl.name, value)


def test_a_card_without_a_field_its_type_needs_is_a_lint_error() -> None:
    """An enemy without hit points or an engagement cost could not be played as written: E140
    names the field, where the engine would otherwise refuse the card only when a game starts."""
    _card, diagnostics = compile_one(card_text("Test", "enemy", ("attack 2",)))
    assert sorted(d.message for d in diagnostics) == [
        "card 'Test' has no 'engagement-cost' field, which every enemy needs",
        "card 'Test' has no 'hit-points' field, which every enemy needs",
    ]
    assert {d.code for d in diagnostics} == {"E140"}


@pytest.mark.parametrize(
    ("card_type", "keyword", "lines"),
    [
        ("event", "sentinel", ("cost 1",)),
        ("enemy", "ranged", ("hit-points 3", "engagement-cost 20")),
        ("ally", "surge", ("hit-points 1",)),
        ("ally", "restricted", ("hit-points 1",)),
    ],
)
def test_a_keyword_on_a_card_it_does_nothing_for_is_refused(
    card_type: str, keyword: str, lines: tuple[str, ...]
) -> None:
    """Sentinel and Ranged are characters' keywords, Surge an encounter card's and Restricted an
    attachment's: elsewhere the rules give them no meaning, so writing one there is E192."""
    _card, diagnostics = compile_one(card_text("Test", card_type, (*lines, f"keywords unique {keyword}")))
    assert [d.code for d in diagnostics] == ["E192"], diagnostics
    assert f"'{keyword}' in the field 'keywords' is not for a card of type {card_type}" in diagnostics[0].message


def test_a_field_about_an_ability_the_card_lacks_is_a_lint_error() -> None:
    """E188: 'action-phase' on an event with no Action would never be read."""
    _card, diagnostics = compile_one(card_text("Test", "event", ("cost 1", "action-phase combat")))
    assert [d.code for d in diagnostics] == ["E188"]
    _card, diagnostics = compile_one(
        card_text("Test", "event", ("cost 1", "action-phase combat"), "  action {\n    draw 1\n  }\n")
    )
    assert diagnostics == []
