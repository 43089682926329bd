"""Statistics over a simulation's per-game results: pure functions, no I/O, no timing.

Rates are fractions (0 to 1), rounded to 4 places so that a summary is stable to compare and to
diff; averages are rounded to 3. On a tie every winner counts as having won the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from lotr_rules.sim.results import GameResult

Results = Sequence[GameResult]


def _rate(part: float, whole: float) -> float:
    return round(part / whole, 4) if whole else 0.0


def _mean(total: float, count: int) -> float:
    return round(total / count, 3) if count else 0.0


def turn_stats(results: Results) -> dict[str, float]:
    turns = [r.turns for r in results]
    return {
        "average": _mean(sum(turns), len(turns)),
        "min": min(turns, default=0),
        "max": max(turns, default=0),
    }


def end_reasons(results: Results) -> dict[str, dict[str, float]]:
    """How each game ended: count and share, the most common reason first."""
    counts = Counter(r.reason for r in results)
    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return {reason: {"count": n, "share": _rate(n, len(results))} for reason, n in ordered}


def final_defeated(results: Results) -> dict[str, float]:
    """How many games ended with the final Archenemy (Saruman) defeated, of those that had one."""
    known = [r.final_defeated for r in results if r.final_defeated is not None]
    count = sum(1 for d in known if d)
    return {"count": count, "games": len(known), "share": _rate(count, len(known))}


def winner_counts(results: Results) -> dict[str, int]:
    return {
        "winners": sum(len(r.winners) for r in results),
        "ties": sum(1 for r in results if len(r.winners) > 1),
        "no_winner": sum(1 for r in results if not r.winners),
    }


def _win_table(results: Results, key: Callable[[GameResult, int], str]) -> dict[str, dict[str, float]]:
    rows = [
        (key(result, seat), result.scores[seat], seat in result.winners)
        for result in results
        for seat in range(result.players)
    ]
    return _tally(rows, "games", "average_vp")


def _tally(rows: Sequence[tuple[str, int, bool]], played_key: str, points_key: str) -> dict[str, dict[str, float]]:
    """(name, points, won) rows summed by name: how often each was played, won, and its mean points."""
    played: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    points: Counter[str] = Counter()
    for name, scored, won in rows:
        played[name] += 1
        points[name] += scored
        wins[name] += won
    return {
        name: {
            played_key: played[name],
            "wins": wins[name],
            "win_rate": _rate(wins[name], played[name]),
            points_key: _mean(points[name], played[name]),
        }
        for name in sorted(played, key=_natural)
    }


def _natural(name: str) -> tuple[int, str]:
    return (int(name), "") if name.isdigit() else (0, name)


def by_hero(results: Results) -> dict[str, dict[str, float]]:
    """Per hero: games played, games won, win rate and average VP (heroes by name)."""
    return _win_table(results, lambda r, seat: r.heroes[seat])


def by_seat(results: Results) -> dict[str, dict[str, float]]:
    """Per seat ("1" is player 1): games, wins, win rate, average VP."""
    return _win_table(results, lambda r, seat: str(seat + 1))


def by_turn_order(results: Results) -> dict[str, dict[str, float]]:
    """Per place in the turn order ("1" took the first turn): games, wins, win rate, average VP."""
    return _win_table(results, lambda r, seat: str((seat - r.first_player) % r.players + 1))


def vp_stats(results: Results) -> dict[str, float]:
    scores = [s for r in results for s in r.scores]
    winning = [r.scores[w] for r in results for w in r.winners]
    return {
        "average": _mean(sum(scores), len(scores)),
        "average_winner": _mean(sum(winning), len(winning)),
        "average_loser": _mean(sum(scores) - sum(winning), len(scores) - len(winning)),
    }


def card_ownership(results: Results) -> dict[str, dict[str, float]]:
    """Per card: copies owned at the end by all players and by winners (starting decks left out).

    ``per_player`` and ``per_winner`` are copies per player-game and per winner-game, and
    ``winner_lift`` their ratio: above 1, winners ended with more of the card than players do on
    average. Cards are listed by name.
    """
    owned: Counter[str] = Counter()
    by_winners: Counter[str] = Counter()
    player_games = 0
    winner_games = 0
    for result in results:
        player_games += len(result.owned)
        winner_games += sum(1 for w in result.winners if w < len(result.owned))
        for seat, cards in enumerate(result.owned):
            won = seat in result.winners
            for name, count in cards:
                owned[name] += count
                if won:
                    by_winners[name] += count
    out: dict[str, dict[str, float]] = {}
    for name in sorted(owned):
        per_player = owned[name] / player_games if player_games else 0.0
        per_winner = by_winners[name] / winner_games if winner_games else 0.0
        out[name] = {
            "owned": owned[name],
            "owned_by_winners": by_winners[name],
            "per_player": round(per_player, 4),
            "per_winner": round(per_winner, 4),
            "winner_lift": round(per_winner / per_player, 4) if per_player else 0.0,
        }
    return out


def match_stats(results: Results) -> dict[str, Any]:
    """Over the two-game matches among the results (a Plan 2 mix): how many, how many shared
    wins, and match win rates by seat and by hero. A hero counts once for each match a player
    played it in (in game 1 or game 2), with that player's match total and match win."""
    matches = [(r, r.match) for r in results if r.match is not None]
    seats: list[tuple[str, int, bool]] = []
    heroes: list[tuple[str, int, bool]] = []
    for first, match in matches:
        for seat, total in enumerate(match.totals):
            won = seat in match.winners
            seats.append((str(seat + 1), total, won))
            for hero in dict.fromkeys((first.heroes[seat], match.second.heroes[seat])):
                heroes.append((hero, total, won))
    return {
        "matches": len(matches),
        "ties": sum(1 for _, match in matches if len(match.winners) > 1),
        "seats": _tally(seats, "matches", "average_total"),
        "heroes": _tally(heroes, "matches", "average_total"),
    }


def summarize(results: Results) -> dict[str, Any]:
    """Every statistic above, under stable keys (timing is the runner's business, not this).

    When the results are two-game matches, the per-game statistics cover both games of every
    match and a ``matches`` entry (:func:`match_stats`) is added."""
    matched = match_stats(results) if any(r.match is not None for r in results) else None
    if matched is not None:
        results = [game for r in results for game in ((r, r.match.second) if r.match is not None else (r,))]
    summary = {
        "games": len(results),
        "players": sorted({r.players for r in results}),
        "turns": turn_stats(results),
        "end_reasons": end_reasons(results),
        "final_archenemy_defeated": final_defeated(results),
        "winners": winner_counts(results),
        "heroes": by_hero(results),
        "seats": by_seat(results),
        "turn_order": by_turn_order(results),
        "vp": vp_stats(results),
        "cards": card_ownership(results),
    }
    if matched is not None:
        summary["matches"] = matched
    return summary
