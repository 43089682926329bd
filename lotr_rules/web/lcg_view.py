"""What the table page shows of a Card Game, as plain data for the templates.

A view is built for one viewer: a seat (who sees their own hand), -1 (nobody's hand: the screen
waits to be passed on) or None (a game of bots only, or a replay: every hand is shown). What no
player may see stays hidden whoever looks: the decks, and the shadow cards, which are drawn face
down beside the enemy they were dealt to. The decision being asked is laid onto the cards it is
about (commit this hero, defend with this one, play this card, attack that enemy); the options
about no card stay a short list.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.log import lines as log_lines
from lotr_rules.games.lcg.prompts import worth_offering
from lotr_rules.games.lcg.state import (
    ACTIVE,
    CAPTURED,
    DECK,
    DISCARD,
    ENCOUNTER_DECK,
    ENCOUNTER_DISCARD,
    ENGAGED,
    HAND,
    PLAY,
    QUEST,
    QUEST_DECK,
    SHADOWS,
    STAGING,
    VICTORY,
)

#: how many log lines the table shows (the newest)
LOG_LINES = 400
#: zones whose cards nobody may look at: a page never shows them, nor their faces
HIDDEN_ZONES = frozenset({DECK, ENCOUNTER_DECK, QUEST_DECK, SHADOWS, CAPTURED})
#: what a button on a card says when the option's label is only the card's name
_VERBS = {"commit": "Commit to the quest", "enemy attack": "Attacks next"}


@attrs.define
class LcgCardView:
    """One card on the table, with its state drawn over its face."""

    instance: int
    name: str
    kind: str
    type_line: str
    text: str
    face_down: bool = False
    exhausted: bool = False
    #: tokens on the card: (css class, text), as damage, resources, progress
    tokens: list[tuple[str, str]] = attrs.field(factory=list)
    #: its stats now, in one short line
    stats: str = ""
    attached: list[LcgCardView] = attrs.field(factory=list)
    shadows: list[LcgCardView] = attrs.field(factory=list)
    #: choices on this card: (option index, button text)
    choices: list[tuple[int, str]] = attrs.field(factory=list)
    badge: str = ""


@attrs.define
class LcgDecision:
    player: int
    kind: str
    prompt: str
    #: the decision's number: a page's answer names it, so an old page cannot answer a new one
    at: int
    listed: list[tuple[int, str]] = attrs.field(factory=list)
    loose: list[LcgCardView] = attrs.field(factory=list)
    #: how many options are shown (in the list and on the cards)
    option_count: int = 0
    #: how many options of an action window are not shown because they would change nothing now
    hidden: int = 0


def type_line(game: LcgGame, card: int) -> str:
    record = game.records[card]
    encounter = record.type in ("enemy", "location", "treachery", "objective", "quest")
    sphere = "" if encounter or not record.sphere else record.sphere.title() + " "
    stage = f", stage {record.stage}" if record.type == "quest" else ""
    return f"{'Unique ' if record.unique else ''}{sphere}{record.type.title()}{stage}"


def stats_line(game: LcgGame, card: int) -> str:
    record = game.records[card]
    if record.is_character:
        return (
            f"{game.stat(card, 'willpower')} wp \u00b7 {game.stat(card, 'attack')} att \u00b7 "
            f"{game.stat(card, 'defense')} def \u00b7 {game.remaining_hit_points(card)}/"
            f"{game.stat(card, 'hit_points')} hp"
        )
    if record.type == "enemy":
        return (
            f"engages {game.stat(card, 'engagement_cost')} \u00b7 {game.stat(card, 'threat')} threat \u00b7 "
            f"{game.stat(card, 'attack')} att \u00b7 {game.stat(card, 'defense')} def \u00b7 "
            f"{game.remaining_hit_points(card)}/{game.stat(card, 'hit_points')} hp"
        )
    if record.type == "location":
        progress = game.state.progress.get(card, 0)
        return f"{game.stat(card, 'threat')} threat \u00b7 {progress}/{game.stat(card, 'quest_points')} progress"
    if record.type == "quest":
        return f"{game.state.progress.get(card, 0)}/{game.stat(card, 'quest_points')} progress"
    return ""


def button_text(kind: str, label: str, name: str) -> str:
    """An option's label as a button on the card it is about: the card's name becomes "this"."""
    if label == name:
        return _VERBS.get(kind, "Choose this")
    if label.startswith(name + ": "):
        label = label[len(name) + 2 :]
    elif name and name in label:
        label = label.replace(name, "this", 1)
    return label[:1].upper() + label[1:]


class _Board:
    """The card views built so far, by instance, to lay a decision's options onto."""

    def __init__(self, game: LcgGame) -> None:
        self.game = game
        self.views: dict[int, list[LcgCardView]] = {}

    def card(self, card: int, *, face_down: bool = False, with_state: bool = True) -> LcgCardView:
        game = self.game
        state = game.state
        record = game.records[card]
        face_down = face_down or card in game.masked
        view = LcgCardView(
            card,
            "a card face down" if face_down else record.name,
            "back" if face_down else record.type,
            "" if face_down else type_line(game, card),
            "" if face_down else record.text,
            face_down=face_down,
        )
        if with_state:
            view.exhausted = card in state.exhausted
            if not face_down:
                view.stats = stats_line(game, card)
            damage = state.damage.get(card, 0)
            if damage:
                view.tokens.append(("damage", f"{damage} damage"))
            resources = state.resources.get(card, 0)
            if resources or record.type == "hero":
                view.tokens.append(("resources", f"{resources} resource{'s' if resources != 1 else ''}"))
            progress = state.progress.get(card, 0)
            if progress:
                view.tokens.append(("progress", f"{progress} progress"))
            if card in state.committed:
                view.tokens.append(("committed", "questing"))
            view.attached = [self.card(a) for a in game.attachments(card)]
            view.shadows = [
                self.card(shadow, face_down=True, with_state=False)
                for shadow, enemy in sorted(state.shadow_of.items())
                if enemy == card and game.locate(shadow)[0] == SHADOWS
            ]
        self.views.setdefault(card, []).append(view)
        return view

    def cards(self, cards: Sequence[int], **how: bool) -> list[LcgCardView]:
        return [self.card(c, **how) for c in cards]

    def lay(self, request: DecisionRequest, at: int, shown: Sequence[int] | None = None) -> LcgDecision:
        """The decision, its options laid onto their cards; ``shown``: the indices of the options
        to offer (None: every one). Its question is in the words the terminal asks it in."""
        offered = range(len(request.options)) if shown is None else shown
        prompt = request.question
        if request.source >= 0:
            source = self.game.records[request.source].name
            if source not in prompt:
                prompt = f"{source}: {prompt}"
        decision = LcgDecision(request.player, request.kind, prompt[:1].upper() + prompt[1:], at)
        decision.option_count = len(offered)
        decision.hidden = len(request.options) - len(offered)
        for index in offered:
            option = request.options[index]
            if option.card < 0:
                decision.listed.append((index, option.label[:1].upper() + option.label[1:]))
                continue
            views = self.views.get(option.card)
            name = "" if views and views[0].face_down else self.game.records[option.card].name
            text = button_text(request.kind, option.label, name)
            if not views:
                loose = self.card(option.card, with_state=False)
                decision.loose.append(loose)
                views = [loose]
            for view in views:
                view.choices.append((index, text))
        return decision


def lcg_view(
    game: LcgGame, viewer: int | None, request: DecisionRequest | None, *, every_window: bool = True
) -> dict[str, Any]:
    """The table for ``viewer`` (None: every hand shown; -1: no hand shown). Unless
    ``every_window``, an action window offers only the options that can do something now, as the
    terminal does (:func:`~lotr_rules.games.lcg.prompts.worth_offering`), and says how many it hid."""
    state = game.state
    board = _Board(game)
    quest = board.cards(game.z(QUEST))
    active = board.cards(game.z(ACTIVE))
    staging = board.cards(game.z(STAGING))
    victory_cards = game.z(VICTORY)
    victory = board.cards(victory_cards, with_state=False)
    encounter_discard = game.z(ENCOUNTER_DISCARD)
    players = []
    for seat in range(state.num_players):
        shown = viewer is None or seat == viewer
        heroes = game.heroes(seat)
        characters = game.characters(seat)
        attachments = set(state.attached_to)
        others = [c for c in game.z(PLAY, seat) if c not in characters and c not in attachments]
        discard = game.z(DISCARD, seat)
        players.append(
            {
                "seat": seat,
                "name": f"Player {seat + 1}",
                "threat": state.threat[seat],
                "eliminated": state.eliminated[seat],
                "first": seat == state.first_player,
                "heroes": board.cards(heroes),
                "allies": board.cards([c for c in characters if c not in heroes]),
                "others": board.cards(others),
                "engaged": board.cards(game.z(ENGAGED, seat)),
                "hand": board.cards(game.z(HAND, seat), with_state=False) if shown else [],
                "hand_shown": shown,
                "hand_count": len(game.z(HAND, seat)),
                "deck_count": len(game.z(DECK, seat)),
                "discard_count": len(discard),
                "discard_top": board.card(discard[-1], with_state=False) if discard else None,
                "captured": len(game.z(CAPTURED, seat)),
                "you": viewer is not None and seat == viewer,
            }
        )
    decision = None
    if request is not None:
        offered = None if every_window else worth_offering(game, request)
        decision = board.lay(request, len(state.choices), offered)
    return {
        "family": "lcg",
        "round": state.turn,
        "phase": state.phase,
        "first_player": state.first_player,
        "finished": state.finished,
        "quest": quest,
        "quest_deck_count": len(game.z(QUEST_DECK)),
        "active": active,
        "staging": staging,
        "staging_threat": game.staging_threat(),
        "encounter_deck_count": len(game.z(ENCOUNTER_DECK)),
        "encounter_discard_count": len(encounter_discard),
        "encounter_discard_top": board.card(encounter_discard[-1], with_state=False) if encounter_discard else None,
        "victory": victory,
        "victory_points": sum(game.records[c].victory for c in victory_cards),
        "players": players,
        "viewer": viewer,
        "decision": decision,
        "log": lcg_log(game),
        "result": result_lines(game),
    }


def lcg_log(game: LcgGame) -> list[tuple[str, str]]:
    """The log in game words as (css class, line), the newest :data:`LOG_LINES` of it."""
    shown = []
    for line in log_lines(game.state.log):
        kind = "turn" if line.startswith("== ") else "phase" if line.startswith("-- ") else ""
        kind = "end" if line.startswith("Game over") else kind
        shown.append((kind, line.removeprefix("== ").removeprefix("-- ")))
    return shown[-LOG_LINES:]


def result_lines(game: LcgGame) -> list[str]:
    result = game.state.result
    if not game.state.finished or not result:
        return []
    threat = ", ".join(f"Player {p + 1} {t}" for p, t in enumerate(result["threat"]))
    outcome = "The players won" if result["won"] else "The players lost"
    return [
        f"{outcome}: {result['reason']} in round {result['rounds']}.",
        f"Threat: {threat}. Victory points: {result['victory points']}.",
    ]


def may_see(game: LcgGame, card: int, viewer: int | None) -> bool:
    """Whether ``viewer`` (as :func:`lcg_view` takes it) may look at ``card``'s face."""
    zone, owner = game.locate(card)
    if zone in HIDDEN_ZONES or card in game.masked:
        return False
    if zone == HAND:
        return viewer is None or viewer == owner
    return True
