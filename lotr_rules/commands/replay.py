"""``lotr-rules replay RECORD``: step through a recorded game, turn by turn, and check it.

The record (written by ``lotr-rules game --record FILE``, or a save of ``lotr-rules play``) is
replayed from its config and choices; its log is printed a turn at a time. The state the
replay reaches must have the digest the record states: "digest ok" says it does.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.commands.common import add_cards_option, bounded_int, catalogue_from
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import Game, GameOver
from lotr_rules.errors import ConfigError, RecordError
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import DeckbuildingGame
from lotr_rules.games.deckbuilding.log import render_entry, result_lines
from lotr_rules.games.deckbuilding.record import read_record, replay
from lotr_rules.games.deckbuilding.screen import hero_name
from lotr_rules.session.deckbuilding import check_config_values
from lotr_rules.session.describe import describe


def register(sub: argparse._SubParsersAction[Any]) -> None:
    parser = sub.add_parser("replay", help="step through a recorded game and check its digest")
    parser.add_argument("record", type=Path, metavar="RECORD", help="a game record (lotr-rules game --record FILE)")
    parser.add_argument("--step", action="store_true", help="wait for Enter between turns (q to stop)")
    parser.add_argument("--to-turn", type=bounded_int("--to-turn"), metavar="N", help="stop at the end of turn N")
    parser.add_argument("--final", action="store_true", help="print only the final result and the digest")
    add_cards_option(parser)
    parser.set_defaults(run=run)


# ---------------------------------------------------------------------- stopping part-way
class _Stop(Exception):
    pass


class _NoAgent:
    def choose(self, game: Game, request: DecisionRequest) -> int:
        raise _Stop


class _UpToTurn(DeckbuildingGame):
    """The recorded game, stopped before turn ``last + 1`` begins."""

    last = 0

    def take_turn(self) -> None:
        if self.state.turn >= self.last:
            raise _Stop
        super().take_turn()


def replay_to_turn(catalogue: Catalogue, data: dict[str, Any], last: int) -> DeckbuildingGame:
    """The game as it stood at the end of turn ``last`` (call after :func:`replay` checked the record)."""
    config = GameConfig.from_json(data.get("config"))
    game = _UpToTurn(catalogue, config, [_NoAgent() for _ in range(config.players)])
    game.last = last
    game.replay_queue.extend(data["choices"])
    try:
        while not game.state.finished:
            game.take_turn()
    except GameOver as over:
        game.finish(over.reason)
    except _Stop:
        pass
    return game


# ---------------------------------------------------------------------- printing
def turns(game: DeckbuildingGame) -> Iterator[tuple[int, list[str]]]:
    """The readable log, one chunk per turn (turn 0: what came before the first turn)."""
    number = 0
    lines: list[str] = []
    for entry in game.state.log:
        if entry[0] == "turn":
            if lines:
                yield number, lines
            number, lines = int(entry[2]), []
        line = render_entry(entry)
        if line is not None:
            lines.append(line)
    if lines:
        yield number, lines


def _read_line(prompt: str) -> str:
    return input(prompt)


def _print_result(game: DeckbuildingGame) -> None:
    for line in result_lines(game.state.result):
        print(line)


def _check_digest(game: DeckbuildingGame, data: dict[str, Any], where: str) -> None:
    recorded = data.get("digest")
    actual = game.state.digest()
    if recorded != actual:
        raise RecordError(
            f"{where} does not replay to the game it records: the replay's digest is {actual},"
            f" the record's is {recorded}"
        )
    state = "finished game" if data.get("finished") else "game in progress"
    print(f"digest ok ({actual}, {state})")


def run(args: argparse.Namespace) -> int:
    from lotr_rules.games.lcg.recording import is_lcg_record

    if is_lcg_record(args.record):  # a record says which game it is
        from lotr_rules.commands.lcg import run_replay

        return run_replay(args)
    where = str(args.record)
    data = read_record(args.record)
    if data.get("family") == "adventure-deck":  # a journey's record
        from lotr_rules.commands.replay_adventure import run_journey_replay

        return run_journey_replay(args, data, _ask)
    catalogue = catalogue_from(args)
    check_config_values(data, where)
    try:
        game = replay(catalogue, data)
    except ConfigError as error:
        raise RecordError(f"{where} has a bad game config: {error}") from None
    finished = game.state.finished
    if bool(data.get("finished")) != finished:
        raise RecordError(
            f"{where} says the game is {'over' if data.get('finished') else 'in progress'},"
            f" but its choices {'end' if finished else 'stop before the end of'} the game"
        )

    if args.final:
        if finished:
            _print_result(game)
        else:
            print(f"The game is in progress: {len(game.state.choices)} choices made, turn {game.state.turn}.")
        _check_digest(game, data, where)
        return 0

    config = game.config
    heroes = ", ".join(f"P{p + 1} {hero_name(game, p)}" for p in range(config.players))
    print(f"{where}: {config.players} players, seed {config.seed}, {len(data['choices'])} choices; {heroes}")
    last = args.to_turn
    for number, lines in turns(game):
        if last is not None and number > last:
            break
        print("\n".join(lines))
        if args.step and number < game.state.turn and (last is None or number < last):
            answer = _ask(f"[turn {number}: Enter for the next turn, q to stop] ")
            if answer is None or answer.strip().lower() in ("q", "quit"):
                print(f"stopped after turn {number}")
                return 0
    print()
    if last is not None and last < game.state.turn:
        stopped = replay_to_turn(catalogue, data, last)
        print(describe(stopped, None))
        print(f"Stopped at the end of turn {last}; player {stopped.state.current + 1} would play next.")
        _check_digest(game, data, where)
        return 0
    if finished:
        _print_result(game)
    else:
        choices = len(game.state.choices)
        print(f"The record stops here, in turn {game.state.turn} ({choices} choices): a game in progress.")
    _check_digest(game, data, where)
    return 0


def _ask(prompt: str) -> str | None:
    try:
        return _read_line(prompt)
    except (EOFError, KeyboardInterrupt):
        print()
        return None
