"""The context a compiled effect runs in: who "you" is, which card "this" is, bound names."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lotr_rules.engine.game import Game


class Ctx:
    """One activation of an effect.

    ``player`` is the player the statements act on ("you"): inside an Attack block that is the
    attacked player, and ``controller`` stays the player whose card it is.
    """

    __slots__ = ("controller", "game", "hit", "it", "player", "this", "vars")

    def __init__(
        self,
        game: Game,
        player: int,
        this: int,
        it: int = -1,
        controller: int | None = None,
        variables: dict[str, list[int] | int] | None = None,
    ) -> None:
        self.game = game
        self.player = player
        self.this = this
        self.it = it
        self.controller = player if controller is None else controller
        self.vars: dict[str, list[int] | int] = variables if variables is not None else {}
        self.hit = 0

    def for_player(self, player: int) -> Ctx:
        """The same activation acting on another player (an Attack's target, "each opponent")."""
        child = Ctx(self.game, player, self.this, self.it, self.controller, self.vars)
        return child


def with_names(effect: Callable[[Ctx], None], names: dict[str, list[int] | int]) -> Callable[[Ctx], None]:
    """``effect`` run later (a trigger registered for the turn, a ``next turn`` block) with the
    names bound when it was set up, as they were then: the language's scoping rule."""
    if not names:
        return effect
    captured = dict(names)

    def run_with_names(ctx: Ctx) -> None:
        merged = dict(captured)
        merged.update(ctx.vars)
        ctx.vars = merged
        effect(ctx)

    return run_with_names
