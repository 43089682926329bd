"""Every entry of the rulebook's FAQ ("The Card Effects (FAQ)"), played out on an arranged table.

Each test sets the location, the quest deck's top cards, the discard pile, the turn and the
counters by hand, plays a turn (or two: effects that act "next turn" or "if you travel ...") with
a scripted player, and checks what the rulebook's entry says happens. Where the rulebook leaves a
point open and the rules (game.py, the card's script) chose a reading, the docstring says so.
"""

from __future__ import annotations

from typing import Any

from lotr_rules.games.adventure.game import (
    AID,
    ARMOR,
    DISCARD,
    HEALTH,
    LOCATION,
    LOST_WITCH_KINGS,
    QUEST_DECK,
    RING,
    WEAPONS,
    WITCH_KINGS,
    WOUNDS,
    AdventureGame,
    conserved,
)
from lotr_rules.games.adventure.view import render_log
from tests.test_adventure_rules import arrange, counter, game_over, ids, logged, names, play_turn


def drawn(log: list[tuple[Any, ...]]) -> list[str]:
    """The names of the cards drawn in this part of the log, in order."""
    return [str(entry[1]) for entry in log if entry[0] == "drawn"]


def attack(game: AdventureGame, since: int) -> int:
    """The one Attack dealt since this point of the log."""
    entries = logged(game, "attack", since)
    assert len(entries) == 1
    return int(entries[0][1])


# ---------------------------------------------------------------------- Aragorn
def test_aragorn_removes_a_witch_king_token() -> None:
    """Rulebook, The Card Effects (FAQ), Aragorn: his effect takes one Witch King token off the mat."""
    game = arrange("Cross Roads", top=["Aragorn"], turn=2, witch_kings=2).game
    play_turn(game, way="right")
    assert counter(game, WITCH_KINGS) == 1


def test_aragorn_with_no_token_leaves_none() -> None:
    """Rulebook, The Card Effects (FAQ), Aragorn: a token is removed from the playmat; with
    none there the track stays empty (never below none)."""
    game = arrange("Cross Roads", top=["Aragorn"], turn=2).game
    play_turn(game, way="right")
    assert counter(game, WITCH_KINGS) == 0


def test_searching_back_for_aragorn() -> None:
    """Rulebook, The Card Effects (FAQ), Aragorn: the player may spend a turn walking back through
    the discard pile to Aragorn, putting the cards he passes back on the quest deck; finding him
    takes one Witch King token off; no other card's effect and no card's aggression (his own
    included) counts; and the journey goes on from Aragorn. The cards walked past go back on top
    of the quest deck in the journey's order (the one after Aragorn is met first again)."""
    arranged = arrange(
        "Cross Roads", top=["Orc Patrol"], discard=["Troll", "Aragorn", "Goblins", "Witch King"], turn=3, witch_kings=2
    )
    game = arranged.game
    _troll, aragorn, goblins, witch_king = arranged.discard
    agent = play_turn(game, way="search")
    assert agent.kinds() == ["way"]  # no Ring, no rest asked (no wounds), no item
    assert game.state.zones[LOCATION] == [aragorn]
    assert counter(game, WITCH_KINGS) == 1
    assert counter(game, WOUNDS) == 0
    assert counter(game, HEALTH) == 10  # Goblins walked past: no effect
    assert game.state.zones[QUEST_DECK][-3:] == [arranged.location, witch_king, goblins]
    assert game.state.zones[DISCARD] == [arranged.discard[0]]
    assert game.state.turn == 4
    # The quest goes on from Aragorn: his ways, and the cards walked past come again in order.
    before = len(game.state.log)
    agent = play_turn(game, way="up", rest=False)
    offered = {option.value[1] for option in agent.asked[0].options}  # type: ignore[index]
    assert offered == {"left", "up", "right"}
    assert drawn(game.state.log[before:]) == ["Goblins", "Witch King", "Cross Roads", "Orc Patrol"]


def test_searching_back_keeps_the_wounds_and_deals_none() -> None:
    """Rulebook, The Card Effects (FAQ), Aragorn: no Aggression of ANY card counts on a search;
    the wounds Frodo has stay as they are (he rests or not as on any turn)."""
    game = arrange(
        "Cross Roads", top=["Orc Patrol"], discard=["Aragorn", "Troll", "Warg Riders"], turn=3, wounds=4
    ).game
    before = len(game.state.log)
    play_turn(game, way="search", rest=False)
    assert counter(game, WOUNDS) == 4
    assert logged(game, "attack", before) == []


def test_a_search_turn_lets_next_turn_effects_lapse() -> None:
    """Rulebook, The Card Effects (FAQ), Aragorn and Legolas: a reading of game.py: a search is not
    a journey, so an effect waiting for the next turn's travel (Legolas's aid) lapses when that
    turn is spent searching."""
    game = arrange("Cross Roads", top=["Legolas", "Troll"], discard=["Aragorn"], turn=2).game
    play_turn(game, way="right")  # reach Legolas
    play_turn(game, way="search")
    assert counter(game, AID) == 0
    assert game.state.delayed == []


# ---------------------------------------------------------------------- Witch King
def test_witch_king_puts_a_token() -> None:
    """Rulebook, The Card Effects (FAQ), Witch King: his effect adds a Witch King token to the mat."""
    game = arrange("Cross Roads", top=["Witch King"], turn=2).game
    play_turn(game, way="right")
    assert counter(game, WITCH_KINGS) == 1


def test_the_third_witch_king_token_loses_at_once() -> None:
    """Rulebook, The Card Effects (FAQ), Witch King: the game is lost the moment the third token is
    on the mat: nothing else of the turn happens (no rest, the turn token stays)."""
    game = arrange("Cross Roads", top=["Witch King"], turn=2, witch_kings=2, wounds=1).game
    assert game_over(game, way="right") == LOST_WITCH_KINGS
    assert game.state.turn == 2
    assert logged(game, "rest") == []


# ---------------------------------------------------------------------- Galadriel
def test_galadriel_raises_the_health_by_1() -> None:
    """Rulebook, The Card Effects (FAQ), Galadriel: Frodo's life points go up by one: his most
    health becomes 11 (the card's reading: for the rest of the game)."""
    game = arrange("Cross Roads", top=["Galadriel"], turn=1, wounds=2).game
    play_turn(game, way="right", rest=False)
    assert counter(game, HEALTH) == 11
    assert game.health_left() == 9
    game2 = arrange("Cross Roads", top=["Galadriel"], turn=2, wounds=2).game
    play_turn(game2, way="right")  # a moon: rest
    assert game2.health_left() == 11


# ---------------------------------------------------------------------- Gollum
def test_gollum_walks_back_and_the_card_walked_back_to_resolves() -> None:
    """Rulebook, The Card Effects (FAQ), Gollum: he takes Frodo three cards back: Gollum and the
    two cards before him go back onto the quest deck (the journey's order kept, so the earliest
    of them is its top card), the card before those three is where Frodo stands, and the third
    card's effect resolves. Here the third card is the Witch King: it puts a token on the track."""
    arranged = arrange("Cross Roads", top=["Gollum"], discard=["Orc Patrol", "Witch King"], turn=2)
    game = arranged.game
    gollum = arranged.top[0]
    orc_patrol, witch_king = arranged.discard
    play_turn(game, way="right")
    assert game.state.zones[QUEST_DECK][-3:] == [gollum, arranged.location, witch_king]
    assert game.state.zones[LOCATION] == [orc_patrol]
    assert game.state.zones[DISCARD] == []
    assert counter(game, WITCH_KINGS) == 1  # the third card walked back over resolved


def test_gollum_walks_back_along_the_cards_drawn() -> None:
    """Rulebook, The Card Effects (FAQ), Gollum: the three cards walked back are the journey's
    last ones, the cards drawn on the way included: after drawing Faramir, Galadriel and Gollum
    from Cross Roads, all three go back onto the quest deck, Frodo stands on Cross Roads again,
    and Faramir's effect (the third card's) resolves."""
    arranged = arrange("Cross Roads", top=["Faramir", "Galadriel", "Gollum"], turn=2)
    game = arranged.game
    faramir, galadriel, gollum = arranged.top
    agent = play_turn(game, way="up", may=False)
    assert [request.kind for request in agent.asked] == ["way", "ring", "may"]  # Faramir's "may"
    assert game.state.zones[LOCATION] == [arranged.location]
    assert game.state.zones[QUEST_DECK][-3:] == [gollum, galadriel, faramir]
    assert counter(game, HEALTH) == 10  # Galadriel walked back over, not resolved


def test_gollum_deals_no_attack() -> None:
    """Rulebook, The Card Effects (FAQ), Gollum: the turn he ends deals no Attack: Troll 3 and
    Gollum 1 wound nobody; the wounds from before stay."""
    game = arrange("Cross Roads", top=["Troll", "Cross Roads", "Gollum"], turn=1, wounds=3).game
    play_turn(game, way="up", rest=False)
    assert counter(game, WOUNDS) == 3


def test_gollum_resolves_after_the_mountain_path() -> None:
    """Rulebook, The Card Effects (FAQ), Gollum: reached as the destination, his effect resolves
    whatever other cards say: even travelling up from The Mountain Path, whose effect says the
    next card's does not resolve."""
    arranged = arrange("Cross Roads", top=["The Mountain Path", "Cross Roads", "Gollum"], turn=2)
    game = arranged.game
    mountain_path, crossing, gollum = arranged.top
    play_turn(game, way="right")  # reach The Mountain Path (a moon: rest)
    before = len(game.state.log)
    play_turn(game, way="up", rest=False)  # Cross Roads, Gollum
    assert ("effect", "Gollum") in game.state.log[before:]
    assert game.state.zones[LOCATION] == [arranged.location]
    assert game.state.zones[QUEST_DECK][-3:] == [gollum, crossing, mountain_path]


def test_gollum_resolves_when_gandalf_skips() -> None:
    """Rulebook, The Card Effects (FAQ), Gollum (his effect resolves whatever other cards say) over
    Gandalf (the player may choose not to resolve the next card's effect): the player says to
    skip it, and Gollum resolves all the same."""
    arranged = arrange("Cross Roads", top=["Gandalf", "Cross Roads", "Gollum"], discard=["Witch King"], turn=2)
    game = arranged.game
    play_turn(game, way="right")  # reach Gandalf
    play_turn(game, way="up", may=True)  # Cross Roads, Gollum; "skip its effect?" yes
    assert game.state.zones[LOCATION] == [arranged.location]
    assert game.state.zones[QUEST_DECK][-1] == ids(game, "Gandalf")[0]
    assert ("effect", "Gollum") in game.state.log


# ---------------------------------------------------------------------- Arwen
def test_arwen_removes_every_witch_king_token() -> None:
    """Rulebook, The Card Effects (FAQ), Arwen: every Witch King token leaves the mat."""
    game = arrange("Cross Roads", top=["Arwen"], turn=2, witch_kings=2).game
    play_turn(game, way="right")
    assert counter(game, WITCH_KINGS) == 0


# ---------------------------------------------------------------------- Shelob's Lair
def test_shelobs_lair_moves_the_turn_token_at_once_and_again_at_the_end() -> None:
    """Rulebook, The Card Effects (FAQ), Shelob's Lair: the day token moves one space when the
    effect resolves (step 4), and the turn still ends with its usual move: two turns pass."""
    game = arrange("Cross Roads", top=["Shelob's Lair"], turn=3).game
    play_turn(game, way="right", rest=False)
    assert game.state.turn == 5


def test_shelobs_lair_moves_the_token_before_the_rest_phase() -> None:
    """Rulebook, The Card Effects (FAQ), Shelob's Lair (it acts in step 4) and The Turn Sequence
    (the rest, step 5, goes by the symbol the token is on): a reading of game.py: reached on turn
    2, a moon, the token is on turn 3, a sun, by the rest phase, so Frodo does not rest by
    himself and is asked; reached on turn 3, a sun, the token is on a moon and he rests."""
    game = arrange("Cross Roads", top=["Shelob's Lair"], turn=2).game
    agent = play_turn(game, way="right", rest=False)
    assert "rest" in agent.kinds()
    assert counter(game, WOUNDS) == 3
    assert game.state.turn == 4
    game = arrange("Cross Roads", top=["Shelob's Lair"], turn=3).game
    agent = play_turn(game, way="right")
    assert "rest" not in agent.kinds()
    assert counter(game, WOUNDS) == 0


# ---------------------------------------------------------------------- Faramir
def test_faramir_reorders_the_next_three_cards() -> None:
    """Rulebook, The Card Effects (FAQ), Faramir: the player may look at the quest deck's next three
    cards and put them back in the order he likes: that order is the order they are drawn in."""
    arranged = arrange("Cross Roads", top=["Faramir", "Troll", "Arwen", "Gimli"], turn=2)
    game = arranged.game
    _faramir, troll, arwen, gimli = arranged.top
    agent = play_turn(game, way="right", may=True, arrange=[gimli, troll])
    arrange_requests = [request for request in agent.asked if request.kind == "arrange"]
    assert {option.value for option in arrange_requests[0].options} == {troll, arwen, gimli}
    assert game.state.zones[QUEST_DECK][-3:] == [arwen, troll, gimli]
    before = len(game.state.log)
    play_turn(game, way="up", rest=False)  # Faramir: up 2
    assert drawn(game.state.log[before:]) == ["Gimli", "Troll"]


def test_faramir_may_be_declined() -> None:
    """Rulebook, The Card Effects (FAQ), Faramir: looking is optional: declining leaves the quest
    deck as it was."""
    arranged = arrange("Cross Roads", top=["Faramir", "Troll", "Arwen", "Gimli"], turn=2)
    game = arranged.game
    deck_before = game.state.zones[QUEST_DECK][:-1]
    play_turn(game, way="right", may=False)
    assert game.state.zones[QUEST_DECK] == deck_before


def test_faramir_cards_stay_in_a_zone_while_arranging() -> None:
    """Rulebook, The Card Effects (FAQ), Faramir: the three cards are put back after they are looked
    at: while the player decides they are still the game's (every card in exactly one zone at
    every decision, as game.conserved checks)."""
    arranged = arrange("Cross Roads", top=["Faramir", "Troll", "Arwen", "Gimli"], turn=2)
    game = arranged.game
    _faramir, troll, _arwen, gimli = arranged.top
    seen: list[tuple[str, bool]] = []
    game.on_decision = lambda request, index: seen.append((request.kind, conserved(game)))
    play_turn(game, way="right", may=True, arrange=[gimli, troll])
    assert ("arrange", True) in seen
    assert all(ok for _kind, ok in seen), seen


# ---------------------------------------------------------------------- Gandalf
def test_gandalf_may_skip_the_next_destinations_effect_after_seeing_it() -> None:
    """Rulebook, The Card Effects (FAQ), Gandalf: once the next destination is seen, the player may
    choose not to resolve its effect: asked when it is reached, yes means its effect does not
    resolve."""
    game = arrange("Cross Roads", top=["Gandalf", "Cross Roads", "Witch King"], turn=2).game
    play_turn(game, way="right")  # reach Gandalf
    before = len(game.state.log)
    agent = play_turn(game, way="up", may=True, rest=False)
    assert counter(game, WITCH_KINGS) == 0
    may_at = agent.log_at[agent.kinds().index("may")]
    assert ("arrive", "Witch King") in game.state.log[before:may_at]


def test_gandalf_may_let_the_effect_resolve() -> None:
    """Rulebook, The Card Effects (FAQ), Gandalf: the player MAY skip: answering no, the next
    card's effect resolves as usual."""
    game = arrange("Cross Roads", top=["Gandalf", "Cross Roads", "Witch King"], turn=2).game
    play_turn(game, way="right")
    play_turn(game, way="up", may=False, rest=False)
    assert counter(game, WITCH_KINGS) == 1


def test_gandalf_lasts_one_turn_only() -> None:
    """Rulebook, The Card Effects (FAQ), Gandalf: only the next card: the turn after, nothing is
    asked and the effect resolves."""
    game = arrange("Cross Roads", top=["Gandalf", "Cross Roads", "Cross Roads", "Witch King"], turn=2).game
    play_turn(game, way="right")
    play_turn(game, way="up", may=False)  # Cross Roads, Cross Roads
    agent = play_turn(game, way="right")  # Witch King
    assert "may" not in agent.kinds()
    assert counter(game, WITCH_KINGS) == 1


# ---------------------------------------------------------------------- The Rohirrim
def test_the_rohirrim_advance_2_without_attack_or_effect() -> None:
    """Rulebook, The Card Effects (FAQ), The Rohirrim: the player may ride two cards on, with an
    Attack of 0, and the card he reaches does not resolve its effect. The card's reading: the two
    cards ridden past deal nothing, the Attack already dealt reaching the Rohirrim (their own 1)
    stands."""
    arranged = arrange("Cross Roads", top=["The Rohirrim", "Troll", "Witch King"], turn=1)
    game = arranged.game
    rohirrim, troll, witch_king = arranged.top
    play_turn(game, way="right", may=True, rest=False)
    assert game.state.zones[LOCATION] == [witch_king]
    assert counter(game, WITCH_KINGS) == 0
    assert counter(game, WOUNDS) == 1
    assert game.state.zones[DISCARD][-3:] == [arranged.location, rohirrim, troll]
    assert game.state.turn == 2


def test_the_rohirrim_may_be_declined() -> None:
    """Rulebook, The Card Effects (FAQ), The Rohirrim: the ride is optional: declining, he
    stays with the Rohirrim."""
    arranged = arrange("Cross Roads", top=["The Rohirrim", "Troll", "Witch King"], turn=2)
    game = arranged.game
    play_turn(game, way="right", may=False)
    assert game.state.zones[LOCATION] == [arranged.top[0]]


def test_the_rohirrim_ride_onto_gollum_and_gollum_resolves() -> None:
    """Rulebook, The Card Effects (FAQ), The Rohirrim (the card ridden to does not resolve) and
    Gollum (he resolves whatever other cards say): Gollum wins: ridden onto, he takes Frodo three
    cards back (Gollum, the Cross Roads ridden past and The Rohirrim go onto the quest deck) to
    the Cross Roads he set out from. The third card is The Rohirrim; a reading of game.py: a
    card's effect resolves at most once a turn, so they do not offer another ride."""
    arranged = arrange("Cross Roads", top=["The Rohirrim", "Cross Roads", "Gollum"], turn=2)
    game = arranged.game
    rohirrim, crossing, gollum = arranged.top
    agent = play_turn(game, way="right", may=[True])
    assert agent.kinds().count("may") == 1
    assert game.state.zones[LOCATION] == [arranged.location]
    assert game.state.zones[QUEST_DECK][-3:] == [gollum, crossing, rohirrim]
    assert [entry[1] for entry in logged(game, "effect")] == ["The Rohirrim", "Gollum"]
    assert ("already resolved", "The Rohirrim") in game.state.log


def test_the_rohirrim_resolved_by_gollum_ride_on() -> None:
    """Rulebook, The Card Effects (FAQ), Gollum and The Rohirrim: drawing The Rohirrim, a Cross
    Roads and Gollum in one go, Gollum takes Frodo three cards back (all three onto the quest
    deck) and the third, The Rohirrim, resolves: the player rides two cards on, over The
    Rohirrim onto the Cross Roads after them, whose effect does not resolve. The turn deals no
    Attack (Gollum's), and Gollum is the next card ahead."""
    arranged = arrange("Cross Roads", top=["The Rohirrim", "Cross Roads", "Gollum", "Cross Roads"], turn=2)
    game = arranged.game
    rohirrim, crossing, gollum, _ahead = arranged.top
    agent = play_turn(game, way="up", may=[True])
    assert agent.kinds().count("may") == 1
    assert [entry[1] for entry in logged(game, "effect")] == ["Gollum", "The Rohirrim"]
    assert game.state.zones[LOCATION] == [crossing]
    assert game.state.zones[DISCARD] == [arranged.location, rohirrim]
    assert game.state.zones[QUEST_DECK][-1] == gollum
    assert counter(game, WOUNDS) == 0
    assert game.state.turn == 3


# ---------------------------------------------------------------------- Legolas
def test_legolas_makes_one_aggression_0_next_turn() -> None:
    """Rulebook, The Card Effects (FAQ), Legolas: during the next turn's draw the player may count
    one card's aggression as 0: once, on a card chosen as it is drawn."""
    game = arrange("Cross Roads", top=["Legolas", "Orc Patrol", "Troll", "Orc Patrol", "Cross Roads"], turn=2).game
    play_turn(game, way="right")  # reach Legolas
    before = len(game.state.log)
    agent = play_turn(game, way="up", aid=[False, True], rest=False)  # Orc Patrol, Troll, Orc Patrol, Cross Roads
    assert agent.kinds().count("aid") == 2  # offered on the first two, used on the Troll, then gone
    assert attack(game, before) == 4
    assert counter(game, AID) == 0


def test_legolas_lasts_the_next_turn_only() -> None:
    """Rulebook, The Card Effects (FAQ), Legolas: the help is for the next turn: unused, it does not
    carry over to the turn after."""
    game = arrange("Cross Roads", top=["Legolas", "Cross Roads", "Cross Roads", "Orc Patrol"], turn=2).game
    play_turn(game, way="right")  # reach Legolas
    play_turn(game, way="right")  # Cross Roads: nothing to use the aid on
    agent = play_turn(game, way="right")  # Orc Patrol: no aid offered
    assert "aid" not in agent.kinds()
    assert counter(game, WOUNDS) == 0  # a moon: rested


# ---------------------------------------------------------------------- Gimli
def test_gimli_takes_2_off_next_turns_attack() -> None:
    """Rulebook, The Card Effects (FAQ), Gimli: the next turn's total Attack is 2 lower."""
    game = arrange("Cross Roads", top=["Gimli", "Troll", "Orc Patrol", "Cross Roads"], turn=2).game
    play_turn(game, way="right")  # reach Gimli
    before = len(game.state.log)
    play_turn(game, way="up", rest=False)
    assert attack(game, before) == 3
    assert counter(game, WOUNDS) == 3


def test_gimli_never_makes_the_attack_negative() -> None:
    """Rulebook, The Card Effects (FAQ), Gimli: the Attack is reduced by 2 but never below 0
    (it cannot heal wounds)."""
    game = arrange("Cross Roads", top=["Gimli", "Faramir", "Cross Roads", "Cross Roads"], turn=2).game
    play_turn(game, way="right")
    game.state.counters[WOUNDS] = 2
    play_turn(game, way="up", may=False, rest=False)
    assert counter(game, WOUNDS) == 2


def test_gimli_reduction_counts_for_the_immediate_loss_check() -> None:
    """Rulebook, The Card Effects (FAQ), Gimli (the next turn's total Attack is 2 lower) with Game
    Overview, Aggression (an Attack above the health left loses at once): with 4 health left,
    Troll (3) and Faramir (1) make a total Attack of 4 - 2 = 2, which Frodo survives (as he would
    with an armor, which the rules do count while drawing)."""
    game = arrange("Cross Roads", top=["Gimli", "Troll", "Faramir", "Cross Roads"], turn=2).game
    play_turn(game, way="right")  # reach Gimli
    game.state.counters[WOUNDS] = 6
    play_turn(game, way="up", rest=False)
    assert game.health_left() == 2


# ---------------------------------------------------------------------- Osgiliath
def test_osgiliath_shuffles_3_random_discarded_cards_back() -> None:
    """Rulebook, The Card Effects (FAQ), Osgiliath: three cards picked at random from the discard
    pile are shuffled into the quest deck."""
    discard = ["Troll", "Gimli", "Arwen", "Bree", "Weathertop", "Crebain"]
    arranged = arrange("Cross Roads", top=["Osgiliath"], discard=discard, turn=2)
    game = arranged.game
    pile_before = [*arranged.discard, arranged.location]
    deck_before = set(game.state.zones[QUEST_DECK]) - {arranged.top[0]}
    play_turn(game, way="right")
    pile = game.state.zones[DISCARD]
    assert len(pile) == len(pile_before) - 3
    moved = set(pile_before) - set(pile)
    assert len(moved) == 3
    assert set(game.state.zones[QUEST_DECK]) == deck_before | moved
    assert game.state.zones[LOCATION] == [arranged.top[0]]


def test_osgiliath_picks_at_random() -> None:
    """Rulebook, The Card Effects (FAQ), Osgiliath: the 3 cards are random: over several seeds
    not always the same three, and the whole quest deck is shuffled with them."""
    chosen: set[frozenset[int]] = set()
    for seed in range(8):
        arranged = arrange(
            "Cross Roads", top=["Osgiliath"], discard=["Troll", "Gimli", "Arwen", "Bree", "Weathertop"], seed=seed
        )
        game = arranged.game
        play_turn(game, way="right", rest=False)
        chosen.add(frozenset(set(arranged.discard) - set(game.state.zones[DISCARD])))
    assert len(chosen) > 1


def test_osgiliath_with_a_short_discard_pile_takes_what_there_is() -> None:
    """Rulebook, The Card Effects (FAQ), Osgiliath: a reading of the scripts: with fewer than 3
    cards in the discard pile (the Troll and the Cross Roads just left), all of them go back."""
    arranged = arrange("Cross Roads", top=["Osgiliath"], discard=["Troll"], turn=2)
    game = arranged.game
    play_turn(game, way="right")
    assert game.state.zones[DISCARD] == []
    assert {arranged.discard[0], arranged.location} <= set(game.state.zones[QUEST_DECK])


# ---------------------------------------------------------------------- Treebeard
def test_treebeard_makes_next_turns_first_card_count_0() -> None:
    """Rulebook, The Card Effects (FAQ), Treebeard: next turn the first card drawn counts 0
    aggression; the others count as usual."""
    game = arrange("Cross Roads", top=["Treebeard", "Troll", "Orc Patrol", "Faramir"], turn=2).game
    play_turn(game, way="right")  # reach Treebeard
    before = len(game.state.log)
    play_turn(game, way="up", may=False, rest=False)  # Troll (0), Orc Patrol 2, Faramir 1
    assert attack(game, before) == 3


def test_treebeard_only_the_first_card() -> None:
    """Rulebook, The Card Effects (FAQ), Treebeard: only the first card counts 0: when it has
    aggression 0 already, the Troll after it counts in full."""
    game = arrange("Cross Roads", top=["Treebeard", "Cross Roads", "Troll", "Cross Roads"], turn=2).game
    play_turn(game, way="right")
    before = len(game.state.log)
    play_turn(game, way="up", rest=False)
    assert attack(game, before) == 3


# ---------------------------------------------------------------------- Troll
def test_troll_no_rest_even_on_a_moon() -> None:
    """Rulebook, The Card Effects (FAQ), Troll: no rest at the end of this turn: on a moon the
    wounds stay."""
    game = arrange("Cross Roads", top=["Troll"], turn=2, wounds=1).game
    play_turn(game, way="right")
    assert counter(game, WOUNDS) == 4
    assert game.state.turn == 3


def test_troll_no_rest_offered_on_a_sun() -> None:
    """Rulebook, The Card Effects (FAQ), Troll: no voluntary rest either."""
    game = arrange("Cross Roads", top=["Troll"], turn=3).game
    agent = play_turn(game, way="right")
    assert "rest" not in agent.kinds()
    assert counter(game, WOUNDS) == 3
    assert game.state.turn == 4


def test_troll_lasts_this_turn_only() -> None:
    """Rulebook, The Card Effects (FAQ), Troll: only this turn: the next moon rests as usual."""
    game = arrange("Cross Roads", top=["Troll", "Cross Roads"], turn=1).game
    play_turn(game, way="right")
    play_turn(game, way="left")  # Troll: left 1
    assert counter(game, WOUNDS) == 0


# ---------------------------------------------------------------------- Goblins
def test_goblins_reduce_the_health_for_good() -> None:
    """Rulebook, The Card Effects (FAQ), Goblins: Frodo's most health drops by one for good: a rest
    heals the wounds but not the lost point."""
    game = arrange("Cross Roads", top=["Goblins"], turn=2).game
    play_turn(game, way="right")  # a moon: rest
    assert counter(game, HEALTH) == 9
    assert counter(game, WOUNDS) == 0
    assert game.health_left() == 9


# ---------------------------------------------------------------------- Sauron
def test_sauron_does_nothing_if_the_ring_was_never_used() -> None:
    """Rulebook, The Card Effects (FAQ), Sauron: if the Ring has never been used, his effect does
    nothing."""
    arranged = arrange("Cross Roads", top=["Sauron"], discard=["Witch King", "Witch King", "Troll"], turn=2)
    game = arranged.game
    play_turn(game, way="right")
    assert names(game, game.state.zones[DISCARD]).count("Witch King") == 2


def test_sauron_sends_every_discarded_witch_king_back_once_the_ring_was_used() -> None:
    """Rulebook, The Card Effects (FAQ), Sauron: once the Ring has been used, every Witch King in
    the discard pile is shuffled back into the quest deck."""
    arranged = arrange("Cross Roads", top=["Sauron"], discard=["Witch King", "Troll", "Witch King"], turn=2, ring=1)
    game = arranged.game
    play_turn(game, way="right")
    assert "Witch King" not in names(game, game.state.zones[DISCARD])
    assert names(game, game.state.zones[DISCARD]) == ["Troll", "Cross Roads"]
    deck_names = names(game, game.state.zones[QUEST_DECK])
    assert deck_names.count("Witch King") == 4  # the two discarded and the two never drawn


def test_sauron_counts_a_ring_used_this_turn() -> None:
    """Rulebook, The Card Effects (FAQ), Sauron: he asks whether the Ring has been used so far: put
    on to reach him, it counts."""
    game = arrange("Cross Roads", top=["Sauron"], discard=["Witch King"], turn=2).game
    play_turn(game, way="right", ring=True)
    assert counter(game, RING) == 1
    assert "Witch King" not in names(game, game.state.zones[DISCARD])


# ---------------------------------------------------------------------- A Thick Fog in the Woods
def test_thick_fog_not_left_only_the_destination_counts() -> None:
    """Rulebook, The Card Effects (FAQ), A Thick Fog in the Woods: unless the player goes left, the
    cards are drawn unseen and only the destination's aggression counts."""
    game = arrange("Cross Roads", top=["A Thick Fog in the Woods", "Troll", "Troll", "Faramir"], turn=2).game
    play_turn(game, way="right")  # reach the fog
    before = len(game.state.log)
    play_turn(game, way="up", may=False, rest=False)
    assert attack(game, before) == 1


def test_thick_fog_left_every_card_counts() -> None:
    """Rulebook, The Card Effects (FAQ), A Thick Fog in the Woods: travelling left, the fog
    changes nothing: every card's aggression counts."""
    game = arrange("Cross Roads", top=["A Thick Fog in the Woods", "Troll", "Faramir"], turn=2).game
    play_turn(game, way="right")
    before = len(game.state.log)
    play_turn(game, way="left", may=False, rest=False)
    assert attack(game, before) == 4


def test_thick_fog_no_item_on_the_unseen_cards() -> None:
    """Rulebook, The Card Effects (FAQ), A Thick Fog in the Woods: only the destination card is
    seen: a reading of game.py: a weapon can only be used on the destination card."""
    game = arrange("Cross Roads", top=["A Thick Fog in the Woods", "Troll", "Troll", "Orc Patrol"], turn=2).game
    play_turn(game, way="right")
    game.state.counters[WEAPONS] = 1
    agent = play_turn(game, way="up", weapon=[True], rest=False)
    assert agent.kinds().count("weapon") == 1
    assert counter(game, WOUNDS) == 0
    assert counter(game, WEAPONS) == 0


def test_thick_fog_the_player_does_not_see_the_cards_drawn_blind() -> None:
    """Rulebook, The Card Effects (FAQ), A Thick Fog in the Woods: away from the left, only the
    destination is looked at, so the log a player reads names no other card drawn that turn."""
    game = arrange("Cross Roads", top=["A Thick Fog in the Woods", "Troll", "Goblins", "Faramir"], turn=2).game
    play_turn(game, way="right")
    before = len(game.state.log)
    play_turn(game, way="up", may=False, rest=False)
    shown = "\n".join(render_log(game.state.log, before))
    assert "Troll" not in shown and "Goblins" not in shown
    assert shown.count("a card you cannot see") == 2
    assert "drawn: Faramir" in shown


# ---------------------------------------------------------------------- Into the Caves
def test_into_the_caves_doubles_the_attack_once() -> None:
    """Rulebook, The Card Effects (FAQ), Into the Caves: unless the player goes right, a Troll or
    Goblins among the cards drawn doubles the Attack, and more of them do not double it again:
    Troll 3 + Goblins 2 + Cross Roads 0, doubled once, is 10."""
    game = arrange("Cross Roads", top=["Into the Caves", "Troll", "Goblins", "Cross Roads"], turn=2, health=20).game
    play_turn(game, way="right")  # reach the caves (a moon: rest)
    before = len(game.state.log)
    play_turn(game, way="up", rest=False)
    assert attack(game, before) == 10


def test_into_the_caves_travelling_right_no_doubling() -> None:
    """Rulebook, The Card Effects (FAQ), Into the Caves: travelling right, the Troll counts as
    usual."""
    game = arrange("Cross Roads", top=["Into the Caves", "Troll", "Cross Roads"], turn=2).game
    play_turn(game, way="right")
    before = len(game.state.log)
    play_turn(game, way="right", rest=False)
    assert attack(game, before) == 3


def test_into_the_caves_without_troll_or_goblins_no_doubling() -> None:
    """Rulebook, The Card Effects (FAQ), Into the Caves: only a Troll or Goblins drawn doubles
    the Attack."""
    game = arrange("Cross Roads", top=["Into the Caves", "Orc Patrol", "Warg Riders", "Cross Roads"], turn=2).game
    play_turn(game, way="right")
    before = len(game.state.log)
    play_turn(game, way="up", rest=False)
    assert attack(game, before) == 4


# ---------------------------------------------------------------------- Isengard Gates
def test_isengard_gates_up_0_aggression_counts_2() -> None:
    """Rulebook, The Card Effects (FAQ), Isengard Gates: going straight on, every card drawn with
    aggression 0 counts 2: four 0s and an Orc Patrol make 10."""
    top = ["Isengard Gates", "Cross Roads", "Arwen", "Orc Patrol", "Cross Roads", "Cross Roads"]
    game = arrange("Cross Roads", top=top, turn=2, health=20).game
    play_turn(game, way="right")  # reach the gates
    before = len(game.state.log)
    play_turn(game, way="up", rest=False)
    assert attack(game, before) == 10


def test_isengard_gates_left_0_counts_0() -> None:
    """Rulebook, The Card Effects (FAQ), Isengard Gates: only travelling straight forward."""
    game = arrange("Cross Roads", top=["Isengard Gates", "Cross Roads", "Cross Roads"], turn=2).game
    play_turn(game, way="right")
    before = len(game.state.log)
    play_turn(game, way="left")
    assert attack(game, before) == 0


# ---------------------------------------------------------------------- The Marshes
def test_the_marshes_right_no_rest_at_the_next_destination() -> None:
    """Rulebook, The Card Effects (FAQ), The Marshes: going right, Frodo cannot rest at the place he
    reaches, so his wounds stay: even on a moon."""
    game = arrange("Cross Roads", top=["The Marshes", "Orc Patrol", "Cross Roads", "Cross Roads"], turn=1).game
    play_turn(game, way="right", rest=False)  # reach the marshes (1 wound)
    play_turn(game, way="right")  # turn 2, a moon: no rest
    assert counter(game, WOUNDS) == 3


def test_the_marshes_left_rest_as_usual() -> None:
    """Rulebook, The Card Effects (FAQ), The Marshes: travelling left, the moon rests as
    usual."""
    game = arrange("Cross Roads", top=["The Marshes", "Orc Patrol", "Cross Roads", "Cross Roads"], turn=1).game
    play_turn(game, way="right", rest=False)
    play_turn(game, way="left")
    assert counter(game, WOUNDS) == 0


def test_the_marshes_right_no_rest_offered_on_a_sun() -> None:
    """Rulebook, The Card Effects (FAQ), The Marshes, and Resting: going right, no rest at the
    next place, so on a sun a rest by choice is not offered either and the token moves one
    space only."""
    game = arrange("Cross Roads", top=["The Marshes", "Orc Patrol", "Cross Roads", "Cross Roads"], turn=2).game
    play_turn(game, way="right")  # reach the marshes on a moon (rest)
    agent = play_turn(game, way="right")  # turn 3, a sun, with 2 wounds
    assert "rest" not in agent.kinds()
    assert counter(game, WOUNDS) == 2
    assert game.state.turn == 4


# ---------------------------------------------------------------------- The Mountain Path
def test_the_mountain_path_up_skips_the_next_cards_effect() -> None:
    """Rulebook, The Card Effects (FAQ), The Mountain Path: going forward, the next card's effect
    does not resolve, whether it helps or harms."""
    game = arrange("Cross Roads", top=["The Mountain Path", "Cross Roads", "Witch King"], turn=2).game
    play_turn(game, way="right")
    play_turn(game, way="up", rest=False)
    assert counter(game, WITCH_KINGS) == 0
    assert ("effect skipped", "Witch King") in game.state.log


def test_the_mountain_path_right_the_effect_resolves() -> None:
    """Rulebook, The Card Effects (FAQ), The Mountain Path: only travelling forward."""
    game = arrange("Cross Roads", top=["The Mountain Path", "Cross Roads", "Witch King"], turn=2).game
    play_turn(game, way="right")
    play_turn(game, way="right", rest=False)
    assert counter(game, WITCH_KINGS) == 1


# ---------------------------------------------------------------------- The Old Tavern
def test_the_old_tavern_armor_applies_that_turn_and_later() -> None:
    """Rulebook, The Card Effects (FAQ), The Old Tavern: going on to the inn gives a Mithril armor,
    which takes 1 off every Attack from then on, the turn of going there included (the card's
    reading: 1 off each turn's Attack)."""
    game = arrange(
        "Cross Roads", top=["The Old Tavern", "Orc Patrol", "Faramir", "Cross Roads", "Orc Patrol"], turn=2
    ).game
    play_turn(game, way="right")  # reach the tavern
    play_turn(game, way="up", may=False, rest=False)  # Orc Patrol 2, Faramir 1, Cross Roads 0
    assert counter(game, ARMOR) == 1
    assert counter(game, WOUNDS) == 2
    before = len(game.state.log)
    play_turn(game, way="right")  # Orc Patrol 2, turn 4 (a moon)
    assert attack(game, before) == 1


def test_the_old_tavern_armors_stack() -> None:
    """Rulebook, The Card Effects (FAQ), The Old Tavern: a second armor adds to the first."""
    game = arrange("Cross Roads", top=["The Old Tavern", "Troll", "Faramir", "Cross Roads"], turn=2, armor=1).game
    play_turn(game, way="right")
    before = len(game.state.log)
    play_turn(game, way="up", may=False, rest=False)
    assert counter(game, ARMOR) == 2
    assert attack(game, before) == 2


def test_the_old_tavern_left_no_armor() -> None:
    """Rulebook, The Card Effects (FAQ), The Old Tavern: only travelling to the inn
    (forward)."""
    game = arrange("Cross Roads", top=["The Old Tavern", "Orc Patrol", "Cross Roads"], turn=2).game
    play_turn(game, way="right")
    play_turn(game, way="left", rest=False)
    assert counter(game, ARMOR) == 0
    assert counter(game, WOUNDS) == 2


# ---------------------------------------------------------------------- Wondering in the Woods
def test_wondering_in_the_woods_weapon_usable_that_turn_once() -> None:
    """Rulebook, The Card Effects (FAQ), Wondering in the Woods: going straight on gives a weapon
    that counts one aggression as 0, usable from that very turn, chosen while drawing, and only
    once."""
    game = arrange("Cross Roads", top=["Wondering in the Woods", "Troll", "Orc Patrol", "Cross Roads"], turn=2).game
    play_turn(game, way="right")  # reach the woods
    before = len(game.state.log)
    agent = play_turn(game, way="up", weapon=[True], rest=False)
    assert agent.kinds().count("weapon") == 1  # used on the Troll, then none is left
    assert attack(game, before) == 2
    assert counter(game, WEAPONS) == 0


def test_wondering_in_the_woods_one_item_per_turn() -> None:
    """Rulebook, Game Overview, Items (one item a turn) and The Card Effects (FAQ), Wondering in the
    Woods (several weapons may be carried): with two weapons, one is used this turn and the other
    is kept for a later turn."""
    game = arrange(
        "Cross Roads", top=["Wondering in the Woods", "Troll", "Orc Patrol", "Cross Roads", "Troll"], turn=2
    ).game
    play_turn(game, way="right")
    game.state.counters[WEAPONS] = 1  # a weapon found before
    before = len(game.state.log)
    agent = play_turn(game, way="up", weapon=[True], rest=False)
    assert agent.kinds().count("weapon") == 1
    assert attack(game, before) == 2
    assert counter(game, WEAPONS) == 1
    agent = play_turn(game, way="right", weapon=[True])  # Troll: the second weapon
    assert counter(game, WEAPONS) == 0


def test_wondering_in_the_woods_choose_as_you_draw() -> None:
    """Rulebook, The Card Effects (FAQ), Wondering in the Woods: the weapon is chosen during the
    draw, never once every card is out: it is offered for each card as it is drawn, before the
    next is seen."""
    game = arrange("Cross Roads", top=["Wondering in the Woods", "Orc Patrol", "Troll", "Cross Roads"], turn=2).game
    play_turn(game, way="right")
    before = len(game.state.log)
    agent = play_turn(game, way="up", weapon=[False, True], rest=False)
    first, second = (at for at, kind in zip(agent.log_at, agent.kinds(), strict=True) if kind == "weapon")
    assert drawn(game.state.log[before:first]) == ["Orc Patrol"]
    assert drawn(game.state.log[before:second]) == ["Orc Patrol", "Troll"]
    assert attack(game, before) == 2


def test_a_weapon_used_as_the_card_is_drawn_saves_from_a_lethal_attack() -> None:
    """Rulebook, The Card Effects (FAQ), Wondering in the Woods (a weapon counts an aggression as 0,
    chosen while drawing) with Game Overview, Aggression (a deadly Attack loses at once): with 3
    health left, the Troll counted as 0 as it is drawn does not kill."""
    game = arrange("Cross Roads", top=["Wondering in the Woods", "Troll", "Cross Roads", "Cross Roads"], turn=2).game
    play_turn(game, way="right")
    game.state.counters[WOUNDS] = 7
    play_turn(game, way="up", weapon=[True], rest=False)
    assert game.health_left() == 3


def test_wondering_in_the_woods_right_no_weapon() -> None:
    """Rulebook, The Card Effects (FAQ), Wondering in the Woods: only travelling straight
    forward."""
    game = arrange("Cross Roads", top=["Wondering in the Woods", "Troll", "Cross Roads"], turn=2).game
    play_turn(game, way="right")
    play_turn(game, way="right", rest=False)
    assert counter(game, WEAPONS) == 0


# ---------------------------------------------------------------------- Minas Tirith
def test_minas_tirith_shuffles_5_random_discarded_cards_back() -> None:
    """Rulebook, The Card Effects (FAQ), Minas Tirith: five cards picked at random from the discard
    pile are shuffled into the quest deck."""
    discard = ["Troll", "Gimli", "Arwen", "Bree", "Weathertop", "Crebain", "Legolas"]
    arranged = arrange("Cross Roads", top=["Minas Tirith"], discard=discard, turn=2)
    game = arranged.game
    pile_before = [*arranged.discard, arranged.location]
    deck_before = set(game.state.zones[QUEST_DECK]) - {arranged.top[0]}
    play_turn(game, way="right")
    pile = game.state.zones[DISCARD]
    moved = set(pile_before) - set(pile)
    assert len(pile) == len(pile_before) - 5
    assert len(moved) == 5
    assert set(game.state.zones[QUEST_DECK]) == deck_before | moved


# ---------------------------------------------------------------------- Rinvendale
def test_rinvendale_this_turns_attack_counts_0() -> None:
    """Rulebook, The Card Effects (FAQ), Rinvendale: reaching it, the Attack taken this turn counts
    as 0: the wounds from before stay, this turn's heal."""
    game = arrange("Cross Roads", top=["Troll", "Orc Patrol", "Rinvendale"], turn=1, wounds=2).game
    play_turn(game, way="up", rest=False)
    assert counter(game, WOUNDS) == 2


# ---------------------------------------------------------------------- Cross Roads
def test_cross_roads_have_no_effect() -> None:
    """Rulebook, The Card Effects (FAQ), Cross Roads: they do nothing: reaching one changes nothing
    but the location and the wounds of the Attack."""
    arranged = arrange("Orc Patrol", top=["Troll", "Cross Roads"], turn=1, witch_kings=1, wounds=1)
    game = arranged.game
    counters = dict(game.state.counters)
    before = len(game.state.log)
    play_turn(game, way="up", rest=False)
    assert logged(game, "effect", before) == []
    assert game.state.delayed == []
    counters[WOUNDS] = 4
    assert game.state.counters == counters
    assert game.state.zones[LOCATION] == [arranged.top[1]]


def test_the_strategies_do_not_take_gollum_s_way_again() -> None:
    """Rulebook, The Card Effects (FAQ), Gollum: the three cards he walks back over go onto the
    quest deck in the player's sight, so the player knows the way that ends on him again. Every
    strategy then takes another way when there is one (before, the same way from the same card
    met Gollum turn after turn until time ran out)."""
    from lotr_rules.games.adventure.bots import AdaptiveAgent, LongestAgent, ShortestAgent, walked_back_over

    for agent_class in (LongestAgent, AdaptiveAgent, ShortestAgent):
        arranged = arrange("Cross Roads", top=["Orc Patrol", "Cross Roads", "Gollum"], turn=2)
        game = arranged.game
        play_turn(game, way="up")  # three cards on, Gollum walks all three back
        assert game.state.zones[LOCATION] == [arranged.location]
        assert walked_back_over(game) == 3
        before = len(game.state.log)
        game.agents[0] = agent_class(seed=1)
        game.play_turn()
        travelled = [entry for entry in game.state.log[before:] if entry[0] == "travel"]
        assert travelled == [("travel", "right", 1)], agent_class.name
        assert ("effect", "Gollum") not in game.state.log[before:]
