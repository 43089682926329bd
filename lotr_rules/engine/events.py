"""Typed events, named in the past tense. Triggers listen to their ``kind``."""

from __future__ import annotations

from typing import NamedTuple

CARD_PLAYED = "CardPlayed"
CARD_GAINED = "CardGained"
CARD_BOUGHT = "CardBought"
CARD_DESTROYED = "CardDestroyed"
CARD_DRAWN = "CardDrawn"
CARD_DISCARDED = "CardDiscarded"
CARD_REVEALED = "CardRevealed"
ATTACK_MADE = "AttackMade"
ATTACK_DEFENDED = "AttackDefended"
TURN_STARTED = "TurnStarted"
TURN_ENDED = "TurnEnded"
ENEMY_DEFEATED = "EnemyDefeated"
ARCHENEMY_REVEALED = "ArchenemyRevealed"
WALL_BREACHED = "WallBreached"
GAME_ENDED = "GameEnded"
#: the Adventure Deck: every card of this turn's travel has been drawn
TRAVEL_ENDED = "TravelEnded"
#: the Adventure Deck: the last card drawn has become the player's location
DESTINATION_REACHED = "DestinationReached"

ALL_EVENTS = (
    CARD_PLAYED,
    CARD_GAINED,
    CARD_BOUGHT,
    CARD_DESTROYED,
    CARD_DRAWN,
    CARD_DISCARDED,
    CARD_REVEALED,
    ATTACK_MADE,
    ATTACK_DEFENDED,
    TURN_STARTED,
    TURN_ENDED,
    ENEMY_DEFEATED,
    ARCHENEMY_REVEALED,
    WALL_BREACHED,
    GAME_ENDED,
    TRAVEL_ENDED,
    DESTINATION_REACHED,
)


class Event(NamedTuple):
    kind: str
    player: int
    card: int = -1
    #: where the card was before the event (for "a card you control" checks on destroy)
    origin: str = ""
