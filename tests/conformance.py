"""The conformance suite's cases, generated from the deck-building vocabulary's declarations.

For every primitive, every selection part it declares it honours (``Primitive.honours``, and
each destination it takes) and every context it declares it runs in, :func:`cases` writes a
probe card whose ability does that one thing, and :func:`run_case` plays it in a small seeded
game and checks, card by card, that the effect acted on exactly the cards the selection means:
the right ones, the right number, taken from the right zone, put where the primitive says, and
nothing else moved. Nothing here is written per primitive: a primitive's declarations are the
whole of what the suite knows about it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import Any

import attrs

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.dsl.compiler import Compiler
from lotr_rules.dsl.parser import parse_card
from lotr_rules.engine import events as ev
from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.context import Ctx
from lotr_rules.engine.decisions import DecisionRequest, Option
from lotr_rules.engine.game import Game, GameState
from lotr_rules.engine.registry import Primitive
from lotr_rules.games.deckbuilding import game as rules
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import DeckbuildingGame
from lotr_rules.games.deckbuilding.vocabulary import vocabulary

#: The cards selections choose among: distinct names, types and costs (cost <= 2 picks two).
SOURCE_CARDS = (
    ("Probe Ally 1", "ally", 1),
    ("Probe Enemy 2", "enemy", 2),
    ("Probe Ally 3", "ally", 3),
    ("Probe Artifact 4", "artifact", 4),
)
#: The zones a case takes cards from, in order of preference (the first not its destination).
SOURCE_ZONES = ("discard pile", "hand")
#: Script zone -> engine zone, for the zones cases take from and put into.
ENGINE_ZONES = {"hand": rules.HAND, "discard pile": rules.DISCARD, "deck": rules.DECK}
#: A primitive's ``moves_to`` -> the engine zone its cards end in (player zones are the actor's).
DESTINATION_ZONES = {
    "hand": (rules.HAND, True),
    "discard": (rules.DISCARD, True),
    "destroyed": (rules.DESTROYED, False),
    "front": (rules.FRONT, True),
    "played": (rules.PLAYED, True),
    "revealed": (rules.REVEALED, True),
}
#: Contexts in which no command runs: a quest has a goal and a reward, never statements.
NO_STATEMENTS = ("quest",)
WHERE = "cost <= 2"


@attrs.frozen
class Case:
    primitive: str
    part: str
    context: str
    statement: tuple[str, ...]
    source: str  # the script zone the cards are taken from ("" for a reference to this card)
    want: int | None  # how many cards (None: every match)
    mode: str  # "first", "random", "this", "all"
    filtered: bool
    position: str = ""  # for a placement: "top", "bottom", "under"

    @property
    def id(self) -> str:
        return f"{self.primitive}-{self.part}-{self.context}".replace(" ", "_")


def _source(primitive: Primitive) -> str:
    if primitive.from_zones:
        return primitive.from_zones[0]
    destination = DESTINATION_ZONES.get(primitive.moves_to, ("", False))[0]
    return next(z for z in SOURCE_ZONES if ENGINE_ZONES[z] != destination)


def _statement(
    primitive: Primitive, part: str, source: str, position: str
) -> tuple[tuple[str, ...], int | None, str, bool]:
    honours = primitive.honours
    count = "2 cards" if "count" in honours else "card"
    zone = f" from {source}" if "zone" in honours else ""
    mode, want, filtered = "first", 2 if "count" in honours else 1, False
    if part == "zone":
        phrase, want = f"a card{zone}", 1
    elif part == "count":
        phrase = f"2 cards{zone}"
    elif part == "where":
        phrase, filtered = f"{count}{zone} where {WHERE}", True
    elif part == "up to":
        phrase = f"up to 2 cards{zone}"
    elif part == "all":
        phrase, want, mode = f"all cards{zone}", None, "all"
    elif part == "random":
        phrase, mode = f"random 2 cards{zone}", "random"
    elif part == "as":
        phrase = f"{count}{zone} as X"
    elif part == "name":
        phrase, want, mode = "this", 1, "this"
    else:  # a destination
        phrase, want = f"a card{zone}", 1
    placement = {"top": " on top of deck", "bottom": " on bottom of deck", "under": " under this"}.get(position, "")
    if primitive.placement == "required" and not placement:
        placement = " on bottom of deck"
    lines = [f"{primitive.name} {phrase}{placement}"]
    if part == "as":
        lines.append("put X under this")  # the name must hold exactly the cards acted on
    return tuple(lines), want, mode, filtered


def cases() -> Iterator[Case]:
    vocab = vocabulary()
    for primitive in vocab.primitives.values():
        contexts = [c for c in primitive.honoured_contexts(vocab.contexts) if c not in NO_STATEMENTS]
        if primitive.syntax:
            continue  # written with their own syntax: see syntax_cases()
        parts: list[tuple[str, str]] = [(p, "") for p in sorted(primitive.honours)]
        if primitive.placement == "required":
            parts = [(p, "") for p in sorted(primitive.honours) if p != "zone"]
            parts += [(f"to {pos}", pos) for pos in primitive.positions if pos in ("top", "bottom", "under")]
        if primitive.name == "take":
            parts = [("zone", "")]
        for part, position in parts:
            for context in contexts:
                if part == "name" and context == "fortune":
                    continue  # the Fortune rule destroys this card once it resolves, whatever it did
                if primitive.name == "play" and part == "name" and context in ("play", "attack", "end of turn"):
                    continue  # a card that plays itself as it is played never ends (see test_soundness)
                source = "" if part == "name" else _source(primitive)
                if primitive.name == "take":
                    yield Case("take", part, context, ("take the one ring",), "one ring", 1, "first", False)
                    continue
                lines, want, mode, filtered = _statement(primitive, part, source, position)
                yield Case(primitive.name, part, context, lines, source, want, mode, filtered, position)


def syntax_cases() -> Iterator[Case]:
    """'+N power' in every context it declares; 'attack' and 'register trigger' are the blocks the
    'attack', 'trigger' and 'end of turn' contexts open, run by every case in those contexts."""
    vocab = vocabulary()
    # Each ends with 2 Power, by its own way: added, added and taken, added and paid.
    statements = {
        "power": ("+2 power",),
        "lose power": ("+3 power", "-1 power"),
        "pay": ("+3 power", "pay 1 power {", "}"),
        # a cost change moves no card and adds no Power: the 2 Power are the case's own
        "cost change": ("+2 power", "next ally costs 1 less"),
    }
    for name, statement in statements.items():
        primitive = vocab.primitives[name]
        for context in primitive.honoured_contexts(vocab.contexts):
            if context not in NO_STATEMENTS:
                yield Case(name, "count", context, statement, "", 0, "power", False)


# ---------------------------------------------------------------------- running a case
class _Agent:
    """Defends when it can, says yes to 'may', and otherwise takes the first card offered."""

    name = "conformance"

    def choose(self, game: Game, request: DecisionRequest) -> int:
        labels = [o.label for o in request.options]
        if request.kind == "defend":
            return next(i for i, label in enumerate(labels) if label.startswith("defend with"))
        return next((i for i, o in enumerate(request.options) if o.value is not None and o.label != "stop"), 0)


class _StopAtMainPhase(Exception):
    pass


class _Game(DeckbuildingGame):
    stop = False

    def action_options(self, player: int) -> list[Option]:
        if self.stop:
            raise _StopAtMainPhase
        return super().action_options(player)


def _card(name: str, kind: str, cost: int, body: Sequence[str] = (), extra: str = "") -> str:
    lines = "".join(f"  {line}\n" for line in body)
    ident = name.lower().replace(" ", "-")
    head = f'card "{name}" {{\n  id {ident}\n  type {kind}\n  cost {cost}\n{extra}'
    return head + f'  provenance designed\n  text "A probe."\n{lines}}}\n'


def _compile(text: str) -> CardDef:
    compiler = Compiler(vocabulary(), "conformance.card")
    definition = compiler.compile_card(parse_card(text))
    assert definition is not None, "\n".join(d.format_text() for d in compiler.diagnostics)
    return definition


def _indent(lines: Sequence[str], depth: int) -> list[str]:
    return ["  " * depth + line for line in lines]


def probe_text(case: Case) -> tuple[str, str]:
    """The probe card for a case, and the engine zone it starts in."""
    body = list(case.statement)
    ctx = case.context
    if ctx == "play":
        return _card("Probe", "maneuver", 0, ["play {", *_indent(body, 1), "}"]), rules.HAND
    if ctx == "attack":
        return _card(
            "Probe", "maneuver", 0, ["play {", "  attack each opponent {", *_indent(body, 2), "  }", "}"]
        ), rules.HAND
    if ctx == "defense":
        return _card("Probe", "location", 0, ["defense {", *_indent(body, 1), "}"]), rules.FRONT
    if ctx == "ambush":
        return _card("Probe", "enemy", 5, ["ambush {", *_indent(body, 1), "}"]), rules.PATH
    if ctx == "group ambush":
        return _card(
            "Probe",
            "enemy",
            5,
            ["group ambush {", *_indent(body, 1), "}"],
            "  title archenemy\n  level 1\n  deck archenemy\n",
        ), rules.ARCHENEMY
    if ctx == "ongoing":
        return _card("Probe", "location", 0, ["ongoing {", *_indent(body, 1), "}"]), rules.FRONT
    if ctx == "fortune":
        return _card("Probe", "fortune", 0, ["fortune {", *_indent(body, 1), "}"]), rules.PATH
    if ctx == "trigger":
        return _card("Probe", "location", 0, ["when you play a starter {", *_indent(body, 1), "}"]), rules.FRONT
    if ctx == "end of turn":
        return _card(
            "Probe", "maneuver", 0, ["play {", "  at end of turn {", *_indent(body, 2), "  }", "}"]
        ), rules.HAND
    if ctx == "hero":
        return _card("Probe", "hero", 0, ["ongoing {", *_indent(body, 1), "}"], "  deck hero\n"), rules.HERO
    if ctx == "action":
        return _card("Probe", "location", 0, ["action once per turn {", *_indent(body, 1), "}"]), rules.FRONT
    raise AssertionError(f"no probe for the context '{ctx}'")


ATTACKER = _card("Probe Attacker", "maneuver", 0, ["play {", "  attack each opponent {", "  }", "}"])


@attrs.frozen
class Outcome:
    before: dict[int, tuple[str, int]]
    after: dict[int, tuple[str, int]]
    deck_before: dict[int, list[int]]
    under: list[int]
    names: dict[int, str]
    probe: int
    context_cards: frozenset[int]
    actors: tuple[int, ...]
    power: int
    log: list[tuple[Any, ...]]
    cards: tuple[CardDef, ...]


def _where(game: DeckbuildingGame) -> dict[int, tuple[str, int]]:
    found: dict[int, tuple[str, int]] = {}
    for (name, owner), cards in game.state.zones.items():
        for card in cards:
            found[card] = (name, owner)
    for holder, cards in game.state.under.items():
        for card in cards:
            found[card] = ("under", holder)
    return found


_CATALOGUE: list[Catalogue] = []


def _catalogue() -> Catalogue:
    if not _CATALOGUE:
        shipped = load_sets()
        extra = [_compile(_card(n, k, c)) for n, k, c in SOURCE_CARDS] + [_compile(ATTACKER)]
        _CATALOGUE.append(Catalogue(list(shipped.sets.values()), [*extra, *shipped.cards]))
    return _CATALOGUE[0]


def run_case(case: Case) -> Outcome:
    catalogue = _catalogue()
    text, probe_zone = probe_text(case)
    probe_def = _compile(text)
    instances: list[CardDef] = []

    def make(*names: str) -> list[int]:
        ids = []
        for name in names:
            ids.append(len(instances))
            instances.append(catalogue.get(name, ("two-towers",)))
        return ids

    players = 2
    state = GameState(players, 11)
    for seat in range(players):
        for zone in rules.PLAYER_ZONES:
            state.zones[(zone, seat)] = []
        state.marks[("gained this turn", seat)] = []
    for zone in rules.SHARED_ZONES:
        state.zones[(zone, -1)] = []
    names = [n for n, _k, _c in SOURCE_CARDS]
    for seat in range(players):
        for zone in (rules.HAND, rules.DISCARD, rules.DECK):
            state.zones[(zone, seat)].extend(make(*names))
    state.zones[(rules.MAIN, -1)].extend(make("Courage", "Courage", "Courage", "Courage", "Courage"))
    state.zones[(rules.CORRUPTION, -1)].extend(make("Corruption", "Corruption"))
    state.zones[(rules.BEHIND, -1)].extend(make("The One Ring"))
    probe = len(instances)
    instances.append(probe_def)
    owner = 1 if case.context == "defense" else (-1 if probe_zone in rules.SHARED_ZONES else 0)
    state.zones[(probe_zone, owner)].append(probe)
    context_cards = {probe}
    state.marks[("ambush pending", -1)] = [probe] if case.context == "ambush" else []
    state.marks[("quests done", -1)] = []
    state.counters["power"] = 0
    state.counters["archenemy face up"] = 0
    state.counters["use wall"] = 0
    state.counters["full impossible"] = 0
    game = _Game(
        catalogue, GameConfig(players=players, seed=11), [_Agent(), _Agent()], state=state, instances=instances
    )

    attacker = courage = -1
    if case.context == "defense":
        attacker = make("Probe Attacker")[0]
        game.state.zones[(rules.HAND, 0)].append(attacker)
    if case.context == "trigger":
        courage = make("Courage")[0]
        game.state.zones[(rules.HAND, 0)].append(courage)
    # The game was built before these: it must know every instance.
    game.cards = tuple(instances)
    game._has_front_trigger = [any(t.scope == "front" for t in c.triggers) for c in instances]
    game._has_self_trigger = [any(t.scope == "self" for t in c.triggers) for c in instances]
    context_cards |= {c for c in (attacker, courage) if c >= 0}

    if case.context == "end of turn":
        game.begin_action()
        game.play_from_hand(0, probe)
    before = _where(game)
    deck_before = {seat: list(game.state.zones[(rules.DECK, seat)]) for seat in range(players)}
    log_start = len(game.state.log)
    game.begin_action()
    actors: tuple[int, ...] = (0,)
    ctx = case.context
    if ctx == "play":
        game.play_from_hand(0, probe)
    elif ctx == "attack":
        game.play_from_hand(0, probe)
        actors = (1,)
    elif ctx == "defense":
        game.play_from_hand(0, attacker)
        actors = (1,)
    elif ctx in ("ambush", "ongoing", "hero"):
        game.stop = True
        with contextlib.suppress(_StopAtMainPhase):
            game.take_turn()
    elif ctx == "group ambush":
        game._flip_archenemy()
        actors = (0, 1)
    elif ctx == "fortune":
        game.resolve(lambda c: game.gain_card(c, probe), Ctx(game, 0, probe))
    elif ctx == "trigger":
        game.play_from_hand(0, courage)
    elif ctx == "end of turn":
        game.emit(ev.TURN_ENDED, 0)
        game.after_resolution()
    elif ctx == "action":
        game.use_action(0, probe)
    return Outcome(
        before=before,
        after=_where(game),
        deck_before=deck_before,
        under=list(game.state.under.get(probe, [])),
        names={i: c.name for i, c in enumerate(instances)},
        probe=probe,
        context_cards=frozenset(context_cards),
        actors=actors,
        power=game.state.counters.get("power", 0),
        log=game.state.log[log_start:],
        cards=tuple(instances),
    )


# ---------------------------------------------------------------------- words that ran differently
# Classes of scripts that linted clean and ran otherwise than their words (issue 31): each case is
# generated from the vocabulary's declarations (placements a primitive honours, player phrases,
# measures, number attributes, zones that are histories), so a new word of a class gets its case.


@attrs.frozen
class MeaningCase:
    klass: str
    detail: str
    #: the probe's 'play' block
    body: tuple[str, ...]
    #: the scenario it is played in (its expectations included); "" for a case the linter settles
    scenario: str = ""
    #: the codes the compiler gives it (exactly, in order)
    codes: tuple[str, ...] = ()
    #: for 'same as': a second body the first must end with the same Power as
    same_as: tuple[str, ...] = ()

    @property
    def id(self) -> str:
        return f"{self.klass}-{self.detail}".replace(" ", "_")


def _play(body: Sequence[str]) -> str:
    return _card("Probe", "maneuver", 0, ["play {", *_indent(body, 1), "}"])


_REVEALED_BY_AN_OPPONENT = """
[game]
players = 2
[players.1]
hand = ["Probe"]
deck = ["Despair"]
[players.2]
deck = ["Lembas", "Courage"]
[[do]]
play = "Probe"
"""
#: where Courage, revealed by player 2 and played by player 1, ends: (owner's, holder's) zone
_OWNER_ZONES = {
    "deck": ('[expect.players.2]\ndeck = ["Lembas", "Courage"]', '[expect.players.1]\ndeck = ["Despair", "Courage"]'),
    "discard pile": ('[expect.players.2]\ndiscard = ["Courage"]', '[expect.players.1]\ndiscard = ["Courage"]'),
    "hand": ('[expect.players.2]\nhand = ["Courage"]', '[expect.players.1]\nhand = ["Courage"]'),
}


def _owner_cases() -> Iterator[MeaningCase]:
    """'its owner's ZONE' is the zone of the player the card belongs to; 'its holder's', of the
    player holding it now: for every primitive that honours either, every zone each player has."""
    for primitive in vocabulary().primitives.values():
        for whose in sorted(primitive.honours_placement & {"owner", "holder"}):
            for zone, (owners, holders) in _OWNER_ZONES.items():
                place = f"on top of its {whose}'s deck" if zone == "deck" else f"into its {whose}'s {zone}"
                body = (
                    "for each opponent {",
                    "  reveal 1 card from deck",
                    "}",
                    "play a card from revealed by any player as Y",
                    f"{primitive.name} Y {place}",
                )
                expect = owners if whose == "owner" else holders
                yield MeaningCase("owner", f"{primitive.name} {whose} {zone}", body, _REVEALED_BY_AN_OPPONENT + expect)


def _counted_players() -> dict[str, int]:
    """How many players each 'each ...' player phrase names for player 1 of three."""
    from lotr_rules.games.deckbuilding.scenario import build_game, scenario_from_text

    game = build_game(scenario_from_text("[game]\nplayers = 3\n", catalogue=_catalogue()))
    return {
        words: len(phrase.fn(Ctx(game, 0, -1)))  # type: ignore[misc, arg-type]
        for words, phrase in vocabulary().players.items()
        if words.startswith("each ")
    }


_THREE_PLAYERS = """
[game]
players = 3
[players.1]
hand = ["Probe"]
[shared]
path = ["Uruk-hai Scouts", "Lembas", "Lembas", "Lembas", "Lembas"]
[[do]]
play = "Probe"
"""


def _per_player_cases() -> Iterator[MeaningCase]:
    """'cost 1 less for each PLAYERS' counts the players, on your buys; '+N power for each
    PLAYERS' gains N for each; Power inside 'for each PLAYERS { ... }' is refused (E310)."""
    vocab = vocabulary()
    for words, count in _counted_players().items():
        price = max(0, 4 - count)
        yield MeaningCase(
            "per player",
            f"cost change {words}",
            ("+4 power", f"all enemies cost 1 less for {words}"),
            _THREE_PLAYERS + f'[expect]\noffered = ["buy Uruk-hai Scouts ({price})"]\n',
        )
        yield MeaningCase(
            "per player",
            f"power {words}",
            (f"+2 power for {words}",),
            _THREE_PLAYERS + f"[expect]\npower = {2 * count}\n",
        )
    refused = {
        "power": ("+1 power",),
        "lose power": ("-1 power",),
        "pay": ("pay 1 power {", "  draw 1", "}"),
        "cost change": ("all allies cost 1 less",),
        "reading power": ("if power > 0 {", "  draw 1", "}"),
    }
    for words in vocab.players:
        if words == "you":
            continue
        for what, lines in refused.items():
            loop = words.removeprefix("each ")
            body = (f"for each {loop} {{", *_indent(lines, 1), "}")
            yield MeaningCase("power for players", f"{what} {words}", body, codes=("E310",))


def _card_name_cases() -> Iterator[MeaningCase]:
    """A name of cards standing as a number in a card test is refused (E311), for every number
    attribute; 'number of X' says the count."""
    for name, attribute in vocabulary().attributes.items():
        if attribute.data.get("kind") != "number":
            continue
        head = ("reveal 1 card from deck as X",)
        yield MeaningCase(
            "card name", f"{name} bare", (*head, f"gain a card from path where {name} <= X + 2"), codes=("E311",)
        )
        yield MeaningCase(
            "card name", f"{name} counted", (*head, f"gain a card from path where {name} <= number of X + 2")
        )


#: how a card enters each zone that is a history, and leaves the zone's place after
_INTO_HISTORY = {"gained this turn": ("gain a card from path as Y", "put Y on top of deck")}


def _history_cases() -> Iterator[MeaningCase]:
    """A zone that is a history ('gained this turn') is counted as events: a card that entered it
    and left the place it went to still counts, in every measure."""
    for zone in vocabulary().zones.values():
        if zone.history is None:
            continue
        steps = _INTO_HISTORY[zone.name]  # a history zone needs its way in here
        yield MeaningCase(
            "history",
            zone.name,
            (*steps, f"+(number of cards in {zone.name} * 3) power"),
            '[players.1]\nhand = ["Probe"]\n[shared]\npath = ["Lembas*5"]\n'
            '[[do]]\nplay = "Probe"\n[expect]\npower = 3\n',
        )


_HAND_OF_SIX = """
[players.1]
hand = ["Probe", "Courage", "Courage", "Lembas", "Edoras", "Horn of Helm Hammerhand", "Treebeard"]
[[do]]
play = "Probe"
"""


def _arithmetic_cases() -> Iterator[MeaningCase]:
    """In every measure, a '*', '/' or '%' right after the last card test's value works on the
    measure (W310), exactly as the bracketed spelling does."""
    for words in vocabulary().aggregates:
        for op in ("*", "/", "%"):
            written = f"{words} of cards in hand where cost >= 1 {op} 3"
            bracketed = f"({words} of cards in hand where cost >= 1) {op} 3"
            yield MeaningCase(
                "after a test",
                f"{words} {op}",
                (f"+({written}) power",),
                _HAND_OF_SIX,
                codes=("W310",),
                same_as=(f"+({bracketed}) power",),
            )


def _arithmetic_stop_cases() -> Iterator[MeaningCase]:
    """No card's arithmetic stops a game: a divisor worked out as 0 (W311) and loops past their
    bound end with a defined result, and the effect goes on."""
    empty = '[players.1]\nhand = ["Probe"]\n[[do]]\nplay = "Probe"\n[expect]\npower = {power}\n'
    for op, result in (("/", 0), ("%", 7)):
        body = (f"+7 {op} number of cards in path power", "+1 power")
        yield MeaningCase("never stops", f"divide {op}", body, empty.format(power=result + 1), codes=("W311",))
    from lotr_rules.limits import MAX_LOOP_ROUNDS

    loops = {
        "repeat until": ("repeat until number of cards in hand > 100 {", "  +1 power", "}"),
        "repeat": ("let N = 1000", "repeat N {", "  +1 power", "}"),
    }
    for what, body in loops.items():
        yield MeaningCase("never stops", what, (*body, "+1 power"), empty.format(power=MAX_LOOP_ROUNDS + 1))


def meaning_cases() -> Iterator[MeaningCase]:
    yield from _owner_cases()
    yield from _per_player_cases()
    yield from _card_name_cases()
    yield from _history_cases()
    yield from _arithmetic_cases()
    yield from _arithmetic_stop_cases()


def meaning_outcome(case: MeaningCase, body: Sequence[str] | None = None) -> tuple[list[str], Any]:
    """The codes the probe gets, and the result of its scenario (None when it has none)."""
    from lotr_rules.games.deckbuilding.scenario import run_scenario_text

    text = _play(case.body if body is None else body)
    compiler = Compiler(vocabulary(), "probe.card")
    definition = compiler.compile_card(parse_card(text))
    codes = [d.code for d in compiler.diagnostics]
    if definition is None or not case.scenario:
        return codes, None
    base = _catalogue()
    catalogue = Catalogue(list(base.sets.values()), [definition, *base.cards])
    return codes, run_scenario_text(case.scenario, catalogue=catalogue)
