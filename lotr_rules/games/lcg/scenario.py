"""Scenario files of the Card Game: a table written by hand, steps to run on it, what must hold.

A file says ``family = "lcg"`` in its ``[game]`` table (``docs/scenarios.md`` is the guide):

* the state: ``[game]`` (players, seed, round, phase, first player, extra card folders), one
  ``[players.N]`` table per player (``threat`` and the zones ``play``, ``hand``, ``deck``,
  ``discard``, ``engaged``, ``removed``, ``captured``) and ``[shared]`` (``quest``,
  ``quest_deck``, ``completed_quests``, ``staging``, ``active``, ``encounter_deck``,
  ``encounter_discard``, ``victory``, ``set_aside``). A card is a name (``"Forest Spider*2"``) or
  a table that also gives its state: ``damage``, ``progress``, ``resources``, ``exhausted``,
  ``committed``, the cards ``attached`` to it and the ``shadow`` cards dealt to it. Every card
  named gets an instance; nothing else is in the game. Piles are written bottom first, as in
  every scenario file: **the last card written is the top card**.
* the steps: ``[[do]]`` tables, each one action (``play``, ``use``, ``window``, ``run_phase``,
  ``run_round``, ``reveal``, ``damage``, ``progress``, ``destroy``) with the ``choices`` that
  answer the decisions it raises.
* ``[expect]``: the phase, the round, the end of the game, the log, what is offered, each
  player's threat and zones, the shared zones, and the state of named cards.

The game is an ordinary :class:`~lotr_rules.games.lcg.game.LcgGame` whose setup puts the cards
where the file says instead of shuffling decks: from the first step on, the rules run unchanged.
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

import attrs

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.decisions import Agent, Option
from lotr_rules.engine.game import GameOver
from lotr_rules.errors import ConfigError, UserError
from lotr_rules.games import vocabulary_for
from lotr_rules.games.lcg import log as lcg_log
from lotr_rules.games.lcg import triggers
from lotr_rules.games.lcg.files import FAMILY, Records
from lotr_rules.games.lcg.game import PHASES, ROUND_GUARD, LcgConfig, LcgGame
from lotr_rules.games.lcg.record import ENCOUNTER_TYPES, LcgCard, PlayerDeck
from lotr_rules.games.lcg.record import Scenario as QuestScenario
from lotr_rules.games.lcg.state import (
    ACTIVE,
    CAPTURED,
    DECK,
    DISCARD,
    ENCOUNTER_DECK,
    ENCOUNTER_DISCARD,
    ENGAGED,
    HAND,
    PLAY,
    QUEST,
    QUEST_DECK,
    QUEST_DONE,
    REMOVED,
    SET_ASIDE,
    SHADOWS,
    STAGING,
    VICTORY,
)
from lotr_rules.limits import MAX_COPIES_PER_GAME, SCRIPT_NUMBER_MAX
from lotr_rules.scenario_files import (
    LOG_KEYS,
    OFFER_KEYS,
    ZONE_SUFFIXES,
    Answer,
    Check,
    Reader,
    ScenarioError,
    ScenarioResult,
    ScriptedAgent,
    StepFailed,
    check_lines,
    compress,
    fold,
    kind_of,
    log_checks,
    offer_checks,
    parse_toml,
    read_choices,
    read_toml,
    split_count,
    split_suffix,
    text_of,
    zone_check,
)

# ---------------------------------------------------------------------- the format's vocabulary
#: keys of a player's table -> the engine's zones
PLAYER_ZONE_KEYS = {
    "play": PLAY,
    "hand": HAND,
    "deck": DECK,
    "discard": DISCARD,
    "engaged": ENGAGED,
    "removed": REMOVED,
    "captured": CAPTURED,
}
#: keys of the shared table -> the engine's zones
SHARED_ZONE_KEYS = {
    "quest": QUEST,
    "quest_deck": QUEST_DECK,
    "completed_quests": QUEST_DONE,
    "staging": STAGING,
    "active": ACTIVE,
    "encounter_deck": ENCOUNTER_DECK,
    "encounter_discard": ENCOUNTER_DISCARD,
    "victory": VICTORY,
    "set_aside": SET_ASIDE,
}
#: what the resulting state and the expectations see besides: the shadow cards dealt
SHARED_VIEW_KEYS = {**SHARED_ZONE_KEYS, "shadows": SHADOWS}
ZONE_KEYS = {**PLAYER_ZONE_KEYS, **SHARED_VIEW_KEYS}
#: the engine's zone -> the file's key
KEY_OF_ZONE = {zone: key for key, zone in ZONE_KEYS.items()}
#: the piles the engine keeps top first (it draws from the front); the file, like every scenario
#: file, writes the top card last (discard piles are kept top last by the engine too)
ORDERED = frozenset({DECK, QUEST_DECK, ENCOUNTER_DECK})
#: zones whose cards are in play, where a card may carry tokens and attachments
IN_PLAY_KEYS = ("play", "engaged", "quest", "staging", "active")
#: the cards that may be attached to another (an objective once claimed, a treachery that says so)
ATTACHABLE = ("attachment", "treachery", "objective")
#: the zones an encounter card may be in on a player's side
ENCOUNTER_PLAYER_ZONES = ("play", "engaged")

TOP_KEYS = ("title", "description", "cite", "game", "players", "shared", "do", "expect")
GAME_KEYS = ("family", "players", "seed", "round", "phase", "first_player", "cards")
PLAYER_KEYS = (*PLAYER_ZONE_KEYS, "threat")
SHARED_KEYS = tuple(SHARED_ZONE_KEYS)
#: what a card's table may say of it
CARD_KEYS = ("name", "count", "damage", "progress", "resources", "exhausted", "committed", "attached", "shadow")
TOKENS = ("damage", "progress", "resources")
#: the phases a file may start in: one of the round's, or just after setup
START_PHASES = ("setup done", *PHASES)

ACTIONS = ("play", "use", "window", "run_phase", "run_round", "reveal", "damage", "progress", "destroy")
STEP_KEYS = (*ACTIONS, "player", "to", "amount", "choices")
#: actions that name a card, and whether they take an amount
CARD_ACTIONS = {"play": False, "use": False, "damage": True, "progress": True, "destroy": False}

EXPECT_KEYS = ("phase", "round", "first_player", "game_over", "reason", *LOG_KEYS, *OFFER_KEYS)
EXPECT_TABLES = ("players", "shared", "cards")
EXPECT_PLAYER_KEYS = (
    *(k + s for k in PLAYER_ZONE_KEYS for s in ZONE_SUFFIXES),
    "threat",
    "eliminated",
    *OFFER_KEYS,
)
EXPECT_SHARED_KEYS = tuple(k + s for k in SHARED_VIEW_KEYS for s in ZONE_SUFFIXES)
EXPECT_CARD_KEYS = ("zone", "controller", *TOKENS, "exhausted", "committed", "attached", "attached_to", "in_play")


# ---------------------------------------------------------------------- the parsed file
@attrs.frozen(slots=True)
class Placed:
    """One card instance as the file writes it: where it starts and in what state."""

    name: str
    zone: str
    #: the player whose zone it is in (-1: a shared zone)
    seat: int
    damage: int = 0
    progress: int = 0
    resources: int | None = None
    exhausted: bool = False
    committed: bool = False
    #: the index of the card it is attached to (or, for a shadow card, dealt to), else -1
    host: int = -1


@attrs.frozen(slots=True)
class Step:
    number: int
    action: str
    card: str = ""
    player: int = 0
    #: a card to attach to (``play``), a phase (``run_phase``), a window's name (``window``)
    target: str = ""
    amount: int = 0
    choices: tuple[Answer, ...] = ()

    @property
    def label(self) -> str:
        text = self.action
        if self.card:
            text += " " + self.card
        if self.target:
            text += (" to " if self.action == "play" else " ") + self.target
        if self.amount:
            text += f" {self.amount}"
        return text + f" (player {self.player + 1})"


@attrs.frozen(slots=True)
class LcgScenario:
    path: str
    title: str
    description: str
    cite: str
    records: Mapping[str, LcgCard] = attrs.field(repr=False)
    #: every card name the file may write (the loaded Card Game cards), for the expectations
    names: tuple[str, ...] = attrs.field(repr=False)
    players: int
    seed: int
    round: int
    phase: str
    first_player: int
    threat: tuple[int, ...]
    placed: tuple[Placed, ...]
    steps: tuple[Step, ...]
    expect: Mapping[str, Any]


def is_lcg(data: Mapping[str, Any]) -> bool:
    """Whether a parsed scenario file is one of the Card Game (``[game] family = "lcg"``)."""
    game = data.get("game")
    return isinstance(game, dict) and game.get("family") == FAMILY


class _Reader(Reader):
    """The shared reader, with card names looked up among the Card Game's cards."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.records: Records | None = None
        self._folded: dict[str, str] = {}

    def use(self, catalogue: Catalogue) -> None:
        self.records = Records(catalogue)
        self.know(self.records.cards)

    def know(self, names: Iterable[str]) -> None:
        """Card names the file may write (in any case, with or without accents)."""
        for name in names:
            self._folded.setdefault(fold(name), name)

    def card_name(self, text: str, where: str) -> str:
        if self.records is not None and text in self.records.cards:
            return text
        found = self._folded.get(fold(text))
        if found is not None:
            return found
        raise self.suggest(text, where, self._folded.values())

    def record(self, name: str, where: str) -> LcgCard:
        assert self.records is not None
        try:
            return self.records.get(name)
        except UserError as error:
            raise self.fail(where, f"'{name}' cannot be played: {error}") from None


def load_scenario(
    path: Path | str, *, extra_cards: Sequence[Path] = (), catalogue: Catalogue | None = None
) -> LcgScenario:
    """Read and check a Card Game scenario file; a :class:`ScenarioError` says what is wrong."""
    path = Path(path)
    return scenario_from_data(
        read_toml(path), str(path), base=path.parent, extra_cards=extra_cards, catalogue=catalogue
    )


def scenario_from_text(text: str, name: str = "<scenario>", *, catalogue: Catalogue | None = None) -> LcgScenario:
    return scenario_from_data(parse_toml(text, name), name, base=Path.cwd(), catalogue=catalogue)


def scenario_from_data(
    data: Mapping[str, Any],
    where: str,
    *,
    base: Path,
    extra_cards: Sequence[Path] = (),
    catalogue: Catalogue | None = None,
) -> LcgScenario:
    reader = _Reader(where)
    reader.keys(data, TOP_KEYS, "the file")
    game = reader.table(data.get("game", {}), "[game]")
    reader.keys(game, GAME_KEYS, "[game]")
    if game.get("family") != FAMILY:
        raise reader.fail("game.family", f'a Card Game scenario file says family = "{FAMILY}"')

    folders = list(extra_cards)
    if "cards" in game:
        for text in reader.strings(game["cards"], "game.cards"):
            folder = (base / text).resolve()
            if not folder.is_dir():
                raise reader.fail("game.cards", f"'{text}' is not a folder (looked for {folder})")
            folders.append(folder)
    if catalogue is None or folders:
        try:
            catalogue = load_sets(tuple(folders), vocabulary=vocabulary_for(FAMILY))
        except UserError as error:
            raise ScenarioError(where, "loading the card sets", str(error)) from None
    reader.use(catalogue)

    player_tables = reader.table(data.get("players", {}), "[players]")
    numbers: list[int] = []
    for key in player_tables:
        if not key.isdigit() or not 1 <= int(key) <= 4:
            raise reader.fail(f"[players.{key}]", "players are numbered 1 to 4")
        numbers.append(int(key))
    players = max(numbers, default=1)
    if "players" in game:
        players = reader.integer(game["players"], "game.players", 1, 4)
        if numbers and max(numbers) > players:
            raise reader.fail(f"[players.{max(numbers)}]", f"the game has only {players} players")

    placed: list[Placed] = []
    threat = [0] * players
    for key in sorted(player_tables, key=int):
        seat = int(key) - 1
        at = f"[players.{key}]"
        table = reader.table(player_tables[key], at)
        reader.keys(table, PLAYER_KEYS, at)
        threat[seat] = reader.integer(table.get("threat", 0), f"players.{key}.threat", 0, SCRIPT_NUMBER_MAX)
        for zone_key, zone in PLAYER_ZONE_KEYS.items():
            if zone_key in table:
                _read_zone(reader, table[zone_key], f"players.{key}.{zone_key}", zone_key, zone, seat, placed)

    shared = reader.table(data.get("shared", {}), "[shared]")
    reader.keys(shared, SHARED_KEYS, "[shared]")
    for zone_key, zone in SHARED_ZONE_KEYS.items():
        if zone_key in shared:
            _read_zone(reader, shared[zone_key], f"shared.{zone_key}", zone_key, zone, -1, placed)
    for zone_key in ("quest", "active"):
        count = sum(1 for p in placed if p.zone == SHARED_ZONE_KEYS[zone_key] and p.host < 0)
        if count > 1:
            raise reader.fail(f"shared.{zone_key}", f"holds one card at most, not {count}")

    phase = reader.string(game.get("phase", "planning"), "game.phase")
    if phase not in START_PHASES:
        close = difflib.get_close_matches(phase, list(START_PHASES), n=1)
        hint = f"did you mean '{close[0]}'?" if close else "phases: " + ", ".join(START_PHASES)
        raise reader.fail("game.phase", f"unknown phase '{phase}'", hint)

    records = {p.name: reader.record(p.name, "the cards") for p in placed}
    expect = reader.table(data.get("expect", {}), "[expect]")
    _check_expect(reader, expect, players)
    return LcgScenario(
        path=where,
        title=reader.string(data.get("title", ""), "title"),
        description=reader.string(data.get("description", ""), "description"),
        cite=reader.string(data.get("cite", ""), "cite"),
        records=records,
        names=tuple(reader.records.cards) if reader.records is not None else (),
        players=players,
        seed=reader.integer(game.get("seed", 1), "game.seed", 0, 2**63 - 1),
        round=reader.integer(game.get("round", 1), "game.round", 0, ROUND_GUARD),
        phase=phase,
        first_player=reader.player_number(game.get("first_player", 1), "game.first_player", players),
        threat=tuple(threat),
        placed=tuple(placed),
        steps=_read_steps(reader, data.get("do", []), players),
        expect=expect,
    )


def _read_zone(
    reader: _Reader,
    value: object,
    where: str,
    zone_key: str,
    zone: str,
    seat: int,
    placed: list[Placed],
    host: int = -1,
) -> None:
    """The cards of a zone (or attached to a card), each with what its table says of it."""
    items: list[object] = list(value) if isinstance(value, list) else [value]
    if not isinstance(value, (list, str, dict)):
        raise reader.fail(where, f"must be a list of cards, not {kind_of(value)}")
    written: list[tuple[int, object, str]] = []
    for position, item in enumerate(items, 1):
        at = f"{where}[{position}]"
        if isinstance(item, str):
            text, count = split_count(item)
            if not 0 <= count <= MAX_COPIES_PER_GAME:
                raise reader.fail(at, f"'{text}': a count after '*' must be a whole number, 0 to {MAX_COPIES_PER_GAME}")
            written.append((count, {"name": text}, at))
        elif isinstance(item, dict):
            reader.keys(item, CARD_KEYS, at)
            if "name" not in item:
                raise reader.fail(at, "a card table needs a 'name'")
            count = reader.integer(item.get("count", 1), f"{at}.count", 0, MAX_COPIES_PER_GAME)
            written.append((count, item, at))
        else:
            raise reader.fail(at, f"must be a card name or a card table, not {kind_of(item)}")
    for count, item, at in written:
        assert isinstance(item, dict)
        reader.copies += count
        if reader.copies > MAX_COPIES_PER_GAME:
            raise reader.fail(at, f"the scenario names more than {MAX_COPIES_PER_GAME} card copies in all")
        name = reader.card_name(reader.string(item["name"], f"{at}.name"), at)
        record = reader.record(name, at)
        _check_place(reader, record, zone_key, seat, host, at)
        stated = [key for key in (*TOKENS, "exhausted", "committed", "attached", "shadow") if key in item]
        if stated and zone_key == "shadows":
            raise reader.fail(f"{at}.{stated[0]}", f"a shadow card, face down, has no '{stated[0]}'")
        if stated and zone_key not in IN_PLAY_KEYS and host < 0:
            raise reader.fail(f"{at}.{stated[0]}", f"only a card in play has '{stated[0]}' ({zone_key} is not in play)")
        for _ in range(count):
            card = Placed(
                name=name,
                zone=zone,
                seat=seat,
                damage=reader.integer(item.get("damage", 0), f"{at}.damage", 0, SCRIPT_NUMBER_MAX),
                progress=reader.integer(item.get("progress", 0), f"{at}.progress", 0, SCRIPT_NUMBER_MAX),
                resources=(
                    reader.integer(item["resources"], f"{at}.resources", 0, SCRIPT_NUMBER_MAX)
                    if "resources" in item
                    else None
                ),
                exhausted=reader.boolean(item.get("exhausted", False), f"{at}.exhausted"),
                committed=reader.boolean(item.get("committed", False), f"{at}.committed"),
                host=host,
            )
            placed.append(card)
            index = len(placed) - 1
            if "attached" in item:
                # attachments stay in the play area of the host's controller (an encounter card's
                # host: the first player's, as the engine attaches them)
                _read_zone(reader, item["attached"], f"{at}.attached", "play", PLAY, seat, placed, index)
            if "shadow" in item:
                if record.type != "enemy":
                    raise reader.fail(f"{at}.shadow", f"only an enemy is dealt shadow cards, not a {record.type}")
                _read_zone(reader, item["shadow"], f"{at}.shadow", "shadows", SHADOWS, -1, placed, index)


def _check_place(reader: _Reader, record: LcgCard, zone_key: str, seat: int, host: int, at: str) -> None:
    """Refuse a card where the rules never put it (a quest card in a hand, a hero in the staging
    area): such a table would test something no game can reach."""
    kind = record.type
    if kind == "quest":
        if zone_key not in ("quest", "quest_deck", "completed_quests") or host >= 0:
            raise reader.fail(at, f"'{record.name}' is a quest card: it goes in quest, quest_deck or completed_quests")
        return
    if zone_key in ("quest", "quest_deck", "completed_quests") and host < 0:
        raise reader.fail(at, f"'{record.name}' is not a quest card ({kind})")
    encounter = kind in ENCOUNTER_TYPES
    if seat >= 0 and encounter and zone_key not in ENCOUNTER_PLAYER_ZONES and zone_key != "shadows":
        raise reader.fail(at, f"'{record.name}' is an encounter card: on a player's side it is engaged or attached")
    if seat < 0 and not encounter and host < 0 and zone_key != "shadows":
        raise reader.fail(at, f"'{record.name}' is a player card ({kind}): it belongs in a [players.N] zone")
    if zone_key == "engaged" and host < 0 and kind != "enemy":
        raise reader.fail(at, f"only enemies are engaged, and '{record.name}' is a {kind}")
    if host >= 0 and zone_key == "play" and kind not in ATTACHABLE:
        raise reader.fail(at, f"'{record.name}' ({kind}) cannot be attached to a card")


def _read_steps(reader: _Reader, value: object, players: int) -> tuple[Step, ...]:
    if not isinstance(value, list):
        raise reader.fail("do", "must be a list of steps ([[do]] tables)")
    steps: list[Step] = []
    for number, raw in enumerate(value, 1):
        at = f"do[{number}]"
        table = reader.table(raw, at)
        reader.keys(table, STEP_KEYS, at)
        actions = [key for key in ACTIONS if key in table]
        if len(actions) != 1:
            found = ", ".join(actions) if actions else "none"
            raise reader.fail(at, f"a step does exactly one of {', '.join(ACTIONS)} (this one: {found})")
        action = actions[0]
        value = table[action]
        player = reader.player_number(table.get("player", 1), f"{at}.player", players)
        card = target = ""
        amount = 0
        if action in CARD_ACTIONS:
            card = reader.card_name(reader.string(value, f"{at}.{action}"), f"{at}.{action}")
            if CARD_ACTIONS[action]:
                if "amount" not in table:
                    raise reader.fail(at, f"'{action}' needs an 'amount'")
                amount = reader.integer(table["amount"], f"{at}.amount", 1, SCRIPT_NUMBER_MAX)
        elif action == "run_phase":
            target = reader.string(value, f"{at}.run_phase")
            if target not in PHASES:
                close = difflib.get_close_matches(target, list(PHASES), n=1)
                hint = f"did you mean '{close[0]}'?" if close else "phases: " + ", ".join(PHASES)
                raise reader.fail(f"{at}.run_phase", f"unknown phase '{target}'", hint)
        elif action == "window":
            target = reader.string(value, f"{at}.window")
        elif action == "reveal":
            amount = reader.integer(value, f"{at}.reveal", 1, MAX_COPIES_PER_GAME)
        elif value is not True:
            raise reader.fail(f"{at}.{action}", "must be true")
        if "to" in table:
            if action != "play":
                raise reader.fail(f"{at}.to", f"'{action}' takes no 'to'", "only play takes a card to attach to")
            target = reader.card_name(reader.string(table["to"], f"{at}.to"), f"{at}.to")
        if "amount" in table and not CARD_ACTIONS.get(action):
            raise reader.fail(f"{at}.amount", f"'{action}' takes no 'amount'")
        choices = read_choices(reader, table.get("choices", []), f"{at}.choices", players)
        steps.append(Step(number, action, card, player, target, amount, choices))
    return tuple(steps)


def _check_expect(reader: _Reader, expect: Mapping[str, Any], players: int) -> None:
    """The expectations' shape and card names, checked now: a typo is a bad file, not a failure."""
    reader.keys(expect, (*EXPECT_KEYS, *EXPECT_TABLES), "[expect]")
    for key in ("round", "first_player"):
        if key in expect:
            reader.integer(expect[key], f"expect.{key}")
    if "game_over" in expect:
        reader.boolean(expect["game_over"], "expect.game_over")
    for key in ("phase", "reason"):
        if key in expect:
            reader.string(expect[key], f"expect.{key}")
    for key in (*LOG_KEYS, *OFFER_KEYS):
        if key in expect:
            reader.strings(expect[key], f"expect.{key}")
    for number, table in reader.table(expect.get("players", {}), "[expect.players]").items():
        at = f"[expect.players.{number}]"
        if not number.isdigit() or not 1 <= int(number) <= players:
            raise reader.fail(at, f"the game has players 1 to {players}")
        table = reader.table(table, at)
        reader.keys(table, EXPECT_PLAYER_KEYS, at)
        for key, value in table.items():
            where = f"expect.players.{number}.{key}"
            if key == "threat":
                reader.integer(value, where)
            elif key == "eliminated":
                reader.boolean(value, where)
            elif key in OFFER_KEYS:
                reader.strings(value, where)
            else:
                _zone_value(reader, value, where)
    shared = reader.table(expect.get("shared", {}), "[expect.shared]")
    reader.keys(shared, EXPECT_SHARED_KEYS, "[expect.shared]")
    for key, value in shared.items():
        _zone_value(reader, value, f"expect.shared.{key}")
    for name, table in reader.table(expect.get("cards", {}), "[expect.cards]").items():
        at = f"[expect.cards.{name}]"
        reader.card_name(name, at)
        table = reader.table(table, at)
        reader.keys(table, EXPECT_CARD_KEYS, at)
        for key, value in table.items():
            where = f"expect.cards.{name}.{key}"
            if key in TOKENS:
                reader.integer(value, where, 0)
            elif key in ("exhausted", "committed", "in_play"):
                reader.boolean(value, where)
            elif key == "zone":
                zone = reader.string(value, where)
                if zone not in ZONE_KEYS:
                    close = difflib.get_close_matches(zone, list(ZONE_KEYS), n=1)
                    raise reader.fail(where, f"unknown zone '{zone}'", f"did you mean '{close[0]}'?" if close else None)
            elif key == "controller":
                reader.integer(value, where, 0, players)
            elif key == "attached_to":
                reader.card_name(reader.string(value, where), where)
            else:
                _zone_value(reader, value, where)


def _zone_value(reader: _Reader, value: object, where: str) -> None:
    if isinstance(value, int) and not isinstance(value, bool):
        reader.integer(value, where, 0)
        return
    reader.cards(value, where)


# ---------------------------------------------------------------------- building the game
class _Config(LcgConfig):
    """A table written by hand: any cards, in any number, wherever the file puts them."""

    def check(self) -> None:
        if not 1 <= len(self.players) <= 4:
            raise ConfigError("the LCG is for 1 to 4 players")


class ScenarioGame(LcgGame):
    """The engine's game, unchanged, except that its setup lays out the file's table."""

    def __init__(self, layout: LcgScenario, config: LcgConfig, agents: Sequence[Agent]) -> None:
        #: the file's table, which setup lays out (set first: the engine's constructor sets up)
        self.layout = layout
        super().__init__(config, agents)

    def _setup(self) -> None:
        layout = self.layout
        state = self.state
        state.first_player = layout.first_player
        state.turn = layout.round
        state.phase = layout.phase
        state.threat = list(layout.threat)
        instance = _instances(layout)
        for index, card in enumerate(layout.placed):
            me = instance[index]
            seat = card.seat
            if card.host >= 0:
                host = instance[card.host]
                if card.zone == SHADOWS:
                    state.shadow_of[me] = host
                else:
                    state.attached_to[me] = host
                    seat = _holder(layout, card.host)
            self.z(card.zone, seat).append(me)
            if card.damage:
                state.damage[me] = card.damage
            if card.progress or card.zone in (QUEST, ACTIVE):
                state.progress[me] = card.progress
            if card.resources is not None:
                state.resources[me] = card.resources
            elif self.records[me].type == "hero" and card.zone == PLAY:
                state.resources[me] = 0  # a hero in play has a resource pool, empty or not
            if card.exhausted:
                state.exhausted.add(me)
            if card.committed:
                state.committed.add(me)
        for zone in ORDERED:
            # the file writes the top card last; the engine keeps it first
            for key, cards in state.zones.items():
                if key[0] == zone:
                    cards.reverse()


def _holder(layout: LcgScenario, index: int) -> int:
    """The play area an attachment is in: its host's player's, or the first player's for a card
    on the encounter side (as the engine attaches to enemies and locations)."""
    host = layout.placed[index]
    while host.host >= 0 and host.zone == PLAY:
        host = layout.placed[host.host]
    return host.seat if host.seat >= 0 else layout.first_player


def _owner(layout: LcgScenario, index: int) -> int:
    """Who owns the card: the player whose table names it, for a player card (an attachment:
    its host's player); -1 for encounter and quest cards."""
    card = layout.placed[index]
    record = layout.records[card.name]
    if record.type in ENCOUNTER_TYPES or record.type == "quest":
        return -1
    return card.seat if card.host < 0 else _holder(layout, card.host)


def _instances(layout: LcgScenario) -> list[int]:
    """Each placed card's instance number, in the order the engine makes them: each player's
    cards, then quest cards, then encounter cards (see :class:`LcgGame`)."""
    order: list[tuple[int, int, int]] = []
    for index, card in enumerate(layout.placed):
        owner = _owner(layout, index)
        kind = layout.records[card.name].type
        group = owner if owner >= 0 else (layout.players if kind == "quest" else layout.players + 1)
        order.append((group, index, index))
    out = [0] * len(layout.placed)
    for instance, (_group, _position, index) in enumerate(sorted(order)):
        out[index] = instance
    return out


def build_game(scenario: LcgScenario, agent: Agent | None = None) -> ScenarioGame:
    """The file's table as a game: one instance per card named, every other zone empty."""
    decks: list[list[LcgCard]] = [[] for _ in range(scenario.players)]
    quest: list[LcgCard] = []
    encounter: list[LcgCard] = []
    instance = _instances(scenario)
    for index, card in sorted(enumerate(scenario.placed), key=lambda pair: instance[pair[0]]):
        record = scenario.records[card.name]
        owner = _owner(scenario, index)
        if owner >= 0:
            decks[owner].append(record)
        elif record.type == "quest":
            quest.append(record)
        else:
            # one instance each: the engine makes ``copies`` of an encounter record
            encounter.append(attrs.evolve(record, copies=1))
    config = _Config(
        scenario=QuestScenario(scenario.title or "scenario", tuple(quest), tuple(encounter)),
        players=tuple(PlayerDeck((), tuple(deck)) for deck in decks),
        seed=scenario.seed,
        first_player=scenario.first_player,
        mulligan=False,
    )
    seat: Agent = agent if agent is not None else ScriptedAgent()
    try:
        return ScenarioGame(scenario, config, [seat] * scenario.players)
    except UserError as error:
        raise ScenarioError(scenario.path, "setting up the table", str(error)) from None


# ---------------------------------------------------------------------- running
def run_scenario(
    path: Path | str, *, extra_cards: Sequence[Path] = (), catalogue: Catalogue | None = None
) -> ScenarioResult:
    """Load, run and check a Card Game scenario file. Raises :class:`ScenarioError` for a bad file."""
    return run(load_scenario(path, extra_cards=extra_cards, catalogue=catalogue))


def run_scenario_text(text: str, name: str = "<scenario>", *, catalogue: Catalogue | None = None) -> ScenarioResult:
    return run(scenario_from_text(text, name, catalogue=catalogue))


def run(scenario: LcgScenario) -> ScenarioResult:
    agent = ScriptedAgent()
    game = build_game(scenario, agent)
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
        except GameOver:
            pass
        except StepFailed as failed:
            failures.append(f"step {step.number} ({step.label}): {failed}")
            completed = False
        except UserError as error:
            failures.append(f"step {step.number} ({step.label}): the engine stopped: {error}")
            completed = False
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
    log = tuple(lcg_log.lines(game.state.log))
    checks: list[Check] = [_conservation(game)]
    if completed:
        checks.extend(_evaluate(game, scenario, log))
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


def _perform(game: ScenarioGame, step: Step) -> None:
    action = step.action
    player = step.player
    if action == "play":
        _play(game, player, step.card, step.target)
    elif action == "use":
        options = triggers.action_options(game, player) if triggers.has_actions(game) else []
        chosen = [cast(tuple[str, int, int], o.value) for o in options]
        chosen = [value for value in chosen if game.card_name(value[1]) == step.card]
        if not chosen:
            shown = ", ".join(o.label for o in options) or "none"
            raise StepFailed(f"player {player + 1} is offered no action of {step.card}; the actions offered: {shown}")
        game.begin_action()
        triggers.use_action(game, player, chosen[0][1], chosen[0][2])
    elif action == "window":
        game.action_window(step.target)
    elif action == "run_phase":
        game.run_phase(step.target)
    elif action == "run_round":
        game.play_round()
    elif action == "reveal":
        game.begin_action()
        for _ in range(step.amount):
            game.reveal_encounter(player)
    else:
        card = _in_play(game, step.card)
        game.begin_action()
        if action == "damage":
            game.deal_damage(card, step.amount)
        elif action == "progress":
            game.progress_on(card, step.amount)
        else:
            game.destroy(card)
        game.check_lethal()


def _play(game: ScenarioGame, player: int, name: str, host: str) -> None:
    """Play a card from hand exactly as the engine does, if it offers it now."""
    options = game.playable(player, planning=game.state.phase == "planning")
    for option in options:
        card, target = cast(tuple[int, int], option.value)
        if game.card_name(card) == name and (not host or (target >= 0 and game.card_name(target) == host)):
            game.begin_action()
            game.play(player, card, target)
            return
    hand = [game.card_name(c) for c in game.z(HAND, player)]
    if name not in hand:
        raise StepFailed(f"player {player + 1} has no {name} in hand; the hand holds {_show(hand)}")
    offered = ", ".join(o.label for o in options) or "nothing"
    raise StepFailed(f"the engine does not offer to play {name} now; it offers: {offered}")


def _in_play(game: LcgGame, name: str) -> int:
    for card in _named(game, name):
        if game.locate(card)[0] in (PLAY, ENGAGED, STAGING, ACTIVE, QUEST):
            return card
    raise StepFailed(f"there is no {name} in play")


def _named(game: LcgGame, name: str) -> list[int]:
    return [c for c in range(len(game.records)) if game.card_name(c) == name]


def _show(names: Sequence[str]) -> str:
    return "[" + ", ".join(compress(sorted(names))) + "]" if names else "nothing"


# ---------------------------------------------------------------------- the resulting state
def _zone_names(game: LcgGame, zone: str, seat: int) -> list[str]:
    """A zone's card names, bottom first as the file writes them."""
    names = [game.card_name(c) for c in game.z(zone, seat)]
    return names[::-1] if zone in ORDERED else names


def _card_state(game: LcgGame, card: int) -> dict[str, Any]:
    state = game.state
    out: dict[str, Any] = {}
    for key, tokens in (("damage", state.damage), ("progress", state.progress), ("resources", state.resources)):
        if tokens.get(card):
            out[key] = tokens[card]
    if card in state.exhausted:
        out["exhausted"] = True
    if card in state.committed:
        out["committed"] = True
    attached = [game.card_name(a) for a in game.attachments(card)]
    if attached:
        out["attached"] = compress(attached)
    return out


def state_view(game: LcgGame) -> dict[str, Any]:
    """The state as JSON-able data, in the file's own terms: zones bottom first, players from 1,
    and the tokens and attachments of each card in play that has any."""
    state = game.state
    players: dict[str, Any] = {}
    for seat in range(state.num_players):
        view: dict[str, Any] = {"threat": state.threat[seat], "eliminated": state.eliminated[seat]}
        for key, zone in PLAYER_ZONE_KEYS.items():
            view[key] = compress(_zone_names(game, zone, seat))
        players[str(seat + 1)] = view
    shared = {key: compress(_zone_names(game, zone, -1)) for key, zone in SHARED_VIEW_KEYS.items()}
    cards: dict[str, Any] = {}
    for key in IN_PLAY_KEYS:
        zone = ZONE_KEYS[key]
        seats = range(state.num_players) if key in PLAYER_ZONE_KEYS else (-1,)
        for seat in seats:
            for card in game.z(zone, seat):
                facts = _card_state(game, card)
                if facts:
                    label = game.card_name(card)
                    number = 2
                    while label in cards:
                        label, number = f"{game.card_name(card)} #{number}", number + 1
                    cards[label] = facts
    result = dict(state.result)
    return {
        "game": {
            "players": state.num_players,
            "round": state.turn,
            "phase": state.phase,
            "first_player": state.first_player + 1,
            "game_over": state.finished,
            "result": result,
        },
        "players": players,
        "shared": shared,
        "cards": cards,
    }


# ---------------------------------------------------------------------- checking expectations
def _conservation(game: LcgGame) -> Check:
    seen = Counter(c for cards in game.state.zones.values() for c in cards)
    twice = sorted({game.card_name(c) for c, n in seen.items() if n > 1})
    lost = sorted({game.card_name(c) for c in range(len(game.records)) if c not in seen})
    label = "every card is in exactly one place"
    if twice or lost:
        parts = [
            f"in two places at once: {', '.join(twice)}" if twice else "",
            f"lost: {', '.join(lost)}" if lost else "",
        ]
        return Check(label, False, "; ".join(p for p in parts if p))
    return Check(label, True)


def offered(game: LcgGame, player: int) -> list[str]:
    """What the player would be offered in an action window now (in the planning phase, the
    allies and attachments they may play too)."""
    if game.state.finished or game.state.eliminated[player]:
        return []
    options: list[Option] = game.playable(player, planning=game.state.phase == "planning")
    if triggers.has_actions(game):
        options += triggers.action_options(game, player)
    return [o.label for o in options]


def _evaluate(game: LcgGame, scenario: LcgScenario, log: Sequence[str]) -> list[Check]:
    expect = scenario.expect
    reader = _Reader(scenario.path)
    reader.know(scenario.names)
    state = game.state
    checks: list[Check] = []

    def same(label: str, expected: object, actual: object) -> None:
        ok = expected == actual
        checks.append(Check(f"{label} is {text_of(expected)}", ok, "" if ok else f"it is {text_of(actual)}"))

    if "phase" in expect:
        same("the phase", expect["phase"], state.phase)
    if "round" in expect:
        same("the round", expect["round"], state.turn)
    if "first_player" in expect:
        same("the first player", expect["first_player"], state.first_player + 1)
    if "game_over" in expect:
        same("game_over", expect["game_over"], state.finished)
    if "reason" in expect:
        same("the game's end reason", expect["reason"], state.result.get("reason", "(the game has not ended)"))
    checks.extend(log_checks(reader, expect, log))
    if any(key in expect for key in OFFER_KEYS):
        checks.extend(offer_checks(reader, expect, offered(game, state.first_player)))
    for number, table in expect.get("players", {}).items():
        seat = int(number) - 1
        for key, value in table.items():
            label = f"players.{number}.{key}"
            if key == "threat":
                same(label, value, state.threat[seat])
            elif key == "eliminated":
                same(label, value, state.eliminated[seat])
            elif key in OFFER_KEYS:
                for check in offer_checks(reader, {key: value}, offered(game, seat)):
                    checks.append(attrs.evolve(check, label=f"to player {number}, {check.label}"))
            else:
                zone_key, suffix = split_suffix(key)
                names = _zone_names(game, PLAYER_ZONE_KEYS[zone_key], seat)
                checks.append(zone_check(reader, f"players.{number}.{zone_key}", suffix, value, names))
    for key, value in expect.get("shared", {}).items():
        zone_key, suffix = split_suffix(key)
        names = _zone_names(game, SHARED_VIEW_KEYS[zone_key], -1)
        checks.append(zone_check(reader, f"shared.{zone_key}", suffix, value, names))
    for text, table in expect.get("cards", {}).items():
        checks.extend(_card_checks(game, reader, reader.card_name(text, ""), table))
    return checks


def _card_checks(game: LcgGame, reader: _Reader, name: str, table: Mapping[str, Any]) -> list[Check]:
    """Checks of one named card: the first copy in play, else the first copy anywhere."""
    named = _named(game, name)
    if not named:
        return [
            Check(f"{name}: {key} is {text_of(value)}", False, "it is not in the game") for key, value in table.items()
        ]
    in_play = [c for c in named if game.locate(c)[0] in (PLAY, ENGAGED, STAGING, ACTIVE, QUEST)]
    card = (in_play or named)[0]
    where, seat = game.locate(card)
    state = game.state
    checks: list[Check] = []

    def same(key: str, expected: object, actual: object) -> None:
        ok = expected == actual
        label = f"{name}: {key} is {text_of(expected)}"
        checks.append(Check(label, ok, "" if ok else f"it is {text_of(actual)}"))

    for key, value in table.items():
        if key == "zone":
            same(key, value, KEY_OF_ZONE.get(where, where))
        elif key == "controller":
            same(key, value, seat + 1 if seat >= 0 else 0)
        elif key == "in_play":
            same(key, value, bool(in_play))
        elif key == "damage":
            same(key, value, state.damage.get(card, 0))
        elif key == "progress":
            same(key, value, state.progress.get(card, 0))
        elif key == "resources":
            same(key, value, state.resources.get(card, 0))
        elif key == "exhausted":
            same(key, value, card in state.exhausted)
        elif key == "committed":
            same(key, value, card in state.committed)
        elif key == "attached_to":
            host = state.attached_to.get(card, -1)
            same(key, reader.card_name(value, ""), game.card_name(host) if host >= 0 else "nothing")
        else:  # attached
            attached = [game.card_name(a) for a in game.attachments(card)]
            checks.append(zone_check(reader, f"{name}: attached", "", value, attached))
    return checks


# ---------------------------------------------------------------------- the readable report
def render_report(result: ScenarioResult, *, show_log: bool = True) -> list[str]:
    """What ``lotr-rules scenario`` prints for a Card Game file without ``--json``."""
    lines = [f"scenario {result.path}" + (f": {result.title}" if result.title else "")]
    state = result.state
    if show_log and result.log:
        lines.append("log:")
        lines.extend("  " + line for line in result.log)
    game = state["game"]
    status = (
        f"game over ({game['result'].get('reason', '')})"
        if game["game_over"]
        else f"round {game['round']}, {game['phase']} phase, player {game['first_player']} is the first player"
    )
    lines.append(f"state after {result.steps_run} of {result.steps_total} step(s): {status}")
    for number, view in state["players"].items():
        parts = [f"{key} [{', '.join(view[key])}]" for key in PLAYER_ZONE_KEYS if view[key]]
        out = " (eliminated)" if view["eliminated"] else ""
        lines.append(f"  player {number}{out}, threat {view['threat']}: " + ("; ".join(parts) or "no cards"))
    shared = state["shared"]
    parts = [f"{key} [{', '.join(shared[key])}]" for key in SHARED_VIEW_KEYS if shared.get(key)]
    lines.append("  shared: " + ("; ".join(parts) or "no cards"))
    for name, facts in state["cards"].items():
        said = [f"{key} {value}" for key, value in facts.items() if key in TOKENS]
        said += [key for key in ("exhausted", "committed") if facts.get(key)]
        if "attached" in facts:
            said.append("with " + ", ".join(facts["attached"]))
        lines.append(f"  {name}: " + ", ".join(said))
    lines.extend(check_lines(result))
    return lines


__all__ = [
    "LcgScenario",
    "ScenarioGame",
    "build_game",
    "is_lcg",
    "load_scenario",
    "offered",
    "render_report",
    "run",
    "run_scenario",
    "run_scenario_text",
    "scenario_from_text",
    "state_view",
]
