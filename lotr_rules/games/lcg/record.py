"""What an LCG card is, as data: the fields the rules read, and the hooks card scripts fill.

A record is immutable and shared by every copy of the card and every game. The rules read only
these fields; what a card *does* beyond them (a When Revealed effect, a shadow effect, an
Action) is a hook, a function of the game, the player it acts for and the card, which the
card-script compiler will supply; its Forced effects, Responses and Actions of a card in play
are :class:`Trigger` records, whose hooks are also given the :class:`LcgEvent` they answer.
Nothing in the rules names a card.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from lotr_rules.errors import ConfigError

if TYPE_CHECKING:
    from lotr_rules.engine.context import Ctx
    from lotr_rules.games.lcg.game import LcgGame

#: what a card's effect is given: the game, the player it acts for, the card it is on
Hook = Callable[["LcgGame", int, int], None]
#: whether something can be done now: the game, the player, the card
Check = Callable[["LcgGame", int, int], bool]
#: a triggered ability's effect or condition is also given the event that triggered it
Reaction = Callable[["LcgGame", int, int, "LcgEvent"], None]
Condition = Callable[["LcgGame", int, int, "LcgEvent"], bool]
#: whether an attachment may go on a host: the game, the player attaching, the host
HostCheck = Callable[["LcgGame", int, int], bool]

SPHERES = ("leadership", "tactics", "spirit", "lore", "neutral")
PLAYER_TYPES = ("hero", "ally", "attachment", "event")
#: what leaving play a triggered ability answers once its card is out of play (see ``Trigger``)
LEAVING = ("self", "host", "")
ENCOUNTER_TYPES = ("enemy", "location", "treachery", "objective")
TYPES = (*PLAYER_TYPES, *ENCOUNTER_TYPES, "quest")
CHARACTER_TYPES = ("hero", "ally")
#: the stats a character or an enemy has, and that attachments and lasting effects may change
STATS = ("willpower", "attack", "defense", "hit_points", "threat", "engagement_cost")
#: what an attachment may be attached to
HOSTS = ("character", "hero", "ally", "enemy", "location")
#: whose cards an attachment may go on: its player's own (enemies: those engaged with them), any
#: player's (enemies and locations: any in play), or an enemy engaged with any player
ATTACH_SCOPES = ("own", "any", "engaged")

# The moments of the game a triggered ability can answer (RR "Triggered Abilities"). "after"
# points fire once the thing has happened; "would" points fire before it happens, and their
# responses may cancel it or change it ("instead"), since they resolve first (RR "Cancel").
AFTER_POINTS = (
    "committed",  # subject: the character committed to the quest
    "revealed",  # subject: the encounter card revealed (after it resolved)
    "as revealed",  # subject: the encounter card just revealed, before its Doomed and When Revealed
    "travelled",  # subject: the location travelled to
    "explored",  # subject: the location explored (it has left play)
    "quest completed",  # subject: the quest stage completed
    "engaged",  # subject: the enemy, player: the player it engaged
    "attacks",  # subject: the enemy attacking, as its attack begins (before the defender)
    "attacked",  # subject: the enemy that attacked, player: the player attacked
    "defended",  # subject: the defender, player: the player attacked
    "defeated",  # subject: the enemy destroyed (it has left play)
    "won attack",  # subject: a character whose attack destroyed an enemy, source: the enemy
    "destroyed",  # subject: the character destroyed (it has left play)
    "damaged",  # subject: the card damaged, amount: the damage dealt
    "damage placed",  # subject: the card, amount: the damage just placed, before the destruction check
    "damages",  # subject: the card that dealt damage to a character, source: that character
    "enters play",  # subject: the ally or attachment put into play
    "played",  # subject: the ally or attachment played from its player's hand (in play now)
    "phase begins",  # subject: -1; the phase is the game's
    "phase ends",
    "round ends",  # subject: -1
    "left play",  # subject: the card that left play (it is out of play now)
    "shadows dealt",  # player: a player whose engaged enemies were just dealt shadow cards
    "staging done",  # subject: -1; the staging step of the quest phase has revealed its cards
    "combat phase ends",  # subject: -1; the end of the combat phase, before the phase's end
    "progressed",  # subject: the quest stage progress was just placed on
    "quest failed",  # subject: -1; the staging area's threat beat the willpower committed
    "rescued",  # subject: the hero rescued (back in play)
    "shadow resolved",  # subject: the enemy whose shadow card's effect just resolved
    "quest begins",  # subject: -1; the quest phase has just begun
    "resource begins",  # subject: -1; the resource phase has just begun
    "defence resolved",  # subject: a character that defended the attack just over, source: the enemy
    "quest succeeded",  # subject: -1; the willpower committed beat the staging area's threat
    "attack ends",  # subject: the enemy whose attack is over, player: the player attacked
    "resources placed",  # subject: the card resources were just added to, amount: how many
)
WOULD_POINTS = (
    "would reveal",  # before an encounter card's When Revealed effect resolves
    "would shadow",  # before a shadow effect resolves
    "would damage",  # before damage is dealt: amount and subject may change
    "would complete",  # before a quest stage with enough progress is defeated
    "would ready",  # before an exhausted card readies in the refresh phase
    "would draw",  # player: the player about to draw, amount: how many cards
    "would stage",  # before the staging step of the quest phase ('cancel': it is skipped)
    "would check engagement",  # before the engagement checks ('cancel': none are made)
)
POINTS = (*AFTER_POINTS, *WOULD_POINTS)
#: Forced effects resolve by themselves; Responses are offered; Actions are played in windows
TRIGGER_KINDS = ("forced", "response", "action")
#: how often one card may use an ability: without limit, once per phase, once per round
LIMITS = ("", "phase", "round")


@attrs.define(slots=True)
class LcgEvent:
    """One occurrence of a trigger point. Responses at a "would" point may set ``cancelled`` or
    change ``subject`` and ``amount`` (an "instead"); the rules then do what the event says."""

    point: str
    player: int
    subject: int = -1
    amount: int = 0
    #: the card whose effect is about to resolve (the When Revealed or shadow card, the damage's source)
    source: int = -1
    cancelled: bool = False


@attrs.frozen(slots=True)
class Trigger:
    """A Forced effect, a Response or an Action of a card.

    ``when`` limits it to the events it answers (for example "after *this* character commits");
    it is also where a cost that must be payable is checked. ``effect`` does it. An event card
    with a Response is played from hand (paid for) to use it; other cards use theirs while in play
    (or, answering their own leaving play, just after).
    """

    point: str
    effect: Reaction
    kind: str = "response"
    when: Condition | None = None
    limit: str = ""
    #: how many uses the limit allows in its period
    times: int = 1
    #: words for people and logs
    text: str = ""
    #: a Response used while the card is in its owner's hand (to put it into play), not in play
    from_hand: bool = False
    #: an Action any player may use for themselves, its limit counted for each player apart
    by_each_player: bool = False
    #: the leaving play it answers once the card is out of play (RR "Leaves Play"): its own
    #: ("self", as "after this is destroyed"), its host's, that it left play with ("host", as
    #: "after attached location is explored"), or none (""): an ability about any character
    #: works only while its card is in play
    leaving: str = "self"
    #: its effect cancels the event it answers (somewhere in it): not usable against an effect
    #: that cannot be cancelled
    cancels: bool = False
    #: what using it costs, paid alone (the part of ``effect`` before its effect): what using it
    #: changes whatever its effect does; None for an ability that costs nothing apart
    cost: Reaction | None = None

    def __attrs_post_init__(self) -> None:
        if self.kind not in TRIGGER_KINDS:
            raise ConfigError(f"unknown kind of triggered ability '{self.kind}'")
        if self.leaving not in LEAVING:
            raise ConfigError(f"unknown leaving '{self.leaving}' of a triggered ability")
        if self.kind == "action":
            if self.point != "action":
                raise ConfigError("an Action ability answers no trigger point: give point 'action'")
        elif self.point not in POINTS:
            raise ConfigError(f"unknown trigger point '{self.point}'")
        if self.limit not in LIMITS:
            raise ConfigError(f"unknown limit '{self.limit}' (once per phase or round)")


@attrs.frozen(slots=True)
class Constant:
    """A change that holds while a condition of its card does: ``holds(ctx)`` for the card
    (``ctx.this``), the stat, the cards it reaches now, and by how much."""

    holds: Callable[[Ctx], bool]
    stat: str
    targets: Callable[[Ctx], list[int]]
    amount: Callable[[Ctx], int]
    text: str = ""
    #: a quality granted instead of a stat changed: ``stat`` "trait" and ``word`` "gondor"
    word: str = ""


@attrs.frozen(slots=True, eq=False)
class LcgCard:
    """One card of the game, player or encounter or quest."""

    name: str
    type: str
    #: player cards: the sphere of influence; a hero's sphere is also its resource icon
    sphere: str = "neutral"
    #: allies, attachments and events: resources paid to play it
    cost: int = 0
    #: a printed cost of X: its player chooses X when playing it and pays X resources
    variable_cost: bool = False
    #: how many different heroes' pools must pay for it (0: any of its sphere's)
    pay_from: int = 0
    #: events: the one phase their Action may be played in ("": any)
    action_phase: str = ""
    #: heroes: added to the player's threat at setup
    threat_cost: int = 0
    willpower: int = 0
    attack: int = 0
    defense: int = 0
    hit_points: int = 0
    traits: frozenset[str] = frozenset()
    unique: bool = False
    # keywords
    sentinel: bool = False
    ranged: bool = False
    surge: bool = False
    doomed: int = 0
    restricted: bool = False
    #: an objective ally: an objective in the staging area, an ally once it joins a player
    #: (``enlist``), back to the staging area whenever it leaves play
    objective_ally: bool = False
    #: objectives: revealed, it is guarded by the next enemy or location of the encounter deck
    guarded: bool = False
    #: encounter cards: the trigger points ("would reveal", "would shadow") whose effect of the
    #: card cannot be cancelled (no cancel is offered against it, and one does nothing)
    uncancellable: frozenset[str] = frozenset()
    #: characters: may attack an enemy in the staging area, as the attack's only attacker
    attacks_staging_alone: bool = False
    #: its Action sends the card itself out of play, now or later (an agent may keep it back)
    action_sends_away: bool = False
    #: enemies: the threat level at which they engage a player
    engagement_cost: int = 0
    #: enemies and locations: their threat strength while in the staging area
    threat: int = 0
    #: locations and quest stages: progress needed to explore or complete it
    quest_points: int = 0
    victory: int = 0
    #: quest cards: the stage number, and the names of the card's two sides
    stage: int = 0
    back_name: str = ""
    #: quest cards: encounter cards (by name) put in the staging area when this stage is set up
    setup_staging: tuple[str, ...] = ()
    #: attachments: what they may be attached to, and what they give their host while attached
    attach_to: str = "character"
    attach_scope: str = "own"
    #: any further condition the host must meet (a trait, engaged with the player...)
    attach_if: HostCheck | None = None
    grants: tuple[tuple[str, int], ...] = ()
    #: encounter cards: the encounter set they belong to; all cards: copies in a deck or set
    encounter_set: str = ""
    copies: int = 1
    #: the card's text in our own words (for people; the rules never read it)
    text: str = ""
    #: where the card's facts come from, as the galleries mark it: "card list", "designed"...
    #: ("" for a record made in code)
    provenance: str = ""
    # hooks: what the card does, from its script
    when_revealed: Hook | None = None
    shadow: Hook | None = None
    #: an event's effect, or an Action of a card in play
    action: Hook | None = None
    #: a location's Travel effect (resolved when the players travel there)
    travel: Hook | None = None
    #: Forced effects, Responses and Actions (of a card in play), in the card's order
    triggers: tuple[Trigger, ...] = ()
    #: changes that hold while a condition of the card does (its 'while' blocks)
    constants: tuple[Constant, ...] = ()
    #: events: whether the event's Action can be played now (its cost can be paid)
    action_check: Check | None = None
    #: events: the cost of the event's Action paid alone, without its effect (what playing it
    #: changes whatever its effect does)
    action_cost: Hook | None = None
    #: locations: whether the players can travel here now (its Travel cost can be paid)
    travel_check: Check | None = None

    def __attrs_post_init__(self) -> None:
        if self.type not in TYPES:
            raise ConfigError(f"card '{self.name}': unknown type '{self.type}'")
        if self.sphere not in SPHERES:
            raise ConfigError(f"card '{self.name}': unknown sphere '{self.sphere}'")
        if self.attach_to not in HOSTS:
            raise ConfigError(f"card '{self.name}': cannot attach to '{self.attach_to}'")
        if self.attach_scope not in ATTACH_SCOPES:
            raise ConfigError(f"card '{self.name}': attach scope must be 'own', 'any' or 'engaged'")
        if self.type == "event" and any(t.kind != "response" for t in self.triggers):
            raise ConfigError(f"card '{self.name}': an event's triggered ability can only be a Response")
        for stat, _amount in self.grants:
            if stat not in STATS:
                raise ConfigError(f"card '{self.name}': no stat '{stat}' to grant")
        numbers = (self.cost, self.threat_cost, self.willpower, self.attack, self.defense, self.hit_points)
        if min(numbers) < 0 or min(self.doomed, self.engagement_cost, self.threat, self.quest_points) < 0:
            raise ConfigError(f"card '{self.name}': a cost or a stat is negative")
        if self.type in ("hero", "ally", "enemy") and self.hit_points < 1:
            raise ConfigError(f"card '{self.name}': a {self.type} needs at least 1 hit point")
        if self.copies < 1:
            raise ConfigError(f"card '{self.name}': copies must be at least 1")

    @property
    def is_character(self) -> bool:
        return self.type in CHARACTER_TYPES

    @property
    def has_shadow(self) -> bool:
        """The shadow marker: the card has an effect when dealt face down and revealed in combat."""
        return self.shadow is not None

    def base(self, stat: str) -> int:
        value: int = getattr(self, stat)
        return value


@attrs.frozen(slots=True)
class PlayerDeck:
    """A player's heroes (1 to 3) and deck (one entry per copy)."""

    heroes: tuple[LcgCard, ...]
    deck: tuple[LcgCard, ...]

    def check(self) -> None:
        if not 1 <= len(self.heroes) <= 3:
            raise ConfigError("a player needs 1 to 3 heroes")
        if any(hero.type != "hero" for hero in self.heroes):
            raise ConfigError("only heroes may start in play")
        bad = [card.name for card in self.deck if card.type not in ("ally", "attachment", "event")]
        if bad:
            raise ConfigError(f"not player deck cards: {', '.join(sorted(set(bad)))}")
        counts: dict[str, int] = {}
        for card in self.deck:
            counts[card.name] = counts.get(card.name, 0) + 1
        over = sorted(name for name, count in counts.items() if count > 3)
        if over:
            raise ConfigError(f"more than three copies of {', '.join(over)}")


@attrs.frozen(slots=True)
class Scenario:
    """The quest cards in stage order and the encounter cards (each record's ``copies``)."""

    name: str
    quest: tuple[LcgCard, ...]
    encounter: tuple[LcgCard, ...]

    def check(self) -> None:
        if not self.quest:
            raise ConfigError(f"scenario '{self.name}' has no quest cards")
        # a stage of 0 quest points is one progress never defeats (its own text ends it)
        if any(card.type != "quest" or card.quest_points < 0 for card in self.quest):
            raise ConfigError(f"scenario '{self.name}': quest cards need quest points")
        bad = [card.name for card in self.encounter if card.type not in ENCOUNTER_TYPES]
        if bad:
            raise ConfigError(f"scenario '{self.name}': not encounter cards: {', '.join(bad)}")
