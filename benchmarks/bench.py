"""Benchmarks: prints the figures the issues set targets for, side by side in one run.

    python benchmarks/bench.py            # everything
    python benchmarks/bench.py --quick    # fewer repetitions

- parse + check throughput on a generated corpus of 1,000 cards, cold (no parse cache), through
  Lark alone and through the hand-written fast parser that ``parse`` now tries first, each with
  its stages timed apart (target: 5,000 cards/s);
- the wall time of ``lotr-rules lint cardscripts`` in a fresh process, start-up included
  (target: under 1 s);
- full 4-player games with the heuristic bot: games/s and µs per player turn, and in the same
  run pyminion's Big Money bots as the reference engine (target: at most 2x its cost per turn);
- the time to copy a mid-game 4-player state (target: under 50 µs).

These are measurements, not tests: the machines are noisy, so compare figures from one run.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from lotr_rules.agents.bots import HeuristicAgent  # noqa: E402
from lotr_rules.cards.loader import load_sets  # noqa: E402
from lotr_rules.dsl import fastparse  # noqa: E402
from lotr_rules.dsl import parser as lark_parser  # noqa: E402
from lotr_rules.dsl.compiler import Compiler  # noqa: E402
from lotr_rules.dsl.parser import parse  # noqa: E402
from lotr_rules.games.deckbuilding.config import GameConfig  # noqa: E402
from lotr_rules.games.deckbuilding.game import DeckbuildingGame  # noqa: E402
from lotr_rules.games.deckbuilding.vocabulary import vocabulary  # noqa: E402


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


def bench_lint_wall(repeats: int, env: dict[str, str]) -> float:
    best = float("inf")
    command = [sys.executable, "-m", "lotr_rules", "lint", str(ROOT / "cardscripts")]
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, cwd=ROOT, env={**os.environ, **env})
        best = min(best, time.perf_counter() - start)
    return best


def bench_lint(repeats: int) -> tuple[float, float]:
    """Cold (no parse cache) and warm (every card already in a fresh cache) lint wall times."""
    cold = bench_lint_wall(repeats, {"LOTR_RULES_CACHE": "off"})
    with tempfile.TemporaryDirectory() as folder:
        env = {"LOTR_RULES_CACHE_DIR": folder, "LOTR_RULES_CACHE": "on"}
        bench_lint_wall(1, env)
        warm = bench_lint_wall(repeats, env)
    return cold, warm


def bench_games(games: int, players: int, first_seed: int = 0) -> dict[str, float]:
    catalogue = load_sets()
    turns = 0
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        game = DeckbuildingGame(
            catalogue, GameConfig(players=players, seed=seed), [HeuristicAgent(seed * 10 + i) for i in range(players)]
        )
        turns += game.play_game()["turns"]
    seconds = time.perf_counter() - start
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


def bench_side_by_side(rounds: int, games: int) -> None:
    """Alternate rounds of our games and pyminion's, so that load on a shared machine hits both
    alike; report each side's median round and the ratio of the medians."""
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
            theirs.append(measure_pyminion(games * 2, players=4, seed=index + 1))
        except RuntimeError as error:
            print(f"pyminion reference skipped: {error}")
            return
    our_turn = _median([r["us_per_player_turn"] for r in ours])
    their_turn = _median([r["us_per_player_turn"] for r in theirs])
    print(
        f"lotr_rules, heuristic bots, 4 players: {_median([r['games_per_second'] for r in ours]):.1f} games/s, "
        f"{our_turn:.1f} µs per player turn ({_median([r['turns_per_game'] for r in ours]):.0f} turns a game)"
    )
    print(
        f"pyminion 0.4.0, Big Money bots, 4 players: {_median([r['games_per_second'] for r in theirs]):.1f} games/s, "
        f"{their_turn:.1f} µs per player turn"
    )
    per_round = ", ".join(
        f"{a['us_per_player_turn'] / b['us_per_player_turn']:.2f}" for a, b in zip(ours, theirs, strict=True)
    )
    ratio = our_turn / their_turn
    print(f"cost per player turn, lotr_rules / pyminion: {ratio:.2f}x (target at most 2x; rounds: {per_round})")


def bench_copy(repeats: int) -> tuple[float, float]:
    catalogue = load_sets()
    game = DeckbuildingGame(catalogue, GameConfig(players=4, seed=3), [HeuristicAgent(i) for i in range(4)])
    for _ in range(30):
        game.take_turn()
    state = game.state
    best_state = best_game = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(1000):
            state.copy()
        best_state = min(best_state, (time.perf_counter() - start) / 1000)
        start = time.perf_counter()
        for _ in range(1000):
            game.copy()
        best_game = min(best_game, (time.perf_counter() - start) / 1000)
    return best_state * 1e6, best_game * 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    repeats = 2 if args.quick else 5
    games = 30 if args.quick else 100

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
    cold, warm = bench_lint(repeats)
    files = len(list((ROOT / "cardscripts").rglob("*.card")))
    print(
        f"lint every shipped card ({files} files), fresh process: {cold:.3f} s without the parse cache, "
        f"{warm:.3f} s with it warm (target < 1 s)"
    )
    bench_side_by_side(rounds=3 if args.quick else 5, games=games // 3)
    state_copy, game_copy = bench_copy(repeats)
    print(
        f"copy a mid-game 4-player state: {state_copy:.1f} µs; the whole game object, as search bots do: "
        f"{game_copy:.1f} µs (target < 50 µs)"
    )
    print(f"(python {sys.version.split()[0]}, {os.cpu_count()} cpus)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
