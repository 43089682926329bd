"""A card's sphere as a character shows it: the icon test ``where resource-icon is lore`` and
the attachment field ``host-sphere lore`` ("attach to a [lore] character").

A hero's resource icons are its own sphere and any a card in play grants it (``give
resource-icon lore to attached hero``); an ally's sphere is the icon it carries. So a "[lore]
character" is a Lore ally or a hero with a Lore resource icon, printed or granted, and "spend 1
[lore] resource" takes a resource from the pool of a hero with that icon. Declared in
:mod:`.vocabulary` (the attribute) and :mod:`.fields` (the field); :mod:`.convert` turns the
field into the record's ``attach_if``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lotr_rules.engine.context import Ctx
from lotr_rules.engine.registry import Phrase
from lotr_rules.games.lcg.record import HostCheck
from lotr_rules.games.lcg.words import g

if TYPE_CHECKING:
    from lotr_rules.games.lcg.game import LcgGame

#: the spheres whose icon a card may have (neutral is no icon)
ICONS = ("leadership", "tactics", "spirit", "lore")


def has_icon(game: LcgGame, card: int, sphere: str) -> bool:
    """Whether the card shows the sphere's icon: its own sphere, or for a hero a resource icon a
    card in play grants it."""
    record = game.records[card]
    if record.sphere == sphere:
        return True
    return record.type == "hero" and sphere in game.granted(card, "resource-icon")


def _icon_test(ctx: Ctx, card: int, word: str) -> bool:
    return has_icon(g(ctx), card, word)


RESOURCE_ICON = Phrase(
    "resource-icon",
    "a sphere's icon the card shows ('resource-icon is lore'): a hero's resource icons, its own "
    "sphere and those granted to it; another card's sphere",
    _icon_test,
    data={"kind": "words", "live": True, "choices": ICONS},
)


def host_check(sphere: str) -> HostCheck:
    """``host-sphere lore``: the attachment goes only on a card with that sphere's icon."""

    def check(game: LcgGame, player: int, card: int) -> bool:
        return has_icon(game, card, sphere)

    return check
