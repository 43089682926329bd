"""Benchmarks: prints the figures the issues set targets for, side by side in one run.

    python benchmarks/bench.py            # everything
    python benchmarks/bench.py --quick    # fewer repetitions
    python benchmarks/bench.py --only turn              # one part alone: turn, copy, parse or startup
    python benchmarks/bench.py --only turn --rounds 21   # more alternating rounds of games
    python benchmarks/bench.py --compiled --only turn    # the compiled build alone
    python benchmarks/bench.py --both --only turn        # pure, compiled and pyminion in one run
    python benchmarks/bench.py --against 99df230 --only turn   # this checkout beside another commit

By default the checkout's sources are measured: the pure-Python build (what
``LOTR_RULES_COMPILE=0`` installs, and any install where no C compiler is found). ``--compiled``
first builds the compiled build (what ``pip install .`` makes where a C compiler is found) into a
temporary folder (about a minute) and measures that instead; every figure of the games says which
build it measured. ``--both`` builds it too and measures the games of both builds and of pyminion
in alternating rounds of one run: each build's games in a fresh process of their own (a process
can import only one build), pyminion's in this one. ``--against COMMIT`` measures the turn of this
checkout's pure-Python build beside that commit's (written out of the repository with ``git
archive`` into a temporary folder) and pyminion, the same way: whether a change of cost per turn
is the code's or the machine's. Start-up always runs the checkout's sources.

- parse + check throughput on a generated corpus of 1,000 cards, through Lark alone and through
  the hand-written fast parser that ``parse`` tries first, each with its stages timed apart
  (target: 5,000 cards/s);
- start-up: ``lotr-rules --help``, ``game --quiet`` and ``lint cardscripts``, each in a fresh
  process next to a bare ``python -c pass``, in alternating rounds; once with the bytecode of every
  module already compiled (the usual case), once with PYTHONDONTWRITEBYTECODE=1, where modules
  without compiled bytecode are compiled at every start (target: ``--help`` under 0.1 s);
- full 4-player games with the heuristic bot, µs of CPU time per player turn, and in alternating
  rounds of the same run pyminion's Big Money bots as the reference engine, with every round, the
  ratio of the medians and the ratio of the minimums (target: at most 1.0x its cost per turn);
- the time to copy a mid-game 4-player state, and a whole game as search bots do (target: under
  20 µs).

These are measurements, not tests. Times are CPU time (``time.process_time``, and the CPU time of
each child process), which load from other processes on a shared machine disturbs much less than
wall time; wall time is shown for start-up too. Compare figures from one run, and run it more than
once.
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]


def compiled_build() -> Path:
    """Build the optional compiled build of this checkout into a temporary folder (removed on
    exit) and return the folder, to be put first on the module path."""
    target = Path(tempfile.mkdtemp(prefix="lotr-rules-bench-"))
    atexit.register(shutil.rmtree, target, True)
    print("building the compiled build (LOTR_RULES_COMPILE=1 pip install --target ...)", flush=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(ROOT)],
        env={**os.environ, "LOTR_RULES_COMPILE": "1"},
        check=True,
    )
    return target


def _build_path(arguments: list[str]) -> Path:
    """Where the lotr_rules to measure is imported from: a folder named by ``--build-path`` (the
    children of ``--both``), a compiled build made now (``--compiled``, ``--both``), or this
    checkout."""
    if "--build-path" in arguments:
        return Path(arguments[arguments.index("--build-path") + 1])
    if "--compiled" in arguments or "--both" in arguments:
        return compiled_build()
    return ROOT


# Which lotr_rules is measured is settled before it is imported: the options are read here.
BUILD_PATH = _build_path(sys.argv[1:])
sys.path.insert(0, str(BUILD_PATH))
sys.path.insert(0, str(ROOT / "benchmarks"))

from lotr_rules.agents.bots import HeuristicAgent  # noqa: E402
from lotr_rules.cards.loader import load_sets  # noqa: E402
from lotr_rules.dsl import fastparse  # noqa: E402
from lotr_rules.dsl import parser as lark_parser  # noqa: E402
from lotr_rules.dsl.compiler import Compiler  # noqa: E402
from lotr_rules.dsl.syntax import parse  # noqa: E402
from lotr_rules.games.deckbuilding.config import GameConfig  # noqa: E402
from lotr_rules.games.deckbuilding.game import DeckbuildingGame  # noqa: E402
from lotr_rules.games.deckbuilding.vocabulary import vocabulary  # noqa: E402
from lotr_rules.native import COMPILED_MODULES, compiled_modules  # noqa: E402


def generated_corpus(size: int) -> list[str]:
    """``size`` card scripts: the shipped deck-building cards (checked against that family's
    vocabulary below), renamed, round and round."""
    sources = sorted(p for name in ("two-towers", "fellowship") for p in (ROOT / "cardscripts" / name).rglob("*.card"))
    texts = [path.read_text(encoding="utf-8") for path in sources]
    corpus: list[str] = []
    index = 0
    while len(corpus) < size:
        text = texts[index % len(texts)]
        first_quote = text.index('"')
        second_quote = text.index('"', first_quote + 1)
        name = text[first_quote + 1 : second_quote]
        corpus.append(text[: first_quote + 1] + f"{name} {index}" + text[second_quote:])
        index += 1
    return corpus


@contextmanager
def lark_only() -> Iterator[None]:
    """``parse`` as it was before the fast path: every script through Lark."""
    with mock.patch.object(fastparse, "parse", lambda source, path="": None):
        yield


def bench_parse_check(size: int, repeats: int) -> dict[str, float]:
    """Cards per second through ``parse`` and the checker, with the Lark path alone and with the
    fast path, and for each stage on its own: Lark's LALR parse (its parse tree), the tree-to-AST
    transform, the fast parser (text to AST), and the check. The two paths take turns, round by
    round, so that load on a shared machine hits both alike; each figure is the best round. The
    fast parser's cache of spans is emptied before each round: no round starts warm."""
    corpus = generated_corpus(size)
    sources = [text if text.endswith("\n") else text + "\n" for text in corpus]
    known = {c.name for c in load_sets().cards}
    vocab = vocabulary()
    scripts = [parse(text, "bench.card") for text in corpus]
    trees = [tree for tree in map(lark_parser._parse_fast, sources) if tree is not None]
    assert len(trees) == size, "every card of the corpus parses"

    def parse_and_check() -> None:
        for text in corpus:
            script = parse(text, "bench.card")
            compiler = Compiler(vocab, "bench.card", known, "bench")
            for card in script.cards:
                compiler.compile_card(card)

    def lark_parse_and_check() -> None:
        with lark_only():
            parse_and_check()

    def check() -> None:
        for script in scripts:
            compiler = Compiler(vocab, "bench.card", known, "bench")
            for card in script.cards:
                compiler.compile_card(card)

    stages: dict[str, Callable[[], object]] = {
        "lark": lark_parse_and_check,
        "fast": parse_and_check,
        "lark parse": lambda: [lark_parser._parse_fast(source) for source in sources],
        "transform": lambda: [lark_parser._ToAst().transform(tree) for tree in trees],
        "fast parse": lambda: [fastparse.parse(source, "bench.card") for source in sources],
        "check": check,
    }
    best = dict.fromkeys(stages, float("inf"))
    for _ in range(repeats):
        for name, run in stages.items():
            fastparse._SPANS.clear()
            start = time.perf_counter()
            run()
            best[name] = min(best[name], time.perf_counter() - start)
    return {name: size / seconds for name, seconds in best.items()}


#: The start-up commands, as arguments to ``python``: a bare interpreter first, for reference.
STARTUP_COMMANDS: dict[str, list[str]] = {
    "python -c pass": ["-c", "pass"],
    "lotr-rules --help": ["-m", "lotr_rules", "--help"],
    "lotr-rules game --quiet": ["-m", "lotr_rules", "game", "--seed", "7", "--quiet"],
    "lotr-rules lint cardscripts": ["-m", "lotr_rules", "lint", "cardscripts"],
}


def run_child(arguments: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Run ``python ARGUMENTS`` in a fresh process: its CPU time (user + system) and wall time."""
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, *arguments], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _pid, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise RuntimeError(f"python {' '.join(arguments)} exited with {child.returncode}")
    return usage.ru_utime + usage.ru_stime, wall


def bench_startup(rounds: int, env: dict[str, str]) -> dict[str, list[tuple[float, float]]]:
    """Every start-up command once a round, in turn, so that load on a shared machine hits all
    alike; one warm-up round first (it writes the bytecode, where writing it is allowed)."""
    for arguments in STARTUP_COMMANDS.values():
        run_child(arguments, env)
    figures: dict[str, list[tuple[float, float]]] = {name: [] for name in STARTUP_COMMANDS}
    for _ in range(rounds):
        for name, arguments in STARTUP_COMMANDS.items():
            figures[name].append(run_child(arguments, env))
    return figures


def print_startup(title: str, figures: dict[str, list[tuple[float, float]]]) -> None:
    print(f"start-up in a fresh process, {title} (median and best of {len(figures['python -c pass'])} rounds):")
    for name, rounds in figures.items():
        cpu = [c for c, _ in rounds]
        wall = [w for _, w in rounds]
        target = " (target < 0.1 s)" if name.endswith("--help") else ""
        print(
            f"  {name}: CPU {_median(cpu):.3f} s, best {min(cpu):.3f} s; "
            f"wall {_median(wall):.3f} s, best {min(wall):.3f} s{target}"
        )


def startup_environments(cache: Path) -> list[tuple[str, dict[str, str]]]:
    """The bytecode of every module compiled once and kept (in a folder of its own, so that the
    run changes nothing), and no bytecode written at all (PYTHONDONTWRITEBYTECODE=1)."""
    settings = ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")
    base = {key: value for key, value in os.environ.items() if key not in settings}
    if any((ROOT / "lotr_rules").rglob("__pycache__/*.pyc")):
        unwritten = "lotr_rules has compiled bytecode next to its sources"
    else:
        unwritten = "lotr_rules compiled at every start"
    return [
        ("bytecode compiled and kept", {**base, "PYTHONPYCACHEPREFIX": str(cache)}),
        (f"PYTHONDONTWRITEBYTECODE=1 ({unwritten})", {**base, "PYTHONDONTWRITEBYTECODE": "1"}),
    ]


def bench_games(games: int, players: int, first_seed: int = 0) -> dict[str, float]:
    """Play ``games`` complete games between heuristic bots: CPU time per game and per player turn
    (setting each game up included, as for the reference engine)."""
    catalogue = load_sets()
    turns = 0
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        game = DeckbuildingGame(
            catalogue, GameConfig(players=players, seed=seed), [HeuristicAgent(seed * 10 + i) for i in range(players)]
        )
        turns += game.play_game()["turns"]
    seconds = time.process_time() - start
    return {
        "games": games,
        "seconds": seconds,
        "games_per_second": games / seconds,
        "us_per_player_turn": seconds / turns * 1e6,
        "turns_per_game": turns / games,
    }


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def games_in_child(build: Path, games: int, first_seed: int) -> dict[str, float]:
    """bench_games in a fresh process that imports lotr_rules from ``build``."""
    arguments = ["--build-path", str(build), "--child-games", str(games), "--first-seed", str(first_seed)]
    done = subprocess.run(
        [sys.executable, __file__, *arguments],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT.parent,
    )
    figures: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return figures


def bench_builds_side_by_side(rounds: int, games: int) -> None:
    """The pure-Python build, the compiled build and pyminion, in turn round after round, so that
    load on a shared machine hits all alike: every round, the medians, and the ratios of the
    medians and of the minimums to pyminion."""
    from reference_pyminion import measure_pyminion

    builds = {"pure Python": ROOT, "compiled": BUILD_PATH}
    descriptions = {
        name: subprocess.run(
            [sys.executable, __file__, "--build-path", str(path), "--describe"],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT.parent,
        ).stdout.strip()
        for name, path in builds.items()
    }
    ours: dict[str, list[dict[str, float]]] = {name: [] for name in builds}
    theirs: list[dict[str, float]] = []
    for index in range(rounds):
        for name, path in builds.items():
            ours[name].append(games_in_child(path, games, index * games))
        theirs.append(measure_pyminion(games * 2, players=4, seed=index + 1))
    their_turns = [r["us_per_player_turn"] for r in theirs]
    print(f"{rounds} rounds, each {games} games of each build and {games * 2} of pyminion, 4 players")
    print(
        f"pyminion 0.4.0, Big Money bots: {_median([r['games_per_second'] for r in theirs]):.1f} games/s, "
        f"{_median(their_turns):.1f} µs CPU per player turn (median), rounds: "
        + ", ".join(f"{b:.1f}" for b in their_turns)
    )
    for name, figures in ours.items():
        turns = [r["us_per_player_turn"] for r in figures]
        print(descriptions[name])
        print(
            f"  {name}, heuristic bots: {_median([r['games_per_second'] for r in figures]):.1f} games/s, "
            f"{_median(turns):.1f} µs CPU per player turn (median), rounds: " + ", ".join(f"{a:.1f}" for a in turns)
        )
        print(
            f"  {name} / pyminion, cost per player turn: {_median(turns) / _median(their_turns):.2f}x "
            f"(ratio of the medians), {min(turns) / min(their_turns):.2f}x (ratio of the minimums) "
            "(target at most 1.0x)"
        )


def bench_against(commit: str, rounds: int, games: int) -> None:
    """This checkout's pure-Python turn beside another commit's and pyminion's, in turn round
    after round: every round, and the ratios of the medians."""
    from reference_pyminion import measure_pyminion

    target = Path(tempfile.mkdtemp(prefix="lotr-rules-against-"))
    atexit.register(shutil.rmtree, target, True)
    archive = subprocess.run(["git", "archive", "--format=tar", commit], cwd=ROOT, capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive.stdout, check=True)
    builds = {f"commit {commit}": target, "this checkout": ROOT}
    ours: dict[str, list[float]] = {name: [] for name in builds}
    theirs: list[float] = []
    for index in range(rounds):
        # which build goes first turns every round
        order = list(builds.items()) if index % 2 == 0 else list(builds.items())[::-1]
        for name, path in order:
            ours[name].append(games_in_child(path, games, index * games)["us_per_player_turn"])
        theirs.append(measure_pyminion(games * 2, players=4, seed=index + 1)["us_per_player_turn"])
    print(f"{rounds} rounds, each {games} games of each pure-Python build and {games * 2} of pyminion, 4 players")
    print(f"  pyminion 0.4.0, Big Money: {_median(theirs):.1f} µs CPU per player turn (median)")
    for name, turns in ours.items():
        print(
            f"  {name}: {_median(turns):.1f} µs CPU per player turn (median), rounds: "
            + ", ".join(f"{a:.1f}" for a in turns)
            + f"; / pyminion {_median(turns) / _median(theirs):.2f}x (ratio of the medians)"
        )
    old, new = ours.values()
    print(f"  this checkout / commit {commit}, cost per player turn: {_median(new) / _median(old):.2f}x")


def bench_side_by_side(rounds: int, games: int) -> None:
    """Alternate rounds of our games and pyminion's, so that load on a shared machine hits both
    alike; print every round, and the ratio of the medians and of the minimums."""
    try:
        from reference_pyminion import measure_pyminion
    except ImportError as error:  # pragma: no cover - the module is in this folder
        print(f"pyminion reference skipped: {error}")
        return
    ours: list[dict[str, float]] = []
    theirs: list[dict[str, float]] = []
    for index in range(rounds):
        ours.append(bench_games(games, 4, first_seed=index * games))
        try:
            # About as many player turns as our round: a Big Money game is about half as long.
            theirs.append(measure_pyminion(games * 2, players=4, seed=index + 1))
        except RuntimeError as error:
            print(f"pyminion reference skipped: {error}")
            return
    our_turns = [r["us_per_player_turn"] for r in ours]
    print(build_description())
    their_turns = [r["us_per_player_turn"] for r in theirs]
    print(
        f"lotr_rules, heuristic bots, 4 players: {_median([r['games_per_second'] for r in ours]):.1f} games/s, "
        f"{_median(our_turns):.1f} µs CPU per player turn ({_median([r['turns_per_game'] for r in ours]):.0f} "
        "turns a game)"
    )
    print(
        f"pyminion 0.4.0, Big Money bots, 4 players: {_median([r['games_per_second'] for r in theirs]):.1f} games/s, "
        f"{_median(their_turns):.1f} µs CPU per player turn"
    )
    print(
        "  rounds, µs per player turn (lotr_rules / pyminion = ratio): "
        + ", ".join(f"{a:.1f}/{b:.1f} = {a / b:.2f}" for a, b in zip(our_turns, their_turns, strict=True))
    )
    print(
        f"cost per player turn, lotr_rules / pyminion: {_median(our_turns) / _median(their_turns):.2f}x "
        f"(ratio of the medians), {min(our_turns) / min(their_turns):.2f}x (ratio of the minimums) "
        "(target at most 1.0x)"
    )


def build_description() -> str:
    """Which build of lotr_rules this run measures, and where it was imported from."""
    import lotr_rules

    where = Path(lotr_rules.__file__).resolve().parent
    compiled = compiled_modules()
    if not compiled:
        return f"lotr_rules build: pure Python (no module compiled), from {where}"
    names = ", ".join(name.removeprefix("lotr_rules.") for name in compiled)
    return f"lotr_rules build: compiled ({len(compiled)} of {len(COMPILED_MODULES)} modules: {names}), from {where}"


def bench_copy(repeats: int) -> tuple[float, float]:
    catalogue = load_sets()
    game = DeckbuildingGame(catalogue, GameConfig(players=4, seed=3), [HeuristicAgent(i) for i in range(4)])
    for _ in range(30):
        game.take_turn()
    state = game.state
    best_state = best_game = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        for _ in range(1000):
            state.copy()
        best_state = min(best_state, (time.process_time() - start) / 1000)
        start = time.process_time()
        for _ in range(1000):
            game.copy()
        best_game = min(best_game, (time.process_time() - start) / 1000)
    return best_state * 1e6, best_game * 1e6


#: the parts of the benchmark, in the order they run
PARTS = ("turn", "copy", "parse", "startup")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions and rounds")
    parser.add_argument(
        "--compiled",
        action="store_true",
        help="measure the optional compiled build (built into a temporary folder first) instead of the sources",
    )
    parser.add_argument(
        "--both",
        action="store_true",
        help="build the compiled build and measure the turn part for it, the pure-Python build and pyminion "
        "side by side in one run",
    )
    parser.add_argument(
        "--against",
        metavar="COMMIT",
        help="measure the turn part for this checkout's pure-Python build beside that commit's and pyminion",
    )
    # the children of --both: which build to import, and the games to play
    parser.add_argument("--build-path", help=argparse.SUPPRESS)
    parser.add_argument("--child-games", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--first-seed", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--describe", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument(
        "--only",
        choices=PARTS,
        action="append",
        help="run this part alone (may be given more than once): turn (games per player turn, next to "
        "pyminion), copy (state and game copies), parse (parse + check), startup (fresh processes)",
    )
    parser.add_argument(
        "--rounds", type=int, default=None, help="alternating rounds of games for the turn part (15, or 7 with --quick)"
    )
    args = parser.parse_args()
    if args.child_games is not None:
        # A few untimed games first (other seeds), as pyminion's rounds after the first run in a
        # process that has played before: the figures are of a warm process in both.
        bench_games(3, 4, first_seed=1_000_000 + args.first_seed)
        print(json.dumps(bench_games(args.child_games, 4, first_seed=args.first_seed)))
        return 0
    if args.describe:
        print(build_description())
        return 0
    parts = set(args.only or PARTS)
    repeats = 2 if args.quick else 5

    # The games first, while the heap holds little besides the cards: the parse benchmark
    # leaves Lark's tables and caches behind, which every later garbage collection walks.
    if "turn" in parts:
        rounds = args.rounds if args.rounds is not None else 7 if args.quick else 15
        if args.against:
            bench_against(args.against, rounds=rounds, games=10 if args.quick else 30)
        elif args.both:
            bench_builds_side_by_side(rounds=rounds, games=10 if args.quick else 30)
        else:
            bench_side_by_side(rounds=rounds, games=10 if args.quick else 30)
    if "copy" in parts:
        state_copy, game_copy = bench_copy(repeats)
        print(build_description())
        print(
            f"copy a mid-game 4-player state: {state_copy:.1f} µs; the whole game object, as search bots do: "
            f"{game_copy:.1f} µs (target < 20 µs)"
        )
    if "parse" in parts:
        rates = bench_parse_check(1000, repeats)
        print(
            f"parse + check (Lark), 1,000 generated cards: {rates['lark']:,.0f} cards/s "
            f"(Lark parse {rates['lark parse']:,.0f}/s, transform {rates['transform']:,.0f}/s, "
            f"check {rates['check']:,.0f}/s)"
        )
        print(
            f"parse + check (fast), 1,000 generated cards: {rates['fast']:,.0f} cards/s "
            f"(fast parse {rates['fast parse']:,.0f}/s, check {rates['check']:,.0f}/s) (target 5,000)"
        )
    if "startup" in parts:
        with tempfile.TemporaryDirectory() as cache:
            for title, env in startup_environments(Path(cache)):
                print_startup(title, bench_startup(3 if args.quick else 7, env))
    print(f"(python {sys.version.split()[0]}, {os.cpu_count()} cpus)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
