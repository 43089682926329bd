"""The Adventure Deck's conformance cases, generated from its vocabulary's declarations.

As for the deck-building family (tests/conformance.py): every primitive, with every selection
part it declares, in every context it declares, is run once in a small seeded journey, and the
cards it acted on must be exactly the cards its selection means.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import attrs

from lotr_rules.cards.loader import load_sets
from lotr_rules.dsl.compiler import Compiler
from lotr_rules.dsl.parser import parse_card
from lotr_rules.engine import events as ev
from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.games.adventure import game as rules
from lotr_rules.games.adventure.game import AdventureConfig, AdventureGame
from lotr_rules.games.adventure.vocabulary import vocabulary

#: Cards a selection chooses among: their aggression is what 'where' tests (<= 1 picks two).
SOURCE_CARDS = (("Probe Place 0", 0), ("Probe Place 1", 1), ("Probe Place 2", 2), ("Probe Place 3", 3))
WHERE = "aggression <= 1"
#: Script zone -> engine zone.
ENGINE_ZONES = {"discard pile": rules.DISCARD, "quest deck": rules.QUEST_DECK}


@attrs.frozen
class Case:
    primitive: str
    part: str
    context: str
    statement: str
    source: str
    want: int | None
    mode: str  # "first", "random", "this", "all", "count", "flag"
    filtered: bool

    @property
    def id(self) -> str:
        return f"adventure-{self.primitive}-{self.part}-{self.context}".replace(" ", "_")


def _selection(
    primitive_name: str, honours: frozenset[str], part: str, source: str
) -> tuple[str, int | None, str, bool]:
    zone = f" from {source}" if "zone" in honours else ""
    if part == "zone":
        return f"a card{zone}", 1, "first", False
    if part == "count":
        return f"2 cards{zone}", 2, "first", False
    if part == "where":
        return f"2 cards{zone} where {WHERE}", 2, "first", True
    if part == "all":
        return f"all cards{zone}", None, "all", False
    if part == "random":
        return f"random 2 cards{zone}", 2, "random", False
    if part == "as":
        return f"2 cards{zone} as X", 2, "first", False
    assert part == "name"
    return "this", 1, "this", False


def cases() -> Iterator[Case]:
    vocab = vocabulary()
    for primitive in vocab.primitives.values():
        if primitive.syntax:
            continue  # 'next turn' and 'register trigger' open the contexts every case runs in
        contexts = primitive.honoured_contexts(vocab.contexts)
        if primitive.takes == "none":
            for context in contexts:
                yield Case(primitive.name, "none", context, primitive.name, "", 0, "flag", False)
            continue
        if primitive.takes == "count":
            for context in contexts:
                yield Case(primitive.name, "count", context, f"{primitive.name} 2", "", 2, "count", False)
            continue
        source = primitive.from_zones[0] if primitive.from_zones else "discard pile"
        into = " into quest deck" if primitive.placement == "required" else ""
        for part in sorted(primitive.honours):
            for context in contexts:
                phrase, want, mode, filtered = _selection(primitive.name, primitive.honours, part, source)
                yield Case(
                    primitive.name, part, context, f"{primitive.name} {phrase}{into}", source, want, mode, filtered
                )


class _First:
    name = "first"

    def choose(self, game: Game, request: DecisionRequest) -> int:
        return 0


def _card(name: str, body: Sequence[str], aggression: int = 0) -> str:
    lines = "".join(f"  {line}\n" for line in body)
    ident = name.lower().replace(" ", "-")
    head = f'card "{name}" {{\n  id {ident}\n  type place\n  aggression {aggression}\n'
    return head + f'  provenance designed\n  text "A probe."\n{lines}}}\n'


def _compile(text: str) -> CardDef:
    compiler = Compiler(vocabulary(), "conformance.card")
    definition = compiler.compile_card(parse_card(text))
    assert definition is not None, "\n".join(d.format_text() for d in compiler.diagnostics)
    return definition


def probe_text(case: Case) -> str:
    lines = [case.statement]
    if case.part == "as":
        lines.append("shuffle X into quest deck")  # the name must hold exactly the cards acted on
    if case.context == "effect":
        return _card("Probe", ["effect {", *[f"  {line}" for line in lines], "}"])
    if case.context == "search":
        return _card("Probe", ["search {", *[f"  {line}" for line in lines], "}"])
    opener = {"trigger": "at end of travel {", "end of turn": "at end of turn {", "next turn": "next turn {"}
    return _card("Probe", ["effect {", f"  {opener[case.context]}", *[f"    {line}" for line in lines], "  }", "}"])


@attrs.frozen
class Outcome:
    before: dict[int, tuple[str, int]]
    after: dict[int, tuple[str, int]]
    order_before: dict[tuple[str, int], list[int]]
    order_after: dict[tuple[str, int], list[int]]
    probe: int
    log: list[tuple[Any, ...]]
    flags: frozenset[str]
    cards: tuple[CardDef, ...]


def _where(game: AdventureGame) -> dict[int, tuple[str, int]]:
    return {card: key for key, cards in game.state.zones.items() for card in cards}


def run_case(case: Case) -> Outcome:
    shipped = load_sets(vocabulary=vocabulary())
    sources = [_compile(_card(n, ["effect {", "  add 1 token to aid", "}"], a)) for n, a in SOURCE_CARDS]
    game = AdventureGame(shipped.cards, _First(), AdventureConfig(seed=3))
    instances: list[CardDef] = [*sources, *sources, _compile(probe_text(case))]
    probe = len(instances) - 1
    game.cards = tuple(instances)
    game._has_self_trigger = [any(t.scope == "self" for t in c.triggers) for c in instances]
    game._listened = frozenset().union(*(c.listens for c in instances))
    zones = game.state.zones
    for key in rules.ZONE_KEYS:
        zones[key] = []
    zones[rules.QUEST_DECK].extend(range(4))
    zones[rules.DISCARD].extend(range(4, 8))
    zones[rules.SET_ASIDE].append(probe)  # where no selection looks: the probe is not a candidate
    zones[rules.LOCATION].append(zones[rules.DISCARD].pop())  # Frodo stands on the newest card
    game.state.counters[rules.TAKEN] = 2
    game.state.counters[rules.WOUNDS] = 2
    if case.context not in ("effect", "search"):
        game.resolve_effect(probe)  # sets up the block that runs later
        game.state.marks.pop(rules.RESOLVED, None)
    before = _where(game)
    order_before = {key: list(cards) for key, cards in zones.items()}
    start = len(game.state.log)
    game.begin_action()
    if case.context == "effect":
        game.resolve_effect(probe)
    elif case.context == "search":
        game.resolve_effect(probe, "search")
    elif case.context == "trigger":
        game.resolve(lambda ctx: game.emit(ev.TRAVEL_ENDED, rules.ME), _ctx(game, probe))
    elif case.context == "end of turn":
        game.resolve(lambda ctx: game.emit(ev.TURN_ENDED, rules.ME), _ctx(game, probe))
    elif case.context == "next turn":
        game._run_delayed()
    return Outcome(
        before=before,
        after=_where(game),
        order_before=order_before,
        order_after={key: list(cards) for key, cards in zones.items()},
        probe=probe,
        log=game.state.log[start:],
        flags=frozenset(game.state.flags),
        cards=tuple(instances),
    )


def _ctx(game: AdventureGame, card: int) -> Any:
    from lotr_rules.engine.context import Ctx

    return Ctx(game, rules.ME, card)
