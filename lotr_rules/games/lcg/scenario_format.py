"""Reading the Card Game's scenario files: the format's keys and zones, each card where the
file puts it and in what state, the steps and the expectations, every value checked with the file
and the key in each error (see :mod:`lotr_rules.games.lcg.scenario`, which runs them)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.errors import UserError
from lotr_rules.games import vocabulary_for
from lotr_rules.games.lcg.files import FAMILY, Records
from lotr_rules.games.lcg.game import PHASES, ROUND_GUARD
from lotr_rules.games.lcg.record import ENCOUNTER_TYPES, LcgCard
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
    Reader,
    ScenarioError,
    fold,
    kind_of,
    parse_toml,
    read_choices,
    read_toml,
    split_count,
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

ACTIONS = (
    "play",
    "use",
    "window",
    "run_phase",
    "run_round",
    "reveal",
    "damage",
    "progress",
    "destroy",
    "advance_quest",
)
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


class LcgReader(Reader):
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
    reader = LcgReader(where)
    reader.keys(data, TOP_KEYS, "the file")
    game = reader.table(data.get("game", {}), "[game]")
    reader.keys(game, GAME_KEYS, "[game]")
    if game.get("family") != FAMILY:
        raise reader.fail("game.family", f'a Card Game scenario file says family = "{FAMILY}"')

    folders = [*extra_cards, *reader.card_folders(game.get("cards", []), base)]
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
    reader: LcgReader,
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


def _check_place(reader: LcgReader, record: LcgCard, zone_key: str, seat: int, host: int, at: str) -> None:
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


def _read_steps(reader: LcgReader, value: object, players: int) -> tuple[Step, ...]:
    steps: list[Step] = []
    for number, table, action in reader.step_tables(value, STEP_KEYS, ACTIONS):
        at = f"do[{number}]"
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


def _check_expect(reader: LcgReader, expect: Mapping[str, Any], players: int) -> None:
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
    for key, value, where in reader.expected_players(expect, players, EXPECT_PLAYER_KEYS):
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


def _zone_value(reader: LcgReader, value: object, where: str) -> None:
    if isinstance(value, int) and not isinstance(value, bool):
        reader.integer(value, where, 0)
        return
    reader.cards(value, where)
