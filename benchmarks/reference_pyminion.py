"""Reference throughput of pyminion, a pure-Python Dominion engine.

Dominion's Big Money bots play about the simplest full game a deck-building
engine can run, so pyminion's speed at it gives a rough yardstick for how fast
a pure-Python engine of this kind can go, to compare lotr_rules against.

Player turns are counted from pyminion's own ``Player.turns``: it goes up by
one in ``Player.start_turn`` and is zeroed when ``Game.start`` resets the
players, so after ``Game.play()`` returns, summing it over the seats gives the
turns actually played. ``GameResult.turns`` is not used because it holds only
the winner's count, and the game stops as soon as the last pile empties, so
the seats can end on different counts.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

_INSTALL_HINT = "pyminion is not installed: pip install pyminion"


def _import_pyminion() -> tuple[Any, Any, Any]:
    """Return pyminion's (Game, BigMoney, base_set), leaving logging as found.

    Importing pyminion sets the root logger to INFO and gives it a handler,
    which would change logging for the whole host process; undo that here.
    """
    root = logging.getLogger()
    saved_level = root.level
    saved_handlers = list(root.handlers)
    try:
        from pyminion.bots.examples import BigMoney
        from pyminion.expansions.base import base_set
        from pyminion.game import Game
    except ImportError as exc:
        raise RuntimeError(_INSTALL_HINT) from exc
    finally:
        for handler in list(root.handlers):
            if handler not in saved_handlers:
                root.removeHandler(handler)
        root.setLevel(saved_level)
    return Game, BigMoney, base_set


@contextmanager
def _silenced_logging() -> Iterator[None]:
    """Keep pyminion's root-logger calls silent and as cheap as they can be.

    Disabling INFO makes each of pyminion's log calls return after one integer
    compare, and keeps it quiet even if the host process has a handler on the
    root logger that would print it. The f-string messages are still built
    before each call; that cost is part of pyminion as shipped and cannot be
    removed without patching it.
    """
    root = logging.getLogger()
    saved_disable = root.manager.disable
    # Game.play ends with a module-level logging.info(), which runs
    # basicConfig() and so installs a stderr handler for good whenever the
    # root logger has none; a temporary NullHandler prevents that.
    guard = logging.NullHandler() if not root.handlers else None
    if guard is not None:
        root.addHandler(guard)
    logging.disable(logging.INFO)
    try:
        yield
    finally:
        logging.disable(saved_disable)
        if guard is not None:
            root.removeHandler(guard)


def measure_pyminion(
    games: int, players: int = 4, seed: int = 1, clock: Callable[[], float] = time.process_time
) -> dict[str, float]:
    """Play `games` full games of pyminion's Big Money bots with `players` seats.

    The supply is pyminion's default: the basic cards plus ten kingdom cards
    drawn from the base set, which Big Money never buys. Nothing is printed.
    The timing covers building each game as well as playing it, by ``clock``
    (CPU time of this process by default, which other processes' load on a
    shared machine disturbs far less than wall time), and returns
    {"games", "seconds", "games_per_second", "player_turns",
    "us_per_player_turn"}.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    if not 1 <= players <= 4:
        raise ValueError(f"pyminion supports 1 to 4 players, got {players}")

    game_cls, big_money_cls, base_set = _import_pyminion()

    # pyminion shuffles with the module-level RNG, so seeding it makes runs
    # repeatable; its state is restored afterwards so callers are unaffected.
    saved_rng = random.getstate()
    random.seed(seed)
    player_turns = 0
    try:
        with _silenced_logging():
            start = clock()
            for _ in range(games):
                bots = [big_money_cls(player_id=f"big_money_{i}") for i in range(players)]
                # log_stdout defaults to True and would add a stdout handler
                # to the root logger for every game.
                game = game_cls(
                    players=bots,
                    expansions=[base_set],
                    log_stdout=False,
                    log_file=False,
                )
                game.play()
                player_turns += sum(bot.turns for bot in game.players)
            seconds = clock() - start
    finally:
        random.setstate(saved_rng)

    return {
        "games": float(games),
        "seconds": seconds,
        "games_per_second": games / seconds,
        "player_turns": float(player_turns),
        "us_per_player_turn": seconds * 1e6 / player_turns,
    }


if __name__ == "__main__":
    figures = measure_pyminion(200, players=4)
    print(
        f"pyminion Big Money, 4 players: {figures['games']:.0f} games in "
        f"{figures['seconds']:.3f} s, {figures['games_per_second']:.1f} games/s, "
        f"{figures['player_turns']:.0f} player turns, "
        f"{figures['us_per_player_turn']:.1f} us/player turn"
    )
