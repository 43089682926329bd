"""The deck-building games' observation: the table as one seat sees it (layout in :mod:`.features`).

``table``: the turn / 100, the power the player to play has / 20, the Valor cards left / 20, the
top Valor card's cost / 10, the Corruption cards left / 30, the face-up Archenemy's cost / 20, the
Archenemy stack / 10, whether The Wall is used, its cards / 10, whether it is breached, whether
the game is over, the players / 5, the player to play (relative seat, one-hot over 5 seats), and
who holds The One Ring (relative seat, one-hot over 5 seats, then 1 when nobody does).

``seats`` (6 a seat, from the observing seat on): the seat plays, its victory points / 50, hand /
10, deck / 40, discard pile / 40, cards in front of it / 10.
"""

from __future__ import annotations

from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.games.deckbuilding.game import (
    ARCHENEMY,
    CORRUPTION,
    DECK,
    DISCARD,
    FRONT,
    HAND,
    PATH,
    PLAYED,
    VALOR,
    WALL,
    DeckbuildingGame,
)
from lotr_rules.pettingzoo.features import (
    DECKBUILDING_SEATS,
    Vector,
    counts,
    decision_features,
    finish,
    one_hot,
    relative,
)


def observe_deckbuilding(game: DeckbuildingGame, seat: int, request: DecisionRequest | None) -> Vector:
    state = game.state
    players = state.num_players
    cards = game.cards

    def cost(card: int) -> int:
        return int(cards[card].cost)

    parts = decision_features(game, request, cost)
    valor = game.z(VALOR)
    face_up = game.current_archenemy()
    holder = game.ring_holder()
    parts += [
        min(state.turn, 100) / 100,
        state.counters.get("power", 0) / 20,
        len(valor) / 20,
        cards[valor[-1]].cost / 10 if valor else 0.0,
        len(game.z(CORRUPTION)) / 30,
        cards[face_up[0]].cost / 20 if face_up else 0.0,
        len(game.z(ARCHENEMY)) / 10,
        1.0 if game.use_wall else 0.0,
        len(game.z(WALL)) / 10 if game.use_wall else 0.0,
        1.0 if game.use_wall and game.wall_breached() else 0.0,
        1.0 if state.finished else 0.0,
        players / DECKBUILDING_SEATS,
        *one_hot(relative(seat, state.current, players), DECKBUILDING_SEATS),
        *one_hot(relative(seat, holder, players) if holder >= 0 else DECKBUILDING_SEATS, DECKBUILDING_SEATS + 1),
    ]
    for slot in range(DECKBUILDING_SEATS):
        if slot >= players:
            parts += [0.0] * 6
            continue
        player = (seat + slot) % players
        parts += [
            1.0,
            game.score(player) / 50,
            len(game.z(HAND, player)) / 10,
            len(game.z(DECK, player)) / 40,
            len(game.z(DISCARD, player)) / 40,
            len(game.z(FRONT, player)) / 10,
        ]
    parts += counts(game, game.z(HAND, seat))
    parts += counts(game, game.z(PATH))
    parts += counts(game, game.z(PLAYED, state.current))
    return finish(parts)
