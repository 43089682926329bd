"""The LCG table in words, for a person playing at the terminal: the quest, the staging area and
each player's threat, heroes, allies and engaged enemies, with the hand of the seat asked."""

from __future__ import annotations

import textwrap

from lotr_rules.games.lcg.game import IN_PLAY, LcgGame
from lotr_rules.games.lcg.record import LcgCard
from lotr_rules.games.lcg.state import (
    ACTIVE,
    DECK,
    DISCARD,
    ENCOUNTER_DECK,
    ENCOUNTER_DISCARD,
    ENGAGED,
    HAND,
    QUEST,
    SHADOWS,
    STAGING,
    VICTORY,
)

WIDTH = 78
#: the printed numbers of a card, in the order a card shows them, with their words
_NUMBERS = (
    ("cost", "cost"),
    ("threat_cost", "threat cost"),
    ("engagement_cost", "engagement cost"),
    ("threat", "threat"),
    ("willpower", "willpower"),
    ("attack", "attack"),
    ("defense", "defense"),
    ("hit_points", "hit points"),
    ("quest_points", "quest points"),
    ("victory", "victory points"),
)
#: which numbers each type of card prints
_PRINTED = {
    "hero": {"threat_cost", "willpower", "attack", "defense", "hit_points"},
    "ally": {"cost", "willpower", "attack", "defense", "hit_points"},
    "attachment": {"cost"},
    "event": {"cost"},
    "enemy": {"engagement_cost", "threat", "attack", "defense", "hit_points", "victory"},
    "location": {"threat", "quest_points", "victory"},
    "quest": {"quest_points"},
}


def card_lines(game: LcgGame, card: int, *, with_state: bool = True) -> list[str]:
    """What ``i N`` shows of a card: its name and type, its printed numbers, traits and keywords,
    its text in our words, and, with ``with_state`` while it is in play (where everyone sees
    it), its stats now and its state. A card in a hand or a deck shows no more than its face."""
    record = game.records[card]
    lines = [f"{game.card_name(card)}  ({_type_line(record)})"]
    printed = _PRINTED.get(record.type, set())
    numbers = [
        f"{words} {getattr(record, name)}"
        for name, words in _NUMBERS
        if name in printed and (getattr(record, name) or name not in ("victory",))
    ]
    if numbers:
        lines.append("  " + "   ".join(numbers))
    if record.traits:
        lines.append("  traits: " + ", ".join(sorted(t.replace("-", " ").title() for t in record.traits)))
    keywords = _keywords(record)
    if keywords:
        lines.append("  keywords: " + ", ".join(keywords))
    if record.encounter_set:
        lines.append(f"  encounter set: {record.encounter_set}")
    if record.provenance:
        # a card someone designed must never pass for a published one
        lines.append(f"  provenance: {record.provenance}")
    lines.extend(textwrap.wrap(record.text.strip() or "No text.", WIDTH, initial_indent="  ", subsequent_indent="  "))
    if with_state and game.locate(card)[0] in IN_PLAY:
        lines.append("  now: " + _card(game, card))
    return lines


def _type_line(record: LcgCard) -> str:
    sphere = "" if record.type in ("enemy", "location", "treachery", "objective", "quest") else record.sphere + " "
    stage = f", stage {record.stage}" if record.type == "quest" else ""
    return f"{'unique ' if record.unique else ''}{sphere}{record.type}{stage}"


def _keywords(record: LcgCard) -> list[str]:
    words = [word for word, has in (("Sentinel", record.sentinel), ("Ranged", record.ranged)) if has]
    words += [word for word, has in (("Surge", record.surge), ("Restricted", record.restricted)) if has]
    if record.doomed:
        words.append(f"Doomed {record.doomed}")
    return words


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
    elif game.state.resources.get(card):
        parts.append(f"{game.state.resources[card]} resources")  # tokens on an ally, an enemy...
    if not game.ready(card):
        parts.append("exhausted")
    attached = [game.card_name(a) for a in game.attachments(card)]
    if attached:
        parts.append("with " + ", ".join(attached))
    return f"{game.card_name(card)} ({'; '.join(parts)})" if parts else game.card_name(card)


def _cards(n: int) -> str:
    return f"{n} card{'' if n == 1 else 's'}"


def _shadows(game: LcgGame, enemy: int) -> str:
    """The shadow cards dealt to an engaged enemy, face down: how many, never what."""
    dealt = sum(1 for s, host in game.state.shadow_of.items() if host == enemy and game.locate(s)[0] == SHADOWS)
    if not dealt:
        return ""
    return f", with {dealt} face-down shadow card{'' if dealt == 1 else 's'}"


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
    lines.append(
        f"Encounter deck: {_cards(len(game.z(ENCOUNTER_DECK)))}; "
        f"encounter discard pile: {_cards(len(game.z(ENCOUNTER_DISCARD)))}"
    )
    victory = game.z(VICTORY)
    points = sum(game.records[c].victory for c in victory)
    shown = ", ".join(game.card_name(c) for c in victory)
    lines.append(f"Victory display: {shown} ({points} victory points)" if victory else "Victory display: empty")
    for player in range(state.num_players):
        if state.eliminated[player]:
            lines.append(f"Player {player + 1}: eliminated")
            continue
        you = " (you)" if player == seat else ""
        lines.append(
            f"Player {player + 1}{you}: threat {state.threat[player]}; deck {_cards(len(game.z(DECK, player)))}, "
            f"discard pile {_cards(len(game.z(DISCARD, player)))}, hand {_cards(len(game.z(HAND, player)))}"
        )
        attachments = set(state.attached_to)
        for card in game.characters(player):
            lines.append(f"  {_card(game, card)}")
        others = [c for c in game.z("play area", player) if not game.records[c].is_character and c not in attachments]
        lines += [f"  {_card(game, c)}" for c in others]
        for enemy in game.z(ENGAGED, player):
            lines.append(f"  engaged: {_card(game, enemy)}{_shadows(game, enemy)}")
    if 0 <= seat < state.num_players and not state.eliminated[seat]:
        hand = game.z(HAND, seat)
        shown = ", ".join(f"{game.card_name(c)} ({game.records[c].sphere}, {game.records[c].cost})" for c in hand)
        lines.append(f"Your hand: {shown or 'empty'}")
    return "\n".join(lines)
