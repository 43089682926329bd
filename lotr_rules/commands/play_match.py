"""``lotr-rules play --mix plan-2``: a whole Plan 2 match at the terminal.

Game 1, then each player chooses a game-2 hero (people from a menu, lowest game-1 score first),
then game 2, then the match table. Every save says which game of the match it holds (its
``"match"`` key): a save of game 1 resumes game 1 and goes on to game 2; a save made while the
heroes are being chosen holds the finished game 1 and asks again; a save of game 2 carries game
1's whole record inside it (``match.first``), so the match table is complete when it resumes and
game 1 is never lost.
"""

from __future__ import annotations

from typing import Any

from lotr_rules.agents.human import QuitRequested, SaveRequested
from lotr_rules.commands.play import Session, _say, print_result, write_save
from lotr_rules.errors import RecordError
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import DeckbuildingGame
from lotr_rules.games.deckbuilding.match import (
    PLAN,
    check_match,
    choose_heroes,
    match_lines,
    match_result,
    second_game_config,
)
from lotr_rules.games.deckbuilding.record import check_record, game_record

#: what the match table reads from game 1's result
RESULT_KEYS = ("scores", "archenemies", "heroes")


def run_match(session: Session, config: GameConfig, data: dict[str, Any] | None) -> int:
    """Play (or resume) a match; ``data`` is a save of one of its games, or None for a new match."""
    match = data.get("match", {}) if data is not None else {}
    first_record: dict[str, Any] | None = None
    if match.get("game") == 2:
        first_record = _first_record(match, session.where)
    elif match and match.get("game") != 1:
        raise RecordError(f"{session.where} is a save of a {PLAN} match with a corrupt 'match' entry")
    else:
        check_match(session.catalogue, config)
        session.match = {"plan": PLAN, "game": 1}
        first = session.play(config, data)
        if first is None:
            return 0
        _say("\n=== Game 1 of the match is over.")
        print_result(first, session.humans)
        if session.saved:
            write_save(session.save_path, session.save_data(first))
        heroes = _choose(session, first)
        if heroes is None:
            return 0
        first_record = game_record(first)
        config = second_game_config(session.catalogue, first.config, heroes)
        data = None
        _say("\n=== Game 2 of the match: " + ", ".join(f"player {s + 1} {h}" for s, h in enumerate(heroes)) + ".")
    session.match = {"plan": PLAN, "game": 2, "first": first_record}
    session.human.seen.clear()  # game 2's log starts afresh
    second = session.play(config, data)
    if second is None:
        return 0
    for seat in session.humans[:1]:
        session.human.show_news(second, seat)
    print_result(second, session.humans)
    _say("")
    you = frozenset(session.humans) if len(session.humans) == 1 else frozenset()
    for line in match_lines(match_result(first_record["result"], second.state.result), you):
        _say(line)
    if session.saved:
        write_save(session.save_path, session.save_data(second))
        _say(
            f"The record of the finished game 2 is in {session.save_path}, game 1's inside it"
            f" (watch game 2 with: lotr-rules replay {session.save_path})."
        )
    return 0


def _choose(session: Session, first: DeckbuildingGame) -> tuple[str, ...] | None:
    """The game-2 heroes; None when the player stopped. Saving here saves the finished game 1."""
    _say("Choose the heroes for game 2, the lowest game-1 score first.")
    while True:
        try:
            return choose_heroes(session.catalogue, first, session.agents(first.config))
        except SaveRequested as request:
            if not session.save(first, request.quit):
                return None
        except QuitRequested:
            session.quit()
            return None


def _first_record(match: dict[str, Any], where: str) -> dict[str, Any]:
    corrupt = RecordError(f"{where} is a save of game 2 of a {PLAN} match, but game 1's record in it is corrupt")
    try:
        checked = check_record(match.get("first"), f"{where}'s game 1")
    except RecordError:
        raise corrupt from None
    result = checked.get("result")
    if not isinstance(result, dict) or not all(isinstance(result.get(k), list) for k in RESULT_KEYS):
        raise corrupt
    return checked
