"""The Card Game at the web table: a new game from the form, a save resumed, a save written.

A game is set up with the Card Game's own record API (:mod:`lotr_rules.games.lcg.recording`),
the very calls ``lotr-rules play --game lcg`` makes, and the bots draw their randomness from the
seed, the seat and the number of choices made exactly as at the terminal: the same seed and the
same choices play the same game in both places, and a save of one resumes in the other.

A seat's deck is a deck a loaded set ships, or a deck list the person uploads. An uploaded list
is read by the same reader as a deck file (it is written to a private folder for the time it
takes to read it); its problems are shown on the form under the name it was uploaded as.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from lotr_rules import atomic
from lotr_rules.agents.search.core import DEFAULT_BUDGET, Budget
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.decisions import Agent, DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.errors import ConfigError, RecordError, UserError
from lotr_rules.games.lcg.files import find_scenario, lcg_cards, read_scenario_file, scenario_modes, shipped_names
from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.modes import DEFAULT_MODE, DESCRIPTIONS, MODES, Mode, parse_mode
from lotr_rules.games.lcg.prompts import needs_person
from lotr_rules.games.lcg.recording import (
    RECORD_FORMAT,
    SEAT_KINDS,
    LcgTable,
    game_record,
    new_table,
    read_record,
    replay,
    table_from_record,
)
from lotr_rules.session import lcg
from lotr_rules.session.seats import SeatBot, with_budget
from lotr_rules.web.sessions import TableSession

FAMILY = "lcg"
DEFAULT_SCENARIO = "passage-through-mirkwood"
#: the decks each seat starts with on the form (the core set's four spheres), where shipped
DEFAULT_DECKS = ("leadership", "tactics", "spirit", "lore")
#: the bots a seat may be given: the session layer's
BOTS = lcg.BOTS
MAX_PLAYERS = 4
#: the largest deck list a page may upload (a deck list is a few dozen short lines)
MAX_DECK_UPLOAD = 64 * 1024
#: the form's value for a seat whose deck is uploaded
UPLOADED = "upload"


@attrs.frozen
class UploadedDeck:
    """A deck list sent with the form: the name it was uploaded as and its text."""

    name: str
    text: str


def scenario_choices(catalogue: Catalogue) -> list[tuple[str, str]]:
    """The scenarios the loaded sets ship: (name the form sends, the scenario's own title)."""
    found = []
    for name in shipped_names(catalogue, "scenarios"):
        try:
            scenario, _problems = read_scenario_file(find_scenario(catalogue, name))
        except UserError:  # a file the form cannot offer (a link out of its set): starting it says why
            scenario = None
        found.append((name, scenario.name if scenario is not None else name))
    return found


#: the modes' names on the form, short enough for a phone's width (the form says what they mean)
_MODE_NAMES = {Mode.NORMAL: "as printed", Mode.EASY: "Easy Mode"}


def mode_choices() -> list[tuple[str, str, str]]:
    """The modes the form offers: (the word it sends, its name, what it means). A scenario whose
    file declares no Easy Mode refuses ``easy`` when the game is set up, saying so."""
    return [(mode.value, _MODE_NAMES[mode], DESCRIPTIONS[mode]) for mode in MODES]


def deck_choices(catalogue: Catalogue) -> list[str]:
    return shipped_names(catalogue, "decks")


def set_up(
    catalogue: Catalogue, scenario: str, decks: Sequence[str | UploadedDeck], seed: int, mode: Mode = DEFAULT_MODE
) -> LcgTable:
    """The table of a new game: ``decks`` are shipped deck names or uploaded deck lists; ``mode``
    the scenario's (normal, or Easy Mode where its file declares one)."""
    with tempfile.TemporaryDirectory(prefix="lotr-deck-") as folder:
        specs: list[str] = []
        uploads: dict[str, str] = {}
        for seat, deck in enumerate(decks):
            if isinstance(deck, str):
                specs.append(deck)
                continue
            path = Path(folder) / f"seat{seat + 1}.txt"
            atomic.write_text(path, deck.text)
            specs.append(str(path))
            uploads[str(path)] = deck.name
        try:
            table = new_table(catalogue, scenario, specs, seed, mode)
        except UserError as error:
            message = str(error)
            for path_text, name in uploads.items():
                message = message.replace(path_text, name)
            raise UserError(message) from None
    labels = tuple(uploads.get(spec, spec) for spec in specs)
    return attrs.evolve(table, labels=labels)


def _int(form: Mapping[str, str], key: str, default: int, least: int, most: int, what: str) -> int:
    text = form.get(key, "").strip()
    if not text:
        return default
    try:
        value = int(text)
    except ValueError:
        raise ConfigError(f"{what} must be a whole number, not '{text}'") from None
    if not least <= value <= most:
        raise ConfigError(f"{what} must be {least} to {most}, not {value}")
    return value


def decode_upload(name: str, content: bytes) -> UploadedDeck:
    """An uploaded deck list's text, or an error that names the file."""
    if len(content) > MAX_DECK_UPLOAD:
        raise UserError(f"the deck list {name} is larger than a deck list can be ({MAX_DECK_UPLOAD // 1024} KB)")
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError:
        raise UserError(f"the deck list {name} is not UTF-8 text") from None
    if not text.strip():
        raise UserError(f"the deck list {name} is empty")
    return UploadedDeck(name, text.replace("\r\n", "\n"))


def new_lcg(
    catalogue: Catalogue,
    form: Mapping[str, str],
    uploads: Mapping[int, UploadedDeck],
    bot_delay: float,
    budget: Budget = DEFAULT_BUDGET,
) -> TableSession:
    """The game the form asks for (``uploads``: the deck lists sent, by seat)."""
    players = _int(form, "players", 1, 1, MAX_PLAYERS, "the number of players")
    seed = _int(form, "seed", 1, 0, 2**31 - 1, "the seed")
    scenario = form.get("scenario", DEFAULT_SCENARIO) or DEFAULT_SCENARIO
    offered = {name for name, _title in scenario_choices(catalogue)}
    if scenario not in offered:
        raise ConfigError(f"no scenario '{scenario}' is offered here")
    mode = parse_mode(form.get("mode", DEFAULT_MODE.value) or DEFAULT_MODE.value)
    if mode not in scenario_modes(catalogue, scenario):
        raise UserError(f"this scenario has no {mode.value} mode: its file declares no Easy Mode")
    shipped = deck_choices(catalogue)
    decks: list[str | UploadedDeck] = []
    seats: list[str] = []
    for seat in range(players):
        default = DEFAULT_DECKS[seat] if DEFAULT_DECKS[seat] in shipped else (shipped[0] if shipped else "")
        choice = form.get(f"deck{seat}", default)
        if choice == UPLOADED:
            upload = uploads.get(seat)
            if upload is None:
                raise UserError(f"Player {seat + 1}: choose a deck list file to upload")
            decks.append(upload)
        elif choice in shipped:
            decks.append(choice)
        else:
            raise ConfigError(f"Player {seat + 1}: no deck '{choice}' is offered here")
        kind = form.get(f"seat{seat}", "human" if seat == 0 else "heuristic")
        if kind not in SEAT_KINDS:
            raise ConfigError(f"Player {seat + 1}: '{kind}' is not a person or a known bot")
        seats.append(kind)
    table = set_up(catalogue, scenario, decks, seed, mode)
    return lcg_session(catalogue, table, seats, bot_delay, every_window=bool(form.get("every_window")), budget=budget)


#: the heading of a table (the same as the terminal's)
title_of = lcg.heading


def lcg_session(
    catalogue: Catalogue,
    table: LcgTable,
    seats: Sequence[str],
    bot_delay: float,
    saved: dict[str, Any] | None = None,
    where: str = "",
    *,
    every_window: bool = False,
    budget: Budget = DEFAULT_BUDGET,
) -> TableSession:
    """A session playing ``table`` (from its start, or on from the save ``saved``). A person's
    seat passes an action window by itself when nothing in it is worth doing, as at the
    terminal, unless ``every_window``."""

    setup = lcg.LcgSetup(table, tuple(seats), budget)

    def run(agents: Sequence[Agent]) -> Game:
        if saved is None:
            return lcg.play_new(setup, agents)
        return lcg.resume(setup, saved, where, agents)

    def make_bot(seat: int, kind: str) -> Agent:
        return SeatBot(kind, table.config.seed, seat, with_budget(lcg.make_bot, budget), name=kind)

    session = TableSession(
        FAMILY,
        seats,
        title_of(table) + (" (resumed)" if saved is not None else ""),
        run,
        make_bot,
        bot_delay=bot_delay,
        context={"catalogue": catalogue, "lcg_table": table, "config": table.config, "every_window": every_window},
    )
    if not every_window:
        session.skip = pass_when_nothing_to_do
    return session


def pass_when_nothing_to_do(game: Game, request: DecisionRequest) -> int | None:
    """Pass an action window (or a planning play) in which no option can do something now, as
    the terminal does; None (ask the person) for any other decision."""
    if not isinstance(game, LcgGame) or needs_person(game, request):
        return None
    return next((index for index, option in enumerate(request.options) if option.value is None), None)


# ---------------------------------------------------------------------- saves
def is_lcg_data(data: Any) -> bool:
    return isinstance(data, dict) and data.get("format") == RECORD_FORMAT


def checked_record(data: Any, where: str) -> dict[str, Any]:
    """A record or save of the Card Game sent to the page, checked as ``replay`` checks a file."""
    with tempfile.TemporaryDirectory(prefix="lotr-record-") as folder:
        path = Path(folder) / "record.json"
        atomic.write_text(path, json.dumps(data))
        try:
            return read_record(path)
        except UserError as error:
            raise RecordError(str(error).replace(str(path), where)) from None


def resume_lcg(
    catalogue: Catalogue, data: Any, where: str, bot_delay: float, budget: Budget = DEFAULT_BUDGET
) -> TableSession:
    """A session that goes on with a save of the Card Game (of the table or of ``play``)."""
    data = checked_record(data, where)
    seats = data.get("seats")
    if seats is None:
        raise RecordError(f"{where} is a game record, not a save (it does not say who plays which seat)")
    table = table_from_record(data, catalogue, where)
    replay(table, data, where)  # a save that does not replay is refused here, on the page
    return lcg_session(catalogue, table, [str(kind) for kind in seats], bot_delay, data, where, budget=budget)


def lcg_save_data(session: TableSession) -> dict[str, Any] | None:
    """The save of the session's game as it stands (the caller holds the session's lock)."""
    game = session.game
    table = session.context.get("lcg_table")
    if not isinstance(game, LcgGame) or not isinstance(table, LcgTable):
        return None
    data = game_record(game, table)
    data["seats"] = list(session.seats)
    return data


def lcg_summary(data: dict[str, Any]) -> str:
    """What a save's listing says of a Card Game save."""
    state = "over" if data.get("finished") else f"{len(data.get('choices', ()))} choices in"
    players = len(data.get("decks", ()))
    who = f"{players} player{'s' if players != 1 else ''}"
    return f"the Card Game, {data.get('scenario')}, {who}, seed {data.get('seed')}: {state}"


# ---------------------------------------------------------------------- cards
def definitions(game: LcgGame, table: LcgTable, catalogue: Catalogue) -> list[CardDef]:
    """Each card of the game as its set defines it (the game's own entries carry names only),
    so that its face shows every number it prints."""
    cards = lcg_cards(catalogue)
    found: list[CardDef] = []
    for index, record in enumerate(game.records):
        label = table.name(record)
        found.append(cards[label] if label in cards else game.cards[index])
    return found


def session_definitions(session: TableSession) -> list[CardDef] | None:
    """The cards of a Card Game session's game as their sets define them (None: not such a game)."""
    game = session.game
    table = session.context.get("lcg_table")
    catalogue = session.context.get("catalogue")
    if not isinstance(game, LcgGame) or not isinstance(table, LcgTable) or catalogue is None:
        return None
    cached = session.context.get("lcg_definitions")
    if not isinstance(cached, list) or len(cached) != len(game.records):
        cached = session.context["lcg_definitions"] = definitions(game, table, catalogue)
    return cached
