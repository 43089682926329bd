"""What the LCG's card-script words do in a game: zones, things, attributes, commands, amounts.

Each entry is declared in :mod:`.vocabulary`; here are the functions behind them. They act on
the :class:`~.game.LcgGame` of the context, for the player ``ctx.player`` ("you"), with
``ctx.this`` the card whose ability it is and ``ctx.it`` the card a triggered ability answers.
Every choice among cards is a decision of the game's protocol, asked of the acting player.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from lotr_rules.engine.context import Ctx
from lotr_rules.engine.decisions import Option
from lotr_rules.engine.selection import Placement, Selection
from lotr_rules.games.lcg import triggers, words_damage, words_protection, words_standing
from lotr_rules.games.lcg.state import (
    ACTIVE,
    DECK,
    DISCARD,
    ENCOUNTER_DECK,
    ENCOUNTER_DISCARD,
    ENGAGED,
    HAND,
    PLAY,
    QUEST,
    STAGING,
    UNTIL_PHASE,
    UNTIL_ROUND,
    VICTORY,
)

if TYPE_CHECKING:
    from lotr_rules.games.lcg.game import LcgGame

#: the zones whose cards are in play, in the order "in play" lists them
IN_PLAY_ZONES = (QUEST, ACTIVE, STAGING)
#: what a period of the language is for the rules' lasting effects
UNTIL = {"phase": UNTIL_PHASE, "round": UNTIL_ROUND}
#: the stats a script names, and the rules' names for them
STAT_NAMES = {
    "willpower": "willpower",
    "attack": "attack",
    "defense": "defense",
    "hit-points": "hit_points",
    "threat": "threat",
}


def g(ctx: Ctx) -> LcgGame:
    return ctx.game  # type: ignore[return-value]


# ---------------------------------------------------------------------- zones
def own_zone(name: str) -> Callable[[Ctx], list[list[int]]]:
    def lists(ctx: Ctx) -> list[list[int]]:
        return [g(ctx).z(name, ctx.player)]

    return lists


def own_pile(name: str) -> Callable[[Ctx], list[list[int]]]:
    """A deck of yours as selections read it: the rules keep a deck's top card first, and a
    selection takes a pile's top cards from the end of its list, so it is given the deck
    reversed (a copy: commands move cards by the rules, never through this list)."""

    def lists(ctx: Ctx) -> list[list[int]]:
        return [g(ctx).z(name, ctx.player)[::-1]]

    return lists


def shared_pile(name: str) -> Callable[[Ctx], list[list[int]]]:
    """The encounter deck as selections read it, top card last (see :func:`own_pile`)."""

    def lists(ctx: Ctx) -> list[list[int]]:
        return [g(ctx).z(name)[::-1]]

    return lists


#: the zone each pile a placement may name is kept under, by the name scripts give it
PILE_KEYS = {"deck": DECK, "discard pile": DISCARD, "hand": HAND, "encounter deck": ENCOUNTER_DECK}


def zone_key(ctx: Ctx, name: str) -> tuple[str, int]:
    """Where the rules keep the pile a placement names: yours, or the shared one."""
    zone = PILE_KEYS.get(name, name)
    return (zone, ctx.player) if name in ("deck", "discard pile", "hand") else (zone, -1)


def shared_zone(name: str) -> Callable[[Ctx], list[list[int]]]:
    def lists(ctx: Ctx) -> list[list[int]]:
        return [g(ctx).z(name)]

    return lists


def every_players(name: str) -> Callable[[Ctx], list[list[int]]]:
    def lists(ctx: Ctx) -> list[list[int]]:
        game = g(ctx)
        return [game.z(name, p) for p in game.turn_order()]

    return lists


def in_play(ctx: Ctx) -> list[list[int]]:
    """Every card in play: the quest, the active location, the staging area, then each
    player's play area and engaged enemies in turn order."""
    game = g(ctx)
    out = [game.z(name) for name in IN_PLAY_ZONES]
    for player in game.turn_order():
        out.append(game.z(PLAY, player))
        out.append(game.z(ENGAGED, player))
    return out


def host_of_this(ctx: Ctx) -> list[list[int]]:
    game = g(ctx)
    # an attachment that left play with its host still names it while answering its leaving
    host = game.state.attached_to.get(ctx.this, game.left_hosts.get(ctx.this, -1))
    if host < 0:
        # an attachment that has just left play on its own (discarded as its Action's cost)
        # still names the card it was on for the rest of that effect
        host = game.former_hosts.get(ctx.this, -1)
    return [[host]] if host >= 0 else [[]]


def attacking_enemy(ctx: Ctx) -> list[list[int]]:
    """The enemy attacking now: the one a shadow card was dealt to, or the one being defended."""
    game = g(ctx)
    enemy = game.state.shadow_of.get(ctx.this, game.attacking)
    return [[enemy]] if enemy >= 0 else [[]]


def defending_character(ctx: Ctx) -> list[list[int]]:
    """The character defending now; with several defenders, each of them."""
    game = g(ctx)
    return [[game.defending, *game.more_defenders]] if game.defending >= 0 else [[]]


# ---------------------------------------------------------------------- choosing cards
def pick(ctx: Ctx, sel: Selection, prompt: str = "choose a card", among: list[int] | None = None) -> list[int]:
    """The cards a selection means now: a name's cards, every match for ``all`` (and for a
    selection with no quantity), a random few for ``random N``, and otherwise the acting player's
    choice of N among the matches (``up to N``: as many as they like, at most N). ``prompt``
    is what the player is asked, after the name of the card asking ("Théodred: choose a card
    to get 1 resource"). ``among``: the matches narrowed beforehand (a cost paid only with the
    cards that can pay it)."""
    game = g(ctx)
    cards = among if among is not None else _selectable(ctx, sel)
    if sel.quantity in ("ref", "all", "default"):
        chosen = cards
    elif sel.quantity == "random":
        chosen = game.state.rng.sample(cards, min(sel.wanted(ctx), len(cards)))
    else:
        wanted = sel.wanted(ctx)
        optional = sel.quantity == "up_to"
        chosen = []
        pool = list(cards)
        while pool and len(chosen) < wanted:
            if not optional and len(pool) <= wanted - len(chosen):
                chosen.extend(pool)
                break
            options = [game.card_option(c) for c in pool]
            if optional:
                options.insert(0, Option("no more", None))
            card = game.choose(ctx.player, "choose card", f"{game.card_name(ctx.this)}: {prompt}", options, ctx.this)
            if card is None:
                break
            chosen.append(card)
            pool.remove(card)
    if sel.binding:
        ctx.vars[sel.binding] = list(chosen)
    return chosen


def _count(amount: int | None, one: str, many: str = "") -> str:
    """An amount of tokens in a question ("1 resource", "2 damage"; without an amount, "resources")."""
    many = many or one + "s"
    if not amount:
        return many
    return f"{amount} {one if amount == 1 else many}"


def _alive(game: LcgGame, cards: list[int]) -> list[int]:
    return [c for c in cards if game.locate(c)[0] in (PLAY, ENGAGED, STAGING, ACTIVE, QUEST)]


# ---------------------------------------------------------------------- commands
Impl = Callable[[Ctx, "Selection | None", "Placement | None", "str | None"], None]


def draw(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    game = g(ctx)
    count = sel.wanted(ctx) if sel is not None else 1
    drawn = game.draw(ctx.player, count)
    if drawn:
        game.log("drew", ctx.player, drawn)


def ready(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    assert sel is not None
    game = g(ctx)
    for card in _alive(game, pick(ctx, sel, "choose a card to ready")):
        if card in game.state.exhausted:
            game.state.exhausted.discard(card)
            game.log("readied", game.card_name(card))


def exhaust(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    assert sel is not None
    game = g(ctx)
    for card in _alive(game, pick(ctx, sel, "choose a card to exhaust")):
        if card not in game.state.exhausted:
            game.state.exhausted.add(card)
            game.log("exhausted", game.card_name(card))


def can_exhaust(ctx: Ctx, sel: Selection | None) -> bool:
    """A cost of exhausting: enough ready cards to exhaust."""
    assert sel is not None
    return len(_ready(ctx, sel)) >= _needed(ctx, sel)


def pay_exhausting(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """A cost of exhausting, paid: the cards are chosen among the ready ones only, for a card
    already exhausted cannot pay it (RR "Costs": a cost is paid in full or not at all)."""
    assert sel is not None
    game = g(ctx)
    for card in _alive(game, pick(ctx, sel, "choose a card to exhaust as the cost", among=_ready(ctx, sel))):
        game.state.exhausted.add(card)
        game.log("exhausted", game.card_name(card))


def _ready(ctx: Ctx, sel: Selection) -> list[int]:
    exhausted = g(ctx).state.exhausted
    return [c for c in _selectable(ctx, sel) if c not in exhausted]


def _selectable(ctx: Ctx, sel: Selection) -> list[int]:
    """The cards the effect may choose or affect: those the selection matches, but for a player
    card's effect none immune to player card effects (``bar-player-effects``)."""
    if sel.quantity == "ref":
        cards = sel.referenced(ctx)
    elif sel.from_top and sel.quantity not in ("all", "random"):
        # a few cards from a deck are its top ones, as many as wanted (language 5 on)
        cards = sel.candidates(ctx, sel.wanted(ctx))
    else:
        cards = sel.candidates(ctx, 1 << 30)
    return words_protection.reachable(g(ctx), ctx.this, cards)


#: (for the words of other modules: the cards an effect may choose or affect)
selectable = _selectable


def _needed(ctx: Ctx, sel: Selection) -> int:
    if sel.quantity in ("ref", "default"):
        return max(1, len(_selectable(ctx, sel))) if sel.quantity == "ref" else 1
    if sel.quantity == "all":
        return 0
    return sel.wanted(ctx)


def discard(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    assert sel is not None
    game = g(ctx)
    for card in pick(ctx, sel, "choose a card to discard"):
        game.log("discarded", ctx.player, game.card_name(card), f"by {game.card_name(ctx.this)}")
        game.discard(card)
    game.check_lethal()


def can_discard(ctx: Ctx, sel: Selection | None) -> bool:
    assert sel is not None
    return len(_selectable(ctx, sel)) >= _needed(ctx, sel)


def engage(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """The enemies engage you (from the staging area or another player)."""
    assert sel is not None
    game = g(ctx)
    for enemy in pick(ctx, sel, "choose an enemy to engage"):
        if game.records[enemy].type != "enemy" or game.locate(enemy) == (ENGAGED, ctx.player):
            continue
        game.move(enemy, ENGAGED, ctx.player)
        game.log("engaged", ctx.player, game.card_name(enemy))
        triggers.fire(game, "engaged", ctx.player, enemy)


def cancel(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """Cancel what the event being answered would do (a When Revealed or shadow effect, damage)."""
    game = g(ctx)
    event = game.answering
    # an effect that cannot be cancelled stays as it is (none is offered against it: see
    # ``triggers.usable``; this one may have been reached some other way)
    if event is not None and not triggers.cannot_be_cancelled(game, event):
        if event.point == words_damage.DAMAGE_PLACED and not event.cancelled:
            words_damage.take_back(game, event)
        event.cancelled = True


# ---------------------------------------------------------------------- amounts on cards
def deal_damage(ctx: Ctx, sel: Selection, amount: int | None) -> None:
    game = g(ctx)
    for card in _alive(game, pick(ctx, sel, f"choose a card to take {_count(amount, 'damage', 'damage')}")):
        if amount:
            game.deal_damage(card, amount, ctx.this)


def heal_damage(ctx: Ctx, sel: Selection, amount: int | None) -> None:
    game = g(ctx)
    for card in _alive(game, pick(ctx, sel, "choose a card to heal")):
        have = game.state.damage.get(card, 0)
        healed = have if amount is None else min(have, max(0, amount))
        if healed:
            game.state.damage[card] = have - healed
            if not game.state.damage[card]:
                del game.state.damage[card]
            game.log("healed", game.card_name(card), healed)


def place_progress(ctx: Ctx, sel: Selection, amount: int | None) -> None:
    game = g(ctx)
    for card in _alive(game, pick(ctx, sel, f"choose where to place {_count(amount, 'progress', 'progress')}")):
        if amount and game.records[card].type in ("location", "quest"):
            game.progress_on(card, amount)


def remove_progress(ctx: Ctx, sel: Selection, amount: int | None) -> None:
    game = g(ctx)
    for card in _alive(game, pick(ctx, sel, "choose where to remove progress from")):
        have = game.state.progress.get(card, 0)
        taken = have if amount is None else min(have, max(0, amount))
        if taken:
            game.state.progress[card] = have - taken
            game.log("progress removed", game.card_name(card), taken)


def add_resources(ctx: Ctx, sel: Selection, amount: int | None) -> None:
    game = g(ctx)
    for card in _alive(game, pick(ctx, sel, f"choose a card to get {_count(amount, 'resource')}")):
        # a hero's resource pool, or resource tokens on any other card in play (an ally's or an
        # enemy's, which a card may count); only a hero's pool pays for cards (RR "Resource Pool")
        if amount and amount > 0:
            game.state.resources[card] = game.state.resources.get(card, 0) + amount
            game.log("resources", game.card_name(card), amount)
            words_standing.resources_placed(game, card, amount)


def remove_resources(ctx: Ctx, sel: Selection, amount: int | None) -> None:
    game = g(ctx)
    for card in _alive(game, pick(ctx, sel, "choose whose resources to spend")):
        have = game.state.resources.get(card, 0)
        taken = have if amount is None else min(have, max(0, amount))
        if taken:
            game.state.resources[card] = have - taken
            game.log("resources spent", game.controller(card), game.card_name(card), taken)


def pay_removing_resources(ctx: Ctx, sel: Selection, amount: int | None) -> None:
    """A cost of resources, paid: the cards are chosen among those holding enough, for a pool
    short of it cannot pay it (RR "Costs": a cost is paid in full or not at all)."""
    game = g(ctx)
    resources = game.state.resources
    able = [c for c in _selectable(ctx, sel) if resources.get(c, 0) >= (amount or 0)]
    for card in _alive(game, pick(ctx, sel, "choose whose resources to spend", among=able)):
        have = resources.get(card, 0)
        taken = have if amount is None else min(have, max(0, amount))
        if taken:
            resources[card] = have - taken
            game.log("resources spent", game.controller(card), game.card_name(card), taken)


def can_remove_resources(ctx: Ctx, sel: Selection, amount: int | None) -> bool:
    game = g(ctx)
    cards = _selectable(ctx, sel)
    return any(game.state.resources.get(c, 0) >= (amount or 0) for c in cards)


# ---------------------------------------------------------------------- stats
def give(ctx: Ctx, sel: Selection, amount: int, until: str | None, stat: str) -> None:
    game = g(ctx)
    assert until is not None
    for card in _alive(game, pick(ctx, sel, f"choose a card to get {amount:+d} {stat}")):
        game.add_effect(card, STAT_NAMES[stat], amount, UNTIL[until])
        game.log("effect", game.card_name(card), STAT_NAMES[stat], amount, until)


def targets(ctx: Ctx, sel: Selection) -> list[int]:
    """The cards a lasting ``while`` change reaches now (no one is asked: every match; the game
    passes a player card's block by the cards immune to player card effects)."""
    return sel.referenced(ctx) if sel.quantity == "ref" else sel.candidates(ctx, 1 << 30)


# ---------------------------------------------------------------------- counters
def threat_of(ctx: Ctx) -> int:
    return g(ctx).state.threat[ctx.player]


def set_threat(ctx: Ctx, value: int) -> None:
    game = g(ctx)
    game.raise_threat(ctx.player, max(0, value) - game.state.threat[ctx.player])


# ---------------------------------------------------------------------- attributes (read live)
def live_stat(stat: str) -> Callable[[Ctx, int], int]:
    def read(ctx: Ctx, card: int) -> int:
        return g(ctx).stat(card, stat)

    return read


def tokens(kind: str) -> Callable[[Ctx, int], int]:
    def read(ctx: Ctx, card: int) -> int:
        state = g(ctx).state
        table: dict[int, int] = getattr(state, kind)
        return table.get(card, 0)

    return read


def printed_cost(ctx: Ctx, card: int) -> int:
    return g(ctx).records[card].cost


def has_trait(ctx: Ctx, card: int, word: str) -> bool:
    wanted = " ".join(part.capitalize() for part in word.split("-"))
    return wanted in g(ctx).traits_of(card)


def sphere(ctx: Ctx, card: int) -> str:
    return g(ctx).records[card].sphere


def card_name(ctx: Ctx, card: int) -> str:
    return g(ctx).records[card].name


def has_keyword(ctx: Ctx, card: int, word: str) -> bool:
    record = g(ctx).records[card]
    return (
        bool(getattr(record, word, False)) if word in ("sentinel", "ranged", "surge", "restricted", "unique") else False
    )


def in_state(ctx: Ctx, card: int, word: str) -> bool:
    game = g(ctx)
    state = game.state
    if word == "exhausted":
        return card in state.exhausted
    if word == "ready":
        return card not in state.exhausted
    if word == "committed":
        return card in state.committed
    if word == "damaged":
        return state.damage.get(card, 0) > 0
    if word == "engaged":
        return game.locate(card)[0] == ENGAGED
    if word == "attacking":
        return card == game.attacking or card in game.declared_attackers
    if word == "defending":
        return card == game.defending or card in game.more_defenders
    if word == "active":
        return game.locate(card)[0] == ACTIVE
    if word == "staged":
        return game.locate(card)[0] == STAGING
    return False


#: the words ``state is WORD`` takes
STATE_WORDS = (
    "exhausted",
    "ready",
    "committed",
    "damaged",
    "engaged",
    "attacking",
    "defending",
    "active",
    "staged",
)
KEYWORD_WORDS = ("sentinel", "ranged", "surge", "restricted", "unique")


# ---------------------------------------------------------------------- while conditions
def attached(ctx: Ctx) -> bool:
    return ctx.this in g(ctx).state.attached_to


def this_in_play(ctx: Ctx) -> bool:
    return g(ctx).locate(ctx.this)[0] in (PLAY, ENGAGED, STAGING, ACTIVE, QUEST)


def committed(ctx: Ctx) -> bool:
    return ctx.this in g(ctx).state.committed


def active(ctx: Ctx) -> bool:
    return g(ctx).locate(ctx.this)[0] == ACTIVE


def in_staging(ctx: Ctx) -> bool:
    return g(ctx).locate(ctx.this)[0] == STAGING


# ---------------------------------------------------------------------- players
def every_player(ctx: Ctx) -> list[int]:
    return g(ctx).turn_order()


def controller(ctx: Ctx, card: int) -> int:
    return g(ctx).controller(card)


__all__ = [
    "DECK",
    "DISCARD",
    "ENCOUNTER_DECK",
    "ENCOUNTER_DISCARD",
    "HAND",
    "VICTORY",
]
