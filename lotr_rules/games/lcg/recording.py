"""LCG game records and save files: a game is its scenario, its decks, its seed and its choices.

A record (``lotr-rules game --game lcg --record FILE``) and a save (``lotr-rules play --game lcg``)
are the same JSON document; a save also says who plays each seat. It holds the decks' contents
(heroes and cards by name), not the deck files' paths, so it replays wherever the cards are, and
the digest of every card script the game used, so that a record made with other versions of the
cards is refused rather than replayed into another game. The state's digest at the end is the
check that a replay reached the very game recorded. It says the mode the scenario was played in
(``normal`` or ``easy``); a record written before modes existed says none and is a normal game.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from lotr_rules import __version__
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.datafiles import DataFileError, read_json, shown_path
from lotr_rules.engine.decisions import Agent, DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.errors import ConfigError, IllegalChoiceError, RecordError, UserError
from lotr_rules.games.lcg.files import Records, find_scenario, load_scenario
from lotr_rules.games.lcg.game import LcgConfig, LcgGame
from lotr_rules.games.lcg.modes import DEFAULT_MODE, MODES, Mode, parse_mode
from lotr_rules.games.lcg.record import LcgCard, PlayerDeck

RECORD_FORMAT = "lotr-rules lcg record"
RECORD_VERSION = 1
#: who may sit in a seat of a saved game
SEAT_KINDS = ("human", "heuristic", "random", "search")


@attrs.frozen(slots=True)
class LcgTable:
    """What a game is set up from, as a record keeps it: the scenario's file name, each seat's
    deck (its label: the name or path it was given by) and the seed."""

    scenario: str
    labels: tuple[str, ...]
    config: LcgConfig
    #: the card scripts' digests, by card name, of every card of the game
    digests: tuple[tuple[str, str], ...]
    #: how the record names each card of the game: its title, or its title and set where
    #: the loaded sets share the title (``Aragorn (lcg-core)``)
    names: Mapping[LcgCard, str] = attrs.field(factory=dict)

    def name(self, record: LcgCard) -> str:
        return self.names.get(record, record.name)


def new_table(
    catalogue: Catalogue, scenario: str, deck_specs: Sequence[str], seed: int, mode: Mode = DEFAULT_MODE
) -> LcgTable:
    from lotr_rules.games.lcg.files import find_deck, player_deck

    if not 1 <= len(deck_specs) <= 4:
        raise UserError(f"the Card Game is for 1 to 4 players: give 1 to 4 decks, not {len(deck_specs)}")
    records = Records(catalogue)
    made = load_scenario(find_scenario(catalogue, scenario), catalogue, records, mode)
    decks = tuple(player_deck(find_deck(catalogue, spec), catalogue, records) for spec in deck_specs)
    return _table(records, scenario, tuple(deck_specs), LcgConfig(made, decks, seed=seed, mode=mode))


def _table(records: Records, scenario: str, labels: tuple[str, ...], config: LcgConfig) -> LcgTable:
    try:
        config.check()
    except ConfigError as error:
        raise UserError(str(error)) from None
    used = [*config.scenario.quest, *config.scenario.encounter]
    used += [c for deck in config.players for c in (*deck.heroes, *deck.deck)]
    names = {record: records.label(record) for record in used}
    digests = tuple(sorted({(name, records.cards[name].source_digest) for name in names.values()}))
    # the game names a card by its title and set where another loaded set shares the title
    shared = {record: name for record, name in names.items() if name != record.name}
    return LcgTable(scenario, labels, attrs.evolve(config, names=shared), digests, names)


def deck_json(deck: PlayerDeck, names: Mapping[LcgCard, str] | None = None) -> dict[str, Any]:
    """A deck as a record keeps it: its cards by name (``names``: how the record names each)."""
    named = names or {}
    counts: dict[str, int] = {}
    for card in deck.deck:
        name = named.get(card, card.name)
        counts[name] = counts.get(name, 0) + 1
    heroes = [named.get(hero, hero.name) for hero in deck.heroes]
    return {"heroes": heroes, "cards": [[name, n] for name, n in counts.items()]}


def game_record(game: LcgGame, table: LcgTable) -> dict[str, Any]:
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "lotr_rules": __version__,
        "family": "lcg",
        "scenario": table.scenario,
        "mode": table.config.mode.value,
        "decks": [
            {"label": label, **deck_json(deck, table.names)}
            for label, deck in zip(table.labels, table.config.players, strict=True)
        ],
        "seed": table.config.seed,
        "cards": dict(table.digests),
        "choices": list(game.state.choices),
        "finished": game.state.finished,
        "digest": game.state.digest(),
        "result": game.state.result,
    }


def record_text(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def is_lcg_record(path: Path) -> bool:
    """Whether ``path`` holds an LCG record or save (so ``replay`` and ``play --resume`` know the game)."""
    try:
        data = read_json(path, "record")
    except UserError:
        return False
    return isinstance(data, dict) and data.get("format") == RECORD_FORMAT


def read_record(path: Path) -> dict[str, Any]:
    """An LCG record or save, checked for its shape; a :class:`RecordError` says what is wrong."""
    try:
        data = read_json(path, "record")
    except DataFileError as error:
        raise RecordError(str(error)) from None
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise RecordError(f"{path} is not a record of the Card Game (lotr-rules game --game lcg --record FILE)")
    if data.get("version") != RECORD_VERSION:
        raise RecordError(f"{path} is record version {data.get('version')!r}, this lotr-rules reads {RECORD_VERSION}")
    choices, seed = data.get("choices"), data.get("seed")
    if not isinstance(choices, list) or not all(type(c) is int and c >= 0 for c in choices):
        raise RecordError(f"{path} is corrupt: its list of choices is not a list of option numbers")
    if type(seed) is not int or seed < 0 or not isinstance(data.get("digest"), str):
        raise RecordError(f"{path} is corrupt: it has no seed or no digest")
    if not isinstance(data.get("scenario"), str) or not isinstance(data.get("finished"), bool):
        raise RecordError(f"{path} is corrupt: it names no scenario, or does not say whether the game is over")
    if "mode" in data and data["mode"] not in [mode.value for mode in MODES]:
        known = ", ".join(mode.value for mode in MODES)
        raise RecordError(f"{path} is corrupt: its mode {shown_path(str(data['mode']))!r} is none of {known}")
    decks = data.get("decks")
    if not isinstance(decks, list) or not 1 <= len(decks) <= 4 or not all(_deck_ok(d) for d in decks):
        raise RecordError(f"{path} is corrupt: its decks are not 1 to 4 lists of heroes and cards")
    cards = data.get("cards")
    if not isinstance(cards, dict) or not all(isinstance(v, str) for v in cards.values()):
        raise RecordError(f"{path} is corrupt: it lists no card digests")
    seats = data.get("seats")
    if seats is not None and (
        not isinstance(seats, list) or len(seats) != len(decks) or not all(s in SEAT_KINDS for s in seats)
    ):
        raise RecordError(f"{path} is corrupt: its seats are not one of {', '.join(SEAT_KINDS)} per deck")
    return data


def _deck_ok(deck: object) -> bool:
    if not isinstance(deck, dict) or not isinstance(deck.get("label"), str):
        return False
    heroes, cards = deck.get("heroes"), deck.get("cards")
    return (
        isinstance(heroes, list)
        and all(isinstance(h, str) for h in heroes)
        and isinstance(cards, list)
        and all(
            isinstance(c, list) and len(c) == 2 and isinstance(c[0], str) and type(c[1]) is int and 1 <= c[1] <= 99
            for c in cards
        )
    )


def table_from_record(data: dict[str, Any], catalogue: Catalogue, where: str) -> LcgTable:
    """The table a record was played at, rebuilt from the loaded cards; cards missing or changed
    since the record was made are an error naming them."""
    records = Records(catalogue)
    recorded: dict[str, str] = data["cards"]
    meant = {name: _recorded_card(records, name, digest) for name, digest in recorded.items()}
    missing = sorted(name for name, label in meant.items() if label is None)
    if missing:
        raise RecordError(
            f"{where} uses cards no loaded set has: {', '.join(missing[:5])}"
            + (" ..." if len(missing) > 5 else "")
            + " (give their set with --cards)"
        )
    labels_of = {name: label for name, label in meant.items() if label is not None}
    changed = sorted(name for name, label in labels_of.items() if records.cards[label].source_digest != recorded[name])
    if changed:
        raise RecordError(
            f"{where} was made with other versions of these cards: {', '.join(changed[:5])}"
            + (" ..." if len(changed) > 5 else "")
        )

    def record_of(name: str) -> LcgCard:
        label = labels_of.get(name)
        if label is None:
            raise RecordError(f"{where} is corrupt: its decks name '{name}', which its card digests do not")
        return records.get(label)

    # (a record written before modes existed is a normal game)
    mode = parse_mode(str(data.get("mode", DEFAULT_MODE.value)))
    try:
        scenario = load_scenario(find_scenario(catalogue, data["scenario"]), catalogue, records, mode)
        decks = tuple(
            PlayerDeck(
                tuple(record_of(name) for name in deck["heroes"]),
                tuple(record_of(name) for name, count in deck["cards"] for _ in range(count)),
            )
            for deck in data["decks"]
        )
    except (UserError, ConfigError) as error:
        raise RecordError(f"{where} cannot be set up again: {error}") from None
    except KeyError as error:  # a deck naming a card the record's own card list does not hold
        name = shown_path(str(error.args[0]))  # shortened, as a hand-edited name may be of any length
        raise RecordError(f"{where} is corrupt: a deck names the card '{name}', which no loaded set has") from None
    labels = tuple(str(deck["label"]) for deck in data["decks"])
    config = LcgConfig(scenario, decks, seed=int(data["seed"]), mode=mode)
    table = _table(records, str(data["scenario"]), labels, config)
    if dict(table.digests) != {labels_of[name]: digest for name, digest in recorded.items()}:
        raise RecordError(f"{where} is corrupt: its card digests are not those of its decks and scenario")
    return table


def _recorded_card(records: Records, name: str, digest: str) -> str | None:
    """The card a record's name means, as :class:`Records` names it. A record written when
    its sets shared no title names a card by title alone; where a set loaded now shares that
    title, the card whose script has the recorded digest is the one."""
    if name in records.cards:
        return name
    resolved = records.cards.resolve(name)
    candidates = [resolved.card] if resolved.card is not None else list(resolved.candidates)
    if len(candidates) > 1:
        candidates = [card for card in candidates if card.source_digest == digest] or candidates
    return records.cards.label(candidates[0]) if len(candidates) == 1 else None


class Stop(Exception):
    """Raised by :class:`Unanswered` when a replay runs out of recorded choices; it carries the
    game (which may still be in its setup, so not yet returned by its constructor)."""

    def __init__(self, game: LcgGame) -> None:
        super().__init__("out of recorded choices")
        self.game = game


class Unanswered:
    """A seat for replays: every decision is a recorded choice; being asked means they ran out."""

    def choose(self, game: Game, request: DecisionRequest) -> int:
        assert isinstance(game, LcgGame)
        raise Stop(game)


def replay(table: LcgTable, data: dict[str, Any], where: str, agents: Sequence[Agent] | None = None) -> LcgGame:
    """Play the record's choices again. Without ``agents`` the replay stops where the choices run
    out (a game in progress) or at the game's end; with them it plays on (a save resumed). Every
    choice must be used, and the state where they run out must have the record's digest."""
    check = _DigestCheck(agents, str(data["digest"]), where) if agents is not None else None
    seats: Sequence[Agent] = check.seats if check is not None else [Unanswered() for _ in table.config.players]
    try:
        game = LcgGame(table.config, seats, replay=data["choices"])
        game.play_game()
    except Stop as stop:
        game = stop.game
    except IllegalChoiceError as error:
        raise RecordError(f"{where} does not replay: {error}") from None
    if game.replay_queue:
        raise RecordError(f"{where} is corrupt: it has choices left over after its game ended")
    if (check is None or not check.checked) and game.state.digest() != data["digest"]:
        raise RecordError(
            f"{where} does not replay to the game it records: the replay's digest is {game.state.digest()},"
            f" the record's is {data['digest']}"
        )
    if check is None and game.state.finished != data["finished"]:
        raise RecordError(f"{where} says the game is {'over' if data['finished'] else 'in progress'}, but it is not")
    return game


class _DigestCheck:
    """The first decision asked of an agent once the saved choices have run out is the one the
    game was saved at: the state there must have the save's digest."""

    def __init__(self, agents: Sequence[Agent], digest: str, where: str) -> None:
        self.digest = digest
        self.where = where
        self.checked = False
        self.seats = [_Checked(agent, self) for agent in agents]


class _Checked:
    def __init__(self, agent: Agent, check: _DigestCheck) -> None:
        self.agent = agent
        self.check = check

    def choose(self, game: Game, request: DecisionRequest) -> int:
        if not self.check.checked:
            self.check.checked = True
            if game.state.digest() != self.check.digest:
                raise RecordError(f"{self.check.where} does not replay to the game it saved; it cannot be resumed")
        return self.agent.choose(game, request)
