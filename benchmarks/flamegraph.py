"""A flame graph of Card Game simulations: where the CPU time of the games goes, call stack by
call stack, drawn as an SVG.

    python benchmarks/flamegraph.py --bot random --games 300 --output docs/images/flame-lcg-random.svg
    python benchmarks/flamegraph.py --bot heuristic --games 30 --output docs/images/flame-lcg-heuristic.svg

The games (Passage Through Mirkwood, the leadership deck alone, as ``benchmarks/lcg_speed.py``
plays them) are sampled rather than traced: a CPU-time timer (``signal.setitimer`` with
``ITIMER_PROF``) interrupts them every ``--interval`` seconds of CPU time, and each interruption
records the Python call stack it stopped in. Sampling costs the games almost nothing, so, unlike
cProfile, small functions called often are not made to look dearer than they are. The graph
stacks the calls from the bottom up: each box is a function called from the box beneath it, as
wide as the share of the samples taken in it and in what it called (hover a box for its name and
share). A box of the same function called from elsewhere is another box; a wide box with nothing
above it is time spent in that function itself. Needs a system with ``SIGPROF`` (not Windows).
"""

from __future__ import annotations

import argparse
import html
import signal
import sys
import zlib
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

#: the graph's size: its width, the height of one level of the stacks
WIDTH = 1200
ROW = 16
#: boxes narrower than this (in pixels) are left out, with everything above them
NARROWEST = 1.0


def _name(frame: FrameType) -> str:
    code = frame.f_code
    path = code.co_filename
    path = "lotr_rules/" + path.split("lotr_rules/")[-1] if "lotr_rules/" in path else Path(path).name
    return f"{code.co_name} ({path}:{code.co_firstlineno})"


def sample(bot: str, games: int, interval: float) -> Counter[tuple[str, ...]]:
    """Play the games under the CPU-time timer; how often each call stack was found."""
    import lcg_speed

    stacks: Counter[tuple[str, ...]] = Counter()

    def record(_signum: int, frame: FrameType | None) -> None:
        names = []
        while frame is not None:
            names.append(_name(frame))
            frame = frame.f_back
        names.reverse()
        # (the frames below the first game's play are this script's own)
        for start, name in enumerate(names):
            if name.startswith("play_game ") or name.startswith("_new_game "):
                names = names[start:]
                break
        stacks[tuple(names)] += 1

    table = lcg_speed._setup()
    signal.signal(signal.SIGPROF, record)
    signal.setitimer(signal.ITIMER_PROF, interval, interval)
    try:
        for seed in range(games):
            lcg_speed._new_game(table, bot, seed).play_game()
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
    return stacks


def _colour(name: str) -> str:
    """A warm colour, the same for a function wherever it appears."""
    hashed = zlib.crc32(name.encode())
    return f"rgb({205 + hashed % 50},{80 + (hashed >> 8) % 120},{30 + (hashed >> 16) % 40})"


def svg(stacks: Counter[tuple[str, ...]], title: str) -> str:
    """The flame graph of the stacks, as an SVG document."""
    total = sum(stacks.values())
    tree: dict[str, Any] = {}
    for stack, count in stacks.items():
        node = tree
        for name in stack:
            child = node.setdefault(name, {"": 0})
            child[""] += count
            node = child
    boxes: list[tuple[float, int, float, str, int]] = []  # x, depth, width, name, samples

    def place(node: dict[str, Any], x: float, depth: int) -> int:
        deepest = depth
        for name in sorted(key for key in node if key):
            child = node[name]
            width = WIDTH * child[""] / total
            if width < NARROWEST:
                x += width
                continue
            boxes.append((x, depth, width, name, child[""]))
            deepest = max(deepest, place(child, x, depth + 1))
            x += width
        return deepest

    depth = place(tree, 0.0, 0) + 1
    height = (depth + 3) * ROW
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="monospace" font-size="11">',
        f'<rect width="{WIDTH}" height="{height}" fill="#fdfaf3"/>',
        f'<text x="4" y="{ROW}" font-size="13">{html.escape(title)} ({total:,} samples)</text>',
    ]
    for x, level, width, name, count in boxes:
        y = height - (level + 1) * ROW
        share = 100 * count / total
        label = html.escape(f"{name}: {share:.1f}% ({count:,} samples)")
        out.append(
            f'<g><title>{label}</title><rect x="{x:.2f}" y="{y}" width="{width:.2f}" height="{ROW - 1}" '
            f'fill="{_colour(name)}" rx="1"/>'
        )
        characters = int((width - 4) / 6.6)
        if characters >= 3:
            text = name if len(name) <= characters else name[: characters - 1] + "…"
            out.append(f'<text x="{x + 2:.2f}" y="{y + ROW - 4}">{html.escape(text)}</text>')
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bot", choices=("random", "heuristic"), default="random")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--interval", type=float, default=0.0005, help="seconds of CPU time between samples")
    parser.add_argument("--output", type=Path, required=True, help="the SVG file to write")
    parser.add_argument("--folded", type=Path, help="also write the stacks, one a line with its count")
    args = parser.parse_args()
    stacks = sample(args.bot, args.games, args.interval)
    title = f"Card Game, Passage Through Mirkwood, leadership deck, {args.bot} bots, {args.games} games"
    args.output.write_text(svg(stacks, title))
    if args.folded:
        lines = [";".join(stack) + f" {count}" for stack, count in sorted(stacks.items())]
        args.folded.write_text("\n".join(lines) + "\n")
    print(f"{sum(stacks.values()):,} samples of {args.games} {args.bot} games: {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
