"""A simulation's figures as a picture: win rate by hero and by seat, and how long games last.

Win rates are drawn with their 95% confidence intervals (Wilson's score interval, which stays
inside 0 to 100% and is honest for small counts), next to the fair share (one in the number of
players), so a hero whose interval does not reach the fair share is out of balance, and one whose
interval is wide needs more games before anything can be said. Drawn with matplotlib (the
optional ``plot`` extra), imported only here; the picture is written through
:mod:`lotr_rules.atomic` like every other file. SVG output is the same bytes for the same figures
(no date, fixed element ids), so a generated page can be checked.
"""

from __future__ import annotations

import io
import math
from pathlib import Path
from typing import Any

from lotr_rules import atomic
from lotr_rules.errors import UserError
from lotr_rules.sim.runner import SimulationRun
from lotr_rules.sim.tally import Tally

INSTALL_HINT = "pip install 'lotr-rules[plot]'"
FORMATS = {".png": "png", ".svg": "svg"}
#: z for a 95% two-sided interval
Z95 = 1.959964
#: colours: the bars, their intervals, the fair-share line, the mean game length
BAR, INTERVAL, FAIR, MEAN = "#4c72b0", "#1f2d4d", "#c44e52", "#dd8452"


def check_plot_path(path: Path) -> str:
    """The picture format ``path`` asks for; a user error before any game is played if none."""
    kind = FORMATS.get(path.suffix.lower())
    if kind is None:
        raise UserError(f"cannot draw '{path}': a plot is a .png or an .svg file")
    return kind


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The score interval for a win rate of ``wins`` in ``games`` (0 to 1 when there are none)."""
    if games <= 0:
        return (0.0, 1.0)
    rate = wins / games
    denominator = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / denominator
    # At 0 or all wins the interval touches 0 or 1 exactly (not a rounding error away from it).
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return (low, high)


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise UserError(f"drawing a plot needs matplotlib: {INSTALL_HINT}") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _win_panel(axes: Any, title: str, rows: dict[str, list[int]], fair: float | None, *, by_rate: bool) -> None:
    """Horizontal bars of win rate with 95% intervals; ``rows`` are [played, wins, points]."""
    items = [(name, row[1], row[0]) for name, row in rows.items() if row[0]]
    if by_rate:
        items.sort(key=lambda item: (item[1] / item[2], item[0]))
    else:
        # seat 1 at the top: the first bar is drawn at the bottom
        items.sort(key=lambda item: -int(item[0].rsplit(" ", 1)[-1]))
    names = [name for name, _, _ in items]
    rates = [100 * wins / games for _, wins, games in items]
    lows, highs = zip(*(wilson_interval(wins, games) for _, wins, games in items), strict=True) if items else ((), ())
    errors = [
        [rate - 100 * low for rate, low in zip(rates, lows, strict=True)],
        [100 * high - rate for rate, high in zip(rates, highs, strict=True)],
    ]
    positions = list(range(len(items)))
    axes.barh(positions, rates, color=BAR, height=0.62, zorder=2)
    axes.errorbar(rates, positions, xerr=errors, fmt="none", ecolor=INTERVAL, elinewidth=1.2, capsize=3, zorder=3)
    for position, rate, high, (_, wins, games) in zip(positions, rates, highs, items, strict=True):
        axes.text(100 * high + 1, position, f"{rate:.1f}%  ({wins}/{games})", va="center", fontsize=8, color="#333333")
    # A spare row above the bars holds the fair-share line's label, clear of every bar's figures.
    axes.set_ylim(-0.6, len(items) + 0.2)
    if fair is not None:
        axes.axvline(100 * fair, color=FAIR, linestyle="--", linewidth=1.2, zorder=4)
        axes.text(
            100 * fair + 0.6, len(items) - 0.25, f"fair share {100 * fair:.1f}%", color=FAIR, fontsize=8, va="center"
        )
    axes.set_yticks(positions, labels=names)
    top = max([100 * h for h in highs] + [100 * (fair or 0)], default=50.0)
    axes.set_xlim(0, min(100.0, top * 1.35 + 5))
    axes.set_xlabel("win rate, %  (whiskers: 95% confidence interval)")
    axes.set_title(title, loc="left", fontsize=11, fontweight="bold")
    axes.grid(axis="x", color="#dddddd", zorder=0)
    axes.spines[["top", "right"]].set_visible(False)


#: at most this many bars in the game-length histogram (wider bins for long-ranging games)
MAX_BINS = 45


def length_bins(histogram: list[tuple[int, int]]) -> tuple[int, list[tuple[int, int]]]:
    """The bin width and (first turn of the bin, games) of the game-length histogram."""
    if not histogram:
        return 1, []
    low, high = histogram[0][0], histogram[-1][0]
    width = max(1, math.ceil((high - low + 1) / MAX_BINS))
    bins: dict[int, int] = {}
    for turns, games in histogram:
        start = low + (turns - low) // width * width
        bins[start] = bins.get(start, 0) + games
    return width, sorted(bins.items())


def _length_panel(axes: Any, tally: Tally) -> None:
    histogram = tally.turn_histogram()
    games = sum(n for _, n in histogram)
    width, bins = length_bins(histogram)
    if bins:
        axes.bar(
            [start for start, _ in bins],
            [100 * n / games for _, n in bins],
            width=width * 0.92,
            align="edge",
            color=BAR,
            zorder=2,
        )
        # headroom above the tallest bar for the mean's label
        axes.set_ylim(0, max(100 * n / games for _, n in bins) * 1.15)
        mean = sum(t * n for t, n in histogram) / games
        axes.axvline(mean, color=MEAN, linestyle="--", linewidth=1.4, zorder=3)
        axes.text(
            mean, 1.0, f" mean {mean:.1f} turns", color=MEAN, fontsize=8, va="top", transform=axes.get_xaxis_transform()
        )
    per_bin = "a turn" if width == 1 else f"{width} turns a bar"
    axes.set_xlabel(f"game length, turns (all players' turns together; {per_bin})")
    axes.set_ylabel("share of games, %")
    axes.set_title(f"Game length ({games:,} games)", loc="left", fontsize=11, fontweight="bold")
    axes.grid(axis="y", color="#dddddd", zorder=0)
    axes.spines[["top", "right"]].set_visible(False)


def render(tally: Tally, title: str, kind: str) -> bytes:
    """The picture of ``tally`` as PNG or SVG bytes."""
    plt = _pyplot()
    players = sorted(tally.players)
    fair = 1 / players[0] if len(players) == 1 else None
    heroes = len(tally.heroes)
    seats = len(tally.seats)
    style = {
        "svg.hashsalt": "lotr-rules",
        "svg.fonttype": "none",
        "font.family": "DejaVu Sans",
        "font.size": 9,
    }
    with plt.rc_context(style):
        figure = plt.figure(figsize=(10, 1.4 + 0.32 * max(heroes, seats + 4) + 3.2), layout="constrained")
        grid = figure.add_gridspec(2, 2, height_ratios=[max(heroes, seats, 3), 9], width_ratios=[3, 2])
        _win_panel(figure.add_subplot(grid[0, 0]), "Win rate by hero", tally.heroes, fair, by_rate=True)
        _win_panel(
            figure.add_subplot(grid[0, 1]),
            "Win rate by seat",
            {f"seat {name}": row for name, row in tally.seats.items()},
            fair,
            by_rate=False,
        )
        _length_panel(figure.add_subplot(grid[1, :]), tally)
        figure.suptitle(title, fontsize=12, x=0.01, ha="left")
        buffer = io.BytesIO()
        metadata: dict[str, Any] = {"Date": None} if kind == "svg" else {"Software": None}
        figure.savefig(buffer, format=kind, dpi=110, metadata=metadata)
        plt.close(figure)
    return buffer.getvalue()


def title_for(run: SimulationRun) -> str:
    settings = run.settings
    players = sorted(run.tally.players)
    who = f"{players[0]} players" if len(players) == 1 else "players"
    return (
        f"{run.tally.games:,} games of {', '.join(settings.sets)}: {who}, {settings.bot} bots, seed {settings.seed}"
        + (f", mix {settings.mix}" if settings.mix else "")
    )


def plot_run(run: SimulationRun, path: Path) -> None:
    """Draw ``run``'s figures to ``path`` (.png or .svg)."""
    atomic.write_bytes(path, render(run.tally, title_for(run), check_plot_path(path)))
