"""The one source of randomness of a game.

A game never touches Python's global RNG. Its state is a single 64-bit integer, so copying a
game state (which search bots do constantly) costs nothing, where copying a ``random.Random``
costs about 50 µs. The generator is a 64-bit LCG with a PCG-style output permutation: not for
cryptography, more than good enough for shuffling cards, and identical on every platform.
"""

from __future__ import annotations

from typing import TypeVar

_MASK = (1 << 64) - 1
_MULTIPLIER = 6364136223846793005
_INCREMENT = 1442695040888963407

T = TypeVar("T")


def _scramble(seed: int) -> int:
    """SplitMix64: spreads small or similar seeds over the whole state space."""
    z = (seed + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, state: int | None = None) -> None:
        self.state = _scramble(seed & _MASK) if state is None else state

    def copy(self) -> Rng:
        return Rng(state=self.state)

    def next32(self) -> int:
        s = (self.state * _MULTIPLIER + _INCREMENT) & _MASK
        self.state = s
        return ((s ^ (s >> 22)) >> (22 + (s >> 61))) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """A number in ``range(n)`` (multiply-shift reduction; the bias is below 2**-24)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return (self.next32() * n) >> 32

    def shuffle(self, items: list[T]) -> None:
        # The hot loop uses the LCG's upper 32 bits directly (they are its good bits): a
        # shuffle is the one place where the output permutation's cost would show.
        # The constants are written out: a literal is read faster than a module global.
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            s = (s * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
            j = ((s >> 32) * (i + 1)) >> 32
            items[i], items[j] = items[j], items[i]
        self.state = s

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        return items[self.below(len(items))]

    def sample(self, items: list[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def fork(self, salt: int) -> int:
        """A seed for an independent stream (one per simulated game, say)."""
        return _scramble(self.state ^ _scramble(salt))
