"""The Card Game's observation: the table as one seat sees it (layout in :mod:`.features`).

``table``: the round / 30, the phase (one-hot over :data:`~.features.LCG_PHASES`), the first
player (relative seat, one-hot), the quest stage / 5, its progress / its quest points, its quest
points / 30, the staging area's threat / 30, its cards / 10, whether there is an active location,
its progress / its quest points, the encounter deck / 60 and discard pile / 60, the victory
points / 20, the players / 4, whether the game is over, and 1.

``seats`` (13 a seat, from the observing seat on): the seat plays, is eliminated, its threat /
50, hand / 10, deck / 50, discard pile / 50, resources on its heroes / 10, characters / 10, of
them exhausted / 10, damage on them / 20, engaged enemies / 5, their attack / 20, face-down
shadow cards dealt to them / 5 (how many, never which).
"""

from __future__ import annotations

from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.games.lcg.game import LcgGame
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
    SHADOWS,
    STAGING,
    VICTORY,
)
from lotr_rules.pettingzoo.features import (
    LCG_PHASES,
    LCG_SEATS,
    Vector,
    counts,
    decision_features,
    finish,
    one_hot,
    relative,
)


def observe_lcg(game: LcgGame, seat: int, request: DecisionRequest | None) -> Vector:
    state = game.state
    players = state.num_players
    records = game.records

    def cost(card: int) -> int:
        return records[card].cost

    parts = decision_features(game, request, cost)
    quest = game.z(QUEST)
    stage = records[quest[0]].stage if quest else 0
    quest_points = game.stat(quest[0], "quest_points") if quest else 0
    quest_progress = state.progress.get(quest[0], 0) if quest else 0
    active = game.z(ACTIVE)
    active_points = game.stat(active[0], "quest_points") if active else 0
    active_progress = state.progress.get(active[0], 0) if active else 0
    phase = state.phase if state.phase in LCG_PHASES else ("setup" if state.phase.startswith("setup") else "")
    parts += [
        state.turn / 30,
        *one_hot(LCG_PHASES.index(phase) if phase else -1, len(LCG_PHASES)),
        *one_hot(relative(seat, state.first_player, players), LCG_SEATS),
        stage / 5,
        quest_progress / quest_points if quest_points else 0.0,
        quest_points / 30,
        game.staging_threat() / 30,
        len(game.z(STAGING)) / 10,
        1.0 if active else 0.0,
        active_progress / active_points if active_points else 0.0,
        len(game.z(ENCOUNTER_DECK)) / 60,
        len(game.z(ENCOUNTER_DISCARD)) / 60,
        sum(records[c].victory for c in game.z(VICTORY)) / 20,
        players / LCG_SEATS,
        1.0 if state.finished else 0.0,
        1.0,
    ]
    shadows: dict[int, int] = {}
    for shadow in game.z(SHADOWS):
        host = state.shadow_of.get(shadow, -1)
        shadows[host] = shadows.get(host, 0) + 1
    for slot in range(LCG_SEATS):
        player = (seat + slot) % players
        if slot >= players:
            parts += [0.0] * 13
            continue
        characters = game.characters(player)
        engaged = game.z(ENGAGED, player)
        parts += [
            1.0,
            1.0 if state.eliminated[player] else 0.0,
            state.threat[player] / 50,
            len(game.z(HAND, player)) / 10,
            len(game.z(DECK, player)) / 50,
            len(game.z(DISCARD, player)) / 50,
            sum(state.resources.get(c, 0) for c in game.z(PLAY, player)) / 10,
            len(characters) / 10,
            sum(1 for c in characters if c in state.exhausted) / 10,
            sum(state.damage.get(c, 0) for c in characters) / 20,
            len(engaged) / 5,
            sum(game.stat(e, "attack") for e in engaged) / 20,
            sum(shadows.get(e, 0) for e in engaged) / 5,
        ]
    parts += counts(game, game.z(HAND, seat))
    parts += counts(game, game.z(STAGING))
    parts += counts(game, game.z(PLAY, seat))
    return finish(parts)
