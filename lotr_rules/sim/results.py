"""What one simulated game leaves behind: a small, picklable, JSON-able record."""

from __future__ import annotations

from typing import Any

import attrs

#: One player's cards at the end of a game: (card name, copies) pairs, sorted by name.
OwnedCards = tuple[tuple[str, int], ...]


@attrs.frozen(slots=True)
class GameResult:
    """The outcome of one game, by seat (seat 0 is player 1)."""

    #: the game's position in the simulation (0-based) and the seed it was played from
    index: int
    seed: int
    reason: str
    turns: int
    #: each seat's hero (or whatever a family calls the role a player is dealt)
    heroes: tuple[str, ...]
    scores: tuple[int, ...]
    #: seats that won; several on a tie, none when everyone lost
    winners: tuple[int, ...]
    #: the seat that took the first turn
    first_player: int = 0
    #: whether the last Archenemy (the bottom card of the stack) was defeated; None if the family has none
    final_defeated: bool | None = None
    #: by seat: the cards the player owned at the end, starting decks left out
    owned: tuple[OwnedCards, ...] = ()
    #: when this game opened a two-game match (a Plan 2 mix): the second game and the match's outcome
    match: MatchOutcome | None = None
    #: the quest stage the game ended at (the last one when the players won), for a family
    #: played through quest stages; None for the others
    stage: int | None = None

    @property
    def players(self) -> int:
        return len(self.heroes)

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seed": self.seed,
            "reason": self.reason,
            "turns": self.turns,
            "heroes": list(self.heroes),
            "scores": list(self.scores),
            "winners": list(self.winners),
            "first_player": self.first_player,
            "final_defeated": self.final_defeated,
            "owned": [{name: count for name, count in seat} for seat in self.owned],
            # only a match's result has this key (other results stay as they were)
            **({"match": self.match.to_json()} if self.match is not None else {}),
            **({"stage": self.stage} if self.stage is not None else {}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameResult:
        return cls(
            index=int(data["index"]),
            seed=int(data["seed"]),
            reason=str(data["reason"]),
            turns=int(data["turns"]),
            heroes=tuple(str(h) for h in data["heroes"]),
            scores=tuple(int(s) for s in data["scores"]),
            winners=tuple(int(w) for w in data["winners"]),
            first_player=int(data.get("first_player", 0)),
            final_defeated=data.get("final_defeated"),
            owned=tuple(owned_cards(seat) for seat in data.get("owned", ())),
            match=MatchOutcome.from_json(data["match"]) if data.get("match") else None,
            stage=int(data["stage"]) if data.get("stage") is not None else None,
        )


@attrs.frozen(slots=True)
class MatchOutcome:
    """A two-game match (lotr_rules.games.deckbuilding.match), kept on its first game's result."""

    second: GameResult
    #: by seat: the Victory Points of both games added up
    totals: tuple[int, ...]
    #: the seats that won the match; several on a full tie
    winners: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"second": self.second.to_json(), "totals": list(self.totals), "winners": list(self.winners)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MatchOutcome:
        return cls(
            second=GameResult.from_json(data["second"]),
            totals=tuple(int(t) for t in data["totals"]),
            winners=tuple(int(w) for w in data["winners"]),
        )


def owned_cards(counts: dict[str, int]) -> OwnedCards:
    """The canonical (sorted, no zero counts) form of a player's end-of-game cards."""
    return tuple(sorted((str(name), int(n)) for name, n in counts.items() if n))
