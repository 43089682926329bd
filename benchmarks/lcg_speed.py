"""The Card Game against an earlier build of itself: games per CPU second and the cost of a copy.

    python benchmarks/lcg_speed.py                       # against the baseline commit, 7 rounds
    python benchmarks/lcg_speed.py --rounds 11 --games 20
    python benchmarks/lcg_speed.py --baseline HEAD~3     # against any other commit
    python benchmarks/lcg_speed.py --also-pure           # this checkout's pure-Python build too
    python benchmarks/lcg_speed.py --pure                # the pure-Python build alone, no install
    python benchmarks/lcg_speed.py --profile heuristic   # where the time goes, in each build

Each side is the build its users get. This checkout is installed as the README installs it
(``pip install .`` into a temporary folder, compiled where a C compiler is found; the run says
how many of its modules run compiled). The baseline commit is written out of the repository
(``git archive``) into a temporary folder and run from its sources: 0e2cc6e installed the
pure-Python build by default (its compiled build had to be asked for, and compiled none of the
Card Game's modules). Both builds run side by side in one run: every round plays the same seeded games of
Passage Through Mirkwood (the leadership deck alone) once with each build, in a fresh process of
its own, the two builds taking turns so that load from other processes on a shared machine hits
both alike. Each child reports the CPU time (``time.process_time``) of its games alone, setting
up each game included and loading the cards left out. The figures are the ratios of the medians
over the rounds (and of the minimums), for random and heuristic bots; never a single absolute
time from a busy machine.

Each child also reports a fingerprint of its games (every game's state digest and its log in
words), and the run says whether both builds played the very same games: a faster build that
plays other games is no faster build.

The copy is timed in the middle of a round (the quest phase of round 3 of a heuristic game): the
whole game object, as the heuristic bot copies it to try a move, a thousand times, the best of
five, with each build.

``--profile BOT`` profiles the games of each build with cProfile instead (30 heuristic games, or
300 random ones, in a fresh process each) and prints, for each, the functions that take the most
time of their own and the share of the whole each takes with what it calls (the summaries kept in
benchmarks/profiles/ come from it). cProfile makes every call dearer, and small functions
called often the most: the shares say where to look, the side-by-side run what a change gains.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
#: the build before the Card Game was profiled (issue 35's baseline)
BASELINE = "0e2cc6e"
SCENARIO = "passage-through-mirkwood"
DECKS = ("leadership",)
BOTS = ("random", "heuristic")
#: games per round and bot: a heuristic game costs about ten random ones
GAMES = {"random": 100, "heuristic": 10}


# ---------------------------------------------------------------------------- in a child process
def _setup() -> Any:
    from lotr_rules.sim.families import SimSettings
    from lotr_rules.sim.lcg import LcgFamily

    family = LcgFamily()
    catalogue = family.load(())
    settings = SimSettings(family="lcg", games=1, players=len(DECKS), scenario=SCENARIO, decks=DECKS)
    return family.table(catalogue, settings)


def _new_game(table: Any, bot: str, seed: int, agent_wrapper: Any = None) -> Any:
    import attrs

    from lotr_rules.games.lcg.bots import LcgHeuristicAgent, RandomAgent
    from lotr_rules.games.lcg.game import LcgGame

    kind = LcgHeuristicAgent if bot == "heuristic" else RandomAgent
    agents = [kind(seed * 8 + seat) for seat in range(len(DECKS))]
    if agent_wrapper is not None:
        agents = [agent_wrapper(agent) for agent in agents]
    return LcgGame(attrs.evolve(table.config, seed=seed), agents)


def play(bot: str, games: int, first_seed: int) -> dict[str, Any]:
    """Play the games; their CPU time, rounds and fingerprint."""
    from lotr_rules.games.lcg.log import lines

    table = _setup()
    rounds = 0
    played = []
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        game = _new_game(table, bot, seed)
        rounds += int(game.play_game()["rounds"])
        played.append(game)
    seconds = time.process_time() - start
    fingerprint = hashlib.sha256()
    for game in played:
        fingerprint.update(game.state.digest().encode())
        fingerprint.update("\n".join(lines(game.state.log, forced=True)).encode())
    return {"seconds": seconds, "games": games, "rounds": rounds, "fingerprint": fingerprint.hexdigest()[:16]}


class _Stop(Exception):
    pass


def copy_cost(repeats: int) -> dict[str, Any]:
    """The best time of a thousand copies of a game stopped in the quest phase of round 3."""
    table = _setup()

    class Stopping:
        def __init__(self, agent: Any) -> None:
            self.agent = agent

        def choose(self, game: Any, request: Any) -> int:
            if game.state.turn >= 3 and game.state.phase == "quest":
                raise _Stop
            return int(self.agent.choose(game, request))

    game = _new_game(table, "heuristic", 3, Stopping)
    with contextlib.suppress(_Stop):
        game.play_game()
    if game.state.turn != 3:
        raise RuntimeError("the copied game did not reach round 3")
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        for _ in range(1000):
            game.copy()
        best = min(best, (time.process_time() - start) / 1000)
    return {"us_per_copy": best * 1e6, "digest": game.state.digest()}


def profile(bot: str, games: int) -> dict[str, Any]:
    """The functions with the most time of their own, and those with the most time with what
    they call, as shares of the whole."""
    import cProfile
    import pstats

    table = _setup()
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in range(games):
        _new_game(table, bot, seed).play_game()
    profiler.disable()
    entries = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    total = sum(entry[2] for entry in entries.values())

    def name(key: tuple[str, int, str]) -> str:
        path, line, function = key
        return f"{function} ({path.split('lotr_rules/')[-1] if 'lotr_rules/' in path else path}:{line})"

    own = sorted(entries.items(), key=lambda item: -item[1][2])[:20]
    whole = sorted(entries.items(), key=lambda item: -item[1][3])[:30]
    return {
        "games": games,
        "own": [[name(key), entry[1], entry[2] / total] for key, entry in own],
        "whole": [[name(key), entry[1], entry[3] / total] for key, entry in whole],
    }


def print_profile(title: str, figures: dict[str, Any]) -> None:
    print(f"{title}: {figures['games']} games")
    print("  time of their own (share of the whole, calls):")
    for name, calls, share in figures["own"]:
        print(f"    {share * 100:5.1f}%  {calls:>9,}  {name}")
    print("  time with what they call:")
    for name, calls, share in figures["whole"]:
        print(f"    {share * 100:5.1f}%  {calls:>9,}  {name}")


# ---------------------------------------------------------------------------- the side-by-side run
def baseline_tree(commit: str) -> Path:
    """The baseline commit's files, written into a temporary folder (removed on exit)."""
    target = Path(tempfile.mkdtemp(prefix="lotr-rules-baseline-"))
    archive = subprocess.run(["git", "archive", "--format=tar", commit], cwd=ROOT, capture_output=True, check=True)
    path = target / "tree.tar"
    path.write_bytes(archive.stdout)
    with tarfile.open(path) as tar:
        tar.extractall(target, filter="data")
    path.unlink()
    return target


def child(tree: Path, arguments: list[str]) -> dict[str, Any]:
    """This script, run with ``tree`` first on the module path, in a fresh process."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"}
    command = [sys.executable, str(Path(__file__).resolve()), "--child", *arguments]
    out = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"the child process in {tree} failed:\n{out.stderr}")
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def installed_tree() -> Path:
    """This checkout as ``pip install .`` installs it by default (compiled where a C compiler is
    found, the pure-Python build elsewhere), in a temporary folder (removed by the caller)."""
    target = Path(tempfile.mkdtemp(prefix="lotr-rules-installed-"))
    print("installing this checkout (pip install --target ...; compiling takes a few minutes)", flush=True)
    env = {key: value for key, value in os.environ.items() if key != "LOTR_RULES_COMPILE"}
    started = time.monotonic()
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(ROOT)],
        env=env,
        check=True,
    )
    compiled = child(target, ["modules"])
    print(
        f"installed in {time.monotonic() - started:.0f} s: {len(compiled['compiled'])} of "
        f"{compiled['listed']} listed modules run compiled",
        flush=True,
    )
    return target


def side_by_side(baseline: str, rounds: int, games: dict[str, int], installed: bool = True, pure: bool = False) -> None:
    old_tree = baseline_tree(baseline)
    new_tree = installed_tree() if installed else None
    old_name = f"baseline {baseline}"
    builds = {old_name: old_tree}
    if new_tree is not None:
        builds["this checkout, installed"] = new_tree
    if pure:
        builds["this checkout, pure Python"] = ROOT
    newer = [name for name in builds if name != old_name]
    try:
        print(f"Passage Through Mirkwood, {' + '.join(DECKS)} deck; {rounds} rounds, the builds taking turns")
        for bot in BOTS:
            per_game: dict[str, list[float]] = {name: [] for name in builds}
            prints: dict[str, set[str]] = {name: set() for name in builds}
            rounds_played = 0
            for index in range(rounds):
                # the same games in every round for every build; which build goes first turns round
                order = list(builds.items())
                order = order[index % len(order) :] + order[: index % len(order)]
                for name, tree in order:
                    figures = child(tree, ["play", bot, str(games[bot]), "0"])
                    per_game[name].append(figures["seconds"] / figures["games"])
                    prints[name].add(figures["fingerprint"])
                    rounds_played = figures["rounds"]
            same = ", ".join(f"{name} {'yes' if prints[name] == prints[old_name] else 'NO'}" for name in newer) + (
                f"; this checkout's builds alike: {'yes' if prints[newer[0]] == prints[newer[1]] else 'NO'}"
                if len(newer) == 2
                else ""
            )
            print(f"{bot} bots, {games[bot]} games a round ({rounds_played / games[bot]:.1f} rounds a game):")
            old = per_game[old_name]
            for name in newer:
                new = per_game[name]
                print(
                    f"  ms of CPU per game, rounds (baseline / {name} = speed-up): "
                    + ", ".join(f"{a * 1e3:.1f}/{b * 1e3:.1f} = {a / b:.2f}" for a, b in zip(old, new, strict=True))
                )
                print(
                    f"  games per CPU second, {name} / baseline: {_median(old) / _median(new):.2f}x "
                    f"(ratio of the medians), {min(old) / min(new):.2f}x (ratio of the minimums)"
                )
            print(f"  the same games as the baseline (digests and logs): {same}")
        copies: dict[str, list[float]] = {name: [] for name in builds}
        digests: dict[str, set[str]] = {name: set() for name in builds}
        for index in range(3):
            order = list(builds.items())
            order = order[index % len(order) :] + order[: index % len(order)]
            for name, tree in order:
                figures = child(tree, ["copy"])
                copies[name].append(figures["us_per_copy"])
                digests[name].add(figures["digest"])
        print(
            "copy a heuristic game in the quest phase of round 3 (best of 3 runs): "
            + ", ".join(f"{name} {min(copies[name]):.1f} µs" for name in builds)
            + f"; same game: {'yes' if len(set().union(*digests.values())) == 1 else 'NO'}"
        )
        print(f"(python {sys.version.split()[0]}, {os.cpu_count()} cpus)")
    finally:
        shutil.rmtree(old_tree, ignore_errors=True)
        if new_tree is not None:
            shutil.rmtree(new_tree, ignore_errors=True)


def main() -> int:
    if sys.argv[1:2] == ["--child"]:
        what = sys.argv[2]
        if what == "modules":
            from lotr_rules.native import COMPILED_MODULES, compiled_modules

            result = {"compiled": compiled_modules(), "listed": len(COMPILED_MODULES)}
        elif what == "play":
            result = play(sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
        elif what == "profile":
            result = profile(sys.argv[3], int(sys.argv[4]))
        else:
            result = copy_cost(5)
        print(json.dumps(result))
        return 0
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", default=BASELINE, help=f"the commit to compare with (default {BASELINE})")
    parser.add_argument("--rounds", type=int, default=7, help="alternating rounds (default 7)")
    parser.add_argument("--games", type=int, default=None, help="heuristic games a round (random: ten times as many)")
    parser.add_argument("--profile", choices=BOTS, help="profile this checkout's games with this bot instead")
    parser.add_argument(
        "--also-pure",
        action="store_true",
        help="also measure this checkout's sources as they are (the pure-Python build) beside the other two",
    )
    parser.add_argument(
        "--pure",
        action="store_true",
        help="measure this checkout's sources (the pure-Python build) instead of installing it",
    )
    args = parser.parse_args()
    if args.profile:
        old_tree = baseline_tree(args.baseline)
        try:
            for title, tree in ((f"baseline {args.baseline}", old_tree), ("this checkout", ROOT)):
                figures = child(tree, ["profile", args.profile, str(GAMES[args.profile] * 3)])
                print_profile(f"{title}, {args.profile} bots, Passage Through Mirkwood, {' + '.join(DECKS)}", figures)
        finally:
            shutil.rmtree(old_tree, ignore_errors=True)
        return 0
    games = dict(GAMES) if args.games is None else {"heuristic": args.games, "random": args.games * 10}
    side_by_side(args.baseline, args.rounds, games, installed=not args.pure, pure=args.pure or args.also_pure)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
