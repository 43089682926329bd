"""LCG words for objectives and prisoners: an objective guarded by an encounter card and claimed
by a player, a hero taken prisoner and rescued, encounter cards set aside out of play, and the
rules a card may hold in a ``while`` block (a hero that cannot attack or defend, a card no
attachment may be played on, one ally a round), with the threat a card adds to the staging area.

Declared in :mod:`.vocabulary` like the others; each acts for ``ctx.player`` ("you"). The
compiler asks each word's ``refuse`` whether it is written where it can do what it says
(the codes E154 to E159, W224 and W225).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lotr_rules.engine.context import Ctx
from lotr_rules.engine.registry import Primitive, ZoneSpec
from lotr_rules.engine.selection import Placement, Selection
from lotr_rules.games.lcg.record import LcgCard
from lotr_rules.games.lcg.state import (
    CAPTURED,
    DECK,
    ENCOUNTER_DECK,
    ENCOUNTER_DISCARD,
    ENGAGED,
    PLAY,
    SET_ASIDE,
    STAGING,
)
from lotr_rules.games.lcg.words import every_players, g, pick, shared_zone

if TYPE_CHECKING:
    from lotr_rules.games.lcg.game import LcgGame

#: where a rule word parses, so that E159 (not E125) says where it belongs
_EVERYWHERE = ("action", "response", "forced", "when revealed", "shadow", "travel", "while")
_SEL = frozenset({"zone", "where", "count", "up to", "all", "random", "as", "name"})
#: the rules the words below put on cards while a 'while' block holds (see ``LcgGame.rule_holds``)
DISARMED = "disarm"
BARRED = "bar-attachments"
RATIONED = "ration"
#: the counter of allies played this round under a ``ration`` rule
ALLIES_PLAYED = "allies played this round"
#: a lasting change to the staging area's total threat (``darken``), kept as an effect on no card
DARKNESS = "staging threat"


# ---------------------------------------------------------------------- zones
SET_ASIDE_ZONE = ZoneSpec(
    "set aside",
    "encounter cards a quest put aside, out of play, until a card brings them in",
    (),
    "shared",
    shared_zone(SET_ASIDE),
)
CAPTURED_ZONE = ZoneSpec(
    "captured",
    "the heroes taken prisoner, face down and out of play, until a card rescues them",
    ("prisoners",),
    "union",
    every_players(CAPTURED),
)


# ---------------------------------------------------------------------- guarding and claiming
def _guard_key(objective: int) -> tuple[str, int]:
    return ("guarded by", objective)


def guards_of(game: LcgGame, objective: int) -> list[int]:
    """The encounter cards guarding an objective that are still in the staging area."""
    cards = game.state.marks.get(_guard_key(objective), [])
    return [c for c in cards if game.locate(c)[0] == STAGING]


def is_free(game: LcgGame, objective: int) -> bool:
    """An objective is free of encounters once no card guarding it is left in the staging area
    (RR "Guarded": the guard is engaged, travelled to, or otherwise gone)."""
    return not guards_of(game, objective)


def guard(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard_word: str | None) -> None:
    """Each of these objectives is guarded by the next enemy or location of the encounter deck,
    put in the staging area beside it. A treachery or an objective turned up on the way goes to
    the encounter discard pile unresolved (a setup step resolves no effect; see ``guard_one``)."""
    assert sel is not None
    game = g(ctx)
    for objective in pick(ctx, sel, "choose an objective to guard"):
        guard_one(game, objective)


#: the cards that guard an objective (RR "Guarded"): the next one of these the deck turns up
GUARDS = ("enemy", "location")


def guard_one(game: LcgGame, objective: int) -> None:
    """The objective in the staging area is guarded by the next enemy or location of the
    encounter deck (the Guarded keyword, and a quest's setup). Any other card turned up on the
    way, a treachery or another objective, guards nothing: it goes to the encounter discard pile
    unresolved."""
    if game.records[objective].type != "objective" or game.locate(objective)[0] != STAGING:
        return
    deck = game.z(ENCOUNTER_DECK)
    while deck:
        card = deck[0]
        if game.records[card].type not in GUARDS:
            game.move(card, ENCOUNTER_DISCARD)
            continue
        game.move(card, STAGING)
        game.state.marks.setdefault(_guard_key(objective), []).append(card)
        game.log("guarded", game.card_name(objective), game.card_name(card))
        return


def claim(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard_word: str | None) -> None:
    """You claim these objectives, free of encounters in the staging area: each is attached to a
    hero you control, as an attachment in your play area (RR "Objective Cards")."""
    assert sel is not None
    game = g(ctx)
    for objective in pick(ctx, sel, "choose an objective to claim"):
        if game.locate(objective)[0] != STAGING or not is_free(game, objective):
            continue
        heroes = game.heroes(ctx.player)
        if not heroes:
            return
        options = [game.card_option(h, f"attach {game.card_name(objective)} to {game.card_name(h)}") for h in heroes]
        hero = game.choose(ctx.player, "choose card", f"Claim {game.card_name(objective)}", options, objective)
        game.state.marks.pop(_guard_key(objective), None)
        game.attach_from(objective, hero)
        game.log("claimed", ctx.player, game.card_name(objective), game.card_name(hero))


def can_claim(game: LcgGame, player: int, card: int) -> bool:
    """Whether the player could use the Action of a card in the staging area now: only an
    objective free of encounters, and by a player with a hero to attach it to."""
    return game.records[card].type == "objective" and is_free(game, card) and bool(game.heroes(player))


# ---------------------------------------------------------------------- prisoners
def capture(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard_word: str | None) -> None:
    """These heroes are taken prisoner: turned face down and out of play, under their owner,
    they cannot be used, take no damage and collect no resources until rescued."""
    assert sel is not None
    game = g(ctx)
    for hero in pick(ctx, sel, "choose a hero to take prisoner"):
        where, player = game.locate(hero)
        if where != PLAY or game.records[hero].type != "hero":
            continue
        game.move(hero, CAPTURED, player)
        game.log("captured", player, game.card_name(hero))


def rescue(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard_word: str | None) -> None:
    """These prisoners are turned face up, back into play under the player they were taken
    from, ready and with an empty resource pool."""
    assert sel is not None
    game = g(ctx)
    for hero in pick(ctx, sel, "choose a hero to rescue"):
        where, player = game.locate(hero)
        if where != CAPTURED or game.state.eliminated[player]:
            continue
        game.move(hero, PLAY, player)
        game.state.resources[hero] = 0
        game.log("rescued", player, game.card_name(hero))
        if "rescued" in game.listened:
            from lotr_rules.games.lcg import triggers

            triggers.fire(game, "rescued", player, hero)


# ---------------------------------------------------------------------- set aside
def set_aside(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard_word: str | None) -> None:
    """These encounter cards are taken out of the encounter deck and set aside, out of play;
    the deck is shuffled, as after any search of it."""
    assert sel is not None
    game = g(ctx)
    for card in pick(ctx, sel, "choose a card to set aside"):
        if game.owners[card] >= 0 or game.locate(card)[0] != ENCOUNTER_DECK:
            continue
        game.move(card, SET_ASIDE)
        game.log("set aside", game.card_name(card))
    game.state.rng.shuffle(game.z(ENCOUNTER_DECK))


# ---------------------------------------------------------------------- the staging area
def shuffle_back(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard_word: str | None) -> None:
    """These encounter cards in the staging area go back into the encounter deck, which is
    shuffled; an objective forgets its guard (a guard of its comes with it only if revealed again)."""
    assert sel is not None
    game = g(ctx)
    moved = False
    for card in pick(ctx, sel, "choose a card to shuffle back into the encounter deck"):
        if game.owners[card] >= 0 or game.locate(card)[0] != STAGING:
            continue
        game.state.marks.pop(_guard_key(card), None)
        game.move(card, ENCOUNTER_DECK)
        game.log("shuffled back", game.card_name(card))
        moved = True
    if moved:
        game.state.rng.shuffle(game.z(ENCOUNTER_DECK))


def darken(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard_word: str | None) -> None:
    """The staging area's total threat is raised by this much until the end of the phase,
    whatever cards are in it."""
    assert sel is not None
    game = g(ctx)
    amount = sel.wanted(ctx)
    if amount > 0:
        game.add_effect(-1, DARKNESS, amount)
        game.log("darkened", amount)


def darkness(game: LcgGame) -> int:
    """What ``darken`` adds to the staging area's threat now."""
    return sum(amount for card, stat, amount, _until in game.state.effects if card == -1 and stat == DARKNESS)


# ---------------------------------------------------------------------- rules held in 'while' blocks
def _rule_only(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard_word: str | None) -> None:
    """A rule word does nothing as a command: it holds as long as its 'while' block does (the
    compiler refuses it anywhere else, E159)."""


def disarmed(game: LcgGame, card: int) -> bool:
    return game.rule_holds(card, DISARMED)


def barred(game: LcgGame, card: int) -> bool:
    return game.rule_holds(card, BARRED)


def rationed(game: LcgGame, card: int) -> bool:
    """Whether this ally cannot be played now: a ``ration`` rule holds on it and an ally under
    such a rule was played this round."""
    return game.state.counters.get(ALLIES_PLAYED, 0) >= 1 and game.rule_holds(card, RATIONED)


def note_played(game: LcgGame, card: int) -> None:
    """An ally under a ``ration`` rule was played: it counts for the round."""
    if game.rule_holds(card, RATIONED):
        game.state.counters[ALLIES_PLAYED] = game.state.counters.get(ALLIES_PLAYED, 0) + 1


def new_round(game: LcgGame) -> None:
    game.state.counters.pop(ALLIES_PLAYED, None)


# ---------------------------------------------------------------------- a deck's attachment
def attach_to_deck(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard_word: str | None) -> None:
    """This encounter card (being revealed, or a shadow card turned up) is attached to your deck:
    it waits in your play area, as a condition on no character, until its own text sends it away
    ('forced when you would draw')."""
    game = g(ctx)
    where = game.locate(ctx.this)[0]
    if where in (PLAY, ENGAGED) or game.owners[ctx.this] >= 0 or game.state.eliminated[ctx.player]:
        return
    game.state.shadow_of.pop(ctx.this, None)
    game.move(ctx.this, PLAY, ctx.player)
    game.log("attached to deck", ctx.player, game.card_name(ctx.this))


# ---------------------------------------------------------------------- face-down guards
def _mask_key(card: int) -> tuple[str, int]:
    return ("face down as an enemy", card)


def post_guard(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard_word: str | None) -> None:
    """The top card of your deck is put face down in front of you as an enemy that has just
    engaged you from the staging area, with this much attack, defense and hit points (and no
    other text). Leaving play, it is its own card again, and goes to its owner's discard pile."""
    assert sel is not None
    game = g(ctx)
    strength = sel.wanted(ctx)
    deck = game.z(DECK, ctx.player)
    if not deck or strength < 1 or game.state.eliminated[ctx.player]:
        return
    card = deck[0]
    original = game.records[card]
    # it keeps no name of its own while face down: the rules see only an enemy of these numbers
    masked = LcgCard("face-down card", "enemy", attack=strength, defense=strength, hit_points=strength)
    records = list(game.records)
    records[card] = masked
    game.records = tuple(records)
    game.masked = {**game.masked, card: original}
    game.state.marks[_mask_key(card)] = [ctx.this]
    game.move(card, ENGAGED, ctx.player)
    game.log("posted guard", ctx.player, strength)
    from lotr_rules.games.lcg import triggers

    triggers.fire(game, "engaged", ctx.player, card)


def unmask(game: LcgGame, card: int) -> None:
    """A face-down card acting as an enemy left play: it is its own card again."""
    original = game.masked.get(card)
    if original is None:
        return
    records = list(game.records)
    records[card] = original
    game.records = tuple(records)
    game.masked = {c: r for c, r in game.masked.items() if c != card}
    game.state.marks.pop(_mask_key(card), None)


# ---------------------------------------------------------------------- where each word may be written
#: a finding of the compiler (code, message), or None where the word is written well
Finding = tuple[str, str] | None


def _singular(word: str, wanted: tuple[str, ...]) -> str:
    for single in (word, word[:-1], word[:-2], word[:-3] + "y"):
        if single in wanted:
            return single
    return word


def _kinds(kind_words: tuple[str, ...], wanted: tuple[str, ...]) -> bool:
    """Whether the selection's kind words name only cards of these types ('heroes', 'a hero')."""
    names = {_singular(w, wanted) for w in kind_words}
    return bool(kind_words) and names <= set(wanted)


def refuse_claim(
    types: frozenset[str], ability: str, contexts: tuple[str, ...], kinds: tuple[str, ...], ref: bool
) -> Finding:
    if "objective" not in types or ability != "action":
        return ("E154", "'claim' is written only in an objective's Action: only it can be claimed")
    if not ref:
        return ("E154", "'claim' claims the objective itself: write 'claim this'")
    return None


def refuse_guard(
    types: frozenset[str], ability: str, contexts: tuple[str, ...], kinds: tuple[str, ...], ref: bool
) -> Finding:
    if not _kinds(kinds, ("objective",)):
        return ("E155", "'guard' guards objectives only: name them ('guard all objectives in staging area')")
    if "quest" not in types or ability != "when revealed":
        return ("W225", "'guard' outside a quest stage's setup: an objective revealed later is not guarded by it")
    return None


def refuse_prisoner(
    types: frozenset[str], ability: str, contexts: tuple[str, ...], kinds: tuple[str, ...], ref: bool
) -> Finding:
    if ref or not _kinds(kinds, ("hero",)):
        return ("E156", "only heroes are taken prisoner and rescued: name them ('a hero', 'all heroes')")
    return None


def refuse_set_aside(
    types: frozenset[str], ability: str, contexts: tuple[str, ...], kinds: tuple[str, ...], ref: bool
) -> Finding:
    if "quest" not in types or ability != "when revealed":
        return ("E157", "'set-aside' is a quest stage's setup: write it in a quest card's 'when revealed'")
    return None


def refuse_darken(
    types: frozenset[str], ability: str, contexts: tuple[str, ...], kinds: tuple[str, ...], ref: bool
) -> Finding:
    if "while" in contexts:
        return ("E158", "'darken' raises the staging area's threat for the phase: not in a 'while' block")
    return None


def refuse_rule(
    types: frozenset[str], ability: str, contexts: tuple[str, ...], kinds: tuple[str, ...], ref: bool
) -> Finding:
    if ability != "while":
        return ("E159", "this rule holds only as long as a 'while' block does: write it in one")
    return None


def refuse_ration(
    types: frozenset[str], ability: str, contexts: tuple[str, ...], kinds: tuple[str, ...], ref: bool
) -> Finding:
    found = refuse_rule(types, ability, contexts, kinds, ref)
    if found is None and not _kinds(kinds, ("ally",)):
        return ("W224", "'ration' limits allies played from hand: other cards it names are never rationed")
    return found


# ---------------------------------------------------------------------- declarations
GUARD = Primitive(
    "guard",
    "Each of these objectives in the staging area is guarded by the next enemy or location of the "
    "encounter deck, put in the staging area; it can be claimed once that card has left the staging area.",
    "guard all objectives in staging area",
    "cards",
    impl=guard,
    honours=_SEL,
    from_zones=("staging area",),
    refuse=refuse_guard,
)
CLAIM = Primitive(
    "claim",
    "You claim this objective, free of encounters: it is attached to a hero you control. Its Action "
    "is offered to every player while it is in the staging area and no card guards it.",
    "claim this",
    "cards",
    impl=claim,
    honours=frozenset({"name"}),
    contexts=_EVERYWHERE,
    refuse=refuse_claim,
)
CAPTURE = Primitive(
    "capture",
    "These heroes are taken prisoner: face down and out of play until rescued.",
    "capture random 1 hero in any play area",
    "cards",
    impl=capture,
    honours=_SEL,
    from_zones=("any play area", "play area"),
    refuse=refuse_prisoner,
)
RESCUE = Primitive(
    "rescue",
    "These prisoners come back into play under the player they were taken from.",
    "rescue all heroes in captured",
    "cards",
    impl=rescue,
    honours=_SEL,
    from_zones=("captured",),
    refuse=refuse_prisoner,
)
SET_ASIDE_WORD = Primitive(
    "set-aside",
    "These encounter cards are taken from the encounter deck and set aside, out of play.",
    'set-aside all enemies in encounter deck where name is "Test Wraith"',
    "cards",
    impl=set_aside,
    honours=_SEL,
    from_zones=("encounter deck",),
    moves_to="set aside",
    refuse=refuse_set_aside,
)
DARKEN = Primitive(
    "darken",
    "Raise the staging area's total threat by this much until the end of the phase.",
    "darken 1",
    "count",
    impl=darken,
    honours=frozenset({"count"}),
    contexts=_EVERYWHERE,
    refuse=refuse_darken,
)
DISARM = Primitive(
    "disarm",
    "A rule of a 'while' block: these characters cannot attack or defend as long as it holds.",
    "disarm attached hero",
    "cards",
    impl=_rule_only,
    honours=_SEL,
    contexts=_EVERYWHERE,
    refuse=refuse_rule,
)
BAR_ATTACHMENTS = Primitive(
    "bar-attachments",
    "A rule of a 'while' block: no attachment can be played on these cards as long as it holds.",
    "bar-attachments this",
    "cards",
    impl=_rule_only,
    honours=_SEL,
    contexts=_EVERYWHERE,
    refuse=refuse_rule,
)
RATION = Primitive(
    "ration",
    "A rule of a 'while' block: the players together play at most one of these allies each round.",
    "ration all allies in any hand",
    "cards",
    impl=_rule_only,
    honours=_SEL,
    contexts=_EVERYWHERE,
    refuse=refuse_ration,
)
SHUFFLE_BACK = Primitive(
    "shuffle-back",
    "These encounter cards in the staging area are shuffled back into the encounter deck.",
    "shuffle-back an objective in staging area",
    "cards",
    impl=shuffle_back,
    honours=_SEL,
    from_zones=("staging area",),
    moves_to="encounter deck",
)
ATTACH_TO_DECK = Primitive(
    "attach-to-deck",
    "This encounter card is attached to your deck, waiting in your play area until its own text sends it away.",
    "attach-to-deck",
    "none",
    impl=attach_to_deck,
    contexts=("when revealed", "shadow"),
)
POST_GUARD = Primitive(
    "post-guard",
    "The top card of your deck engages you face down as an enemy with this much attack, defense and "
    "hit points; leaving play, it goes to your discard pile as the card it is.",
    "post-guard 1",
    "count",
    impl=post_guard,
    honours=frozenset({"count"}),
)
PRIMITIVES = (
    ATTACH_TO_DECK,
    POST_GUARD,
    SHUFFLE_BACK,
    GUARD,
    CLAIM,
    CAPTURE,
    RESCUE,
    SET_ASIDE_WORD,
    DARKEN,
    DISARM,
    BAR_ATTACHMENTS,
    RATION,
)


TRIGGER_DOCS = (
    ("at beginning of quest phase", "quest begins", "as each quest phase begins, before anyone commits"),
    ("after progress is placed on {card}", "progressed", "after progress is placed on the quest stage"),
    ("after the players quest unsuccessfully", "quest failed", "after the staging area's threat beat the willpower"),
    ("after {card} is rescued", "rescued", "after the prisoner is rescued and back in play"),
    (
        "after a shadow effect dealt to {card} resolves",
        "shadow resolved",
        "after the effect of a shadow card dealt to the enemy resolves",
    ),
)
