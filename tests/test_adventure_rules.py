"""The Adventure Deck's turn sequence, its track and every way to win and to lose.

Each test arranges a state by hand (the quest deck's top cards, the discard pile, the location,
the turn and the counters), plays one turn with a scripted player and checks what the rulebook
says happens. The helpers here are shared with tests/test_adventure_faq.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs
import pytest

from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.decisions import DecisionRequest, Option
from lotr_rules.engine.game import Game, GameOver
from lotr_rules.games import vocabulary_for
from lotr_rules.games.adventure import track
from lotr_rules.games.adventure.game import (
    ARMOR,
    DISCARD,
    DRAWN,
    HEALTH,
    LOCATION,
    LOST_HEALTH,
    LOST_TIME,
    LOST_WITCH_KINGS,
    QUEST_DECK,
    RING,
    SET_ASIDE,
    WEAPONS,
    WITCH_KINGS,
    WON,
    WOUNDS,
    AdventureConfig,
    AdventureGame,
    conserved,
)

#: an answer to one request: yes/no, a direction ("up", "search"), or a card instance
Answer = bool | str | int


def adventure_cards() -> list[CardDef]:
    return load_sets(vocabulary=vocabulary_for("adventure-deck")).cards


class Scripted:
    """A player who answers from a script: a queue (a list) or a standing answer per kind of
    request. A request of a kind with no answer left fails the test."""

    def __init__(self, **answers: Answer | Sequence[Answer]) -> None:
        self.queues: dict[str, list[Answer]] = {}
        self.always: dict[str, Answer] = {}
        for kind, answer in answers.items():
            if isinstance(answer, bool | str | int):
                self.always[kind] = answer
            else:
                self.queues[kind] = list(answer)
        self.asked: list[DecisionRequest] = []
        #: how long the game's log was when each request was asked
        self.log_at: list[int] = []

    def choose(self, game: Game, request: DecisionRequest) -> int:
        self.asked.append(request)
        self.log_at.append(len(game.state.log))
        queue = self.queues.get(request.kind)
        if queue:
            answer = queue.pop(0)
        elif request.kind in self.always:
            answer = self.always[request.kind]
        else:
            labels = [option.label for option in request.options]
            pytest.fail(f"unexpected {request.kind!r} request: {request.prompt} {labels}")
        return option_index(request, answer)

    def kinds(self) -> list[str]:
        return [request.kind for request in self.asked]

    def unused(self) -> dict[str, list[Answer]]:
        return {kind: queue for kind, queue in self.queues.items() if queue}


def option_index(request: DecisionRequest, answer: Answer) -> int:
    """The option an answer means: the one whose value it is, or for a way its direction
    (``"search"`` for the first search option)."""
    for index, option in enumerate(request.options):
        if matches(option, answer):
            return index
    labels = [option.label for option in request.options]
    pytest.fail(f"no option {answer!r} in {request.kind!r} request: {labels}")


def matches(option: Option, answer: Answer) -> bool:
    value = option.value
    if isinstance(value, tuple):
        if answer == "search":
            return bool(value[0] == "search")
        return bool(value[0] == "travel" and value[1] == answer)
    return type(value) is type(answer) and value == answer


def ids(game: AdventureGame, name: str) -> list[int]:
    """Every instance of the card called ``name``."""
    found = [index for index, card in enumerate(game.cards) if card.name == name]
    assert found, f"no card named {name!r}"
    return found


def names(game: AdventureGame, cards: Iterable[int]) -> list[str]:
    return [game.card_name(card) for card in cards]


@attrs.define
class Arranged:
    """A game set up by hand; the arranged cards' instances by role."""

    game: AdventureGame
    location: int
    #: the quest deck's top cards, the next one drawn first
    top: list[int]
    #: the discard pile as arranged, bottom first
    discard: list[int]


def arrange(
    location: str = "Cross Roads",
    top: Sequence[str] = (),
    discard: Sequence[str] = (),
    turn: int = 1,
    seed: int = 1,
    config: AdventureConfig | None = None,
    deck_size: int | None = None,
    **counters: int,
) -> Arranged:
    """A game whose location, quest-deck top (first drawn first) and discard pile (bottom
    first) are the named cards; every other card lies under them in the quest deck (or, with
    ``deck_size``, only that many cards stay in the quest deck and the rest go on the bottom of
    the discard pile). ``counters`` are set by name, with spaces written as underscores."""
    game = AdventureGame(adventure_cards(), Scripted(), config or AdventureConfig(seed=seed))
    free = list(range(1, len(game.cards)))

    def take(name: str) -> int:
        for card in free:
            if game.card_name(card) == name:
                free.remove(card)
                return card
        raise AssertionError(f"no free copy of {name!r} left to arrange")

    where = 0 if location == game.card_name(0) else take(location)
    top_ids = [take(name) for name in top]
    discard_ids = [take(name) for name in discard]
    zones = game.state.zones
    spare: list[int] = []
    if deck_size is not None:
        keep = len(free) - max(0, deck_size - len(top_ids))
        free, spare = free[keep:], free[:keep]
    zones[QUEST_DECK] = free + top_ids[::-1]
    zones[DISCARD] = spare + discard_ids
    zones[LOCATION] = [where]
    zones[DRAWN] = []
    zones[SET_ASIDE] = [] if where == 0 else [0]
    game.state.turn = turn
    for name, value in counters.items():
        key = name.replace("_", " ")
        assert key in game.state.counters, f"no counter {key!r}"
        game.state.counters[key] = value
    assert conserved(game)
    return Arranged(game, where, top_ids, discard_ids)


def play_turn(game: AdventureGame, **answers: Answer | Sequence[Answer]) -> Scripted:
    """Play one turn with a scripted player (who never puts on the Ring unless told) and check
    that every scripted answer was used and every card is still in one zone."""
    answers.setdefault("ring", False)
    agent = Scripted(**answers)
    game.agents[0] = agent
    game.play_turn()
    assert not agent.unused(), f"answers not asked for: {agent.unused()}"
    assert conserved(game)
    return agent


def game_over(game: AdventureGame, **answers: Answer | Sequence[Answer]) -> str:
    """Play one turn that must end the game; the reason it ended."""
    answers.setdefault("ring", False)
    agent = Scripted(**answers)
    game.agents[0] = agent
    with pytest.raises(GameOver) as over:
        game.play_turn()
    assert conserved(game)
    return over.value.reason


def logged(game: AdventureGame, kind: str, since: int = 0) -> list[tuple[Any, ...]]:
    return [entry for entry in game.state.log[since:] if entry[0] == kind]


def health_left(game: AdventureGame) -> int:
    return game.health_left()


def counter(game: AdventureGame, name: str) -> int:
    return game.counter(name)


# ---------------------------------------------------------------------- set up
def test_setup_shuffles_the_54_cards_into_the_quest_deck() -> None:
    """Rulebook, Set Up and Game Components: the 54 quest cards are shuffled face down into the
    quest deck; the beginning card is not among them."""
    games = [AdventureGame(adventure_cards(), Scripted(), AdventureConfig(seed=seed)) for seed in (1, 2)]
    for game in games:
        deck = game.state.zones[QUEST_DECK]
        assert len(deck) == 54
        assert sorted(deck) == list(range(1, 55))
        assert game.state.zones[DISCARD] == []
        assert game.state.zones[DRAWN] == []
        assert conserved(game)
    assert games[0].state.zones[QUEST_DECK] != games[1].state.zones[QUEST_DECK]
    assert games[0].state.zones[QUEST_DECK] != list(range(1, 55))


def test_setup_starts_on_the_beginning_card_with_ways_of_1_or_3() -> None:
    """Rulebook, Set Up: the journey starts from the beginning card, whose two ways take one card or
    three."""
    game = AdventureGame(adventure_cards(), Scripted(), AdventureConfig(seed=5))
    assert game.state.zones[LOCATION] == [0]
    beginning = game.cards[0]
    assert beginning.deck == "beginning"
    assert sorted(count for _way, count in beginning.directions) == [1, 3]
    game = arrange("The Beginning", top=["Cross Roads"]).game
    assert game.state.zones[LOCATION] == [0]
    agent = play_turn(game, way="left")
    way = agent.asked[0]
    assert way.kind == "way"
    assert sorted(option.value[2] for option in way.options) == [1, 3]  # type: ignore[index]
    assert game.state.zones[SET_ASIDE] == [0]


def test_setup_health_10_no_tokens_turn_1() -> None:
    """Rulebook, Set Up and Losing Conditions: the turn token starts on the first space, Frodo has
    10 health, and no other token is on the mat."""
    game = AdventureGame(adventure_cards(), Scripted(), AdventureConfig(seed=5))
    assert game.state.turn == 1
    assert counter(game, HEALTH) == 10
    assert health_left(game) == 10
    assert counter(game, WOUNDS) == 0
    assert counter(game, WITCH_KINGS) == 0
    assert counter(game, RING) == 0
    assert counter(game, ARMOR) == 0
    assert counter(game, WEAPONS) == 0


# ---------------------------------------------------------------------- the track and resting
def test_odd_turns_are_suns_and_even_turns_are_moons() -> None:
    """Rulebook, Resting (the example): turn 9 is a SUN, 10 a MOON, 11 a SUN, 12 a MOON."""
    assert [track.symbol(turn) for turn in (9, 10, 11, 12)] == ["sun", "moon", "sun", "moon"]
    assert all(track.is_sun(turn) for turn in range(1, 26, 2))
    assert all(track.is_moon(turn) for turn in range(2, 26, 2))
    assert track.TURNS == 25


def test_the_rulebook_rest_example_turn_9_rest_next_turn_12() -> None:
    """Rulebook, Resting (its worked example): resting by choice at the end of turn 9, a sun, heals
    every wound and moves the token two spaces (turns 10 and 11) and then the usual one, so the
    next turn played is 12, a moon."""
    arranged = arrange("Cross Roads", top=["Orc Patrol"], turn=9, wounds=3)
    game = arranged.game
    agent = play_turn(game, way="right", rest=True)
    assert "rest" in agent.kinds()
    assert game.state.turn == 12
    assert counter(game, WOUNDS) == 0
    assert track.is_moon(game.state.turn)


def test_resting_on_a_moon_is_automatic() -> None:
    """Rulebook, Resting: on a moon the rest phase rests by itself: nothing is asked, every wound
    heals, and one turn passes."""
    game = arrange("Cross Roads", top=["Orc Patrol"], turn=4, wounds=5).game
    agent = play_turn(game, way="right")
    assert "rest" not in agent.kinds()
    assert counter(game, WOUNDS) == 0
    assert health_left(game) == 10
    assert game.state.turn == 5
    assert logged(game, "rest")[-1] == ("rest", "night")


def test_a_voluntary_rest_on_a_sun_costs_two_turns() -> None:
    """Rulebook, Resting: resting by choice on a sun costs two turns: the token moves two spaces,
    then the usual one."""
    game = arrange("Cross Roads", top=["Orc Patrol"], turn=3).game
    play_turn(game, way="right", rest=True)
    assert counter(game, WOUNDS) == 0
    assert game.state.turn == 6


def test_declining_to_rest_on_a_sun_keeps_the_wounds() -> None:
    """Rulebook, Resting: a turn that ends without a rest keeps its wounds for the next turn."""
    game = arrange("Cross Roads", top=["Orc Patrol", "Orc Patrol"], turn=3).game
    play_turn(game, way="right", rest=False)
    assert counter(game, WOUNDS) == 2
    assert game.state.turn == 4
    assert health_left(game) == 8


def test_wounds_carry_over_and_add_up_without_rest() -> None:
    """Rulebook, Resting and Losing Conditions: wounds kept from turn 1 (2) and an Attack of 8 on
    turn 2 add up to Frodo's 10 health, which loses."""
    game = arrange("Cross Roads", top=["Orc Patrol", "Troll", "Troll", "Orc Patrol"], turn=1).game
    play_turn(game, way="right", rest=False)
    assert counter(game, WOUNDS) == 2
    assert game_over(game, way="right") == LOST_HEALTH


def test_an_attack_of_8_alone_is_survived() -> None:
    """Rulebook, Resting: the counter-check of the test above: rested (no wounds kept), the
    same Attack of 8 leaves Frodo 2 health."""
    game = arrange("Orc Patrol", top=["Troll", "Troll", "Orc Patrol"], turn=1).game
    play_turn(game, way="right", rest=False)
    assert counter(game, WOUNDS) == 8


def test_no_rest_question_on_a_sun_without_wounds() -> None:
    """Rulebook, Resting: a rest only heals wounds; with none to heal the rules do not offer one (a
    reading of game.py: it would only cost two turns)."""
    game = arrange("Cross Roads", top=["Cross Roads"], turn=1).game
    agent = play_turn(game, way="right")
    assert "rest" not in agent.kinds()
    assert game.state.turn == 2


# ---------------------------------------------------------------------- drawing and the Attack
def test_the_attack_is_the_sum_of_the_aggression_numbers() -> None:
    """Rulebook, Game Overview, Aggression and The Turn Sequence, phase 3: the turn's Attack is the
    total of the aggression of every card drawn."""
    game = arrange("Cross Roads", top=["Orc Patrol", "Faramir", "Cross Roads"], turn=2).game
    before = len(game.state.log)
    play_turn(game, way="up")
    assert logged(game, "attack", before) == [("attack", 3)]
    assert [entry[1] for entry in logged(game, "drawn", before)] == ["Orc Patrol", "Faramir", "Cross Roads"]


def test_the_attack_is_taken_as_wounds() -> None:
    """Rulebook, The Turn Sequence, phase 3: the Attack comes off Frodo's health as that many
    wounds, on top of those he already has."""
    game = arrange("Cross Roads", top=["Orc Patrol", "Troll", "Cross Roads"], turn=1, wounds=1).game
    play_turn(game, way="up", rest=False)
    assert counter(game, WOUNDS) == 6
    assert health_left(game) == 4


def test_the_cards_drawn_are_discarded_and_the_last_is_the_new_location() -> None:
    """Rulebook, Game Overview, Crossroads: the destination is the last card drawn, which gives
    the next choice of ways; the cards passed make up the discard pile."""
    arranged = arrange("Cross Roads", top=["Orc Patrol", "Faramir", "Cross Roads"], turn=2)
    game = arranged.game
    play_turn(game, way="up")
    assert game.state.zones[LOCATION] == [arranged.top[2]]
    assert game.state.zones[DISCARD] == [arranged.location, arranged.top[0], arranged.top[1]]
    assert game.state.zones[DRAWN] == []


def test_only_the_last_cards_effect_resolves() -> None:
    """Rulebook, Game Overview, Card effects: of the cards drawn, only the last one's effect
    resolves; Goblins and Galadriel drawn on the way do nothing."""
    game = arrange("Cross Roads", top=["Goblins", "Galadriel", "Cross Roads"], turn=2).game
    before = len(game.state.log)
    play_turn(game, way="up")
    assert counter(game, HEALTH) == 10  # neither Goblins' -1 nor Galadriel's +1
    assert logged(game, "effect", before) == []


def test_the_last_cards_effect_does_resolve() -> None:
    """Rulebook, Game Overview, Card effects (with its three-card example): the effect of the last
    card drawn does resolve."""
    game = arrange("Cross Roads", top=["Cross Roads", "Faramir", "Witch King"], turn=2).game
    play_turn(game, way="up")
    assert counter(game, WITCH_KINGS) == 1


# ---------------------------------------------------------------------- the Ring
def test_the_ring_makes_the_attack_0_and_brings_a_witch_king() -> None:
    """Rulebook, Game Overview, The Ring: wearing it makes every aggression count as 0, and each use
    adds a Witch King token."""
    game = arrange("Cross Roads", top=["Troll", "Troll", "Cross Roads"], turn=1, wounds=2).game
    play_turn(game, way="up", ring=True, rest=False)
    assert counter(game, WOUNDS) == 2
    assert counter(game, WITCH_KINGS) == 1


def test_the_first_use_of_the_ring_is_marked() -> None:
    """Rulebook, Game Overview, The Ring: the first use is marked on the mat (a reminder that it has
    been used), later uses leave the mark as it is, and every use brings a Witch King token."""
    game = arrange("Cross Roads", top=["Cross Roads", "Cross Roads"], turn=2).game
    assert counter(game, RING) == 0
    play_turn(game, way="right", ring=True)
    assert counter(game, RING) == 1
    play_turn(game, way="right", ring=True)
    assert counter(game, RING) == 1
    assert counter(game, WITCH_KINGS) == 2
    assert [entry[1] for entry in logged(game, "ring")] == ["first use", "again"]


def test_the_ring_is_offered_before_drawing() -> None:
    """Rulebook, Game Overview, The Ring: it may be put on at any moment before the first card is
    drawn."""
    game = arrange("Cross Roads", top=["Orc Patrol"], turn=2).game
    before = len(game.state.log)
    agent = play_turn(game, way="right", ring=True)
    assert agent.kinds() == ["way", "ring"]
    kinds = [entry[0] for entry in game.state.log[before:]]
    assert kinds.index("ring") < kinds.index("drawn")


def test_without_the_ring_the_attack_counts() -> None:
    """Rulebook, Game Overview, The Ring: a counter-check: the Ring declined, the Attack is
    dealt and no Witch King comes."""
    game = arrange("Cross Roads", top=["Troll"], turn=1).game
    play_turn(game, way="right", ring=False, rest=False)
    assert counter(game, WOUNDS) == 3
    assert counter(game, WITCH_KINGS) == 0


def test_the_ring_saves_from_an_attack_that_would_kill() -> None:
    """Rulebook, Game Overview, The Ring and Aggression: while Frodo is invisible every aggression
    counts as 0, so a draw that would be deadly (two Trolls against 3 health left) is not: he
    survives it, his wounds as they were, with one Witch King token more."""
    game = arrange("Cross Roads", top=["Troll", "Troll", "Cross Roads"], turn=1, wounds=7).game
    play_turn(game, way="up", ring=True, rest=False)
    assert health_left(game) == 3
    assert counter(game, WITCH_KINGS) == 1
    again = arrange("Cross Roads", top=["Troll", "Troll", "Cross Roads"], turn=1, wounds=7).game
    assert game_over(again, way="up", ring=False) == LOST_HEALTH


# ---------------------------------------------------------------------- losing
def test_an_attack_reaching_health_loses_at_once_mid_draw() -> None:
    """Rulebook, Game Overview, Aggression and Losing Conditions: the game is lost the moment the
    Attack is more than the health left, and when the health left reaches 0. Nothing can lower
    the Attack after a card is drawn (a weapon or an aid is used on the card as it comes), so an
    Attack equal to the health left already means 0 health: the game stops at the card that does
    it, and the rest stay in the quest deck."""
    arranged = arrange("Cross Roads", top=["Troll", "Cross Roads", "Cross Roads"], turn=1, wounds=7)
    game = arranged.game
    before = len(game.state.log)
    assert game_over(game, way="up") == LOST_HEALTH
    assert [entry[1] for entry in logged(game, "drawn", before)] == ["Troll"]
    deck = game.state.zones[QUEST_DECK]
    assert deck[-2:] == [arranged.top[2], arranged.top[1]]


def test_an_attack_below_health_does_not_lose() -> None:
    """Rulebook, Losing Conditions: the game is lost when the health points reach 0, not
    before: 7 wounds and an Attack of 2 leave 1 health."""
    game = arrange("Cross Roads", top=["Orc Patrol"], turn=1, wounds=7).game
    play_turn(game, way="right", rest=False)
    assert health_left(game) == 1


def test_losing_by_health_through_play() -> None:
    """Rulebook, Losing Conditions: the health running out loses; play() reports it."""
    game = arrange("Cross Roads", top=["Troll", "Troll", "Warg Riders"], turn=1, wounds=2).game
    game.agents[0] = Scripted(way="up", ring=False, rest=False)
    result = game.play()
    assert result["won"] is False
    assert result["reason"] == LOST_HEALTH


def test_losing_by_time_when_turn_25_ends() -> None:
    """Rulebook, Losing Conditions and The Turn Sequence: the journey has 25 turns; when the 25th
    ends with cards still ahead, the game is lost."""
    game = arrange("Cross Roads", top=["Cross Roads", "Cross Roads"], turn=24).game
    play_turn(game, way="right")
    assert game.state.turn == 25
    assert game_over(game, way="right") == LOST_TIME


def test_losing_by_time_through_play() -> None:
    """Rulebook, Losing Conditions: 25 turns; play() reports the turn the token reached."""
    game = arrange("Cross Roads", top=["Cross Roads"], turn=25).game
    game.agents[0] = Scripted(way="right", ring=False)
    result = game.play()
    assert result["won"] is False
    assert result["reason"] == LOST_TIME
    assert result["turn"] == 26


def test_a_rest_on_turn_23_runs_out_of_time() -> None:
    """Rulebook, Resting: a rest on a sun moves the token 2 spaces, then the turn ends one
    more: from turn 23 that passes the 25th space, so the journey is out of time."""
    game = arrange("Cross Roads", top=["Orc Patrol"], turn=23).game
    assert game_over(game, way="right", rest=True) == LOST_TIME


def test_losing_to_the_third_witch_king_token() -> None:
    """Rulebook, Losing Conditions: the third Witch King token on the mat loses."""
    game = arrange("Cross Roads", top=["Witch King"], turn=2, witch_kings=2).game
    assert game_over(game, way="right") == LOST_WITCH_KINGS
    assert counter(game, WITCH_KINGS) == 3


def test_the_ring_can_bring_the_third_witch_king() -> None:
    """Rulebook, Game Overview, The Ring and Losing Conditions: the Ring's token counts like
    any other: the third one loses at once, before anything is drawn."""
    game = arrange("Cross Roads", top=["Cross Roads"], turn=2, witch_kings=2).game
    before = len(game.state.log)
    assert game_over(game, way="right", ring=True) == LOST_WITCH_KINGS
    assert logged(game, "drawn", before) == []


# ---------------------------------------------------------------------- winning
def test_drawing_the_last_card_wins() -> None:
    """Rulebook, Winning Conditions and The Turn Sequence: drawing the last card of the quest deck
    within the 25 turns wins, and ends the game there (the last card's effect does not resolve)."""
    game = arrange("Cross Roads", top=["Orc Patrol", "Cross Roads", "Witch King"], turn=20, deck_size=3).game
    assert len(game.state.zones[QUEST_DECK]) == 3
    assert game_over(game, way="up") == WON
    assert game.state.zones[QUEST_DECK] == []
    assert counter(game, WITCH_KINGS) == 0  # the game is over before the last card's effect


def test_winning_through_play_reports_the_result() -> None:
    """Rulebook, Winning Conditions: reaching the end of the deck wins; play() says so."""
    game = arrange("Cross Roads", top=["Orc Patrol"], turn=25, deck_size=1).game
    game.agents[0] = Scripted(way="right", ring=False)
    result = game.play()
    assert result["won"] is True
    assert result["reason"] == WON
    assert result["turn"] == 25
    assert result["cards left"] == 0


def test_a_way_longer_than_the_deck_still_reaches_the_end() -> None:
    """Rulebook, Winning Conditions: the end of the deck is reached even when the way chosen
    would draw more cards than are left (a reading of game.py: the draw stops at the end)."""
    game = arrange("Cross Roads", top=["Orc Patrol", "Cross Roads"], turn=3, deck_size=2).game
    before = len(game.state.log)
    assert game_over(game, way="up") == WON
    assert len(logged(game, "drawn", before)) == 2


def test_not_yet_won_with_cards_left() -> None:
    """Rulebook, Winning Conditions: a counter-check: one card left in the quest deck, the game
    goes on."""
    game = arrange("Cross Roads", top=["Cross Roads", "Cross Roads"], turn=3, deck_size=2).game
    play_turn(game, way="right")
    assert len(game.state.zones[QUEST_DECK]) == 1
    assert not game.state.finished


def test_a_lethal_last_card_loses_rather_than_wins() -> None:
    """Rulebook, Game Overview, Aggression: the deadly Attack ends the game at once, so a last card
    whose aggression uses up Frodo's health loses rather than wins."""
    game = arrange("Cross Roads", top=["Troll"], turn=3, deck_size=1, wounds=8).game
    assert game_over(game, way="right") == LOST_HEALTH


# ---------------------------------------------------------------------- searching back
def test_search_is_offered_only_with_a_searchable_card_in_the_discard_pile() -> None:
    """Rulebook, The Card Effects (FAQ), Aragorn: the player may search back through the discard
    pile for Aragorn; the search is offered only when he is there."""
    without = arrange("Cross Roads", top=["Cross Roads"], discard=["Orc Patrol", "Gimli"], turn=2).game
    agent = play_turn(without, way="right")
    assert not any(option.value[0] == "search" for option in agent.asked[0].options)  # type: ignore[index]

    with_aragorn = arrange("Cross Roads", top=["Cross Roads"], discard=["Aragorn", "Gimli"], turn=2).game
    agent = play_turn(with_aragorn, way="right")
    searches = [option for option in agent.asked[0].options if option.value[0] == "search"]  # type: ignore[index]
    assert [option.value[1] for option in searches] == ids(with_aragorn, "Aragorn")  # type: ignore[index]
