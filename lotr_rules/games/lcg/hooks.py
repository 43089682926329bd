"""A compiled LCG card's abilities as the hooks of its record (:class:`~.record.LcgCard`).

The rules call a hook with the game, the player it acts for and the card; a compiled effect
takes a :class:`~lotr_rules.engine.context.Ctx`. Here each ability is wrapped once, when the
card is converted: a cost is paid before its effect (and checked before the ability is offered),
a limit becomes the trigger's, and a triggered ability sees the card its event is about as
``it`` (and the event's amount under the name its trigger gives, such as ``Damage``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lotr_rules.dsl.compiler import VARIABLE_COST
from lotr_rules.engine.cards import CardDef, ConstantDef, CostDef, Effect, TriggerDef
from lotr_rules.engine.context import Ctx
from lotr_rules.games.lcg.record import Check, Constant, Hook, LcgEvent, Trigger

if TYPE_CHECKING:
    from lotr_rules.games.lcg.game import LcgGame

#: the card's abilities (by the compiler's name) and the record's hook each becomes
ABILITY_HOOKS = {"when revealed": "when_revealed", "shadow": "shadow", "travel": "travel"}
#: trigger points whose "you" is the player the event names (an enemy engaging *you*)
_PERIOD = {"phase": "phase", "round": "round"}


def _hook(effect: Effect, cost: CostDef | None = None, paid_name: str = "") -> Hook:
    def run(game: LcgGame, player: int, card: int) -> None:
        ctx = Ctx(game, player, card)
        if paid_name:
            # a card whose cost is X: the number its player chose and paid when playing it
            ctx.vars[paid_name] = game.paid_x
        if cost is not None:
            cost.pay(ctx)
        effect(ctx)

    return run


def _pay_only(cost: CostDef, paid_name: str = "") -> Hook:
    def pay(game: LcgGame, player: int, card: int) -> None:
        ctx = Ctx(game, player, card)
        if paid_name:
            ctx.vars[paid_name] = game.paid_x
        cost.pay(ctx)

    return pay


def _check(cost: CostDef) -> Check:
    def payable(game: LcgGame, player: int, card: int) -> bool:
        return cost.payable(Ctx(game, player, card))

    return payable


def _context(game: LcgGame, player: int, card: int, event: LcgEvent, amount_name: str, other: bool = False) -> Ctx:
    # ``other``: 'it' is the event's other card (the character a card damaged), not its subject
    ctx = Ctx(game, player, card, it=event.source if other else event.subject)
    if amount_name:
        ctx.vars[amount_name] = event.amount
    return ctx


def _leaving(subject: list[str]) -> str:
    """What leaving play the ability answers from out of play: its card's own when its words
    name the card ('this'), its host's when they name the host ('attached location'); an
    ability about any card answers only while its card is in play."""
    if subject == ["this"]:
        return "self"
    if subject[:1] == ["attached"]:
        return "host"
    return ""


def _trigger(
    trigger: TriggerDef, amount_name: str, yours: bool, from_hand: bool = False, leaving: str = "", other: bool = False
) -> Trigger:
    matches = trigger.matches
    cost = trigger.cost
    effect = trigger.effect

    def when(game: LcgGame, player: int, card: int, event: LcgEvent) -> bool:
        if yours and event.player != player:
            return False
        ctx = _context(game, player, card, event, amount_name, other)
        if not matches(ctx, event.subject):
            return False
        return cost is None or cost.payable(ctx)

    def run(game: LcgGame, player: int, card: int, event: LcgEvent) -> None:
        ctx = _context(game, player, card, event, amount_name, other)
        if cost is not None:
            cost.pay(ctx)
        effect(ctx)

    def pay(game: LcgGame, player: int, card: int, event: LcgEvent) -> None:
        if cost is not None:
            cost.pay(_context(game, player, card, event, amount_name, other))

    return Trigger(
        trigger.event,
        run,
        kind=trigger.kind,
        when=when,
        limit=_PERIOD.get(trigger.period, ""),
        times=trigger.times,
        text=trigger.label,
        from_hand=from_hand,
        leaving=leaving,
        cost=None if cost is None else pay,
        cancels=trigger.cancels,
    )


def _action(card: CardDef) -> Trigger | None:
    action = card.action
    if action is None:
        return None
    price = action.price
    effect = action.effect

    def when(game: LcgGame, player: int, this: int, event: LcgEvent) -> bool:
        return price is None or price.payable(Ctx(game, player, this))

    def run(game: LcgGame, player: int, this: int, event: LcgEvent) -> None:
        ctx = Ctx(game, player, this)
        if price is not None:
            price.pay(ctx)
        effect(ctx)

    def pay(game: LcgGame, player: int, this: int, event: LcgEvent) -> None:
        if price is not None:
            price.pay(Ctx(game, player, this))

    limit = _PERIOD.get(action.period, "") if action.once else ""
    return Trigger(
        "action",
        run,
        kind="action",
        when=when,
        limit=limit,
        times=action.times,
        text="action",
        by_each_player=action.by_each_player,
        cost=None if price is None else pay,
    )


def _constant(constant: ConstantDef, holds: Any) -> Constant:
    stat = _STAT.get(constant.stat, constant.stat)
    return Constant(holds, stat, constant.targets, constant.amount, constant.text, word=constant.word)


#: a script's stat name and the rules' name for it
_STAT = {"hit-points": "hit_points"}


def record_hooks(card: CardDef) -> dict[str, Any]:
    """The hook fields of the card's record."""
    from lotr_rules.games.lcg.vocabulary import vocabulary

    vocab = vocabulary()
    out: dict[str, Any] = {}
    for ability, field in ABILITY_HOOKS.items():
        effect = card.abilities.get(ability)
        if effect is not None:
            out[field] = _hook(effect, card.costs.get(ability))
    travel_cost = card.costs.get("travel")
    if travel_cost is not None:
        out["travel_check"] = _check(travel_cost)
    triggers: list[Trigger] = []
    for trigger in card.triggers:
        entry = next(
            (
                t
                for t in vocab.triggers.values()
                # (an ability cancelling a moment that has happened answers at its 'cancelled_at')
                if trigger.event in (t.data.get("event"), t.data.get("cancelled_at")) and _label_fits(t, trigger)
            ),
            None,
        )
        amount_name = str(entry.data.get("amount", "")) if entry is not None else ""
        yours = bool(entry.data.get("yours", False)) if entry is not None else False
        from_hand = bool(entry.data.get("from_hand", False)) if entry is not None else False
        subject = _subject(entry, trigger) if entry is not None else []
        other = bool(entry.data.get("it_is_source", False)) if entry is not None else False
        triggers.append(_trigger(trigger, amount_name, yours, from_hand, _leaving(subject), other))
    is_event = "event" in card.types
    if card.action is not None:
        if is_event:
            paid = VARIABLE_COST[1] if card.family_fields.get(VARIABLE_COST[0]) else ""
            out["action"] = _hook(card.action.effect, card.action.price, paid)
            if card.action.price is not None:
                out["action_check"] = _check(card.action.price)
                out["action_cost"] = _pay_only(card.action.price, paid)
        else:
            action = _action(card)
            assert action is not None
            triggers.append(action)
    if triggers:
        out["triggers"] = tuple(triggers)
    if card.constants:
        out["constants"] = tuple(_constant(c, vocab.holds[c.condition].fn) for c in card.constants)
    return out


def _label_fits(entry: Any, trigger: TriggerDef) -> bool:
    from lotr_rules.dsl.lasting import match_pattern

    pattern = entry.data.get("pattern")
    return isinstance(pattern, tuple) and match_pattern(pattern, trigger.label.split()) is not None


def _subject(entry: Any, trigger: TriggerDef) -> list[str]:
    """The words of the trigger that name the card its event is about ([] for none)."""
    from lotr_rules.dsl.lasting import match_pattern

    pattern = entry.data.get("pattern")
    found = match_pattern(pattern, trigger.label.split()) if isinstance(pattern, tuple) else None
    return found or []


#: where a card's own Action may send it that is out of play
_AWAY = ("deck", "hand", "discard", "discard pile")


def action_sends_away(card: CardDef) -> bool:
    """Whether the card's Action moves the card itself out of play (into a deck, a hand, a
    discard pile), now or when a block it sets up waits for later: read from the moves the
    compiler recorded, for agents weighing whether to use it."""
    return any(
        move.ability == "action" and move.sources == ("this",) and move.destination in _AWAY for move in card.moves
    )
