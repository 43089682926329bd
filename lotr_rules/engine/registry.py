"""The vocabulary a game family offers to card scripts, declared in one place.

Each primitive (``draw``, ``gain``...), zone (``discard pile``), card type, player phrase,
trigger phrase, state phrase and aggregate is declared here with its argument shape and a
docstring. The compiler binds scripts to these entries, the linter checks scripts against them,
and the language reference in the docs is generated from them: the vocabulary cannot drift
from its documentation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import attrs

from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.fields import FieldDecl

if TYPE_CHECKING:
    from lotr_rules.engine.context import Ctx

#: What a primitive's selection argument may be.
#: "cards": a selection of cards ("2 cards from hand", "X"); "count": a bare number ("draw 2");
#: "none": no argument at all.
ARG_KINDS = ("cards", "count", "none")

#: The parts a selection may have, each of which a primitive either honours exactly or refuses
#: (E124). A primitive lists the ones it honours in ``honours``.
SELECTION_PARTS: Mapping[str, str] = {
    "zone": "a zone to take the cards from ('from hand', 'in path'); without one, the primitive's own",
    "where": "a card test the cards must pass ('where cost <= 4')",
    "count": "how many cards: a number or 'a'/'an' ('2 cards', 'an enemy')",
    "up to": "at most this many, as many as the player chooses ('up to 2 cards')",
    "all": "every card that matches ('all allies in gained this turn')",
    "random": "this many matching cards at random ('random 1 card from hand')",
    "as": "a name for the cards acted on ('as X'), for later statements",
    "name": "the cards of a name: 'this', 'it', or a name bound with 'as'",
}

#: The places a statement can run: the ability it is in, and the blocks around it. A primitive
#: lists the ones it honours in ``contexts``; the compiler refuses it anywhere else (E125).
CONTEXT_DOCS: Mapping[str, str] = {
    "play": "a 'play' ability: the card is played",
    "attack": "an 'attack' block: run for each player hit, 'you' being that player",
    "defense": "a 'defense' ability: the card avoids an Attack or Ambush",
    "ambush": "an 'ambush' ability: the card entered the Path between turns",
    "group ambush": "a 'group ambush' ability: the Archenemy was revealed",
    "ongoing": "an 'ongoing' ability: the start of each of its owner's turns",
    "fortune": "a 'fortune' ability: the card was bought or gained",
    "trigger": "a 'when'/'at' block, on a card or registered by an effect",
    "end of turn": "an 'at end of turn' block registered by an effect",
    "next turn": "a 'next turn' block",
    "quest": "a quest: its goal and its reward",
    "hero": "a hero card's ability: its 'ongoing', 'when'/'at' and 'action' abilities run",
    "action": "an 'action' ability: its player uses it during their main phase",
    "effect": "an 'effect' ability: the last card drawn in a turn",
    "search": "a 'search' ability: the card found searching back",
    "when revealed": "a 'when revealed' ability: the encounter card was revealed",
    "shadow": "a 'shadow' ability: the card was dealt face down to an attacking enemy and turned up",
    "travel": "a 'travel' ability: the players travel to the location",
    "response": "a 'response' ability: its player chose to answer what just happened",
    "forced": "a 'forced' ability: it answers what just happened by itself",
    "while": "a 'while' block: changes that hold while its condition does",
}


@attrs.frozen(slots=True)
class Param:
    name: str
    kind: str
    required: bool = True
    doc: str = ""


@attrs.frozen(slots=True)
class Primitive:
    """A command a script may write, such as ``draw 2`` or ``gain an enemy from path``."""

    name: str
    doc: str
    example: str
    #: the selection: "cards", "count", "cards or count", or "none"
    takes: str
    placement: str = "none"  # "none", "required" or "optional"
    guards: tuple[str, ...] = ()
    emits: tuple[str, ...] = ()
    default_zone: str = ""
    #: set for primitives that scripts write with their own syntax ("+2 power", "attack ... {")
    syntax: str = ""
    #: the placements it takes: "top", "bottom" ("on top of ..."), "under", "into"
    positions: tuple[str, ...] = ("top", "bottom", "under")
    #: what it does; "pay" returns whether it paid
    impl: Callable[..., object] | None = attrs.field(default=None, eq=False, repr=False)
    #: the parts of a selection it honours (keys of SELECTION_PARTS); any other is refused
    honours: frozenset[str] = frozenset()
    #: the zones it can take cards from (names of the family's zones); empty: any zone
    from_zones: tuple[str, ...] = ()
    #: the zones its placement may name (``on bottom of encounter deck``); empty: any zone
    to_zones: tuple[str, ...] = ()
    #: zones from which it honours fewer parts than ``honours`` (zone name -> the parts)
    zone_parts: Mapping[str, frozenset[str]] = attrs.field(factory=dict)
    #: the contexts it is honoured in (keys of CONTEXT_DOCS); empty: every context of its family
    contexts: tuple[str, ...] = ()
    #: where the cards it acts on end, as its family's conformance suite checks it and 'show'
    #: says it: a zone of the acting player ("hand", "discard"...), a shared zone, "placement"
    #: (where the statement says), "home" (where the card came from) or "" (it moves no card)
    moves_to: str = ""
    #: what it honours of a destination beyond its positions: "owner" (``its owner's deck``),
    #: "holder" (``its holder's deck``, the player whose zone holds the card now)
    honours_placement: frozenset[str] = frozenset()
    #: whether it could be paid now, as a cost (``cost exhaust this``): only a primitive that
    #: says so may be a cost
    payable: Callable[..., bool] | None = attrs.field(default=None, eq=False, repr=False)
    #: how it is paid as a cost, where that differs from the command (``impl``'s arguments):
    #: a cost is paid only with what can pay it, so exhausting as a cost picks ready cards only
    pays: Callable[..., object] | None = attrs.field(default=None, eq=False, repr=False)
    #: the card types it can act on (empty: any); its selection must name only these (E189)
    kinds: tuple[str, ...] = ()
    #: the zones an ``into`` placement may name (``put X into play``); empty: any zone
    into_zones: tuple[str, ...] = ()
    #: where the family refuses the command although it parses: given the card's types, the
    #: ability, the contexts around it, the selection's kind words and whether it names cards
    #: ('this'), it returns the finding (code, message) or None
    refuse: Callable[..., tuple[str, str] | None] | None = attrs.field(default=None, eq=False, repr=False)
    #: how a person is asked whether to do it (a ``may``), in plain words, ``{n}`` standing for
    #: its selection's words; empty: its name and its selection, as the script writes them
    asked: str = ""
    #: whether the few cards it chooses from a deck or a stack ('a card', '2 cards') are its top
    #: ones (else any of the pile, chosen): set by the family, read from language 5 on
    top_of_piles: bool = False

    def honoured_contexts(self, family: tuple[str, ...]) -> tuple[str, ...]:
        return self.contexts or family


@attrs.frozen(slots=True)
class ZoneSpec:
    """A named place cards can be: ``hand``, ``path``, ``cards under this``..."""

    name: str
    doc: str
    aliases: tuple[str, ...] = ()
    #: "player" (each player has one), "shared", "card" (under a card), "union" (several)
    scope: str = "player"
    #: returns the live list(s) of card ids this phrase means, for a context
    lists: Callable[[Ctx], list[list[int]]] | None = attrs.field(default=None, eq=False, repr=False)
    #: selecting from here takes from the top only (stacks, decks)
    top_only: bool = False
    #: for a phrase that names events rather than a place (``gained this turn``): the cards it
    #: has named, wherever they are now, which counts and measures read; ``lists`` stays where
    #: the cards can still be acted on
    history: Callable[[Ctx], list[list[int]]] | None = attrs.field(default=None, eq=False, repr=False)
    #: the command that fills this zone within an effect (``searched``: ``search``); a command
    #: that takes from it before that command in its ability would take nothing (E370)
    filled_by: str = ""


@attrs.frozen(slots=True)
class Phrase:
    """A fixed phrase with a meaning: a player set, a state condition, a trigger, an aggregate."""

    words: str
    doc: str
    fn: Callable[..., object] | None = attrs.field(default=None, eq=False, repr=False)
    data: Mapping[str, object] = attrs.field(factory=dict, eq=False, repr=False)


@attrs.frozen(slots=True)
class CardType:
    name: str
    plural: str
    doc: str


@attrs.frozen(slots=True)
class ForeignWord:
    """A word authors bring from other card games (``graveyard``, ``trash``), and this family's
    word for the same thing, offered where a script uses the foreign one.

    ``context`` is what the word stands for in the script: one of :data:`FOREIGN_CONTEXTS`.
    """

    word: str
    context: str
    ours: str
    #: what to know besides the word, when the two games' things differ a little
    note: str = ""

    @property
    def hint(self) -> str:
        hint = f"'{self.word}' is another game's word: write '{self.ours}'"
        return f"{hint}; {self.note}" if self.note else hint


#: Where a foreign word may stand, and the finding that reports it: a command (E110), a zone
#: (E111), a card type (E112), a player phrase (E113), or words of a number or a condition, which
#: the grammar itself refuses (E001).
FOREIGN_CONTEXTS = ("command", "zone", "card type", "player", "phrase")


@attrs.frozen(slots=True, eq=False)
class Vocabulary:
    """Everything a family's card scripts may say."""

    family: str
    primitives: Mapping[str, Primitive]
    zones: Mapping[str, ZoneSpec]
    card_types: Mapping[str, CardType]
    players: Mapping[str, Phrase]
    states: Mapping[str, Phrase]
    triggers: Mapping[str, Phrase]
    aggregates: Mapping[str, Phrase]
    #: kind words that stand for one particular card or stack top ("corruption", "valor")
    named_things: Mapping[str, Phrase]
    attributes: Mapping[str, Phrase]
    decks: tuple[str, ...]
    abilities: Mapping[str, str]
    provenances: tuple[str, ...] = ("rulebook", "designed")
    #: the card fields this family declares, beyond the ones every card has (see
    #: :mod:`lotr_rules.engine.fields`)
    fields: tuple[FieldDecl, ...] = ()
    #: the family's card class, with a slot for each of its fields
    card_class: type[CardDef] = CardDef
    #: counters the game keeps tokens on ("witch king track"): ``fn(ctx)`` reads one, and
    #: ``data["set"](ctx, value)`` changes it (the family applies its limits and end conditions)
    counters: Mapping[str, Phrase] = attrs.field(factory=dict)
    #: the words a crossroads card's ``directions`` may use
    directions: tuple[str, ...] = ()
    #: what the family calls itself in messages ("the deck-building games")
    title: str = ""
    #: the contexts its scripts can run in (keys of CONTEXT_DOCS)
    contexts: tuple[str, ...] = ()
    #: the abilities a hero card's script may have: the ones the family runs on heroes
    hero_abilities: tuple[str, ...] = ()
    #: the players ``choose a player as P`` may pick among ("player", "opponent"): ``fn(ctx)``
    #: gives their seats; empty where a family has no one to choose (a solo game)
    chosen_players: Mapping[str, Phrase] = attrs.field(factory=dict)
    #: numbers of the game a script reads by name (``power``): ``fn(ctx)`` reads one
    quantities: Mapping[str, Phrase] = attrs.field(factory=dict)
    #: whether the family counts each turn's events, so that a trigger may say 'for the first
    #: time this turn'
    turn_counts: bool = False
    #: amounts of a kind kept on cards, by "verb kind" ("deal damage", "place progress"):
    #: ``fn(ctx, cards, amount)`` (amount None: all of it); ``data["payable"](ctx, cards, amount)``
    #: says whether it can be paid as a cost, where it can be one
    amounts: Mapping[str, Phrase] = attrs.field(factory=dict)
    #: the stats ``give +1 STAT to X`` changes: ``fn(ctx, card, amount, until)`` for a lasting change
    #: (``until``: one of ``periods``)
    stats: Mapping[str, Phrase] = attrs.field(factory=dict)
    #: how long a change or a limit may last ("turn"; "phase", "round")
    periods: tuple[str, ...] = ()
    #: the conditions a ``while`` block of changes may name ("attached", "in play"):
    #: ``fn(ctx)`` tells whether it holds for the card ``ctx.this``
    holds: Mapping[str, Phrase] = attrs.field(factory=dict)
    #: whether a limit may allow several uses a period (``2 times per phase``): the family counts them
    counted_limits: bool = False
    #: the abilities (other than actions and triggered ones) whose block may start with costs
    paid_abilities: tuple[str, ...] = ()
    #: which player controls a card in play (a trigger's 'you control'): ``fn(ctx, card)``
    controller: Callable[..., int] | None = attrs.field(default=None, eq=False, repr=False)
    #: kind words that stand for several card types ("character": hero or ally)
    type_groups: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)
    #: qualities a ``while`` block may grant cards (``give trait gondor to X``): each a phrase whose
    #: ``data["choices"]``, if any, are the words it takes
    grants: Mapping[str, Phrase] = attrs.field(factory=dict)
    #: whether an ``action by each player`` may be used by every player (a limit counted for each)
    each_player_actions: bool = False
    #: words of other card games and this family's words for them (see :class:`ForeignWord`)
    foreign_words: tuple[ForeignWord, ...] = ()
    #: the decks a game of several sets takes from one set only, by title (the deck-building
    #: sets' starters and stacks): a title two sets give a card of one of them is one card, whose
    #: copies must not differ (W330). Elsewhere cards of one title are each their own card, told
    #: apart by their sets (the Card Game's Aragorns).
    one_set_decks: tuple[str, ...] = ()
    #: where a card has exactly one type: why (shown with E340); "" where a card may have several
    #: ("artifact ally" in the deck-building games)
    one_type: str = ""
    #: the pairs of types a card may have where ``one_type`` says one ("objective ally")
    type_pairs: tuple[frozenset[str], ...] = ()
    _field_map: Mapping[str, FieldDecl] = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        # frozen: set once, here, for the compiler's look-up of each field line
        object.__setattr__(self, "_field_map", {decl.name: decl for decl in self.fields})

    def field(self, name: str) -> FieldDecl | None:
        return self._field_map.get(name)

    def zone(self, words: str) -> ZoneSpec | None:
        spec = self.zones.get(words)
        if spec is not None:
            return spec
        for candidate in self.zones.values():
            if words in candidate.aliases:
                return candidate
        return None

    def foreign(self, word: str, context: str) -> ForeignWord | None:
        """The entry for ``word`` (another game's) standing as ``context``, if the family has one."""
        for entry in self.foreign_words:
            if entry.word == word and entry.context == context:
                return entry
        return None

    def zone_names(self) -> list[str]:
        names: list[str] = []
        for spec in self.zones.values():
            names.append(spec.name)
            names.extend(spec.aliases)
        return names

    def card_type(self, word: str) -> CardType | None:
        for card_type in self.card_types.values():
            if word in (card_type.name, card_type.plural):
                return card_type
        return None

    def type_words(self) -> list[str]:
        words: list[str] = []
        for card_type in self.card_types.values():
            words.extend((card_type.name, card_type.plural))
        return words
