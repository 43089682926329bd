"""Peak memory of a simulation against its number of games: flat, because games are tallied as
they arrive and never kept.

    python benchmarks/memory.py                        # 1,000 and 10,000 games
    python benchmarks/memory.py --games 1000 10000 100000 --workers 2
    python benchmarks/memory.py --game lcg --bot random --games 1000 10000   # the Card Game

Each size runs in a fresh process (this script again, with ``--one``), so every figure is that
run's own peak: the peak resident set (``ru_maxrss``) of the process that plays nothing but
gathers the results, and the largest of its worker processes. Four players, heuristic bots, The
Two Towers. With ``--workers 1`` the games are played in the gathering process itself.
``--game lcg`` plays the Card Game instead: Passage Through Mirkwood with the leadership deck
alone, the bots ``--bot`` names (heuristic or random).

``--synthetic`` plays games of a made-up family that cost next to nothing (a dice roll with the
shape of a four-player result), so that the gathering side can be measured up to millions of games
on any machine. A run stopped with SIGTERM or Ctrl-C reports its figures for the games played.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


class SyntheticFamily:
    """Four-player results from a dice roll: the runner and the tally at full speed."""

    name = "synthetic"
    description = "made-up games that cost nothing to play"
    bots = ("any",)

    def load(self, card_paths: Sequence[Path]) -> None:
        return None

    def check(self, catalogue: Any, settings: Any) -> None:
        return None

    def play(self, catalogue: Any, settings: Any, index: int, seed: int) -> Any:
        from lotr_rules.sim.results import GameResult, owned_cards

        winner = seed % 4
        return GameResult(
            index=index,
            seed=seed,
            reason=("final archenemy defeated", "wall deck depleted")[seed % 2],
            turns=50 + seed % 60,
            heroes=tuple(HEROES[(seed + seat) % len(HEROES)] for seat in range(4)),
            scores=tuple((seed >> seat) % 40 for seat in range(4)),
            winners=(winner,),
            first_player=seed % 4,
            final_defeated=seed % 2 == 0,
            owned=tuple(owned_cards({CARDS[(seed + seat) % len(CARDS)]: 1 + seat}) for seat in range(4)),
        )


def register() -> None:
    from lotr_rules.sim.families import register_family

    register_family(SyntheticFamily())


HEROES = ("Aragorn", "Gimli", "Legolas", "Frodo Baggins", "Samwise Gamgee", "King Théoden", "Merry & Pippin")
CARDS = tuple(f"card {n}" for n in range(60))


def measure(
    games: int, workers: int, players: int, synthetic: bool, game: str = "deckbuilding", bot: str = ""
) -> dict[str, float]:
    """In this process: play the simulation and report the peaks (in MiB) and the wall time."""
    sys.path.insert(0, str(ROOT))
    from lotr_rules.sim.families import SimSettings
    from lotr_rules.sim.runner import run_simulation
    from lotr_rules.sim.stopping import stop_on_signals

    settings = SimSettings(family="deckbuilding", games=games, players=players, seed=1)
    if synthetic:
        # Registered from an importable module (not __main__), which worker processes import too.
        import memory

        memory.register()
        settings = SimSettings(family="synthetic", games=games, players=players, seed=1)
    elif game == "lcg":
        settings = SimSettings(
            family="lcg",
            games=games,
            players=1,
            seed=1,
            bot=bot or "heuristic",
            scenario="passage-through-mirkwood",
            decks=("leadership",),
        )
    started = time.perf_counter()
    with stop_on_signals():
        run = run_simulation(settings, workers=workers)
    wall = time.perf_counter() - started
    # Linux reports ru_maxrss in KiB.
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return {"games": run.tally.games, "wall_seconds": wall, "gathering_mib": own, "largest_worker_mib": children}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--synthetic", action="store_true", help="made-up games that cost nothing to play")
    parser.add_argument("--game", choices=("deckbuilding", "lcg"), default="deckbuilding", help="the family played")
    parser.add_argument("--bot", choices=("heuristic", "random"), default="heuristic", help="the Card Game's bots")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one is not None:
        print(json.dumps(measure(args.one, args.workers, args.players, args.synthetic, args.game, args.bot)))
        return 0
    kind = "synthetic" if args.synthetic else "Two Towers"
    if args.game == "lcg" and not args.synthetic:
        kind = f"Card Game ({args.bot} bots, Passage Through Mirkwood, leadership)"
        args.players = 1
    for games in args.games:
        command = [sys.executable, __file__, "--one", str(games), "--workers", str(args.workers)]
        command += ["--players", str(args.players)] + (["--synthetic"] if args.synthetic else [])
        command += ["--game", args.game, "--bot", args.bot]
        out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
        figures = json.loads(out.strip().splitlines()[-1])
        print(
            f"simulate {figures['games']:>9,} of {games:,} {kind} games, {args.players} players, "
            f"{args.workers} worker(s): "
            f"peak RSS {figures['gathering_mib']:.1f} MiB gathering the results, "
            f"{figures['largest_worker_mib']:.1f} MiB the largest worker ({figures['wall_seconds']:.0f} s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


if __name__ == "memory":  # imported by a worker process, to find the synthetic family
    sys.path.insert(0, str(ROOT))
    register()
