"""What the Card Game's table shows, built straight from games: the choices laid on the cards
they are about, what stays hidden, and the state drawn on each card."""

from __future__ import annotations

from typing import Any

import pytest

from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.games import vocabulary_for
from lotr_rules.games.lcg.bots import LcgHeuristicAgent
from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.web.lcg_games import set_up
from lotr_rules.web.lcg_view import LcgCardView, button_text, lcg_view, may_see


class Watching:
    """A heuristic bot whose every decision is also drawn, as the table would draw it for it."""

    def __init__(self, seat: int) -> None:
        self.bot = LcgHeuristicAgent(seat)
        self.seat = seat
        self.views: dict[str, list[dict[str, Any]]] = {}

    def choose(self, game: Game, request: DecisionRequest) -> int:
        assert isinstance(game, LcgGame)
        self.views.setdefault(request.kind, []).append(lcg_view(game, self.seat, request))
        return self.bot.choose(game, request)


@pytest.fixture(scope="module")
def watched() -> tuple[LcgGame, list[Watching]]:
    catalogue = load_sets((), vocabulary=vocabulary_for("lcg"))
    table = set_up(catalogue, "passage-through-mirkwood", ["leadership", "tactics"], 5)
    seats = [Watching(0), Watching(1)]
    game = LcgGame(table.config, seats)
    game.play_game()
    return game, seats


def _cards(view: dict[str, Any], seat: int, zone: str) -> list[LcgCardView]:
    return list(view["players"][seat][zone])


def _buttons(cards: list[LcgCardView]) -> set[str]:
    return {text for card in cards for _index, text in card.choices}


def test_committing_is_a_button_on_each_hero_that_may_commit(watched: tuple[LcgGame, list[Watching]]) -> None:
    view = watched[1][0].views["commit"][0]
    assert _buttons(_cards(view, 0, "heroes")) == {"Commit to the quest"}
    assert view["decision"].listed == [(0, "Done")]


def test_defending_is_a_button_on_each_character_that_may_defend(watched: tuple[LcgGame, list[Watching]]) -> None:
    views = [view for seat in watched[1] for view in seat.views.get("defend", [])]
    assert views, "no attack was defended in the game"
    seat = views[0]["decision"].player
    assert any(text.startswith("Defend with this") for text in _buttons(_cards(views[0], seat, "heroes")))


def test_playing_and_attacking_are_buttons_on_the_cards(watched: tuple[LcgGame, list[Watching]]) -> None:
    plan = watched[1][0].views["plan"][0]
    assert "Play this" in _buttons(_cards(plan, 0, "hand"))
    attacks = [view for seat in watched[1] for view in seat.views.get("attack", [])]
    assert attacks, "no enemy was attacked in the game"
    seat = attacks[0]["decision"].player
    assert any(text.startswith("Attack this") for text in _buttons(_cards(attacks[0], seat, "engaged")))


def test_a_seat_sees_its_own_hand_only_and_shadow_cards_stay_face_down(watched: tuple[LcgGame, list[Watching]]) -> None:
    views = [view for seat in watched[1] for kinds in seat.views.values() for view in kinds]
    for view in views:
        mine = view["viewer"]
        other = 1 - mine
        assert view["players"][mine]["hand"] or not view["players"][mine]["hand_count"]
        assert view["players"][other]["hand"] == [] and not view["players"][other]["hand_shown"]
    shadows = [s for view in views for p in view["players"] for e in p["engaged"] for s in e.shadows]
    assert shadows, "no shadow card was dealt in the game"
    assert all(s.face_down and s.name == "a card face down" and not s.text for s in shadows)


def test_exhausted_cards_damage_and_resources_are_drawn(watched: tuple[LcgGame, list[Watching]]) -> None:
    views = [view for seat in watched[1] for kinds in seat.views.values() for view in kinds]
    heroes = [h for view in views for p in view["players"] for h in p["heroes"]]
    assert any(h.exhausted for h in heroes) and any(not h.exhausted for h in heroes)
    assert any(kind == "resources" for h in heroes for kind, _ in h.tokens)
    assert any(kind == "damage" for h in heroes for kind, _ in h.tokens)
    assert all(" wp " in h.stats and " hp" in h.stats for h in heroes)


def test_the_staging_area_threat_and_the_quest_are_shown(watched: tuple[LcgGame, list[Watching]]) -> None:
    view = watched[1][0].views["commit"][0]
    assert view["quest"] and view["quest"][0].stats.endswith("progress")
    assert view["staging_threat"] == sum(int(c.stats.split(" threat")[0].split()[-1]) for c in view["staging"])
    assert view["encounter_deck_count"] > 0 and view["phase"] == "quest" and view["round"] == 1


def test_nobody_may_see_a_deck_or_another_players_hand(watched: tuple[LcgGame, list[Watching]]) -> None:
    game = watched[0]
    # (a player eliminated has their cards removed from the game: the encounter deck stays)
    deck_card = next(c for c in range(len(game.records)) if game.locate(c)[0] in ("deck", "encounter deck"))
    assert not may_see(game, deck_card, None)
    hand = [c for c in range(len(game.records)) if game.locate(c) == ("hand", 0)]
    if hand:
        assert may_see(game, hand[0], 0) and not may_see(game, hand[0], 1) and may_see(game, hand[0], None)


@pytest.mark.parametrize(
    ("kind", "label", "name", "shown"),
    [
        ("commit", "Aragorn", "Aragorn", "Commit to the quest"),
        ("defend", "defend with Aragorn", "Aragorn", "Defend with this"),
        ("response", "Glóin: after this is damaged", "Glóin", "After this is damaged"),
        ("undefended", "Glóin takes 6 damage", "Glóin", "This takes 6 damage"),
    ],
)
def test_a_button_on_a_card_calls_it_this(kind: str, label: str, name: str, shown: str) -> None:
    assert button_text(kind, label, name) == shown
