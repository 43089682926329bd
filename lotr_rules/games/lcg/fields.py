"""The card fields of The Lord of the Rings: The Card Game, declared as family data (see
:mod:`lotr_rules.engine.fields`), and the card class that holds them.

A field's name is one word as the grammar reads it; the names the printed cards write in two
words are joined by a hyphen (``hit-points 5``, ``engagement-cost 30``); defense is ``defense-strength``, since
``defense`` alone opens an ability. Keywords and the unique
marker share one field (``keywords unique sentinel``), in any order, each at most once; Doomed
takes a number and is a field of its own (``doomed 1``).
"""

from __future__ import annotations

import itertools

import attrs

from lotr_rules.engine.fields import FieldDecl, card_class
from lotr_rules.games.lcg.record import SPHERES

PLAYER_CARDS = ("hero", "ally", "attachment", "event")
CHARACTERS = ("hero", "ally")
ENCOUNTER_CARDS = ("enemy", "location", "treachery", "objective")

#: the words of the ``keywords`` field: the unique marker and the keywords without a number
KEYWORDS = ("unique", "sentinel", "ranged", "surge", "restricted", "guarded")
#: every way of writing a few of them, each at most once, in any order (the compiler checks a
#: ``words`` field's value as a whole against its choices)
KEYWORD_CHOICES = tuple(
    " ".join(order) for size in range(1, len(KEYWORDS) + 1) for order in itertools.permutations(KEYWORDS, size)
)

#: the effects of an encounter card that may be marked as not to be cancelled
UNCANCELLABLE = ("when-revealed", "shadow")
UNCANCELLABLE_CHOICES = (*UNCANCELLABLE, "when-revealed shadow", "shadow when-revealed")

#: what an attachment may go on: its player's own cards of a kind, or any player's ("any hero")
ATTACH_KINDS = ("character", "hero", "ally", "enemy", "location")
ATTACH_CHOICES = (
    *ATTACH_KINDS,
    *(f"any {kind}" for kind in ATTACH_KINDS if kind != "location"),
    # an enemy engaged with any player (not one in the staging area)
    "any engaged enemy",
)


@attrs.frozen(slots=True)
class LcgFieldDecl(FieldDecl):
    """A field whose hyphenated name ("hit-points") is held by an attribute with an underscore."""

    @property
    def attr(self) -> str:
        return self.name.replace(" ", "_").replace("-", "_")


FIELDS: tuple[FieldDecl, ...] = (
    LcgFieldDecl(
        "sphere",
        "word",
        "The sphere of influence of a player card: `leadership`, `tactics`, `spirit`, `lore` or "
        "`neutral`. A hero's sphere is also the icon of the resources it collects; a card is paid "
        "for from heroes with its sphere's icon (a neutral card from any).",
        default="neutral",
        types=PLAYER_CARDS,
        choices=SPHERES,
    ),
    LcgFieldDecl(
        "cost",
        "number",
        "The resources paid to play an ally, attachment or event.",
        default=0,
        types=("ally", "attachment", "event"),
        low=0,
        high=20,
    ),
    LcgFieldDecl(
        "variable-cost",
        "word",
        "`variable-cost x`: the card's printed cost is X. Its player chooses X when playing it and "
        "pays X resources; its Action reads the number as `X`. The card gives no `cost`.",
        default="",
        types=("event",),
        choices=("x",),
        ability="action",
    ),
    LcgFieldDecl(
        "threat-cost",
        "number",
        "A hero's threat cost: what it adds to its player's starting threat.",
        default=0,
        types=("hero",),
        low=0,
        high=20,
        required=("hero",),
    ),
    LcgFieldDecl(
        "willpower",
        "number",
        "What a character adds to the quest when it commits.",
        default=0,
        types=CHARACTERS,
        low=0,
        high=20,
    ),
    LcgFieldDecl(
        "attack",
        "number",
        "The damage a character or an enemy deals when it attacks.",
        default=0,
        types=(*CHARACTERS, "enemy"),
        low=0,
        high=20,
    ),
    LcgFieldDecl(
        "defense-strength",
        "number",
        "What a character or an enemy takes off each attack's damage to it. (Not `defense` alone: "
        "that word opens a Defense ability in the card language.)",
        default=0,
        types=(*CHARACTERS, "enemy"),
        low=0,
        high=20,
    ),
    LcgFieldDecl(
        "hit-points",
        "number",
        "The damage a character or an enemy can hold: it is destroyed when its damage reaches this.",
        default=0,
        types=(*CHARACTERS, "enemy"),
        low=1,
        high=99,
        required=(*CHARACTERS, "enemy"),
    ),
    LcgFieldDecl(
        "traits",
        "words",
        "The card's traits, one word each; a trait of two words is joined by a hyphen (`traits dol-guldur orc`).",
        default="",
    ),
    LcgFieldDecl(
        "keywords",
        "words",
        "The card's unique marker and keywords, in any order, each at most once: `unique` (only one "
        "copy of its title in play), `sentinel` (may defend for another player), `ranged` (may "
        "attack for another player), `surge` (reveal one more encounter card), `restricted` (a "
        "character holds at most two restricted attachments; a claimed objective counts), `guarded` (an "
        "objective revealed is guarded by the next enemy or location of the encounter deck).",
        default="",
        types=(*PLAYER_CARDS, *ENCOUNTER_CARDS),
        choices=KEYWORD_CHOICES,
        # each keyword does something only on the cards the rules give it to
        word_types={
            "sentinel": CHARACTERS,
            "ranged": CHARACTERS,
            "surge": ENCOUNTER_CARDS,
            # an objective claimed counts as an attachment of its hero
            "restricted": ("attachment", "objective"),
            "guarded": ("objective",),
        },
    ),
    LcgFieldDecl(
        "doomed",
        "number",
        "The Doomed keyword: when the card is revealed, each player raises their threat by this.",
        default=0,
        types=(*PLAYER_CARDS, *ENCOUNTER_CARDS),
        low=1,
        high=10,
    ),
    LcgFieldDecl(
        "attach-to",
        "words",
        "What an attachment goes on: its player's own `character`, `hero` or `ally`, an `enemy` "
        "engaged with its player, a `location` in play, or any player's with `any` "
        "(`attach-to any hero`; `any enemy` is any enemy in play, `any engaged enemy` one engaged "
        "with any player).",
        default="character",
        types=("attachment",),
        choices=ATTACH_CHOICES,
    ),
    LcgFieldDecl(
        "host-sphere",
        "word",
        'An attachment that goes only on a character of a sphere ("attach to a [lore] '
        'character"): `host-sphere lore` offers only allies of that sphere and heroes with its '
        "resource icon, printed or granted (`give resource-icon lore to attached hero`).",
        default="",
        types=("attachment",),
        choices=("leadership", "tactics", "spirit", "lore"),
        # (only characters have a sphere's icon: an enemy or location host never would)
        needs=("attach-to", tuple(c for c in ATTACH_CHOICES if c.split()[-1] in ("character", "hero", "ally"))),
    ),
    LcgFieldDecl(
        "engagement-cost",
        "number",
        "The threat at which an enemy in the staging area engages a player.",
        default=0,
        types=("enemy",),
        low=0,
        high=60,
        required=("enemy",),
    ),
    LcgFieldDecl(
        "threat",
        "number",
        "The threat strength of an enemy or location while it is in the staging area.",
        default=0,
        types=("enemy", "location"),
        low=0,
        high=20,
    ),
    LcgFieldDecl(
        "quest-points",
        "number",
        "The progress needed to explore a location or to complete a quest stage; 0 on a quest "
        "stage: it has no quest points, progress never defeats it (its text says how to win).",
        default=0,
        types=("location", "quest"),
        low=0,
        type_low={"location": 1},
        high=99,
        required=("quest",),
    ),
    LcgFieldDecl(
        "victory-points",
        "number",
        "Victory points: the card goes to the victory display when it is defeated or explored.",
        default=0,
        types=(*ENCOUNTER_CARDS, "quest"),
        low=1,
        high=10,
    ),
    LcgFieldDecl(
        "stage",
        "number",
        "A quest card's stage: the quest deck is played from the lowest stage to the highest.",
        default=0,
        types=("quest",),
        low=1,
        high=20,
        required=("quest",),
    ),
    LcgFieldDecl(
        "setup-staging",
        "card names",
        "The encounter cards a quest stage puts in the staging area when it is set up, one copy "
        'of each, taken from the encounter deck (`setup-staging "Forest Spider" "Old Forest Road"`).',
        default=(),
        types=("quest",),
    ),
    LcgFieldDecl(
        "encounter-set",
        "text",
        'The encounter set an encounter or quest card belongs to (`encounter-set "Dark Woods"`).',
        default="",
        types=(*ENCOUNTER_CARDS, "quest"),
    ),
    LcgFieldDecl(
        "pay-from",
        "number",
        "How many different heroes' pools must each give resources to pay for the card (`pay-from 3`); "
        "without it, any of its sphere's heroes may pay all of it.",
        default=0,
        types=("ally", "attachment", "event"),
        low=2,
        high=3,
    ),
    LcgFieldDecl(
        "action-phase",
        "word",
        "The one phase in which an event's Action may be played: `action-phase combat` is a "
        "Combat Action. Without it, the event is played in any action window.",
        default="",
        types=("event",),
        choices=("resource", "planning", "quest", "travel", "encounter", "combat", "refresh"),
        ability="action",
    ),
    LcgFieldDecl(
        "attack-staging",
        "word",
        "`attack-staging alone`: the character may attack an enemy in the staging area in its "
        "player's attacks, as the only attacker of that attack (it does not engage the enemy).",
        default="",
        types=CHARACTERS,
        choices=("alone",),
    ),
    LcgFieldDecl(
        "uncancellable",
        "words",
        "The card's effects that cannot be cancelled: `uncancellable when-revealed`, `uncancellable "
        "shadow`, or both. No cancel is offered against them (a Response or Forced effect that "
        "cancels is not usable then), and a `cancel` answering one does nothing.",
        default="",
        types=ENCOUNTER_CARDS,
        choices=UNCANCELLABLE_CHOICES,
        # each word is about one of the card's abilities: without it, it would protect nothing
        word_abilities={"when-revealed": "when revealed", "shadow": "shadow"},
    ),
    LcgFieldDecl(
        "copies",
        "number",
        "How many copies of the card a set ships (a deck lists how many it takes).",
        default=1,
        low=1,
        high=40,
    ),
)

#: An LCG card as compiled: the core's card with the fields above.
LcgCardDef = card_class("lcg", __name__, FIELDS)
