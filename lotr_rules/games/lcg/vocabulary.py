"""What LCG card scripts may say: its card fields, zones, things, commands and abilities.

A card file of this family gives its facts as fields (sphere, cost, stats, traits, keywords...,
see :mod:`.fields`) and what it does as abilities: ``action`` (an event played from hand, or a
card's Action in play), ``response`` and ``forced`` (triggered abilities), ``when revealed``,
``shadow``, ``travel``, and ``while`` blocks of lasting changes. The converter
(:mod:`.convert`) turns the compiled card into the record the rules play. The functions behind
the words are in :mod:`.words`.
"""

from __future__ import annotations

import functools

from lotr_rules.engine.context import Ctx
from lotr_rules.engine.registry import CardType, Phrase, Primitive, Vocabulary, ZoneSpec
from lotr_rules.engine.selection import Selection
from lotr_rules.games.lcg import words as w
from lotr_rules.games.lcg import (
    words_allies,
    words_attacks,
    words_combat,
    words_control,
    words_decks,
    words_encounter,
    words_entering,
    words_hazards,
    words_looking,
    words_measures,
    words_moving,
    words_objectives,
    words_piles,
    words_protection,
    words_quest,
    words_shadows,
    words_spheres,
    words_stages,
    words_standing,
    words_timing,
    words_trail,
)
from lotr_rules.games.lcg.fields import FIELDS, LcgCardDef
from lotr_rules.games.lcg.foreign import FOREIGN_WORDS
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
    VICTORY,
)

CARD_TYPES = (
    CardType("hero", "heroes", "a character a player starts the game with; it collects resources"),
    CardType("ally", "allies", "a character played from a player's hand"),
    CardType("attachment", "attachments", "a card played onto another card in play"),
    CardType("event", "events", "a card played for its effect, then discarded"),
    CardType("enemy", "enemies", "an encounter card that engages players and attacks them"),
    CardType("location", "locations", "an encounter card the players travel to and explore"),
    CardType("treachery", "treacheries", "an encounter card with an effect when it is revealed"),
    CardType("objective", "objectives", "an encounter card the players may claim"),
    CardType("quest", "quests", "a stage of the quest deck, with the progress it needs"),
)
#: kind words for several types at once
TYPE_GROUPS = {"character": ("hero", "ally"), "characters": ("hero", "ally")}

#: the decks a card may start in: player cards in a player's deck, the rest in the scenario's
DECKS = ("player", "encounter", "quest")

ZONES = (
    ZoneSpec("hand", "your hand", (), "player", w.own_zone(HAND)),
    ZoneSpec("deck", "your deck; cards are taken from its top", (), "player", w.own_pile(DECK), top_only=True),
    ZoneSpec("discard pile", "your discard pile", ("discard",), "player", w.own_zone(DISCARD)),
    ZoneSpec(
        "play area",
        "the heroes, allies and attachments you control",
        ("your play area",),
        "player",
        w.own_zone(PLAY),
    ),
    ZoneSpec("engagement area", "the enemies engaged with you", ("engaged with you",), "player", w.own_zone(ENGAGED)),
    ZoneSpec("play", "every card in play, on every side of the table", (), "union", w.in_play),
    ZoneSpec("any play area", "every player's heroes, allies and attachments", (), "union", w.every_players(PLAY)),
    ZoneSpec(
        "any engagement area",
        "the enemies engaged with any player",
        ("engaged with a player",),
        "union",
        w.every_players(ENGAGED),
    ),
    ZoneSpec("any discard pile", "every player's discard pile", (), "union", w.every_players(DISCARD)),
    ZoneSpec("any hand", "every player's hand", (), "union", w.every_players(HAND)),
    ZoneSpec(
        "staging area", "the encounter cards not yet engaged or travelled to", (), "shared", w.shared_zone(STAGING)
    ),
    ZoneSpec(
        "encounter deck",
        "the encounter deck; cards are taken from its top",
        (),
        "shared",
        w.shared_pile(ENCOUNTER_DECK),
        top_only=True,
    ),
    ZoneSpec("encounter discard pile", "the encounter discard pile", (), "shared", w.shared_zone(ENCOUNTER_DISCARD)),
    ZoneSpec(
        "victory display", "the enemies and locations that score victory points", (), "shared", w.shared_zone(VICTORY)
    ),
    ZoneSpec("active location", "the location the players travelled to", (), "shared", w.shared_zone(ACTIVE)),
    ZoneSpec("current quest", "the quest stage being played", (), "shared", w.shared_zone(QUEST)),
    ZoneSpec(
        "top attachments of discard piles",
        "the topmost attachment of each player's discard pile (the one discarded last)",
        (),
        "union",
        words_looking.top_attachments,
    ),
    ZoneSpec(
        "looked at",
        "the cards this effect looked at, while still face down where they were (a deck, an enemy's shadow cards)",
        (),
        "shared",
        words_looking.looked_at,
    ),
    ZoneSpec(
        "any deck",
        "every player's deck; cards are taken from the top of one of them",
        (),
        "union",
        words_looking.any_deck,
        top_only=True,
    ),
    ZoneSpec(
        "shadow cards of enemies engaged with you",
        "the face-down shadow cards dealt to the enemies engaged with you",
        (),
        "union",
        words_looking.shadows_engaged_with_you,
    ),
    # one card each, named by what it is to this card (see NAMED_THINGS)
    ZoneSpec("host", "the card this card is attached to", (), "shared", w.host_of_this),
    ZoneSpec("attacker", "the enemy attacking now", (), "shared", w.attacking_enemy),
    ZoneSpec("defender", "the character defending now", (), "shared", w.defending_character),
    ZoneSpec(
        "defending character's attachments",
        "the attachments on the character defending now",
        (),
        "shared",
        words_encounter.defender_attachments,
    ),
    words_entering.OTHER_ENGAGEMENT_AREAS,
    words_attacks.ATTACKED,
    words_objectives.SET_ASIDE_ZONE,
    words_objectives.CAPTURED_ZONE,
    words_looking.SEARCHED_ZONE,
    *words_piles.TOP_OF_DISCARD,
)


def _thing(words: str, zone: str, doc: str) -> Phrase:
    return Phrase(words, doc, data={"zone": zone})


NAMED_THINGS = (
    _thing("attached hero", "host", "the hero this attachment is attached to"),
    _thing("attached character", "host", "the character this attachment is attached to"),
    _thing("attached ally", "host", "the ally this attachment is attached to"),
    _thing("attached enemy", "host", "the enemy this attachment is attached to"),
    _thing("attached location", "host", "the location this attachment is attached to"),
    _thing("attacking enemy", "attacker", "the enemy attacking now (for a shadow card: the enemy it was dealt to)"),
    _thing("defending character", "defender", "the character defending against the attack now"),
    _thing("active location", "active location", "the active location, if there is one"),
    _thing("current quest", "current quest", "the quest stage being played"),
    words_attacks.ATTACKED_ENEMY,
)


def _stat_primitive(name: str) -> Phrase:
    stat = w.STAT_NAMES[name]

    def change(ctx: Ctx, sel: Selection, amount: int, until: str | None) -> None:
        w.give(ctx, sel, amount, until, name)

    return Phrase(name, f"the card's {name} as it is now", change, data={"targets": w.targets, "stat": stat})


STATS = tuple(_stat_primitive(name) for name in w.STAT_NAMES)

_ANY_SEL = frozenset({"zone", "where", "count", "up to", "all", "random", "as", "name"})

PRIMITIVES = (
    Primitive("draw", "Draw this many cards.", "draw 2", "count", impl=w.draw, honours=frozenset({"count"})),
    Primitive(
        "ready",
        "Ready these cards (exhausted cards in play stand up).",
        "ready a character in play area",
        "cards",
        impl=w.ready,
        honours=_ANY_SEL,
    ),
    Primitive(
        "exhaust",
        "Exhaust these cards. As a cost it can be paid only with ready cards.",
        "exhaust this",
        "cards",
        impl=w.exhaust,
        honours=_ANY_SEL,
        payable=w.can_exhaust,
        pays=w.pay_exhausting,
    ),
    Primitive(
        "discard",
        "Discard these cards to their owners' discard piles (encounter cards: the encounter discard pile).",
        "discard a card from hand",
        "cards",
        impl=w.discard,
        honours=_ANY_SEL,
        payable=w.can_discard,
        moves_to="discard",
        # 'discard a card from deck' discards its top card (language 5 on)
        top_of_piles=True,
    ),
    Primitive(
        "engage",
        "These enemies engage you, from the staging area or from another player.",
        "engage an enemy in staging area",
        "cards",
        impl=w.engage,
        honours=_ANY_SEL,
    ),
    Primitive(
        "hold",
        "These enemies cannot attack the player each is engaged with until the end of the phase.",
        "hold all enemies in engagement area",
        "cards",
        impl=words_combat.hold_back,
        honours=_ANY_SEL,
        # in a 'while' block it holds as long as the block does: 'while attached { hold attached enemy }'
        contexts=("action", "response", "forced", "when revealed", "shadow", "travel", "while"),
    ),
    Primitive(
        "strike",
        "These characters of yours each attack an enemy they may attack, at once, outside the combat steps.",
        "strike X",
        "cards",
        impl=words_combat.strike,
        honours=_ANY_SEL,
    ),
    Primitive(
        "cancel",
        "Cancel what the event being answered would do: the When Revealed or shadow effect, or the damage.",
        "cancel",
        "none",
        impl=w.cancel,
        # a Forced effect cancels too: a stage that cannot be defeated while an enemy is in play
        contexts=("response", "forced"),
    ),
    Primitive(
        "look at",
        "Look at face-down cards, privately: the top cards of the encounter deck or of one player's deck "
        "('any deck': you choose whose), or shadow cards you choose. The log tells the others how many, "
        "never which. They stay where they are; 'looked at' names them for the rest of the effect.",
        "look at a card from encounter deck",
        "cards or count",
        default_zone="encounter deck",
        impl=words_looking.look_at,
        honours=frozenset({"zone", "count", "up to", "as"}),
        from_zones=("encounter deck", "any deck", "shadow cards of enemies engaged with you"),
    ),
    Primitive(
        "arrange",
        "Put the cards looked at that are still in a deck back on top of it, in the order you choose.",
        "arrange all cards from looked at",
        "cards",
        impl=words_looking.arrange,
        honours=frozenset({"zone", "all", "as"}),
        from_zones=("looked at",),
    ),
    Primitive(
        "take",
        "Take cards into your hand: from the top of discard piles, or of the cards of your deck "
        "you searched ('take up to 1 ally from searched where trait is rohan').",
        "take an attachment from top attachments of discard piles",
        "cards",
        impl=words_looking.take,
        honours=frozenset({"zone", "where", "count", "up to", "all", "as"}),
        from_zones=("top attachments of discard piles", "searched"),
        moves_to="hand",
    ),
    Primitive(
        "move",
        "Move cards looked at to the top or the bottom of the encounter deck.",
        "move all cards from looked at on bottom of encounter deck",
        "cards",
        placement="required",
        positions=("top", "bottom"),
        impl=words_looking.put,
        honours=frozenset({"zone", "count", "all", "up to", "as"}),
        from_zones=("looked at",),
        to_zones=("encounter deck",),
        moves_to="placement",
    ),
    words_piles.BANISH,
    words_piles.DISENGAGE,
    words_piles.RECOVER,
    words_piles.RESHUFFLE,
    words_piles.REVEAL,
    words_piles.REVIVE,
    words_quest.CONCEAL,
    Primitive(
        "surge",
        "The card being revealed gains surge.",
        "surge",
        "none",
        impl=words_encounter.surge,
        contexts=("when revealed",),
    ),
    Primitive(
        "withdraw",
        "Remove these characters from the quest: they stay exhausted and count no willpower.",
        "withdraw a character in your play area where state is committed",
        "cards",
        impl=words_encounter.withdraw,
        honours=_ANY_SEL,
    ),
    Primitive(
        "stage",
        "Add these encounter cards to the staging area; the encounter deck is shuffled after it is searched. "
        "'stage active location' returns the active location to the staging area (it stays in play, with its "
        "progress).",
        "stage a card from encounter deck or encounter discard pile where trait is spider",
        "cards",
        impl=words_encounter.stage,
        honours=_ANY_SEL,
        # (and cards a quest set aside, brought into play; and the active location, returned)
        from_zones=("encounter deck", "encounter discard pile", "set aside", "active location"),
        moves_to="staging area",
    ),
    Primitive("win", "The players win the game.", "win", "none", impl=words_encounter.win),
    words_entering.PUT,
    words_entering.REGISTER,
    words_hazards.ATTACH_TO,
    words_hazards.SEARCH_DECK,
    words_looking.SEARCH,
    words_moving.TRAVEL_TO,
    words_decks.SHUFFLE,
    words_attacks.ALLOW_SEVERAL_DEFENDERS,
    words_control.CONTROL,
    words_stages.RETURN,
    words_stages.TRAMPLE_RULE,
    words_stages.BECKON_RULE,
    words_stages.ELUDE_RULE,
    *words_objectives.PRIMITIVES,
    *words_protection.PRIMITIVES,
    *words_allies.PRIMITIVES,
    *words_standing.PRIMITIVES,
    *words_trail.PRIMITIVES,
    words_shadows.CANCEL_SHADOWS,
)


def _amount(
    key: str, doc: str, fn: object, *, everything: bool = False, payable: object = None, pays: object = None
) -> Phrase:
    data: dict[str, object] = {"all": everything}
    if payable is not None:
        data["payable"] = payable
    if pays is not None:
        # paid as a cost its own way (only with what can pay it)
        data["pays"] = pays
    return Phrase(key, doc, fn, data=data)  # type: ignore[arg-type]


AMOUNTS = (
    _amount("deal damage", "Deal damage to characters or enemies; enough destroys them.", w.deal_damage),
    _amount("heal damage", "Heal damage from characters ('all': every point).", w.heal_damage, everything=True),
    _amount(
        "place progress",
        "Place progress on a location or the quest; enough explores or completes it.",
        w.place_progress,
    ),
    _amount("remove progress", "Remove progress ('all': every token).", w.remove_progress, everything=True),
    _amount(
        "add resource",
        "Add resources to heroes' resource pools, or as resource tokens on any other card in play "
        "(only a hero's pool pays for cards).",
        w.add_resources,
    ),
    _amount(
        "remove resource",
        "Take resources out of heroes' pools; as a cost, a pool must hold them.",
        w.remove_resources,
        everything=True,
        payable=w.can_remove_resources,
        pays=w.pay_removing_resources,
    ),
    words_hazards.DEAL_SHADOW,
)

#: the players a 'for each' may go round
COUNTERS = (Phrase("threat", "your threat; at 50 you are eliminated", w.threat_of, data={"set": w.set_threat}),)


def _live(name: str, kind: str, doc: str, fn: object) -> Phrase:
    return Phrase(name, doc, fn, data={"kind": kind, "live": True})  # type: ignore[arg-type]


ATTRIBUTES = (
    *(
        _live(name, "number", f"the card's {name} as it is now", w.live_stat(stat))
        for name, stat in w.STAT_NAMES.items()
    ),
    _live("cost", "number", "the card's printed cost", w.printed_cost),
    _live("damage", "number", "the damage on the card", w.tokens("damage")),
    _live("progress", "number", "the progress on the card", w.tokens("progress")),
    _live("resources", "number", "the resources in the hero's pool, or on the card", w.tokens("resources")),
    _live("trait", "words", "one of the card's traits ('trait is dwarf')", w.has_trait),
    Phrase(
        "keyword",
        "one of the card's keywords",
        w.has_keyword,
        data={"kind": "words", "live": True, "choices": w.KEYWORD_WORDS},
    ),
    Phrase(
        "state",
        f"how the card is: {', '.join(w.STATE_WORDS)}",
        w.in_state,
        data={"kind": "words", "live": True, "choices": w.STATE_WORDS},
    ),
    _live("sphere", "text", "the card's sphere ('sphere is spirit')", w.sphere),
    _live("name", "text", "the card's name", w.card_name),
    Phrase("type", "one of the card's types", lambda c: c.types, data={"kind": "types"}),
    words_control.SAME_CARD,
    *words_measures.ATTRIBUTES,
    words_spheres.RESOURCE_ICON,
    *words_trail.ATTRIBUTES,
    words_allies.ATTACHMENT,
)

#: what a 'while' block may grant a card besides stats ('give trait gondor to attached hero')
GRANTS = (
    Phrase("trait", "a trait the card has as if printed ('trait is gondor' holds)", data={"targets": w.targets}),
    Phrase(
        "resource-icon",
        "a resource icon of a sphere: the hero's pool pays for cards of that sphere too",
        data={"targets": w.targets, "choices": ("leadership", "tactics", "spirit", "lore")},
    ),
)

#: who 'for each' acts for
PLAYERS = (
    words_piles.EACH_PLAYER,
    Phrase("first player", "the first player", words_encounter.first_player),
    Phrase(
        "player with highest threat",
        "the player with the highest threat (tied: the first player chooses among them)",
        words_encounter.highest_threat,
    ),
    words_entering.CONTROLLER_OF_IT,
)

#: conditions of the game an 'if' may test
STATES = (
    Phrase("attack is undefended", "an enemy attacks and no character defends", words_encounter.undefended),
    Phrase(
        "effect is cancelled",
        "the effect this ability answers has been cancelled already (by it or an earlier answer): "
        "'if not the effect is cancelled' offers a second player no cancel that would do nothing",
        words_encounter.effect_cancelled,
    ),
    words_stages.BLANK_SHADOW,
)

#: the conditions of 'while' blocks. Each reads only its card ("this") and the game, never the
#: player: the game asks them on one context for every card before it finds a card's controller
#: (a test asks each of them as every player, on many tables, and expects one answer)
HOLDS = (
    Phrase("attached", "this is attached to a card", w.attached),
    Phrase("in play", "this is in play", w.this_in_play),
    Phrase("committed", "this is committed to the quest", w.committed),
    Phrase("active", "this is the active location", w.active),
    Phrase("in staging area", "this is in the staging area", w.in_staging),
    words_stages.WITH_ANOTHER_ENEMY,
    words_allies.ENGAGED_HOLD,
)


def _trigger(pattern: str, event: str, doc: str, **data: object) -> Phrase:
    # only the triggers marked 'waits' can be waited for inside an effect ('at end of phase { }')
    data.setdefault("waits", False)
    # only a "would" point can be cancelled: 'cancel' answering any other would do nothing (E133)
    data.setdefault("cancels", event.startswith("would "))
    return Phrase(
        pattern.replace("{card}", "CARD"), doc, data={"event": event, "pattern": tuple(pattern.split()), **data}
    )


TRIGGERS = (
    _trigger("after {card} commits", "committed", "after the card commits to the quest"),
    _trigger("after {card} enters play", "enters play", "after the ally or attachment enters play"),
    _trigger("after you play {card}", "played", "after you play the ally or attachment from your hand", yours=True),
    _trigger("after {card} leaves play", "left play", "after the card leaves play"),
    words_entering.trigger_from_hand(_trigger("from hand after {card} leaves play", "left play", "")),
    _trigger("after {card} is revealed", "revealed", "after the encounter card is revealed and resolved"),
    _trigger("as {card} is revealed", "as revealed", "as the encounter card is revealed, before it resolves"),
    _trigger("after you travel to {card}", "travelled", "after the players travel to the location"),
    _trigger("after {card} is explored", "explored", "after the location is explored (it has left play)"),
    _trigger("after {card} engages you", "engaged", "after the enemy engages you", yours=True),
    _trigger("after {card} engages a player", "engaged", "after the enemy engages a player"),
    _trigger("after {card} attacks", "attacked", "after the enemy's attack resolves"),
    _trigger("after {card} attacks you", "attacked", "after the enemy's attack on you resolves", yours=True),
    _trigger("after {card} is declared as a defender", "defended", "after the character is declared as a defender"),
    _trigger("after {card} is destroyed", "destroyed", "after the character is destroyed"),
    _trigger("after {card} is defeated", "defeated", "after the enemy is destroyed"),
    _trigger(
        "after {card} participates in an attack that destroys an enemy",
        "won attack",
        "after the character's attack, alone or with others, destroys the enemy",
    ),
    _trigger(
        "after {card} attacks and destroys an enemy",
        "won attack",
        "after the character's attack, alone or with others, destroys the enemy",
    ),
    _trigger(
        "after {card} is damaged",
        "damaged",
        "after the card is dealt damage; the number Damage is how much. With 'cancel' in its effect, "
        "it answers as soon as the damage is placed, before the card could be destroyed by it: "
        "cancelled, the damage comes off and is never seen as dealt",
        amount="Damage",
        cancels=True,
        cancelled_at="damage placed",
    ),
    _trigger(
        "after {card} damages a character",
        "damages",
        "after the card (an enemy attacking, a card's effect) deals damage to a character; 'it' is that character",
        it_is_source=True,
    ),
    _trigger(
        "when {card} would be revealed",
        "would reveal",
        "before the When Revealed effect of the card resolves ('cancel' cancels it)",
    ),
    _trigger(
        "when a shadow effect would resolve",
        "would shadow",
        "before a shadow effect resolves ('cancel' cancels it)",
    ),
    _trigger("when {card} attacks", "attacks", "as the enemy's attack begins, before a defender is declared"),
    _trigger(
        "when {card} would be defeated",
        "would complete",
        "before the quest stage, with enough progress, is defeated ('cancel': it is not, for now)",
    ),
    _trigger(
        "when {card} would ready in refresh phase",
        "would ready",
        "before the exhausted card readies in the refresh phase ('cancel': it stays exhausted)",
    ),
    _trigger("when a player would draw", "would draw", "before a player draws cards ('cancel': they draw none)"),
    _trigger("when you would draw", "would draw", "before you draw cards ('cancel': you draw none)", yours=True),
    _trigger(
        "after shadow cards are dealt to enemies engaged with you",
        "shadows dealt",
        "after the shadow cards of the combat phase are dealt, when an enemy engaged with you got one",
        yours=True,
    ),
    _trigger(
        "when the staging step would begin",
        "would stage",
        "before the staging step of the quest phase ('cancel': no card is revealed in it)",
    ),
    _trigger("after the staging step", "staging done", "once the staging step has revealed its cards"),
    _trigger(
        "when engagement checks would begin",
        "would check engagement",
        "before the engagement checks of the encounter phase ('cancel': none are made)",
    ),
    _trigger("at end of combat phase", "combat phase ends", "at the end of the combat phase"),
    *(_trigger(pattern, event, doc) for pattern, event, doc in words_objectives.TRIGGER_DOCS),
    *(_trigger(pattern, event, doc) for pattern, event, doc in words_timing.TRIGGER_DOCS),
    *(_trigger(pattern, event, doc) for pattern, event, doc in words_standing.TRIGGER_DOCS),
    *(_trigger(pattern, event, doc) for pattern, event, doc in words_trail.TRIGGER_DOCS),
    *(_trigger(pattern, event, doc, waits=True) for pattern, event, doc in words_trail.WAITING_DOCS),
    _trigger("at end of phase", "phase ends", "at the end of each phase", waits=True),
    _trigger("at end of round", "round ends", "at the end of each round", waits=True),
)

AGGREGATES = (
    Phrase("number", "how many cards", lambda ctx, cards: len(cards)),
    Phrase("damage", "the damage tokens on the cards, added up", words_combat.damage_on),
    words_hazards.RESOURCES,
    *words_stages.STAT_AGGREGATES,
    *words_measures.AGGREGATES,
)

ABILITIES = {
    "action": "an event played from hand for its effect, or an Action of a card in play, used in an action window",
    "response": "a triggered ability its player may use just after (or before) what its trigger says",
    "forced": "a triggered ability that resolves by itself",
    "when revealed": "resolves when the encounter card (or quest stage) is revealed",
    "shadow": "resolves when the card, dealt face down to an attacking enemy, is turned up",
    "travel": "resolves when the players travel to the location; its costs must be paid to travel",
    "while": "changes that hold while a condition of the card does",
}


@functools.cache
def vocabulary() -> Vocabulary:
    return Vocabulary(
        family="lcg",
        primitives={p.name: p for p in PRIMITIVES},
        zones={z.name: z for z in ZONES},
        card_types={t.name: t for t in CARD_TYPES},
        players={p.words: p for p in PLAYERS},
        states={s.words: s for s in STATES},
        triggers={t.words: t for t in TRIGGERS},
        aggregates={a.words: a for a in AGGREGATES},
        named_things={n.words: n for n in NAMED_THINGS},
        attributes={a.words: a for a in ATTRIBUTES},
        decks=DECKS,
        abilities=ABILITIES,
        fields=FIELDS,
        card_class=LcgCardDef,
        counters={c.words: c for c in COUNTERS},
        title="the LCG",
        # card facts come from the public list of the core set's cards; texts and scripts are ours
        provenances=("card-list", "designed"),
        contexts=("action", "response", "forced", "when revealed", "shadow", "travel", "while"),
        hero_abilities=("action", "response", "forced", "while"),
        chosen_players={
            "player": Phrase("player", "any player still in the game", w.every_player),
            "another player": words_control.ANOTHER_PLAYER,
        },
        amounts={a.words: a for a in AMOUNTS},
        stats={s.words: s for s in STATS},
        periods=("phase", "round"),
        counted_limits=True,
        holds={h.words: h for h in HOLDS},
        paid_abilities=("travel",),
        controller=w.controller,
        type_groups=TYPE_GROUPS,
        grants={g.words: g for g in GRANTS},
        each_player_actions=True,
        foreign_words=FOREIGN_WORDS,
        # a card has one type, save an objective ally: an objective in the staging area, an ally
        # once it joins a player (see words_allies)
        one_type="write the one type the card is (or 'objective ally')",
        type_pairs=(frozenset({"objective", "ally"}),),
    )
