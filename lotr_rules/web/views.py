"""What the table page shows of a game, as plain data for the templates.

A view is built for one viewer: a seat (who sees their own hand) or None (a spectator or a
replay, who sees every hand). The decision being asked is laid onto the cards it is about; the
options that are about no card on the table stay a short list.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.games.adventure import game as adventure
from lotr_rules.games.adventure import track
from lotr_rules.games.adventure.view import render_log as adventure_log_lines
from lotr_rules.games.adventure.view import result_line as adventure_result_line
from lotr_rules.games.deckbuilding import game as db
from lotr_rules.games.deckbuilding.log import render_entry, result_lines
from lotr_rules.games.deckbuilding.screen import hero_name
from lotr_rules.web.cardview import CardView, button_text
from lotr_rules.web.faces import first_instances

#: how many log lines the table shows (the newest)
LOG_LINES = 400


@attrs.define
class Decision:
    """The decision on the table: who is asked, what, and the options not laid on cards."""

    player: int
    prompt: str
    #: the decision's number: a page's answer names it, so an old page cannot answer a new one
    at: int
    #: options about no card: (index, label)
    listed: list[tuple[int, str]] = attrs.field(factory=list)
    #: options about cards not on the table, shown with the decision: their card views
    loose: list[CardView] = attrs.field(factory=list)
    mine: bool = True


@attrs.define
class _Board:
    """Card views built so far, by instance, to lay a decision's options onto."""

    game: Game
    faces: Sequence[int]
    views: dict[int, list[CardView]] = attrs.field(factory=dict)

    def card(self, instance: int, face_down: bool = False) -> CardView:
        view = CardView.of(self.game.cards[instance], instance)
        view.face = self.faces[instance]
        view.face_down = face_down
        if not face_down:
            self.views.setdefault(instance, []).append(view)
        return view

    def cards(self, instances: Sequence[int]) -> list[CardView]:
        return [self.card(i) for i in instances]

    def lay(self, request: DecisionRequest, at: int, mine: bool, zone_of: Any) -> Decision:
        prompt = request.prompt
        if request.source >= 0:
            source = self.game.cards[request.source].name
            if source not in prompt:
                prompt = f"{source}: {prompt}"
        decision = Decision(request.player, prompt[:1].upper() + prompt[1:], at, mine=mine)
        for index, option in enumerate(request.options):
            if option.card < 0:
                decision.listed.append((index, option.label))
                continue
            name = self.game.cards[option.card].name
            text = button_text(option.label, name)
            targets = self._same_cards(option.card, zone_of)
            if targets:
                for view in targets:
                    view.choices.append((index, text))
            else:
                loose = CardView.of(self.game.cards[option.card], option.card)
                loose.face = self.faces[option.card]
                loose.choices.append((index, text))
                decision.loose.append(loose)
        return decision

    def _same_cards(self, instance: int, zone_of: Any) -> list[CardView]:
        """The views of ``instance`` and, in the same zone, its copies (which play the same)."""
        own = self.views.get(instance, [])
        zone: Sequence[int] = zone_of(instance) or ()
        definition = self.game.cards[instance]
        copies = [
            view
            for other in zone
            if other != instance and self.game.cards[other] is definition
            for view in self.views.get(other, [])
        ]
        return [*own, *copies]


# ---------------------------------------------------------------------- the deck-building game
def deckbuilding_view(
    game: db.DeckbuildingGame,
    viewer: int | None,
    request: DecisionRequest | None,
    *,
    mine: bool = True,
    hands_shown: Sequence[int] = (),
) -> dict[str, Any]:
    """The table of the deck-building game for ``viewer`` (None: every hand is shown)."""
    state = game.state
    board = _Board(game, first_instances(game.cards))
    path = board.cards(game.z(db.PATH))
    valor = game.z(db.VALOR)
    corruption = game.z(db.CORRUPTION)
    stack = game.z(db.ARCHENEMY)
    face_up = game.current_archenemy()
    archenemy = board.card(face_up[0]) if face_up else (board.card(stack[-1], face_down=True) if stack else None)
    players = []
    for seat in range(state.num_players):
        shown = viewer is None or seat == viewer or seat in hands_shown
        players.append(
            {
                "seat": seat,
                "name": f"Player {seat + 1}",
                "hero": hero_name(game, seat),
                "hero_cards": board.cards(game.z(db.HERO, seat)),
                "score": game.score(seat),
                "hand_count": len(game.z(db.HAND, seat)),
                "deck_count": len(game.z(db.DECK, seat)),
                "discard_count": len(game.z(db.DISCARD, seat)),
                "front": board.cards(game.z(db.FRONT, seat)),
                "played": board.cards(game.z(db.PLAYED, seat)),
                "revealed": board.cards(game.z(db.REVEALED, seat)) if shown else [],
                "hand": board.cards(game.z(db.HAND, seat)) if shown else [],
                "hand_shown": shown,
                "current": seat == state.current and not state.finished,
                "you": seat == viewer,
                "ring": game.ring_holder() == seat,
            }
        )
    decision = None
    if request is not None:
        decision = board.lay(request, len(state.choices), mine, lambda c: _zone(game, c))
    holder = game.ring_holder()
    return {
        "family": "deckbuilding",
        "turn": state.turn,
        "current": state.current,
        "power": state.counters.get("power", 0),
        "finished": state.finished,
        "path": path,
        "valor": board.card(valor[-1]) if valor else None,
        "valor_count": len(valor),
        "corruption": board.card(corruption[-1]) if corruption else None,
        "corruption_count": len(corruption),
        "archenemy": archenemy,
        "archenemy_count": len(stack),
        "archenemy_face_up": bool(face_up),
        "use_wall": game.use_wall,
        "wall_count": len(game.z(db.WALL)),
        "wall_breached": game.use_wall and game.wall_breached(),
        "ring_holder": f"Player {holder + 1}" if holder >= 0 else "",
        "players": players,
        "viewer": viewer,
        "decision": decision,
        "log": deckbuilding_log(game),
        "result": result_lines(state.result) if state.finished and state.result else [],
    }


def _zone(game: db.DeckbuildingGame, card: int) -> list[int] | None:
    place = game.locate(card)
    return place[2] if place is not None else None


def deckbuilding_log(game: Game) -> list[tuple[str, str]]:
    """The readable log as (css class, line), the newest :data:`LOG_LINES` of it."""
    lines = []
    for entry in game.state.log:
        line = render_entry(entry)
        if line is None:
            continue
        kind = "turn" if entry[0] == "turn" else "end" if entry[0] == "end" else ""
        lines.append((kind, line.strip()))
    return lines[-LOG_LINES:]


# ---------------------------------------------------------------------- the Adventure Deck
def adventure_view(
    game: adventure.AdventureGame, request: DecisionRequest | None, *, mine: bool = True
) -> dict[str, Any]:
    state = game.state
    board = _Board(game, first_instances(game.cards))
    location = board.card(game.location())
    drawn_ids = game.z(adventure.DRAWN)
    blind = adventure.BLIND in state.flags
    drawn = [board.card(c, face_down=blind and c != drawn_ids[-1]) for c in drawn_ids]
    discard = game.z(adventure.DISCARD)
    decision = None
    if request is not None:
        decision = board.lay(request, len(state.choices), mine, lambda c: _adventure_zone(game, c))
    turn = state.turn
    return {
        "family": "adventure-deck",
        "turn": turn,
        "turns": game.config.turns,
        "symbol": track.symbol(turn) if turn else "",
        "finished": state.finished,
        "quest_left": len(game.z(adventure.QUEST_DECK)),
        "health_left": game.health_left(),
        "health": game.counter(adventure.HEALTH),
        "wounds": game.counter(adventure.WOUNDS),
        "witch_kings": game.counter(adventure.WITCH_KINGS),
        "witch_kings_max": game.config.witch_kings,
        "ring_used": bool(game.counter(adventure.RING)),
        "armor": game.counter(adventure.ARMOR),
        "weapons": game.counter(adventure.WEAPONS),
        "aid": game.counter(adventure.AID),
        "shield": game.counter(adventure.SHIELD),
        "attack": game.effective_attack() if drawn_ids else 0,
        "location": location,
        "drawn": drawn,
        "discard": board.cards(discard[-8:]),
        "discard_count": len(discard),
        "decision": decision,
        "log": [("turn" if line.startswith("-- ") else "", line.strip()) for line in adventure_log_lines(state.log)][
            -LOG_LINES:
        ],
        "result": [adventure_result_line(state.result)] if state.finished and state.result else [],
    }


def _adventure_zone(game: adventure.AdventureGame, card: int) -> list[int] | None:
    for key in adventure.ZONE_KEYS:
        cards = game.z(key)
        if card in cards:
            return cards
    return None
