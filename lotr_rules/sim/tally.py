"""Running tallies of a simulation: every statistic kept as whole-number sums, updated per game.

A :class:`Tally` takes games one at a time (:meth:`Tally.add`) and forgets them: its size depends
on how many heroes, cards, end reasons and game lengths there are, not on how many games were
played, so a simulation of a million games needs no more memory than one of a thousand. Two
tallies of disjoint games add up (:meth:`Tally.merge`) to exactly the tally of all their games,
because nothing in a tally depends on the order games arrive in: counts, sums, minimums and
maximums. Rates and averages are worked out only by :meth:`Tally.summary`.

A tally also records which games it holds (:class:`GameRanges`) and a fingerprint of their
results (the sum of one 64-bit hash per game), so a resumed or merged run can be checked for
games counted twice, and two runs compared game by game without keeping the games.
"""

from __future__ import annotations

import bisect
import hashlib
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

import attrs

from lotr_rules.sim.results import GameResult

_MASK = (1 << 64) - 1
#: the version of the raw form :meth:`Tally.to_json` writes (and :meth:`Tally.from_json` reads)
TALLY_VERSION = 1


def _rate(part: float, whole: float) -> float:
    return round(part / whole, 4) if whole else 0.0


def _mean(total: float, count: int) -> float:
    return round(total / count, 3) if count else 0.0


def _natural(name: str) -> tuple[int, str]:
    return (int(name), "") if name.isdigit() else (0, name)


def result_hash(result: GameResult) -> int:
    """A 64-bit hash of everything a game's result says (the same on every machine and run: the
    result's repr holds only names, numbers, strings and tuples, all written out in full)."""
    text = repr(result)
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


class GameRanges:
    """A set of game indexes as sorted, disjoint, non-touching ``[start, stop)`` ranges."""

    __slots__ = ("_ranges",)

    def __init__(self, ranges: Iterable[tuple[int, int]] = ()) -> None:
        self._ranges: list[tuple[int, int]] = []
        for start, stop in ranges:
            self.add(start, stop)

    def add(self, start: int, stop: int) -> None:
        """Add ``[start, stop)``; adding an index already held is an error (a game counted twice)."""
        if start >= stop:
            return
        if self.overlaps(start, stop):
            raise ValueError(f"games {start + 1} to {stop} are already counted")
        ranges = self._ranges
        at = bisect.bisect_left(ranges, (start, stop))
        # Join with the range ending where this one starts, and the one starting where it ends.
        if at > 0 and ranges[at - 1][1] == start:
            at -= 1
            start = ranges[at][0]
            del ranges[at]
        if at < len(ranges) and ranges[at][0] == stop:
            stop = ranges[at][1]
            del ranges[at]
        ranges.insert(at, (start, stop))

    def overlaps(self, start: int, stop: int) -> bool:
        ranges = self._ranges
        at = bisect.bisect_right(ranges, (start, stop))
        before = ranges[at - 1] if at > 0 else None
        after = ranges[at] if at < len(ranges) else None
        return (before is not None and before[1] > start) or (after is not None and after[0] < stop)

    def missing(self, start: int, stop: int) -> Iterator[tuple[int, int]]:
        """The parts of ``[start, stop)`` not held, in order."""
        at = start
        for low, high in self._ranges:
            if high <= at:
                continue
            if low >= stop:
                break
            if low > at:
                yield (at, low)
            at = max(at, high)
        if at < stop:
            yield (at, stop)

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return iter(self._ranges)

    def __len__(self) -> int:
        """How many games (not ranges) are held."""
        return sum(stop - start for start, stop in self._ranges)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameRanges) and self._ranges == other._ranges

    def __repr__(self) -> str:
        return f"GameRanges({self._ranges!r})"

    def to_json(self) -> list[list[int]]:
        return [[start, stop] for start, stop in self._ranges]


def _win_row() -> list[int]:
    return [0, 0, 0]  # played, wins, points


def _win_rows(rows: dict[str, list[int]], played_key: str, points_key: str) -> dict[str, dict[str, float]]:
    return {
        name: {
            played_key: rows[name][0],
            "wins": rows[name][1],
            "win_rate": _rate(rows[name][1], rows[name][0]),
            points_key: _mean(rows[name][2], rows[name][0]),
        }
        for name in sorted(rows, key=_natural)
    }


def _add_row(rows: dict[str, list[int]], name: str, points: int, won: bool) -> None:
    row = rows.get(name)
    if row is None:
        row = rows[name] = _win_row()
    row[0] += 1
    row[1] += won
    row[2] += points


def _merge_rows(into: dict[str, list[int]], other: dict[str, list[int]]) -> None:
    for name, row in other.items():
        mine = into.setdefault(name, _win_row())
        for i, value in enumerate(row):
            mine[i] += value


@attrs.define(eq=True)
class Tally:
    """The sums behind a simulation's summary (see the module's docstring)."""

    #: which of the simulation's games are counted (a two-game match is one game here)
    ranges: GameRanges = attrs.field(factory=GameRanges)
    fingerprint: int = 0
    #: games counted for the per-game statistics (both games of a match count)
    played: int = 0
    players: set[int] = attrs.field(factory=set)
    turns: Counter[int] = attrs.field(factory=Counter)
    reasons: Counter[str] = attrs.field(factory=Counter)
    final_known: int = 0
    final_defeated: int = 0
    winners: int = 0
    ties: int = 0
    no_winner: int = 0
    heroes: dict[str, list[int]] = attrs.field(factory=dict)
    seats: dict[str, list[int]] = attrs.field(factory=dict)
    turn_order: dict[str, list[int]] = attrs.field(factory=dict)
    points: int = 0
    scores: int = 0
    winner_points: int = 0
    winner_scores: int = 0
    owned: Counter[str] = attrs.field(factory=Counter)
    owned_by_winners: Counter[str] = attrs.field(factory=Counter)
    #: games by the quest stage they ended at (families with quest stages)
    stages: Counter[str] = attrs.field(factory=Counter)
    player_games: int = 0
    winner_games: int = 0
    matches: int = 0
    match_ties: int = 0
    match_seats: dict[str, list[int]] = attrs.field(factory=dict)
    match_heroes: dict[str, list[int]] = attrs.field(factory=dict)

    # ------------------------------------------------------------------ adding games
    @classmethod
    def of(cls, results: Iterable[GameResult], *, by_index: bool = True) -> Tally:
        """The tally of ``results``; ``by_index=False`` does not record which games they are (for
        results that are not one simulation's, whose indexes may repeat)."""
        tally = cls()
        for result in results:
            tally.add(result, by_index=by_index)
        return tally

    def add(self, result: GameResult, *, by_index: bool = True) -> None:
        """Count one game of the simulation (a match's result counts both its games)."""
        if by_index:
            self.ranges.add(result.index, result.index + 1)
        self.fingerprint = (self.fingerprint + result_hash(result)) & _MASK
        match = result.match
        if match is not None:
            self.matches += 1
            self.match_ties += len(match.winners) > 1
            for seat, total in enumerate(match.totals):
                won = seat in match.winners
                _add_row(self.match_seats, str(seat + 1), total, won)
                for hero in dict.fromkeys((result.heroes[seat], match.second.heroes[seat])):
                    _add_row(self.match_heroes, hero, total, won)
            self._add_game(result)
            self._add_game(match.second)
        else:
            self._add_game(result)

    def _add_game(self, result: GameResult) -> None:
        players = result.players
        self.played += 1
        self.players.add(players)
        self.turns[result.turns] += 1
        self.reasons[result.reason] += 1
        if result.stage is not None:
            self.stages[str(result.stage)] += 1
        if result.final_defeated is not None:
            self.final_known += 1
            self.final_defeated += bool(result.final_defeated)
        winners = result.winners
        self.winners += len(winners)
        self.ties += len(winners) > 1
        self.no_winner += not winners
        for seat in range(players):
            score = result.scores[seat]
            won = seat in winners
            _add_row(self.heroes, result.heroes[seat], score, won)
            _add_row(self.seats, str(seat + 1), score, won)
            _add_row(self.turn_order, str((seat - result.first_player) % players + 1), score, won)
        self.points += sum(result.scores)
        self.scores += len(result.scores)
        self.winner_points += sum(result.scores[w] for w in winners)
        self.winner_scores += len(winners)
        self.player_games += len(result.owned)
        self.winner_games += sum(1 for w in winners if w < len(result.owned))
        for seat, cards in enumerate(result.owned):
            won = seat in winners
            for name, count in cards:
                self.owned[name] += count
                if won:
                    self.owned_by_winners[name] += count

    def merge(self, other: Tally) -> None:
        """Add ``other``'s games to this tally; they must be other games than this one's."""
        for start, stop in other.ranges:
            if self.ranges.overlaps(start, stop):
                raise ValueError(f"games {start + 1} to {stop} are counted in both")
        for start, stop in other.ranges:
            self.ranges.add(start, stop)
        self.fingerprint = (self.fingerprint + other.fingerprint) & _MASK
        for name in _SUMS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.players |= other.players
        for name in _COUNTERS:
            getattr(self, name).update(getattr(other, name))
        for name in _ROWS:
            _merge_rows(getattr(self, name), getattr(other, name))

    def copy(self) -> Tally:
        """An independent copy (cheaper than :func:`copy.deepcopy`, which a tally would need)."""
        twin = Tally(ranges=GameRanges(self.ranges), fingerprint=self.fingerprint, players=set(self.players))
        for name in _SUMS:
            setattr(twin, name, getattr(self, name))
        for name in _COUNTERS:
            setattr(twin, name, Counter(getattr(self, name)))
        for name in _ROWS:
            setattr(twin, name, {key: list(row) for key, row in getattr(self, name).items()})
        return twin

    @property
    def games(self) -> int:
        """How many of the simulation's games are counted (a match is one)."""
        return len(self.ranges)

    # ------------------------------------------------------------------ the summary
    def summary(self) -> dict[str, Any]:
        """The statistics under stable keys, as :func:`lotr_rules.sim.stats.summarize` gives them."""
        played = self.played
        reasons = sorted(self.reasons.items(), key=lambda item: (-item[1], item[0]))
        summary: dict[str, Any] = {
            "games": played,
            "players": sorted(self.players),
            "turns": {
                "average": _mean(sum(turns * n for turns, n in self.turns.items()), played),
                "min": min(self.turns, default=0),
                "max": max(self.turns, default=0),
            },
            "end_reasons": {reason: {"count": n, "share": _rate(n, played)} for reason, n in reasons},
            "final_archenemy_defeated": {
                "count": self.final_defeated,
                "games": self.final_known,
                "share": _rate(self.final_defeated, self.final_known),
            },
            "winners": {"winners": self.winners, "ties": self.ties, "no_winner": self.no_winner},
            "heroes": _win_rows(self.heroes, "games", "average_vp"),
            "seats": _win_rows(self.seats, "games", "average_vp"),
            "turn_order": _win_rows(self.turn_order, "games", "average_vp"),
            "vp": {
                "average": _mean(self.points, self.scores),
                "average_winner": _mean(self.winner_points, self.winner_scores),
                "average_loser": _mean(self.points - self.winner_points, self.scores - self.winner_scores),
            },
            "cards": self._cards(),
        }
        if self.matches:
            summary["matches"] = {
                "matches": self.matches,
                "ties": self.match_ties,
                "seats": _win_rows(self.match_seats, "matches", "average_total"),
                "heroes": _win_rows(self.match_heroes, "matches", "average_total"),
            }
        return summary

    def _cards(self) -> dict[str, dict[str, float]]:
        out: dict[str, dict[str, float]] = {}
        for name in sorted(self.owned):
            per_player = self.owned[name] / self.player_games if self.player_games else 0.0
            per_winner = self.owned_by_winners[name] / self.winner_games if self.winner_games else 0.0
            out[name] = {
                "owned": self.owned[name],
                "owned_by_winners": self.owned_by_winners[name],
                "per_player": round(per_player, 4),
                "per_winner": round(per_winner, 4),
                "winner_lift": round(per_winner / per_player, 4) if per_player else 0.0,
            }
        return out

    def turn_histogram(self) -> list[tuple[int, int]]:
        """(game length in turns, games that long), shortest first."""
        return sorted(self.turns.items())

    # ------------------------------------------------------------------ the raw form
    def to_json(self) -> dict[str, Any]:
        """Everything needed to go on counting, as plain JSON (see docs/playing.md)."""
        return {
            "version": TALLY_VERSION,
            "game_ranges": self.ranges.to_json(),
            "fingerprint": f"{self.fingerprint:016x}",
            **{name: getattr(self, name) for name in _SUMS},
            "players": sorted(self.players),
            "turns": {str(turns): n for turns, n in sorted(self.turns.items())},
            **{name: dict(sorted(getattr(self, name).items())) for name in _COUNTERS if name != "turns"},
            **{name: {key: list(row) for key, row in sorted(getattr(self, name).items())} for name in _ROWS},
        }

    @classmethod
    def from_json(cls, data: Any) -> Tally:
        """The tally :meth:`to_json` wrote; ValueError (with what is wrong) if ``data`` is not one."""
        if not isinstance(data, dict) or data.get("version") != TALLY_VERSION:
            raise ValueError(f"not a version-{TALLY_VERSION} tally")
        try:
            tally = cls(
                ranges=GameRanges((_whole(start), _whole(stop)) for start, stop in data["game_ranges"]),
                fingerprint=int(str(data["fingerprint"]), 16) & _MASK,
                players={_whole(p) for p in data["players"]},
                turns=Counter({_whole(int(k)): _whole(v) for k, v in data["turns"].items()}),
            )
            for name in _SUMS:
                setattr(tally, name, _int(data[name]) if name in _SIGNED else _whole(data[name]))
            for name in _COUNTERS:
                if name != "turns":
                    entries = data.get(name, {}) if name in _NEWER_COUNTERS else data[name]
                    setattr(tally, name, Counter({str(k): _whole(v) for k, v in entries.items()}))
            for name in _ROWS:
                rows = {}
                for key, row in data[name].items():
                    if not isinstance(row, list) or len(row) != 3:
                        raise ValueError(f"'{name}' rows are [played, wins, points]")
                    rows[str(key)] = [_whole(row[0]), _whole(row[1]), _int(row[2])]
                setattr(tally, name, rows)
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(f"a tally entry is missing or of the wrong kind ({error})") from None
        return tally


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{value!r} is not a whole number")
    return value


def _whole(value: Any) -> int:
    if _int(value) < 0:
        raise ValueError(f"{value!r} is not a whole number of 0 or more")
    return int(value)


_SUMS = (
    "played",
    "final_known",
    "final_defeated",
    "winners",
    "ties",
    "no_winner",
    "points",
    "scores",
    "winner_points",
    "winner_scores",
    "player_games",
    "winner_games",
    "matches",
    "match_ties",
)
#: sums of Victory Points, which a card may make negative
_SIGNED = ("points", "winner_points")
_COUNTERS = ("turns", "reasons", "owned", "owned_by_winners", "stages")
#: counters a tally written before they existed may lack (read as empty)
_NEWER_COUNTERS = ("stages",)
_ROWS = ("heroes", "seats", "turn_order", "match_seats", "match_heroes")
