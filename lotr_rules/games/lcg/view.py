"""The LCG table in words, for a person playing at the terminal: the quest, the staging area and
each player's threat, heroes, allies and engaged enemies, with the hand of the seat asked."""

from __future__ import annotations

from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.state import ACTIVE, ENGAGED, HAND, QUEST, STAGING


def _card(game: LcgGame, card: int) -> str:
    """A card in play: its name, what matters of it now, and its state."""
    record = game.records[card]
    parts: list[str] = []
    if record.is_character:
        parts.append(
            f"{game.stat(card, 'willpower')}wp {game.stat(card, 'attack')}att "
            f"{game.stat(card, 'defense')}def {game.remaining_hit_points(card)}/{game.stat(card, 'hit_points')}hp"
        )
    elif record.type == "enemy":
        parts.append(
            f"engages at {game.stat(card, 'engagement_cost')}, {game.stat(card, 'threat')} threat, "
            f"{game.stat(card, 'attack')}att {game.stat(card, 'defense')}def "
            f"{game.remaining_hit_points(card)}/{game.stat(card, 'hit_points')}hp"
        )
    elif record.type == "location":
        progress = game.state.progress.get(card, 0)
        parts.append(f"{game.stat(card, 'threat')} threat, {progress}/{game.stat(card, 'quest_points')} progress")
    if card in game.state.resources and record.type == "hero":
        parts.append(f"{game.state.resources[card]} {record.sphere} resources")
    if not game.ready(card):
        parts.append("exhausted")
    attached = [game.card_name(a) for a in game.attachments(card)]
    if attached:
        parts.append("with " + ", ".join(attached))
    return f"{game.card_name(card)} ({'; '.join(parts)})" if parts else game.card_name(card)


def render_status(game: LcgGame, seat: int) -> str:
    """The table as ``seat`` sees it (only their own hand)."""
    state = game.state
    lines = [f"Round {state.turn}, {state.phase} phase; Player {state.first_player + 1} is the first player"]
    for stage in game.z(QUEST):
        record = game.records[stage]
        progress = state.progress.get(stage, 0)
        lines.append(
            f"Quest stage {record.stage}: {record.back_name or record.name}, "
            f"{progress}/{game.stat(stage, 'quest_points')} progress"
        )
    active = game.z(ACTIVE)
    lines.append("Active location: " + (", ".join(_card(game, c) for c in active) if active else "none"))
    staging = game.z(STAGING)
    lines.append(f"Staging area ({game.staging_threat()} threat):" + ("" if staging else " empty"))
    lines += [f"  {_card(game, c)}" for c in staging]
    for player in range(state.num_players):
        if state.eliminated[player]:
            lines.append(f"Player {player + 1}: eliminated")
            continue
        you = " (you)" if player == seat else ""
        lines.append(f"Player {player + 1}{you}: threat {state.threat[player]}")
        attachments = set(state.attached_to)
        for card in game.characters(player):
            lines.append(f"  {_card(game, card)}")
        others = [c for c in game.z("play area", player) if not game.records[c].is_character and c not in attachments]
        lines += [f"  {_card(game, c)}" for c in others]
        for enemy in game.z(ENGAGED, player):
            lines.append(f"  engaged: {_card(game, enemy)}")
    if 0 <= seat < state.num_players and not state.eliminated[seat]:
        hand = game.z(HAND, seat)
        shown = ", ".join(f"{game.card_name(c)} ({game.records[c].sphere}, {game.records[c].cost})" for c in hand)
        lines.append(f"Your hand: {shown or 'empty'}")
    return "\n".join(lines)
