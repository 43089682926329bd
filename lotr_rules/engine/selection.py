"""Compiled card selections and placements: what a primitive's argument becomes."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from lotr_rules.engine.context import Ctx
    from lotr_rules.engine.registry import ZoneSpec

CardTest = Callable[["Ctx", int], bool]


@attrs.frozen(slots=True, eq=False)
class Selection:
    """``up to 2 enemies from path where cost <= 4 as X``, compiled.

    ``quantity`` is one of "exact", "one", "all", "up_to", "random", "ref" or "default" (no
    quantity written: the primitive decides, usually one card or the whole reference).
    """

    quantity: str
    amount: Callable[[Ctx], int] | None
    zones: tuple[ZoneSpec, ...]
    test: CardTest | None
    binding: str | None
    ref_kind: str = ""
    ref_name: str = ""
    label: str = ""
    #: what it reads as, from what was compiled: the kinds, zones and test it ended up with
    reading: str = ""
    #: how deep 'all' takes from a deck or a stack: the whole of it (its top card in the sets
    #: written before language 2)
    all_depth: int = 1 << 30
    #: whether a few cards chosen from a deck or a stack ('a card from deck') are taken from its
    #: top, as many as wanted (the command's family says so; before language 5, any of the pile)
    from_top: bool = False

    def wanted(self, ctx: Ctx, default: int = 1) -> int:
        if self.amount is not None:
            return max(0, self.amount(ctx))
        if self.quantity == "all":
            return 1 << 30
        return default

    def lists(self, ctx: Ctx) -> list[list[int]]:
        """The live zone lists this selection draws from, in the order written."""
        out: list[list[int]] = []
        for zone in self.zones:
            assert zone.lists is not None
            out.extend(zone.lists(ctx))
        return out

    def referenced(self, ctx: Ctx) -> list[int]:
        if self.ref_kind == "this":
            # -1: a waiting effect whose card has left play since (it is a new card now)
            return [ctx.this] if ctx.this >= 0 else []
        if self.ref_kind == "it":
            return [ctx.it] if ctx.it >= 0 else []
        value = ctx.vars.get(self.ref_name, [])
        return list(value) if isinstance(value, list) else []

    def candidates(self, ctx: Ctx, depth: int = 1) -> list[int]:
        """Every card the selection could mean right now: for stacks and decks, only the top
        ``depth`` cards (taking two Corruptions takes the top two)."""
        if self.ref_kind:
            cards = self.referenced(ctx)
        else:
            cards = []
            for zone in self.zones:
                assert zone.lists is not None
                for cards_list in zone.lists(ctx):
                    if zone.top_only:
                        if cards_list:
                            cards.extend(reversed(cards_list[-depth:]))
                    else:
                        cards.extend(cards_list)
        test = self.test
        if test is None:
            return cards
        return [card for card in cards if test(ctx, card)]

    def count(self, ctx: Ctx) -> int:
        """How many cards match, counting whole stacks (for "number of ...")."""
        if self.ref_kind:
            return len(self.candidates(ctx))
        test = self.test
        total = 0
        for zone in self.zones:
            assert zone.lists is not None
            for cards_list in zone.lists(ctx):
                if test is None:
                    total += len(cards_list)
                else:
                    # a plain loop: cheaper than sum() over a generator for the few cards of a zone
                    for card in cards_list:
                        if test(ctx, card):
                            total += 1
        return total

    def all_cards(self, ctx: Ctx) -> list[int]:
        if self.ref_kind:
            return self.candidates(ctx)
        test = self.test
        out: list[int] = []
        for zone in self.zones:
            assert zone.lists is not None
            for cards_list in zone.lists(ctx):
                out.extend(c for c in cards_list if test is None or test(ctx, c))
        return out


@attrs.frozen(slots=True, eq=False)
class Placement:
    """``on top of deck``, ``on bottom of wall deck`` or ``under this``."""

    position: str  # "top", "bottom" or "under"
    zone: ZoneSpec | None
    #: for "under": the card to put things under ("this", "it", or a name bound with "as")
    under_ref: str = ""
    under_name: str = ""
    #: ``its owner's deck``: the zone of the player the card belongs to, not the actor's
    owner: bool = False
    #: with ``owner``: ``its holder's deck``, the zone of the player whose zone holds the card now
    holder: bool = False
    #: as written: "into" for ``into hand`` (the cards go in, order aside), else the position
    written: str = ""
