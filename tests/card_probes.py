"""Cards written in a test, compiled and added to the shipped catalogue, and scenarios run with
them: what a card author would write, checked against what the engine does."""

from __future__ import annotations

import textwrap

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.diagnostics import Diagnostic
from lotr_rules.dsl.compiler import Compiler
from lotr_rules.dsl.editions import LANGUAGE_VERSION
from lotr_rules.dsl.parser import parse_card
from lotr_rules.engine.cards import CardDef
from lotr_rules.games.deckbuilding.scenario import ScenarioResult, run_scenario_text
from lotr_rules.games.deckbuilding.vocabulary import vocabulary


def card_text(name: str, *lines: str, kind: str = "maneuver", cost: int = 0, extra: str = "") -> str:
    """A card with the given script lines (indented two spaces inside the card)."""
    body = "".join(f"  {line}\n" for line in lines)
    head = f'card "{name}" {{\n  id {name.lower().replace(" ", "-")}\n  type {kind}\n  cost {cost}\n'
    return head + extra + f'  provenance designed\n  text "A test card."\n{body}}}\n'


def compile_text(text: str, language: int = LANGUAGE_VERSION) -> tuple[CardDef | None, list[Diagnostic]]:
    """A card compiled as a set written for ``language`` would have it."""
    names = load_sets().names() | {_name(text)}
    compiler = Compiler(vocabulary(), "probe.card", known_names=names, language=language)
    definition = compiler.compile_card(parse_card(text))
    return definition, compiler.diagnostics


def codes(text: str) -> list[str]:
    return [d.code for d in compile_text(text)[1]]


def catalogue_with(*texts: str, language: int = LANGUAGE_VERSION) -> Catalogue:
    shipped = load_sets()
    extra: list[CardDef] = []
    for text in texts:
        definition, diagnostics = compile_text(text, language)
        assert definition is not None, "\n".join(d.format_text() for d in diagnostics)
        extra.append(definition)
    return Catalogue(list(shipped.sets.values()), [*extra, *shipped.cards])


def run_with(scenario: str, *texts: str, language: int = LANGUAGE_VERSION) -> ScenarioResult:
    return run_scenario_text(textwrap.dedent(scenario), catalogue=catalogue_with(*texts, language=language))


def assert_passes(result: ScenarioResult) -> None:
    assert result.passed, "\n".join([*result.failures, *result.log])


def _name(text: str) -> str:
    return text.split('"')[1]
