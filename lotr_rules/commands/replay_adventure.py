"""``lotr-rules replay RECORD`` of an Adventure Deck journey (``game --game adventure-deck
--record FILE``, or a journey saved in the browser): its log a turn at a time, checked against
the record's digest."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from lotr_rules.cards.loader import load_sets
from lotr_rules.games import vocabulary_for
from lotr_rules.games.adventure.game import AdventureGame
from lotr_rules.games.adventure.record import config_from_json, replay_journey
from lotr_rules.games.adventure.view import render_log, result_line
from lotr_rules.session import adventure
from lotr_rules.session.describe import describe
from lotr_rules.session.rebuild import replay_first


def _turns(lines: list[str]) -> list[tuple[int, list[str]]]:
    """The log in chunks, one per turn played, by the turn's number (a card may move the turn
    token on by more than one; turn 0: what came before the first)."""
    chunks: list[tuple[int, list[str]]] = [(0, [])]
    for line in lines:
        if line.startswith("-- Turn "):
            chunks.append((int(line.split()[2]), []))
        chunks[-1][1].append(line)
    return [chunk for chunk in chunks if chunk[1]]


def run_journey_replay(args: argparse.Namespace, data: dict[str, object], ask: Callable[[str], str | None]) -> int:
    where = str(args.record)
    catalogue = load_sets(tuple(args.cards), vocabulary=vocabulary_for(adventure.FAMILY))
    game = replay_journey(catalogue.cards, data, where)
    last = args.to_turn
    stopped = last is not None and game.state.turn > last
    if not args.final:
        choices = data["choices"]
        assert isinstance(choices, list)
        print(f"{where}: the Adventure Deck, seed {game.config.seed}; {len(choices)} choices")
        turns = _turns(render_log(game.state.log))
        for number, chunk in turns:
            if last is not None and number > last:
                break
            print("\n".join(chunk))
            if args.step and number < turns[-1][0] and (last is None or number < last):
                answer = ask(f"[turn {number}: Enter for the next turn, q to stop] ")
                if answer is None or answer.strip().lower() in ("q", "quit"):
                    print(f"stopped after turn {number}")
                    return 0
        print()
    if stopped and not args.final:
        assert last is not None
        print(describe(_end_of_turn(catalogue, data, where, last), 0))
        print(f"Stopped at the end of turn {last}.")
    elif game.state.finished:
        print(result_line(game.state.result))
    else:
        print(f"The journey is in progress: {len(game.state.choices)} choices made, turn {game.state.turn}.")
    state = "finished game" if game.state.finished else "game in progress"
    print(f"digest ok ({game.state.digest()}, {state})")
    return 0


def _end_of_turn(catalogue: object, data: dict[str, object], where: str, last: int) -> AdventureGame:
    """The journey rebuilt up to its first choice made after turn ``last``."""
    from lotr_rules.session.families import game_builder
    from lotr_rules.session.rebuild import decision_turns

    config = config_from_json(data.get("config"), where)
    choices = data["choices"]
    assert isinstance(choices, list)
    turns = decision_turns(*game_builder(adventure.FAMILY, catalogue, config), choices)
    upto = next((index for index, turn in enumerate(turns) if turn > last), len(choices))
    game = replay_first(adventure.FAMILY, catalogue, config, choices, upto).game
    assert isinstance(game, AdventureGame)
    return game
