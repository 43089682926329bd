"""LCG words for objective allies and the cards a scenario gives its own rules: an encounter card
that is an objective in the staging area and an ally once it joins a player (``enlist``), going
back to the staging area whenever it leaves play; a ``while engaged`` block; the ``attachment``
attribute; ``make-active`` (a quest effect putting a location in play as the
active location); the rules ``bar-travel`` (no travel by the players' choice) and
``bar-abilities`` (a hero whose abilities cannot be used); ``destroy``.

Declared in :mod:`.vocabulary`; the game asks :func:`objective_ally_left` when a card leaves
play and :func:`travel_barred` / :func:`abilities_barred` where the rules apply.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from lotr_rules.engine.context import Ctx
from lotr_rules.engine.registry import Phrase, Primitive
from lotr_rules.engine.selection import Placement, Selection
from lotr_rules.games.lcg.state import ABILITIES_BARRED, ACTIVE, ENGAGED, PLAY, STAGING
from lotr_rules.games.lcg.words import g, pick

if TYPE_CHECKING:
    from lotr_rules.games.lcg.game import LcgGame

TRAVEL_BARRED = "bar-travel"
#: a finding of a family's ``refuse``: (code, message), or None
Finding = tuple[str, str] | None
_SEL = frozenset({"zone", "where", "count", "up to", "all", "random", "as", "name"})


# ---------------------------------------------------------------------- objective allies
def enlist(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """These objective allies in the staging area join you: each is an ally under your control
    in your play area from now on, ready, keeping its tokens. Its record is the same card as an
    ally (its triggers and blocks unchanged); leaving play, it is an objective again."""
    assert sel is not None
    game = g(ctx)
    if game.state.eliminated[ctx.player]:
        return
    for card in pick(ctx, sel, "choose an objective ally to join you"):
        record = game.records[card]
        if not record.objective_ally or game.locate(card)[0] != STAGING:
            continue
        records = list(game.records)
        records[card] = attrs.evolve(record, type="ally")
        game.records = tuple(records)
        game.masked = {**game.masked, card: record}
        # tokens stay on the card as it moves: the staging area and a play area are both in play
        game.move(card, PLAY, ctx.player)
        game.state.exhausted.discard(card)
        game.log("joined", ctx.player, game.card_name(card))


def objective_ally_left(game: LcgGame, card: int, where: str) -> bool:
    """An objective ally that left a player's play area goes back to the staging area (the
    scenario rules of objective allies); it is an objective there again. True if it did."""
    if where != PLAY or not game.records[card].objective_ally:
        return False
    home = game.locate(card)
    if home[0] == STAGING:
        return False
    game.state.zones[home].remove(card)
    game.state.zones[(STAGING, -1)].append(card)
    game.log("back to staging", game.card_name(card))
    return True


def refuse_enlist(
    types: frozenset[str], ability: str, contexts: tuple[str, ...], kinds: tuple[str, ...], ref: bool
) -> Finding:
    if not ref or not {"objective", "ally"} <= types:
        return ("E380", "'enlist' is an objective ally's own: write 'enlist this' on a card of type 'objective ally'")
    return None


ENLIST = Primitive(
    "enlist",
    "This objective ally, in the staging area, joins you: it is an ally under your control in your "
    "play area, ready, keeping its tokens. Whenever it leaves play it goes back to the staging area.",
    "enlist this",
    "cards",
    impl=enlist,
    honours=frozenset({"name"}),
    refuse=refuse_enlist,
)


def engaged(ctx: Ctx) -> bool:
    """``while engaged``: this enemy is engaged with a player."""
    return g(ctx).locate(ctx.this)[0] == ENGAGED


ENGAGED_HOLD = Phrase("engaged", "this enemy is engaged with a player", engaged)


# ---------------------------------------------------------------------- attributes
def has_attachment(ctx: Ctx, card: int, name: str) -> bool:
    """Whether a card of this title is attached to the card."""
    game = g(ctx)
    wanted = name.casefold()
    return any(
        host == card and game.records[attachment].name.casefold() == wanted
        for attachment, host in game.state.attached_to.items()
    )


ATTACHMENT = Phrase(
    "attachment",
    "the title of a card attached to the card ('attachment is \"Snare\"'; 'not attachment is' for none)",
    has_attachment,
    data={"kind": "names", "live": True},
)


# ---------------------------------------------------------------------- the active location
def make_active(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """This location, in the staging area, becomes the active location; the location active
    before it, if any, is discarded. No travel: its Travel costs and effects are not met, and
    nothing answers a travel to it."""
    assert sel is not None
    game = g(ctx)
    for card in pick(ctx, sel, "choose a location to make active"):
        if game.records[card].type != "location" or game.locate(card)[0] != STAGING:
            continue
        for previous in list(game.z(ACTIVE)):
            game.discard(previous)
        game.move(card, ACTIVE)
        game.log("made active", game.card_name(card))
        return


def refuse_make_active(
    types: frozenset[str], ability: str, contexts: tuple[str, ...], kinds: tuple[str, ...], ref: bool
) -> Finding:
    what = [k for k in kinds if k not in ("all", "a", "an", "each", "every")]
    if ref or not what or set(what) - {"location", "locations"}:
        return ("E381", "'make-active' puts a location in the staging area in play as the active one: name locations")
    return None


MAKE_ACTIVE = Primitive(
    "make-active",
    "One of these locations in the staging area becomes the active location, and the active location "
    "before it is discarded; it is not travelled to (no Travel cost or effect, no answer to travelling).",
    'make-active all locations in staging area where name is "Test Gate"',
    "cards",
    impl=make_active,
    honours=_SEL,
    from_zones=("staging area",),
    moves_to="active location",
    refuse=refuse_make_active,
)


# ---------------------------------------------------------------------- destroy
def destroy(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """These characters or enemies in play are destroyed, whatever damage they hold."""
    assert sel is not None
    game = g(ctx)
    for card in pick(ctx, sel, "choose a card to destroy"):
        if game.locate(card)[0] in (PLAY, ENGAGED, STAGING) and game.records[card].type in ("hero", "ally", "enemy"):
            game.destroy(card)


DESTROY = Primitive(
    "destroy",
    "Destroy these characters or enemies in play, whatever damage they hold (a hero or ally goes to "
    "its discard pile, an enemy is defeated).",
    "destroy all heroes in any play area where damage > 2",
    "cards",
    impl=destroy,
    honours=_SEL,
)


# ---------------------------------------------------------------------- rules
def _rule_only(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """A rule word does nothing as a command: it holds as long as its 'while' block does."""


def travel_barred(game: LcgGame, card: int) -> bool:
    return game.rule_holds(card, TRAVEL_BARRED)


def abilities_barred(game: LcgGame, card: int) -> bool:
    return game.rule_holds(card, ABILITIES_BARRED)


def _refuse_rule(code: str, wanted: frozenset[str], what: str) -> object:
    def refuse(
        types: frozenset[str], ability: str, contexts: tuple[str, ...], kinds: tuple[str, ...], ref: bool
    ) -> Finding:
        if ability != "while":
            return ("E159", "this rule holds only as long as a 'while' block does: write it in one")
        named = [k for k in kinds if k not in ("attached", "all", "a", "an", "each", "every")]
        if (ref and not types & wanted) or (not ref and (not named or set(named) - wanted)):
            return (code, f"this rule holds only on {what}: other cards it names are left as they are")
        return None

    return refuse


BAR_TRAVEL = Primitive(
    TRAVEL_BARRED,
    "A rule of a 'while' block: the players cannot choose to travel to these locations in the travel "
    "phase (a quest card's 'make-active' still puts them in play).",
    "bar-travel this",
    "cards",
    impl=_rule_only,
    honours=frozenset({"zone", "where", "all", "as", "name"}),
    contexts=("while",),
    refuse=_refuse_rule("W380", frozenset({"location", "locations"}), "locations"),  # type: ignore[arg-type]
)
BAR_ABILITIES = Primitive(
    ABILITIES_BARRED,
    "A rule of a 'while' block: the Actions and Responses of these heroes cannot be used as long as it "
    "holds (their Forced effects still resolve).",
    "bar-abilities attached hero",
    "cards",
    impl=_rule_only,
    honours=frozenset({"zone", "where", "all", "as", "name"}),
    contexts=("while",),
    refuse=_refuse_rule("W381", frozenset({"hero", "heroes"}), "heroes"),  # type: ignore[arg-type]
)
PRIMITIVES = (ENLIST, MAKE_ACTIVE, DESTROY, BAR_TRAVEL, BAR_ABILITIES)
