"""What a seat sees, as a fixed-size vector: the observation layout of both families.

Every number is scaled into [-1, 1] by a fixed divisor and clipped there, so one Box space holds
every observation. A card is named by its *bucket*: the CRC-32 of its name modulo
:data:`BUCKETS` (stable across runs and machines, unlike Python's ``hash``); a group of cards is
the count of its cards in each bucket, divided by 4. Seats are listed from the observing seat
on (slot 0 is the seat itself, slot 1 the next seat in order...), so a policy learnt for one
seat reads every seat the same way.

The layout (``sections(family)`` gives each section's name and width, in order):

- ``decision``: whether the seat must decide now, the decision's kind (one of
  :data:`KIND_BUCKETS` buckets of the CRC-32 of the request's kind), how many options it has
  (divided by :data:`MAX_ACTIONS`);
- ``options``: for each of the :data:`MAX_ACTIONS` action slots, :data:`OPTION_FEATURES`
  numbers: the option is legal, its card's bucket (``(bucket + 1) / BUCKETS``, 0 for no card),
  its card's cost / 10, and whether it declines (an option without a card whose value is
  ``False`` or ``None``: "no", "pass", "done");
- the family's public table (``table``), one block per seat (``seats``), and card groups
  (``... cards``), listed in :func:`sections`.

Only what the seat may know goes in: its own hand, the cards face up on the table, the sizes of
hidden piles. Never another seat's hand, a deck's order or a face-down shadow card.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterable, Sequence
from functools import cache

import numpy as np
import numpy.typing as npt

from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import Game

#: the size of the Discrete action space: action i answers a decision with its option i
MAX_ACTIONS = 64
BUCKETS = 64
KIND_BUCKETS = 16
OPTION_FEATURES = 4
LCG_SEATS = 4
DECKBUILDING_SEATS = 5
LCG_PHASES = ("setup", "resource", "planning", "quest", "travel", "encounter", "combat", "refresh")

Vector = npt.NDArray[np.float32]

_SECTIONS: dict[str, tuple[tuple[str, int], ...]] = {
    "lcg": (
        ("decision", 2 + KIND_BUCKETS),
        ("options", MAX_ACTIONS * OPTION_FEATURES),
        ("table", 14 + len(LCG_PHASES) + LCG_SEATS),
        ("seats", LCG_SEATS * 13),
        ("hand cards", BUCKETS),
        ("staging area cards", BUCKETS),
        ("own play area cards", BUCKETS),
    ),
    "deckbuilding": (
        ("decision", 2 + KIND_BUCKETS),
        ("options", MAX_ACTIONS * OPTION_FEATURES),
        ("table", 12 + 2 * DECKBUILDING_SEATS + 1),
        ("seats", DECKBUILDING_SEATS * 6),
        ("hand cards", BUCKETS),
        ("path cards", BUCKETS),
        ("played this turn cards", BUCKETS),
    ),
}


def sections(family: str) -> tuple[tuple[str, int], ...]:
    """The observation's sections for ``family``: (name, width), in order."""
    return _SECTIONS[family]


def size(family: str) -> int:
    return sum(width for _, width in _SECTIONS[family])


@cache
def bucket(text: str, buckets: int = BUCKETS) -> int:
    return zlib.crc32(text.encode()) % buckets


def counts(game: Game, cards: Iterable[int]) -> list[float]:
    counts = [0.0] * BUCKETS
    for card in cards:
        counts[bucket(game.card_name(card))] += 0.25
    return counts


def one_hot(index: int, width: int) -> list[float]:
    row = [0.0] * width
    if 0 <= index < width:
        row[index] = 1.0
    return row


def relative(seat: int, other: int, players: int) -> int:
    """Where ``other`` sits counted from ``seat`` (-1: nobody)."""
    return (other - seat) % players if other >= 0 else -1


def decision_features(game: Game, request: DecisionRequest | None, cost: Callable[[int], int]) -> list[float]:
    """The ``decision`` and ``options`` sections: zeros unless the seat decides now."""
    if request is None:
        return [0.0] * (2 + KIND_BUCKETS + MAX_ACTIONS * OPTION_FEATURES)
    head = [
        1.0,
        min(len(request.options), MAX_ACTIONS) / MAX_ACTIONS,
        *one_hot(bucket(request.kind, KIND_BUCKETS), KIND_BUCKETS),
    ]
    slots = [0.0] * (MAX_ACTIONS * OPTION_FEATURES)
    for index, option in enumerate(request.options[:MAX_ACTIONS]):
        at = index * OPTION_FEATURES
        slots[at] = 1.0
        if option.card >= 0:
            slots[at + 1] = (bucket(game.card_name(option.card)) + 1) / BUCKETS
            slots[at + 2] = cost(option.card) / 10
        elif option.value is False or option.value is None:
            slots[at + 3] = 1.0
    return head + slots


def finish(parts: Sequence[float]) -> Vector:
    return np.clip(np.asarray(parts, dtype=np.float32), -1.0, 1.0)


def action_mask(request: DecisionRequest | None) -> npt.NDArray[np.int8]:
    """1 for each action that answers ``request`` (none when there is no request)."""
    mask = np.zeros(MAX_ACTIONS, dtype=np.int8)
    if request is not None:
        mask[: min(len(request.options), MAX_ACTIONS)] = 1
    return mask
