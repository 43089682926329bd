"""A simulation's summary as one JSON-able dict, and as a readable text report."""

from __future__ import annotations

from typing import Any

from lotr_rules.sim.runner import SimulationRun


def build_report(run: SimulationRun) -> dict[str, Any]:
    """The settings, the timing and the tally's statistics (:meth:`~lotr_rules.sim.tally.Tally.summary`).

    A run stopped before all its games were played says so under ``incomplete``: how many of the
    planned games are counted."""
    report: dict[str, Any] = {
        "settings": run.settings.to_json(),
        "timing": {
            "wall_seconds": round(run.wall_seconds, 3),
            "games_per_second": round(run.games_per_second, 3),
            "workers": run.workers,
        },
    }
    if not run.complete:
        report["incomplete"] = {"played": run.tally.games, "planned": run.settings.games}
    report.update(run.tally.summary())
    return report


def _range(settings: dict[str, Any]) -> str:
    """Which of the simulation's games, when the run does not start at the first."""
    first = settings.get("first_game", 0)
    return f", games {first + 1} to {first + settings['games']}" if first else ""


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _pct(share: float) -> str:
    return f"{100 * share:5.1f}%"


def render_text(report: dict[str, Any]) -> list[str]:
    settings = report["settings"]
    timing = report["timing"]
    games = report["games"]
    lines: list[str] = []
    mode = ", Impossible Mode" if settings["impossible"] else ""
    archenemies = f", {settings['archenemies']} Archenemies" if settings["archenemies"] is not None else ""
    lines.append(
        f"{games} {settings['family']} games: {settings['players']} players, {settings['bot']} bots, "
        f"seed {settings['seed']}, sets {', '.join(settings['sets'])}{archenemies}{mode}{_range(settings)}"
    )
    workers = timing["workers"]
    lines.append(
        f"  {timing['wall_seconds']:.1f} s on {workers} worker{'s' if workers != 1 else ''}: "
        f"{timing['games_per_second']:.1f} games/s"
    )
    incomplete = report.get("incomplete")
    if incomplete is not None:
        lines.append(
            f"  STOPPED after {incomplete['played']} of {incomplete['planned']} games: the figures below are"
            " over the games played"
        )
    turns = report["turns"]
    lines.append(f"  turns: average {turns['average']:.1f} (min {turns['min']}, max {turns['max']})")
    lines.append("")

    lines.append("How the games ended")
    width = max((len(r) for r in report["end_reasons"]), default=10)
    for reason, entry in report["end_reasons"].items():
        lines.append(f"  {reason:<{width}}  {entry['count']:5d}  {_pct(entry['share'])}")
    final = report["final_archenemy_defeated"]
    if final["games"]:
        lines.append(
            f"  final Archenemy defeated in {final['count']} of {final['games']} games"
            f" ({_pct(final['share']).strip()})"
        )
    winners = report["winners"]
    lines.append(
        f"  {_count(winners['winners'], 'winner')}: {_count(winners['ties'], 'tied game')},"
        f" {_count(winners['no_winner'], 'game')} everyone lost"
    )
    vp = report["vp"]
    lines.append(
        f"  VP: average {vp['average']:.1f} a player, {vp['average_winner']:.1f} a winner,"
        f" {vp['average_loser']:.1f} a loser"
    )
    lines.append("")

    if "matches" in report:
        lines.extend(_match_lines(report["matches"]))

    players = report["players"]
    fair = f" (a fair share is {100 / players[0]:.1f}%)" if len(players) == 1 else ""
    lines.extend(_win_lines(f"Win rate by hero{fair}", "hero", report["heroes"], by_rate=True))
    lines.extend(_win_lines("Win rate by seat", "seat", report["seats"], by_rate=False))
    lines.extend(_win_lines("Win rate by place in the turn order", "place", report["turn_order"], by_rate=False))

    cards = report["cards"]
    lines.append("Cards owned at the end (starting decks left out), by how much more winners own them")
    if cards:
        width = max(len(name) for name in cards)
        lines.append(f"  {'card':<{width}}  {'copies':>6}  {'winners':>7}  {'/player':>7}  {'/winner':>7}  {'lift':>5}")
        ordered = sorted(cards.items(), key=lambda item: (-item[1]["winner_lift"], item[0]))
        for name, entry in ordered:
            lines.append(
                f"  {name:<{width}}  {entry['owned']:6d}  {entry['owned_by_winners']:7d}  {entry['per_player']:7.2f}"
                f"  {entry['per_winner']:7.2f}  {entry['winner_lift']:5.2f}"
            )
    else:
        lines.append("  (none)")
    return lines


#: the columns of a win table: what counts as played, and the mean points (key, heading, width)
GAME_COLUMNS = ("games", "avg VP", "average_vp")
MATCH_COLUMNS = ("matches", "avg total", "average_total")


def _win_lines(
    title: str,
    label: str,
    table: dict[str, dict[str, Any]],
    *,
    by_rate: bool,
    columns: tuple[str, str, str] = GAME_COLUMNS,
) -> list[str]:
    played, points_head, points = columns
    lines = [title]
    items = list(table.items())
    if by_rate:
        items.sort(key=lambda item: (-item[1]["win_rate"], item[0]))
    width = max([len(label)] + [len(name) for name, _ in items])
    played_width, points_width = max(5, len(played)), max(6, len(points_head))
    lines.append(
        f"  {label:<{width}}  {played:>{played_width}}  {'wins':>5}  {'win %':>6}  {points_head:>{points_width}}"
    )
    for name, entry in items:
        lines.append(
            f"  {name:<{width}}  {entry[played]:{played_width}d}  {entry['wins']:5d}  {_pct(entry['win_rate'])}"
            f"  {entry[points]:{points_width}.1f}"
        )
    lines.append("")
    return lines


def _match_lines(matches: dict[str, Any]) -> list[str]:
    """The two-game matches of a Plan 2 simulation (the game statistics cover both games)."""
    lines = [
        f"Matches: {matches['matches']} two-game matches (scores of both games added up),"
        f" {_count(matches['ties'], 'shared win')}"
    ]
    lines.extend(_win_lines("Match win rate by seat", "seat", matches["seats"], by_rate=False, columns=MATCH_COLUMNS))
    lines.extend(
        _win_lines(
            "Match win rate by hero (played in either game)",
            "hero",
            matches["heroes"],
            by_rate=True,
            columns=MATCH_COLUMNS,
        )
    )
    return lines
