"""Card fields are family data: each family declares its fields, the grammar reads any field, the
compiler checks each against the card's family, and the core's card knows none of them.

A third family, declared here for the tests only, shows that the core, the grammar and the
compiler need no change for a family with fields of its own.
"""

from __future__ import annotations

import pickle

import attrs
import pytest

from lotr_rules.diagnostics import Diagnostic
from lotr_rules.dsl.compiler import Compiler
from lotr_rules.dsl.formatter import format_card
from lotr_rules.dsl.parser import parse_card
from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.fields import COMMON_FIELDS, FieldDecl, card_class
from lotr_rules.engine.registry import CardType, Vocabulary
from lotr_rules.games import family_names, vocabulary_for
from lotr_rules.games.deckbuilding.fields import DeckbuildingCardDef

# ---------------------------------------------------------------------- a family for the tests
QUEST_FIELDS = (
    FieldDecl("sphere", "word", "the sphere whose resources pay for it", choices=("lore", "spirit")),
    FieldDecl("threat", "number", "the threat a hero adds", default=0, types=("hero",), low=0, high=14),
    FieldDecl("traits", "words", "its traits", default=""),
    FieldDecl("willpower", "amount", "its willpower", default=0, reading="Willpower {value}."),
)
QuestCardDef = card_class("test-quest", __name__, QUEST_FIELDS)


def quest_vocabulary() -> Vocabulary:
    return Vocabulary(
        family="test-quest",
        primitives={},
        zones={},
        card_types={t.name: t for t in (CardType("hero", "heroes", "a hero"), CardType("ally", "allies", "an ally"))},
        players={},
        states={},
        triggers={},
        aggregates={},
        named_things={},
        attributes={},
        decks=("main",),
        abilities={},
        fields=QUEST_FIELDS,
        card_class=QuestCardDef,
        title="the test quest game",
    )


def quest_card(*fields: str, card_type: str = "hero") -> str:
    lines = "".join(f"  {line}\n" for line in fields)
    return f'card "Test" {{\n  id test\n  type {card_type}\n{lines}  provenance designed\n  text "A test card."\n}}\n'


def compile_with(vocabulary: Vocabulary, text: str) -> tuple[CardDef | None, list[Diagnostic]]:
    compiler = Compiler(vocabulary, "test.card")
    definition = compiler.compile_card(parse_card(text))
    return definition, compiler.diagnostics


def codes(diagnostics: list[Diagnostic]) -> list[str]:
    return [d.code for d in diagnostics]


# ---------------------------------------------------------------------- the core knows no family's fields
def test_the_core_card_has_no_family_field() -> None:
    core = {field.name for field in attrs.fields(CardDef)}
    for family in family_names():
        declared = {decl.attr for decl in vocabulary_for(family).fields}
        assert declared, family
        assert not declared & core, family
    assert not {"cost", "power", "victory", "aggression", "directions"} & core
    assert set(COMMON_FIELDS) <= core | {"type"}


def test_a_family_cannot_declare_a_field_the_core_has() -> None:
    with pytest.raises(ValueError, match="the core has: text"):
        card_class("clash", __name__, (FieldDecl("text", "text", "a second text"),))


def test_a_third_family_gets_its_fields_with_no_change_to_the_core() -> None:
    card, diagnostics = compile_with(
        quest_vocabulary(), quest_card("sphere lore", "threat 9", "traits noble warrior", "willpower 2")
    )
    assert diagnostics == []
    assert isinstance(card, QuestCardDef)
    assert (card.sphere, card.threat, card.traits, card.willpower) == ("lore", 9, "noble warrior", 2)
    assert card.family_fields == {"sphere": "lore", "threat": 9, "traits": "noble warrior", "willpower": 2}
    assert card.reading[0] == "Willpower 2."


def test_a_field_not_given_reads_as_its_declared_default() -> None:
    card, _ = compile_with(quest_vocabulary(), quest_card())
    assert card is not None
    assert card.family_fields == {"sphere": None, "threat": 0, "traits": "", "willpower": 0}
    assert card.field("threat", -1) == 0
    assert card.field("cost", -1) == -1  # another family's field: the default asked for


def test_a_family_card_pickles_by_its_class_name() -> None:
    card = DeckbuildingCardDef(id="x", name="X", set_code="s", types=frozenset({"ally"}), cost=3)
    again = pickle.loads(pickle.dumps(card))
    assert type(again) is DeckbuildingCardDef and again.cost == 3


# ---------------------------------------------------------------------- the compiler's checks
def test_an_unknown_field_is_e190_with_the_field_meant() -> None:
    _, diagnostics = compile_with(quest_vocabulary(), quest_card("thraet 9"))
    assert codes(diagnostics) == ["E190"]
    assert diagnostics[0].hint == "did you mean 'threat'?"
    assert (diagnostics[0].span.line, diagnostics[0].span.column) == (4, 3)


def test_an_unknown_field_far_from_any_lists_the_family_fields() -> None:
    _, diagnostics = compile_with(quest_vocabulary(), quest_card("xyzzy 9"))
    assert codes(diagnostics) == ["E190"]
    assert diagnostics[0].hint is not None and "the test quest game" in diagnostics[0].hint
    assert "threat" in diagnostics[0].hint


def test_another_familys_field_is_e119() -> None:
    _, diagnostics = compile_with(quest_vocabulary(), quest_card("cost 3"))
    assert codes(diagnostics) == ["E119"]
    assert "the test quest game" in diagnostics[0].message


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("threat nine", "a whole number"),
        ('threat "9"', "a whole number"),
        ("sphere lore spirit", "one word"),
        ("sphere 3", "one word"),
        ('traits "Noble"', "one or more words"),
        ("willpower high", "a number, or a number worked out"),
        ("notes 12", "a quoted text"),
        ("text words", "a quoted text"),
    ],
)
def test_a_value_of_the_wrong_kind_is_e191(line: str, kind: str) -> None:
    _, diagnostics = compile_with(quest_vocabulary(), quest_card(line))
    assert "E191" in codes(diagnostics)
    finding = next(d for d in diagnostics if d.code == "E191")
    assert kind in finding.message
    assert finding.hint is not None and finding.hint.startswith("for example: ")


def test_a_field_on_a_card_type_it_is_not_for_is_e192() -> None:
    _, diagnostics = compile_with(quest_vocabulary(), quest_card("threat 9", card_type="ally"))
    assert codes(diagnostics) == ["E192"]
    assert diagnostics[0].hint == "it is for: hero"


def test_a_word_outside_the_choices_is_e118_and_a_number_outside_the_range_e142() -> None:
    _, diagnostics = compile_with(quest_vocabulary(), quest_card("sphere lroe", "threat 15"))
    assert sorted(codes(diagnostics)) == ["E118", "E142"]
    assert any(d.hint == "did you mean 'lore'?" for d in diagnostics)


# ---------------------------------------------------------------------- the shipped families
DECKBUILDING = vocabulary_for("deckbuilding")


@pytest.mark.parametrize(
    ("line", "meant"),
    [("cots 3", "cost"), ("types hero", "type"), ("costs 3", "cost"), ("levle 2", "level")],
)
def test_a_misspelt_deckbuilding_field_names_the_one_meant(line: str, meant: str) -> None:
    """These were syntax errors while the grammar had a closed list of fields; now any word
    names a field and the family's declarations say which exist."""
    text = f'card "X" {{\n  id x\n  type enemy\n  {line}\n  provenance designed\n  text "x"\n}}\n'
    _, diagnostics = compile_with(DECKBUILDING, text)
    assert "E190" in codes(diagnostics)
    assert next(d for d in diagnostics if d.code == "E190").hint == f"did you mean '{meant}'?"


def test_an_archenemy_level_on_an_ally_is_e192() -> None:
    text = 'card "X" {\n  id x\n  type ally\n  level 2\n  provenance designed\n  text "x"\n}\n'
    _, diagnostics = compile_with(DECKBUILDING, text)
    assert codes(diagnostics) == ["E192"]


def test_shipped_fields_read_as_before() -> None:
    text = (
        'card "X" {\n  id x\n  type enemy\n  title archenemy\n  level 3\n  cost 9\n  power 1\n'
        "  victory (if number of allies in hand > 2 then 3 else 1)\n  copies 2\n  deck impossible archenemy\n"
        '  provenance designed\n  text "x"\n}\n'
    )
    card, diagnostics = compile_with(DECKBUILDING, text)
    assert diagnostics == []
    assert card is not None
    assert (card.title, card.level, card.cost, card.power, card.copies) == ("archenemy", 3, 9, 1, 2)
    assert card.deck == "impossible archenemy"
    assert card.victory == 0 and card.victory_fn is not None


def test_a_generic_field_formats_back_as_written() -> None:
    text = quest_card('traits "Noble" 3 warrior', "threat 9")
    assert format_card(parse_card(text)).strip() == text.strip()
