"""LCG words for paying resources of a sphere outside the play of a card: the card test
``resource-icon`` (``a hero in your play area where resource-icon is tactics``: a hero whose
pool pays for Tactics cards, by its own sphere or an icon a card grants it), and a cost of
resources taken only from a pool that holds them (``cost remove 1 resource from a hero ...``:
a pool without enough is never offered, since a cost is paid in full or not at all).

Declared in :mod:`.vocabulary`; a price of an option of ``choose`` is one of these costs
(:mod:`lotr_rules.dsl.paid_choices`).
"""

from __future__ import annotations

from lotr_rules.engine.context import Ctx
from lotr_rules.engine.registry import Phrase
from lotr_rules.engine.selection import Selection
from lotr_rules.games.lcg.words import g, pick, selectable

#: the spheres a resource icon may be of
SPHERES = ("leadership", "tactics", "spirit", "lore")


def has_icon(ctx: Ctx, card: int, word: str) -> bool:
    """Whether the card is a hero with this resource icon now: its own sphere's, or one a card in
    play grants it (RR "Resource Icons")."""
    game = g(ctx)
    record = game.records[card]
    if record.type != "hero":
        return False
    return record.sphere == word or word in game.granted(card, "resource-icon")


RESOURCE_ICON = Phrase(
    "resource-icon",
    "a resource icon the hero has now, of its sphere or granted ('resource-icon is tactics'); "
    "only heroes have resource icons",
    has_icon,
    data={"kind": "words", "live": True, "choices": SPHERES},
)


def pay_resources(ctx: Ctx, sel: Selection, amount: int | None) -> None:
    """A cost of resources, paid: the pool is chosen among those holding the whole amount."""
    game = g(ctx)
    need = 0 if amount is None else max(0, amount)
    holding = [c for c in selectable(ctx, sel) if game.state.resources.get(c, 0) >= need]
    chosen = pick(ctx, sel, "choose whose resources to spend", among=holding)
    for card in chosen:
        have = game.state.resources.get(card, 0)
        taken = have if amount is None else min(have, need)
        if taken:
            game.state.resources[card] = have - taken
            game.log("resources spent", game.controller(card), game.card_name(card), taken)
