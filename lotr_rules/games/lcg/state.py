"""What changes during an LCG game: the engine's zones plus the per-card and per-player state.

Cards are instance ids, and each is in exactly one zone (see :data:`PLAYER_ZONES` and
:data:`SHARED_ZONES`). What the rules say of a card in play (exhausted, damage, progress,
resources, the host of an attachment, the enemy a shadow card was dealt to, committed to the
quest) is kept in small maps beside the zones, so that a copy is a handful of dict copies.
Stats are never stored: :meth:`LcgGame.stat` works them out when read.
"""

from __future__ import annotations

from typing import Any

from lotr_rules.engine.game import GameState
from lotr_rules.native import attribute_names, mypyc_attr

# Zones of each player: (name, player).
HAND = "hand"
DECK = "deck"
DISCARD = "discard pile"
#: heroes, allies and attachments the player controls
PLAY = "play area"
#: enemies engaged with the player (they are in the player's play area by the rules)
ENGAGED = "engaged"
#: the cards of an eliminated player
REMOVED = "removed from the game"
#: heroes taken prisoner by a card: face down, out of play, until a card rescues them
CAPTURED = "captured"
PLAYER_ZONES = (HAND, DECK, DISCARD, PLAY, ENGAGED, REMOVED, CAPTURED)

# Shared zones: (name, -1).
STAGING = "staging area"
ACTIVE = "active location"
QUEST_DECK = "quest deck"
QUEST = "current quest"
QUEST_DONE = "completed quests"
ENCOUNTER_DECK = "encounter deck"
ENCOUNTER_DISCARD = "encounter discard pile"
VICTORY = "victory display"
#: face-down shadow cards, each dealt to one enemy (see ``LcgState.shadow_of``)
SHADOWS = "shadow cards"
#: encounter cards a quest set aside, out of play, until a card brings them in (RR "Set Aside")
SET_ASIDE = "set aside"
#: the rule of a hero whose Actions and Responses cannot be used (``bar-abilities``)
ABILITIES_BARRED = "bar-abilities"

#: the rules words put on cards, each named after the word that puts it (see
#: ``LcgGame.rule_holds``): a card that counts no threat in the staging area (``conceal``), and
#: an enemy that cannot attack (``hold`` in a 'while' block)
CONCEALED = "conceal"
CANNOT_ATTACK = "hold"
#: an enemy whose excess combat damage raises threat, a location the players must travel to, an
#: enemy no player may engage by choice (rules held in a card's 'while' block)
TRAMPLE = "trample"
BECKON = "beckon"
ELUDE = "elude"
#: a treachery card while its When Revealed effect resolves
RESOLVING = "being resolved"
SHARED_ZONES = (
    STAGING,
    ACTIVE,
    QUEST_DECK,
    QUEST,
    QUEST_DONE,
    ENCOUNTER_DECK,
    ENCOUNTER_DISCARD,
    VICTORY,
    SHADOWS,
    RESOLVING,
    SET_ASIDE,
)

#: zones a game's digest leaves out while they are empty (see ``LcgState.canonical``)
_LATE_ZONES = (CAPTURED, SET_ASIDE)

#: how long a lasting effect lasts
UNTIL_PHASE = "phase"
UNTIL_ROUND = "round"

#: a lasting effect on a card's stat: (card, stat, amount, until)
Effect = tuple[int, str, int, str]


#: the engine's state fields, copied as the engine copies them (read through attribute_names: a
#: compiled GameState keeps no __slots__)
_BASE_FIELDS = attribute_names(GameState)
#: the engine's fields as :meth:`LcgState.copy` copies them in one pass (as ``GameState.copy``
#: does); should the engine's fields ever differ, the copy goes through the engine's own
_ONE_PASS = set(_BASE_FIELDS) == {
    "choices",
    "cost_changes",
    "counters",
    "current",
    "delayed",
    "finished",
    "flags",
    "log",
    "marks",
    "num_players",
    "result",
    "rng",
    "turn",
    "turn_triggers",
    "under",
    "zones",
}


@mypyc_attr(allow_interpreted_subclasses=True)
class LcgState(GameState):
    __slots__ = (
        "attached_to",
        "attacked",
        "committed",
        "damage",
        "effects",
        "eliminated",
        "exhausted",
        "first_player",
        "held_back",
        "permitted",
        "phase",
        "progress",
        "resources",
        "shadow_of",
        "threat",
        "used",
        "uses",
    )

    def __init__(self, num_players: int, seed: int) -> None:
        super().__init__(num_players, seed)
        for player in range(num_players):
            for name in PLAYER_ZONES:
                self.zones[(name, player)] = []
        for name in SHARED_ZONES:
            self.zones[(name, -1)] = []
        self.threat = [0] * num_players
        self.eliminated = [False] * num_players
        self.first_player = 0
        self.phase = "setup"
        self.exhausted: set[int] = set()
        self.committed: set[int] = set()
        #: enemies that have attacked, and (player, enemy) pairs attacked, this combat phase
        self.attacked: set[int] = set()
        self.damage: dict[int, int] = {}
        self.progress: dict[int, int] = {}
        self.resources: dict[int, int] = {}
        self.attached_to: dict[int, int] = {}
        self.shadow_of: dict[int, int] = {}
        self.effects: list[Effect] = []
        #: (enemy, player): the enemy cannot attack that player until the end of the phase
        self.held_back: set[tuple[int, int]] = set()
        #: (permission, player): what a card's effect lets the player do until the end of the phase
        self.permitted: set[tuple[str, int]] = set()
        #: abilities used under a limit: (card, ability index) -> "phase" or "round"; an Action
        #: by each player is counted for each apart: (card, ability index, player)
        self.used: dict[tuple[int, ...], str] = {}
        #: how many times each ability under a limit of more than one use was used in its period
        self.uses: dict[tuple[int, ...], int] = {}

    def copy(self) -> LcgState:
        other = LcgState.__new__(LcgState)
        if _ONE_PASS:
            # what GameState.copy does, without making an engine state first and moving its
            # fields over (search bots copy games thousands of times a game)
            other.num_players = self.num_players
            other.zones = {key: cards[:] for key, cards in self.zones.items()}
            other.under = {key: cards[:] for key, cards in self.under.items()}
            other.marks = {key: cards[:] for key, cards in self.marks.items()}
            other.counters = self.counters.copy()
            other.flags = self.flags.copy()
            other.turn_triggers = self.turn_triggers[:]
            other.delayed = self.delayed[:]
            other.cost_changes = self.cost_changes[:]
            other.log = self.log[:]
            other.choices = self.choices[:]
            other.rng = self.rng.copy()
            other.turn = self.turn
            other.current = self.current
            other.finished = self.finished
            other.result = dict(self.result)
        else:
            base = super().copy()
            for slot in _BASE_FIELDS:
                setattr(other, slot, getattr(base, slot))
        other.threat = self.threat[:]
        other.eliminated = self.eliminated[:]
        other.first_player = self.first_player
        other.phase = self.phase
        other.exhausted = set(self.exhausted)
        other.committed = set(self.committed)
        other.attacked = set(self.attacked)
        other.damage = dict(self.damage)
        other.progress = dict(self.progress)
        other.resources = dict(self.resources)
        other.attached_to = dict(self.attached_to)
        other.shadow_of = dict(self.shadow_of)
        other.effects = self.effects[:]
        other.held_back = set(self.held_back)
        other.permitted = set(self.permitted)
        other.used = dict(self.used)
        other.uses = dict(self.uses)
        return other

    def canonical(self) -> dict[str, Any]:
        view = super().canonical()
        view.update(
            {
                "threat": self.threat[:],
                "eliminated": self.eliminated[:],
                "first_player": self.first_player,
                "phase": self.phase,
                "exhausted": sorted(self.exhausted),
                "committed": sorted(self.committed),
                "attacked": sorted(self.attacked),
                "damage": sorted(self.damage.items()),
                "progress": sorted(self.progress.items()),
                "resources": sorted(self.resources.items()),
                "attached_to": sorted(self.attached_to.items()),
                "shadow_of": sorted(self.shadow_of.items()),
                "effects": [list(effect) for effect in self.effects],
                "held_back": sorted(self.held_back),
                "used": [[*key, until] for key, until in sorted(self.used.items())],
                "uses": [[*key, count] for key, count in sorted(self.uses.items())],
            }
        )
        # zones only some scenarios use count only once they hold a card, so that the digests of
        # games without them stay as they were
        view["zones"] = [z for z in view["zones"] if z[0][0] not in _LATE_ZONES or z[1]]
        if self.permitted:
            # only while a permission holds, so the digests of games without one stay as they were
            view["permitted"] = sorted(self.permitted)
        return view
