"""Scenario files: a game state written by hand, steps to run on it, and what must hold after.

A scenario is a TOML file in three parts (``docs/scenarios.md`` is the full guide):

* the state: ``[game]`` (players, seed, mode, whose turn, Power), one ``[players.N]`` table per
  player (``hero``, ``hand``, ``deck``, ``discard``, ``played``, ``front``, ``under``) and
  ``[shared]`` (``path``, ``main_deck``, ``valor``, ``corruption``, ``archenemy``, ``wall``...).
  Every card named gets an instance; every zone not written is empty. Ordered piles (decks,
  stacks) are written bottom first: **the last card written is the top card**.
* the steps: ``[[do]]`` tables run in order, each one action (``play``, ``buy``, ``end_turn``,
  ``start_turn``, ``take_turn``, ``gain``, ``destroy``, ``draw_wall``) with the ``choices`` that
  answer the decisions it raises, by option label.
* ``[expect]``: what must be true once the steps have run.

A card is written by name, in any case and with or without accents (``"Theoden"`` finds
``Théoden``); ``"Courage*3"`` or ``{name = "Courage", count = 3}`` writes copies.

Players are numbered from 1, as the log shows them (``P1``); the engine's seats are 0-based.
"""

from __future__ import annotations

import contextlib
import difflib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from lotr_rules.cards import impossible
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.context import Ctx
from lotr_rules.engine.decisions import Agent, Option
from lotr_rules.engine.game import GameOver, GameState
from lotr_rules.errors import UnknownCardError, UserError
from lotr_rules.games.deckbuilding import game as rules
from lotr_rules.games.deckbuilding.config import MAX_PLAYERS, MAX_TURNS, MIN_PLAYERS, SEED_MAX, GameConfig
from lotr_rules.games.deckbuilding.game import DeckbuildingGame
from lotr_rules.games.deckbuilding.log import render_entry
from lotr_rules.games.deckbuilding.mix import one_stack, uses_wall
from lotr_rules.limits import MAX_COPIES_PER_GAME, SCRIPT_NUMBER_MAX
from lotr_rules.scenario_files import (
    ZONE_SUFFIXES,
    Answer,
    Check,
    Reader,
    ScenarioCardError,
    ScenarioError,
    ScenarioKeyError,
    ScenarioResult,
    ScenarioSyntaxError,
    ScriptedAgent,
    StepFailed,
    check_lines,
    compress,
    fold,
    kind_of,
    log_checks,
    match_option,
    offer_checks,
    parse_toml,
    read_choices,
    read_toml,
    report_head,
    show,
    split_suffix,
    text_of,
    zone_check,
)

# ---------------------------------------------------------------------- the format's vocabulary
#: Scenario keys of a player's table -> the engine's zone names.
PLAYER_ZONE_KEYS = {
    "hero": rules.HERO,
    "hand": rules.HAND,
    "deck": rules.DECK,
    "discard": rules.DISCARD,
    "played": rules.PLAYED,
    "front": rules.FRONT,
}
#: Only expectations and the resulting state see this zone: it is empty between effects.
PLAYER_VIEW_KEYS = {**PLAYER_ZONE_KEYS, "revealed": rules.REVEALED}
#: the shared zones a scenario may write as a count, and the deck whose card the count means
STACK_DECKS = {"valor": "valor", "corruption": "corruption"}
SHARED_ZONE_KEYS = {
    "path": rules.PATH,
    "main_deck": rules.MAIN,
    "valor": rules.VALOR,
    "corruption": rules.CORRUPTION,
    "archenemy": rules.ARCHENEMY,
    "wall": rules.WALL,
    "wall_discard": rules.WALL_DISCARD,
    "destroyed": rules.DESTROYED,
    "box": rules.BOX,
}
SHARED_VIEW_KEYS = {**SHARED_ZONE_KEYS, "behind": rules.BEHIND}
#: Piles whose order matters; in the file, in the engine and in the output the top is last.
ORDERED = frozenset({"deck", "main_deck", "valor", "corruption", "archenemy", "wall"})
#: the family a scenario file is of when its [game] table does not say
DECKBUILDING = "deckbuilding"
#: ``use_wall`` decided as a mixed game decides it, from the cards the scenario writes
WALL_FROM_CARDS = "from cards"

TOP_KEYS = ("title", "description", "cite", "game", "players", "shared", "do", "expect")
GAME_KEYS = ("family", "players", "seed", "impossible", "use_wall", "current", "turn", "power", "sets", "cards")
PLAYER_KEYS = (*PLAYER_ZONE_KEYS, "under")
SHARED_KEYS = (*SHARED_ZONE_KEYS, "archenemy_face_up", "archenemy_defeated_this_turn", "one_ring", "new_in_path")

ACTIONS = ("play", "buy", "defeat", "use", "end_turn", "start_turn", "take_turn", "gain", "destroy", "draw_wall")
STEP_KEYS = (*ACTIONS, "choices", "player", "from")
#: Actions that may be done by a player other than the current one.
ANY_PLAYER_ACTIONS = ("gain", "destroy", "draw_wall")

EXPECT_KEYS = (
    "power",
    "current",
    "turn",
    "game_over",
    "reason",
    "winners",
    "scores",
    "use_wall",
    "wall_breached",
    "archenemy_face_up",
    "one_ring",
    "log_contains",
    "log_lacks",
    "log_sequence",
    "offered",
    "not_offered",
    "players",
    "shared",
)
EXPECT_PLAYER_KEYS = (*(k + s for k in PLAYER_VIEW_KEYS for s in ZONE_SUFFIXES), "vp", "under")
EXPECT_SHARED_KEYS = tuple(k + s for k in SHARED_VIEW_KEYS for s in ZONE_SUFFIXES)


# ---------------------------------------------------------------------- the parsed scenario
@attrs.frozen(slots=True)
class Step:
    number: int
    action: str
    cards: tuple[str, ...] = ()
    count: int = 0
    player: int | None = None
    source: str | None = None
    choices: tuple[Answer, ...] = ()

    @property
    def label(self) -> str:
        text = self.action
        if self.cards:
            text += " " + ", ".join(self.cards)
        if self.action == "draw_wall":
            text += f" {self.count}"
        if self.source:
            text += f" from {self.source}"
        if self.player is not None:
            text += f" (player {self.player + 1})"
        return text


@attrs.frozen(slots=True)
class Scenario:
    path: str
    title: str
    description: str
    cite: str
    catalogue: Catalogue = attrs.field(repr=False)
    players: int
    seed: int
    impossible: bool
    use_wall: bool
    sets: tuple[str, ...]
    current: int
    turn: int
    power: int
    #: (engine zone, seat) -> card names, bottom first
    player_zones: Mapping[tuple[str, int], tuple[str, ...]]
    shared_zones: Mapping[str, tuple[str, ...]]
    #: seat -> holder name -> the names under the first such card in front of that player
    under: Mapping[int, Mapping[str, tuple[str, ...]]]
    archenemy_face_up: bool
    defeated_this_turn: bool
    #: "behind", a seat, or None when The One Ring is not in the scenario
    one_ring: str | int | None
    new_in_path: tuple[str, ...]
    steps: tuple[Step, ...]
    expect: Mapping[str, Any]


class _Reader(Reader):
    """The shared reader, with card names looked up in the deck-building catalogue."""

    def __init__(self, path: str, catalogue: Catalogue) -> None:
        super().__init__(path)
        self.catalogue = catalogue
        self._folded: dict[str, str] | None = None

    def card_name(self, text: str, where: str) -> str:
        try:
            return self.catalogue.get(text).name
        except UnknownCardError:
            pass
        if self._folded is None:
            self._folded = {}
            for card in self.catalogue.cards:
                self._folded.setdefault(fold(card.name), card.name)
        found = self._folded.get(fold(text))
        if found is not None:
            return found
        close = difflib.get_close_matches(fold(text), list(self._folded), n=1, cutoff=0.6)
        hint = f"did you mean '{self._folded[close[0]]}'?" if close else None
        raise ScenarioCardError(self.path, where, f"no loaded set has a card named '{text}'", hint)

    def stack(self, value: object, where: str, default_name: str) -> tuple[str, ...]:
        """A stack written as a count (of its usual card) or as a list of cards."""
        if isinstance(value, int) and not isinstance(value, bool):
            count = self.integer(value, where, 0, MAX_COPIES_PER_GAME)
            self.copies += count
            if self.copies > MAX_COPIES_PER_GAME:
                raise self.fail(where, f"the scenario names more than {MAX_COPIES_PER_GAME} card copies in all")
            return (self.card_name(default_name, where),) * count
        return self.cards(value, where)


def load_scenario(
    path: Path | str,
    *,
    extra_cards: Sequence[Path] = (),
    catalogue: Catalogue | None = None,
) -> Scenario:
    """Read and check a scenario file; raises a :class:`ScenarioError` for anything wrong in it."""
    path = Path(path)
    return scenario_from_data(
        read_toml(path), str(path), base=path.parent, extra_cards=extra_cards, catalogue=catalogue
    )


def scenario_from_text(
    text: str,
    name: str = "<scenario>",
    *,
    extra_cards: Sequence[Path] = (),
    catalogue: Catalogue | None = None,
) -> Scenario:
    return scenario_from_data(
        parse_toml(text, name), name, base=Path.cwd(), extra_cards=extra_cards, catalogue=catalogue
    )


def scenario_from_data(
    data: Mapping[str, Any],
    where: str,
    *,
    base: Path,
    extra_cards: Sequence[Path] = (),
    catalogue: Catalogue | None = None,
) -> Scenario:
    reader = _Reader(where, Catalogue([], []))
    reader.keys(data, TOP_KEYS, "the file")
    game = reader.table(data.get("game", {}), "[game]")
    reader.keys(game, GAME_KEYS, "[game]")
    if game.get("family", DECKBUILDING) != DECKBUILDING:
        raise reader.fail(
            "game.family", f"unknown family {text_of(game['family'])}", 'scenario files are of "deckbuilding" or "lcg"'
        )

    # The catalogue: the shipped sets, the file's own card folders, and the caller's.
    folders = [*extra_cards, *reader.card_folders(game.get("cards", []), base)]
    if catalogue is None or folders:
        try:
            catalogue = load_sets(tuple(folders))
        except UserError as error:
            raise ScenarioError(where, "loading the card sets", str(error)) from None
    reader.catalogue = catalogue

    player_tables = reader.table(data.get("players", {}), "[players]")
    numbers: list[int] = []
    for key in player_tables:
        if not key.isdigit() or not MIN_PLAYERS <= int(key) <= MAX_PLAYERS:
            raise reader.fail(f"[players.{key}]", f"players are numbered 1 to {MAX_PLAYERS}")
        numbers.append(int(key))
    players = max(numbers, default=1)
    if "players" in game:
        players = reader.integer(game["players"], "game.players", MIN_PLAYERS, MAX_PLAYERS)
        if numbers and max(numbers) > players:
            raise reader.fail(f"[players.{max(numbers)}]", f"the game has only {players} players")

    sets = reader.strings(game.get("sets", ["two-towers"]), "game.sets")
    unknown = [code for code in sets if code not in catalogue.sets]
    if unknown:
        raise reader.fail("game.sets", f"unknown set '{unknown[0]}'", "loaded sets: " + ", ".join(catalogue.sets))
    use_wall = catalogue.uses_wall(sets)
    wall_from_cards = game.get("use_wall") == WALL_FROM_CARDS
    if "use_wall" in game and not wall_from_cards:
        value = game["use_wall"]
        if not isinstance(value, bool):
            raise reader.fail("game.use_wall", f'must be true, false or "{WALL_FROM_CARDS}", not {kind_of(value)}')
        use_wall = value

    player_zones: dict[tuple[str, int], tuple[str, ...]] = {}
    under: dict[int, dict[str, tuple[str, ...]]] = {}
    for key, value in player_tables.items():
        seat = int(key) - 1
        at = f"[players.{key}]"
        table = reader.table(value, at)
        reader.keys(table, PLAYER_KEYS, at)
        for zone_key, zone in PLAYER_ZONE_KEYS.items():
            if zone_key in table:
                names = reader.cards(table[zone_key], f"players.{key}.{zone_key}")
                _no_ring(reader, catalogue, names, f"players.{key}.{zone_key}", sets)
                player_zones[(zone, seat)] = names
        if "under" in table:
            holders = reader.table(table["under"], f"[players.{key}.under]")
            front = player_zones.get((rules.FRONT, seat), ())
            mine: dict[str, tuple[str, ...]] = {}
            for holder_text, cards in holders.items():
                holder = reader.card_name(holder_text, f"players.{key}.under")
                if holder not in front:
                    raise reader.fail(
                        f"players.{key}.under",
                        f"'{holder}' is not in front of player {key}, so nothing can be under it",
                    )
                mine[holder] = reader.cards(cards, f"players.{key}.under.{holder_text}")
            under[seat] = mine

    shared = reader.table(data.get("shared", {}), "[shared]")
    reader.keys(shared, SHARED_KEYS, "[shared]")
    shared_zones: dict[str, tuple[str, ...]] = {}
    for zone_key, zone in SHARED_ZONE_KEYS.items():
        if zone_key not in shared:
            continue
        at = f"shared.{zone_key}"
        if zone_key in STACK_DECKS:
            # A count means that many of the stack's own card: the first set in play with one.
            stack_card = catalogue.by_deck(sets).get(STACK_DECKS[zone_key], [])
            usual = stack_card[0].name if stack_card else zone_key.capitalize()
            names = reader.stack(shared[zone_key], at, usual)
        else:
            names = reader.cards(shared[zone_key], at)
        _no_ring(reader, catalogue, names, at, sets)
        shared_zones[zone] = names

    one_ring: str | int | None = None
    if "one_ring" in shared:
        value = shared["one_ring"]
        if isinstance(value, bool) or value == "none":
            one_ring = "behind" if value is True else None
        elif value == "behind":
            one_ring = "behind"
        elif isinstance(value, int):
            one_ring = reader.player_number(value, "shared.one_ring", players)
        else:
            raise reader.fail("shared.one_ring", 'must be "behind", "none" or a player number')
        if one_ring is not None and _ring(catalogue) is None:
            raise reader.fail("shared.one_ring", "no loaded set has The One Ring")

    new_in_path: tuple[str, ...] = ()
    if "new_in_path" in shared:
        new_in_path = reader.cards(shared["new_in_path"], "shared.new_in_path")
        left = Counter(shared_zones.get(rules.PATH, ()))
        for name in new_in_path:
            if not left[name]:
                raise reader.fail("shared.new_in_path", f"'{name}' is not in the Path (shared.path)")
            left[name] -= 1

    if wall_from_cards:
        written = [*player_zones.values(), *shared_zones.values(), *(z for u in under.values() for z in u.values())]
        use_wall = _wall_from_cards(catalogue, sets, [name for names in written for name in names])

    current = reader.player_number(game.get("current", 1), "game.current", players)
    steps = _read_steps(reader, data.get("do", []), players)
    expect = reader.table(data.get("expect", {}), "[expect]")
    _check_expect(reader, expect, players)

    return Scenario(
        path=where,
        title=reader.string(data.get("title", ""), "title"),
        description=reader.string(data.get("description", ""), "description"),
        cite=reader.string(data.get("cite", ""), "cite"),
        catalogue=catalogue,
        players=players,
        seed=reader.integer(game.get("seed", 1), "game.seed", 0, SEED_MAX),
        impossible=reader.boolean(game.get("impossible", False), "game.impossible"),
        use_wall=use_wall,
        sets=sets,
        current=current,
        turn=reader.integer(game.get("turn", 1), "game.turn", 0, MAX_TURNS),
        power=reader.integer(game.get("power", 0), "game.power", 0, SCRIPT_NUMBER_MAX),
        player_zones=player_zones,
        shared_zones=shared_zones,
        under=under,
        archenemy_face_up=reader.boolean(shared.get("archenemy_face_up", True), "shared.archenemy_face_up"),
        defeated_this_turn=reader.boolean(
            shared.get("archenemy_defeated_this_turn", False), "shared.archenemy_defeated_this_turn"
        ),
        one_ring=one_ring,
        new_in_path=new_in_path,
        steps=steps,
        expect=expect,
    )


def _ring(catalogue: Catalogue) -> CardDef | None:
    return next((c for c in catalogue.cards if c.deck == "one ring"), None)


def _no_ring(reader: _Reader, catalogue: Catalogue, names: Iterable[str], where: str, sets: Sequence[str] = ()) -> None:
    ring = _ring(catalogue)
    # Only the name as it resolves in this game's sets counts: The Fellowship of the Ring has a
    # card of the same name (Frodo's starting card) that is an ordinary card in a deck.
    if ring is not None and any(catalogue.get(name, sets) is ring for name in names if name == ring.name):
        raise reader.fail(where, f"{ring.name} is never in a zone like this one", "write [shared] one_ring = ...")


def _read_steps(reader: _Reader, value: object, players: int) -> tuple[Step, ...]:
    steps: list[Step] = []
    for number, table, action in reader.step_tables(value, STEP_KEYS, ACTIONS):
        at = f"do[{number}]"
        value = table[action]
        player = None
        if "player" in table:
            if action not in ANY_PLAYER_ACTIONS:
                raise reader.fail(
                    f"{at}.player",
                    f"'{action}' is always done by the current player",
                    "only " + ", ".join(ANY_PLAYER_ACTIONS) + " take a player",
                )
            player = reader.player_number(table["player"], f"{at}.player", players)
        source = None
        if "from" in table:
            if action not in ("gain", "destroy"):
                raise reader.fail(f"{at}.from", f"'{action}' takes no 'from'")
            source = reader.string(table["from"], f"{at}.from")
            if source not in SHARED_VIEW_KEYS and source not in PLAYER_VIEW_KEYS:
                close = difflib.get_close_matches(source, [*SHARED_VIEW_KEYS, *PLAYER_VIEW_KEYS], n=1)
                hint = f"did you mean '{close[0]}'?" if close else None
                raise reader.fail(f"{at}.from", f"unknown zone '{source}'", hint)
        cards: tuple[str, ...] = ()
        count = 0
        written = action
        if action == "defeat":
            action = "buy"
        if action in ("play", "buy", "use"):
            cards = reader.cards(value, f"{at}.{written}")
            if not cards:
                raise reader.fail(f"{at}.{written}", "names no card")
        elif action in ("gain", "destroy"):
            cards = (reader.one_card(value, f"{at}.{action}"),)
        elif action == "draw_wall":
            count = reader.integer(value, f"{at}.draw_wall", 1)
        elif value is not True:
            raise reader.fail(f"{at}.{action}", "must be true")
        choices = read_choices(reader, table.get("choices", []), f"{at}.choices", players)
        steps.append(Step(number, action, cards, count, player, source, choices))
    return tuple(steps)


def _wall_from_cards(catalogue: Catalogue, sets: Sequence[str], names: Iterable[str]) -> bool:
    """Whether a mixed game with these cards would use The Wall. Setup decides it from the main
    deck and the Archenemy stack, so only cards that start there count, wherever the scenario
    puts them; starting cards, Heroes and the stacks never do."""
    cards = [catalogue.get(name, sets) for name in names]
    return uses_wall(catalogue, [c for c in cards if c.deck == "main" or "archenemy" in c.deck])


def _check_expect(reader: _Reader, expect: Mapping[str, Any], players: int) -> None:
    """Check the expectations' shape and card names now, so a typo is a bad file, not a failure."""
    reader.keys(expect, EXPECT_KEYS, "[expect]")
    for key in ("power", "current", "turn"):
        if key in expect:
            reader.integer(expect[key], f"expect.{key}")
    for key in ("game_over", "use_wall", "wall_breached", "archenemy_face_up"):
        if key in expect:
            reader.boolean(expect[key], f"expect.{key}")
    if "reason" in expect:
        reader.string(expect["reason"], "expect.reason")
    for key in ("winners", "scores"):
        if key in expect and (
            not isinstance(expect[key], list)
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in expect[key])
        ):
            raise reader.fail(f"expect.{key}", "must be a list of whole numbers")
    if "one_ring" in expect:
        value = expect["one_ring"]
        if not (value in ("behind", "none") or (isinstance(value, int) and not isinstance(value, bool))):
            raise reader.fail("expect.one_ring", 'must be "behind", "none" or a player number')
    for key in ("log_contains", "log_lacks", "log_sequence", "offered", "not_offered"):
        if key in expect:
            reader.strings(expect[key], f"expect.{key}")
    for key, value, where in reader.expected_players(expect, players, EXPECT_PLAYER_KEYS):
        if key == "vp":
            reader.integer(value, where)
        elif key == "under":
            for holder, cards in reader.table(value, where).items():
                reader.card_name(holder, where)
                _zone_value(reader, cards, f"{where}.{holder}", "")
        else:
            _zone_value(reader, value, where, key)
    shared = reader.table(expect.get("shared", {}), "[expect.shared]")
    reader.keys(shared, EXPECT_SHARED_KEYS, "[expect.shared]")
    for key, value in shared.items():
        _zone_value(reader, value, f"expect.shared.{key}", key)


def _zone_value(reader: _Reader, value: object, where: str, key: str) -> None:
    plain = key in PLAYER_VIEW_KEYS or key in SHARED_VIEW_KEYS or key == ""
    if plain and isinstance(value, int) and not isinstance(value, bool):
        reader.integer(value, where, 0)
        return
    reader.cards(value, where)


# ---------------------------------------------------------------------- building the game
def build_game(scenario: Scenario, agent: Agent | None = None) -> DeckbuildingGame:
    """The scenario's state as a game: one instance per card named, every other zone empty."""
    catalogue = scenario.catalogue
    instances: list[CardDef] = []

    def make(names: Iterable[str]) -> list[int]:
        ids: list[int] = []
        for name in names:
            ids.append(len(instances))
            # Sets share some names (Courage, The One Ring): the scenario's sets come first.
            instances.append(catalogue.get(name, scenario.sets))
        return ids

    state = GameState(scenario.players, scenario.seed)
    for seat in range(scenario.players):
        for zone in rules.PLAYER_ZONES:
            state.zones[(zone, seat)] = []
        state.marks[("gained this turn", seat)] = []
    for zone in rules.SHARED_ZONES:
        state.zones[(zone, -1)] = []
    for (zone, seat), names in scenario.player_zones.items():
        state.zones[(zone, seat)].extend(make(names))
    for zone, names in scenario.shared_zones.items():
        state.zones[(zone, -1)].extend(make(names))
    for seat, holders in scenario.under.items():
        for holder_name, names in holders.items():
            holder = next(c for c in state.zones[(rules.FRONT, seat)] if instances[c].name == holder_name)
            state.under[holder] = make(names)
    ring = _ring(catalogue)
    if scenario.one_ring is not None and ring is not None:
        zone_key = (rules.BEHIND, -1) if scenario.one_ring == "behind" else (rules.FRONT, int(scenario.one_ring))
        # The card itself, not its name: the Fellowship's Frodo starts with a card of the same name.
        state.zones[zone_key].append(len(instances))
        instances.append(ring)
    pending: list[int] = []
    for name in scenario.new_in_path:
        pending.append(next(c for c in state.zones[(rules.PATH, -1)] if instances[c].name == name and c not in pending))
    state.marks[("ambush pending", -1)] = pending
    state.marks[("quests done", -1)] = []
    state.counters["power"] = scenario.power
    state.counters["archenemy face up"] = int(scenario.archenemy_face_up)
    state.counters["use wall"] = int(scenario.use_wall)
    # As at setup: Impossible Mode's rule changes are those of the set whose Archenemies are used.
    by_deck = catalogue.by_deck(scenario.sets)
    by_deck["archenemy"] = list(one_stack(by_deck.get("archenemy", []), scenario.sets))
    _pack, impossible_rules = rules.impossible_mode(catalogue, scenario.sets, by_deck, scenario.impossible)
    state.counters.update(impossible.counters(impossible_rules))
    if scenario.defeated_this_turn:
        state.flags.add("defeated this turn")
    state.current = scenario.current
    state.turn = scenario.turn
    config = GameConfig(
        players=scenario.players,
        seed=scenario.seed,
        impossible=scenario.impossible,
        sets=scenario.sets,
        use_wall=scenario.use_wall,
    )
    seat_agent: Agent = agent if agent is not None else ScriptedAgent()
    seats = [seat_agent] * scenario.players
    return _ScenarioGame(catalogue, config, seats, state=state, instances=instances)


class _MainPhaseReached(Exception):
    """``start_turn`` stops the engine's own turn where the player would first act."""


class _ScenarioGame(DeckbuildingGame):
    """The engine's game, unchanged, except that it can stop when a turn's main phase begins."""

    stop_at_main_phase = False

    def action_options(self, player: int) -> tuple[Option, ...]:
        if self.stop_at_main_phase:
            raise _MainPhaseReached
        return super().action_options(player)


# ---------------------------------------------------------------------- running
def run_scenario(
    path: Path | str,
    *,
    extra_cards: Sequence[Path] = (),
    catalogue: Catalogue | None = None,
) -> ScenarioResult:
    """Load, run and check a scenario file. Raises :class:`ScenarioError` for a bad file."""
    return run(load_scenario(path, extra_cards=extra_cards, catalogue=catalogue))


def run_scenario_text(text: str, name: str = "<scenario>", *, catalogue: Catalogue | None = None) -> ScenarioResult:
    return run(scenario_from_text(text, name, catalogue=catalogue))


def run(scenario: Scenario) -> ScenarioResult:
    agent = ScriptedAgent()
    game = build_game(scenario, agent)
    assert isinstance(game, _ScenarioGame)
    failures: list[str] = []
    run_count = 0
    completed = True
    for step in scenario.steps:
        if game.state.finished:
            failures.append(
                f"step {step.number} ({step.label}) was not run: the game had ended ({game.state.result['reason']})"
            )
            completed = False
            break
        agent.begin(step)
        try:
            _perform(game, step)
        except GameOver as over:
            game.finish(over.reason)
        except StepFailed as failed:
            failures.append(f"step {step.number} ({step.label}): {failed}")
            completed = False
        except UserError as error:
            failures.append(f"step {step.number} ({step.label}): the engine stopped: {error}")
            completed = False
        finally:
            game.stop_at_main_phase = False
        run_count += 1
        if not completed:
            break
        unused = agent.leftover()
        if unused:
            failures.append(
                f"step {step.number} ({step.label}): {len(unused)} answer(s) not asked for: "
                + ", ".join(a.describe() for a in unused)
                + " (a decision with a single option is taken without asking)"
            )
    log = tuple(line.strip() for line in (render_entry(e) for e in game.state.log) if line is not None)
    checks: list[Check] = [_conservation(game)]
    if completed:
        checks.extend(_evaluate(game, scenario.expect, log))
    else:
        checks.append(Check("expectations", False, "not checked: the steps did not all run"))
    failures.extend(f"{c.label}: {c.detail}" for c in checks if not c.ok and c.label != "expectations")
    return ScenarioResult(
        path=scenario.path,
        title=scenario.title,
        failures=tuple(failures),
        checks=tuple(checks),
        state=state_view(game),
        log=log,
        decisions=tuple(agent.transcript),
        steps_run=run_count,
        steps_total=len(scenario.steps),
    )


def _perform(game: _ScenarioGame, step: Step) -> None:
    action = step.action
    if action in ("play", "buy", "use"):
        for name in step.cards:
            _act(game, action, name)
    elif action == "end_turn":
        game.end_turn(game.current)
    elif action == "start_turn":
        game.stop_at_main_phase = True
        with contextlib.suppress(_MainPhaseReached):
            game.take_turn()
    elif action == "take_turn":
        game.take_turn()
    elif action == "gain":
        player = game.current if step.player is None else step.player
        card = _find(game, step.cards[0], step.source or "", player, ("path", "valor", "corruption", "main_deck"))
        game.begin_action()
        game.resolve(lambda ctx: game.gain_card(ctx, card), Ctx(game, player, card))
        game._check_quests()
    elif action == "destroy":
        player = game.current if step.player is None else step.player
        card = _find(game, step.cards[0], step.source or "", player, ("hand", "discard", "played", "deck", "front"))
        game.begin_action()
        game.resolve(lambda ctx: game.destroy_card(ctx, card), Ctx(game, player, card))
        game._check_quests()
    elif action == "draw_wall":
        player = game.current if step.player is None else step.player
        count = step.count
        game.begin_action()

        def draw_wall(ctx: Ctx) -> None:
            game.draw_wall(ctx, count)

        game.resolve(draw_wall, Ctx(game, player, -1))
        game._check_quests()
    else:  # pragma: no cover - the reader allows no other action
        raise StepFailed(f"unknown action '{action}'")


def _act(game: _ScenarioGame, action: str, name: str) -> None:
    """Play or buy one card exactly as the engine's main phase does, if the engine offers it."""
    player = game.current
    game.begin_action()
    options = game.action_options(player)
    for option in options:
        value = option.value
        if isinstance(value, tuple) and value[0] == action and game.cards[value[1]].name == name:
            if action == "play":
                game.play_from_hand(player, value[1])
            elif action == "use":
                game.use_action(player, value[1])
            else:
                game.buy(player, value[1])
            game._check_quests()
            return
    if action == "play":
        hand = _names(game, game.z(rules.HAND, player))
        raise StepFailed(f"player {player + 1} has no {name} in hand to play; the hand holds {show(hand)}")
    if action == "use":
        usable = [o.label for o in options if isinstance(o.value, tuple) and o.value[0] == "use"]
        shown = ", ".join(usable) if usable else "none"
        raise StepFailed(f"the engine offers no action of {name} to use; the actions offered: {shown}")
    power = game.state.counters.get("power", 0)
    buyable = [game.cards[c] for c, _ in game.buyable(player)]
    match = [c for c in buyable if c.name == name]
    if match:
        price = game.price(player, next(c for c, _ in game.buyable(player) if game.cards[c].name == name))
        raise StepFailed(f"{name} costs {price} and player {player + 1} has {power} Power")
    offered = [o.label for o in options if isinstance(o.value, tuple) and o.value[0] == "buy"]
    shown = ", ".join(offered) if offered else "nothing"
    raise StepFailed(f"{name} is not available to buy; with {power} Power the engine offers: {shown}")


def _find(game: DeckbuildingGame, name: str, source: str, player: int, order: Sequence[str]) -> int:
    keys = [source] if source else list(order)
    for key in keys:
        for zone in _zone_lists(game, key, player):
            for card in reversed(zone):
                if game.cards[card].name == name:
                    return card
    where = source or " or ".join(keys)
    raise StepFailed(f"there is no {name} in {where}")


def _zone_lists(game: DeckbuildingGame, key: str, player: int) -> list[list[int]]:
    if key in SHARED_VIEW_KEYS:
        return [game.z(SHARED_VIEW_KEYS[key])]
    return [game.z(PLAYER_VIEW_KEYS[key], player)]


# ---------------------------------------------------------------------- the resulting state
def _names(game: DeckbuildingGame, cards: Iterable[int]) -> list[str]:
    return [game.cards[c].name for c in cards]


def state_view(game: DeckbuildingGame) -> dict[str, Any]:
    """The state as JSON-able data, by card name, in the scenario format's own terms.

    Zones are lists in the file's syntax (``"Courage*2"``), bottom first (the top card is last).
    Players are numbered from 1.
    """
    state = game.state
    players: dict[str, Any] = {}
    under_shared: dict[str, list[str]] = {}
    player_under: dict[int, dict[str, list[str]]] = {}
    for holder, cards in state.under.items():
        if not cards:
            continue
        found = game.locate(holder)
        names = compress(_names(game, cards))
        label = game.cards[holder].name
        if found is not None and found[1] >= 0:
            player_under.setdefault(found[1], {})[label] = names
        else:
            under_shared[label] = names
    for seat in range(state.num_players):
        view: dict[str, Any] = {}
        for key, zone in PLAYER_VIEW_KEYS.items():
            names = _names(game, game.z(zone, seat))
            if key == "hero":
                view[key] = names[0] if names else None
            else:
                view[key] = compress(names)
        view["under"] = player_under.get(seat, {})
        view["vp"] = game.score(seat)
        players[str(seat + 1)] = view
    shared: dict[str, Any] = {key: compress(_names(game, game.z(zone))) for key, zone in SHARED_VIEW_KEYS.items()}
    if under_shared:
        shared["under"] = under_shared
    shared["archenemy_face_up"] = bool(state.counters.get("archenemy face up", 0))
    shared["one_ring"] = _ring_place(game)
    shared["wall_breached"] = game.wall_breached()
    result = dict(state.result)
    if "winners" in result:
        result["winners"] = [seat + 1 for seat in result["winners"]]
    return {
        "game": {
            "players": state.num_players,
            "current": state.current + 1,
            "turn": state.turn,
            "power": state.counters.get("power", 0),
            "impossible": game.config.impossible,
            "use_wall": game.use_wall,
            "game_over": state.finished,
            "result": result,
        },
        "players": players,
        "shared": shared,
    }


def _ring_place(game: DeckbuildingGame) -> str | int:
    holder = game.ring_holder()
    if holder >= 0:
        return holder + 1
    if any(game.cards[c].deck == "one ring" for c in game.z(rules.BEHIND)):
        return "behind"
    return "none"


# ---------------------------------------------------------------------- checking expectations
def _conservation(game: DeckbuildingGame) -> Check:
    seen: Counter[int] = Counter()
    for cards in game.state.zones.values():
        seen.update(cards)
    for cards in game.state.under.values():
        seen.update(cards)
    twice = sorted({game.cards[c].name for c, n in seen.items() if n > 1})
    lost = sorted({game.cards[c].name for c in range(len(game.cards)) if c not in seen})
    if twice or lost:
        detail = "; ".join(
            part
            for part in (
                f"in two places at once: {', '.join(twice)}" if twice else "",
                f"lost: {', '.join(lost)}" if lost else "",
            )
            if part
        )
        return Check("every card is in exactly one place", False, detail)
    return Check("every card is in exactly one place", True)


def _evaluate(game: DeckbuildingGame, expect: Mapping[str, Any], log: Sequence[str]) -> list[Check]:
    reader = _Reader("", game.catalogue)
    state = game.state
    checks: list[Check] = []

    def same(label: str, expected: object, actual: object) -> None:
        ok = expected == actual
        checks.append(Check(f"{label} is {text_of(expected)}", ok, "" if ok else f"it is {text_of(actual)}"))

    if "power" in expect:
        same("power", expect["power"], state.counters.get("power", 0))
    if "current" in expect:
        same("the current player", expect["current"], state.current + 1)
    if "turn" in expect:
        same("the turn", expect["turn"], state.turn)
    if "game_over" in expect:
        same("game_over", expect["game_over"], state.finished)
    if "reason" in expect:
        same("the game's end reason", expect["reason"], state.result.get("reason", "(the game has not ended)"))
    if "winners" in expect:
        actual = [s + 1 for s in state.result["winners"]] if state.finished else "(the game has not ended)"
        same("winners", expect["winners"], actual)
    if "scores" in expect:
        same("scores", expect["scores"], [game.score(p) for p in range(state.num_players)])
    if "use_wall" in expect:
        same("use_wall", expect["use_wall"], game.use_wall)
    if "wall_breached" in expect:
        same("wall_breached", expect["wall_breached"], game.wall_breached())
    if "archenemy_face_up" in expect:
        same("archenemy_face_up", expect["archenemy_face_up"], bool(state.counters.get("archenemy face up", 0)))
    if "one_ring" in expect:
        same("one_ring", expect["one_ring"], _ring_place(game))
    checks.extend(log_checks(reader, expect, log))
    if "offered" in expect or "not_offered" in expect:
        labels = [] if state.finished else [o.label for o in game.action_options(state.current)]
        checks.extend(offer_checks(reader, expect, labels))
    for number, table in expect.get("players", {}).items():
        seat = int(number) - 1
        for key, value in table.items():
            label = f"players.{number}.{key}"
            if key == "vp":
                same(label, value, game.score(seat))
            elif key == "under":
                for holder_text, cards in value.items():
                    holder_name = reader.card_name(holder_text, label)
                    holders = [c for c in game.z(rules.FRONT, seat) if game.cards[c].name == holder_name]
                    under = _names(game, state.under.get(holders[0], [])) if holders else []
                    checks.append(zone_check(reader, f"{label}.{holder_name}", "", cards, under))
            else:
                zone_key, suffix = split_suffix(key)
                names = _names(game, game.z(PLAYER_VIEW_KEYS[zone_key], seat))
                checks.append(zone_check(reader, f"players.{number}.{zone_key}", suffix, value, names))
    for key, value in expect.get("shared", {}).items():
        zone_key, suffix = split_suffix(key)
        names = _names(game, game.z(SHARED_VIEW_KEYS[zone_key]))
        checks.append(zone_check(reader, f"shared.{zone_key}", suffix, value, names))
    return checks


# ---------------------------------------------------------------------- the readable report
def render_report(result: ScenarioResult, *, show_log: bool = True) -> list[str]:
    """What ``lotr-rules scenario`` prints without ``--json``."""
    state = result.state
    game = state["game"]
    status = f"turn {game['turn']}, player {game['current']} to play, {game['power']} Power"
    lines = report_head(result, status, show_log=show_log)
    for number, view in state["players"].items():
        parts = [f"{key} {_brief(view[key])}" for key in ("hand", "deck", "discard", "played", "front") if view[key]]
        if view["under"]:
            parts.append("under " + "; ".join(f"{k}: {_brief(v)}" for k, v in view["under"].items()))
        lines.append(f"  player {number} ({view['vp']} VP): " + ("; ".join(parts) or "no cards"))
    shared = state["shared"]
    parts = [f"{key} {_brief(shared[key])}" for key in SHARED_VIEW_KEYS if shared.get(key)]
    lines.append("  shared: " + ("; ".join(parts) or "no cards"))
    lines.extend(check_lines(result))
    return lines


def _brief(names: Sequence[str]) -> str:
    return "[" + ", ".join(names) + "]"


__all__ = [
    "Answer",
    "Check",
    "Scenario",
    "ScenarioCardError",
    "ScenarioError",
    "ScenarioKeyError",
    "ScenarioResult",
    "ScenarioSyntaxError",
    "Step",
    "StepFailed",
    "build_game",
    "compress",
    "fold",
    "load_scenario",
    "match_option",
    "render_report",
    "run",
    "run_scenario",
    "run_scenario_text",
    "scenario_from_text",
    "state_view",
]
