"""The Lore cards of the LCG core set (and the neutral Gandalf) as card files, each played in a
scenario: a game of the test scenario after setup, the card put where the test needs it, its
ability used through the rules' own windows, and what it did checked. "RR" is the published
Rules Reference (entry named); card facts come from the public list of the core set's cards."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from lcg_fixtures import GUIDE, PROWLER, SAGE, SCENARIO, SHIELD_HERO, Scripted
from lcg_table import clear_staging, put, stack

from lotr_rules.cards.loader import load_sets
from lotr_rules.dsl.compiler import Compiler
from lotr_rules.dsl.parser import parse_card
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.games.lcg import combat, convert, triggers
from lotr_rules.games.lcg.game import LcgConfig, LcgGame
from lotr_rules.games.lcg.log import line
from lotr_rules.games.lcg.record import LcgCard, PlayerDeck
from lotr_rules.games.lcg.state import DECK, DISCARD, ENCOUNTER_DECK, ENGAGED, HAND, PLAY, QUEST, STAGING
from lotr_rules.games.lcg.vocabulary import vocabulary

CARDS = Path(__file__).resolve().parent.parent / "cardscripts" / "lcg-core"

Rule = Callable[[DecisionRequest], int | None]


@functools.cache
def records() -> dict[str, LcgCard]:
    catalogue = load_sets((CARDS,), vocabulary=vocabulary())
    return convert.to_records(catalogue.in_sets(["lcg-core"]))


def lore_deck(heroes: Sequence[str], extra: Sequence[LcgCard] = ()) -> PlayerDeck:
    """The given heroes and every Lore and neutral player card of the set (at most 3 copies, as a
    deck may)."""
    cards = records()
    deck = tuple(
        r
        for r in cards.values()
        if r.type in ("ally", "attachment", "event") and r.sphere in ("lore", "neutral")
        for _ in range(min(r.copies, 3))
    )
    return PlayerDeck(tuple(cards[h] for h in heroes), (*deck, *extra))


def answering(*rules: Rule) -> Rule:
    """The first rule with an answer answers; otherwise the agent passes."""

    def answer(request: DecisionRequest) -> int | None:
        for rule in rules:
            chosen = rule(request)
            if chosen is not None:
                return chosen
        return None

    return answer


def value(kind: str, wanted: object) -> Rule:
    """Answer a decision of this kind with the option whose value is ``wanted``."""

    def rule(request: DecisionRequest) -> int | None:
        if request.kind != kind:
            return None
        return next((i for i, o in enumerate(request.options) if o.value == wanted), None)

    return rule


def label(kind: str, wanted: str) -> Rule:
    """Answer a decision of this kind with the option whose label starts with ``wanted``."""

    def rule(request: DecisionRequest) -> int | None:
        if request.kind != kind:
            return None
        return next((i for i, o in enumerate(request.options) if o.label.startswith(wanted)), None)

    return rule


def game_of(
    heroes: Sequence[str] = ("Glorfindel", "Beravor"),
    *rules: Rule,
    players: int = 1,
    extra: Sequence[LcgCard] = (),
) -> LcgGame:
    """A game after setup with empty hands and staging area; player 1 plays the Lore cards,
    player 2 (if any) the fixture heroes."""
    decks = [lore_deck(heroes, extra)]
    if players > 1:
        decks.append(PlayerDeck((SAGE, SHIELD_HERO, GUIDE), lore_deck(()).deck))
    answer = answering(*rules)
    agents = [Scripted(answer) for _ in decks]
    game = LcgGame(LcgConfig(SCENARIO, tuple(decks), seed=3, mulligan=False), agents)
    for player in range(players):
        for card in list(game.z(HAND, player)):
            game.move(card, DECK, player)
    clear_staging(game)
    game.state.phase = "planning"
    return game


def card(game: LcgGame, name: str, player: int = 0) -> int:
    """A copy of a card owned by the player, wherever it is (a hero in play, else in the deck)."""
    return next(c for c, r in enumerate(game.records) if r.name == name and game.owners[c] == player)


def hand(game: LcgGame, name: str, player: int = 0) -> int:
    return put(game, name, HAND, player)


def ally(game: LcgGame, name: str, player: int = 0) -> int:
    return put(game, name, PLAY, player)


def fund(game: LcgGame, hero: int, amount: int) -> None:
    game.state.resources[hero] = amount


def act(game: LcgGame, this: int, player: int = 0) -> None:
    """Use the card's Action ability (its only one) as the rules would in an action window."""
    index = next(ability for card, ability in actions(game, player) if card == this)
    triggers.use_action(game, player, this, index)


def actions(game: LcgGame, player: int = 0) -> list[tuple[int, int]]:
    """The (card, ability) pairs the player could use as an Action now."""
    out = []
    for option in triggers.action_options(game, player):
        found: tuple[str, int, int] = option.value  # type: ignore[assignment]
        out.append((found[1], found[2]))
    return out


def can_act(game: LcgGame, this: int, player: int = 0) -> bool:
    return any(card == this for card, _ in actions(game, player))


def hurt(game: LcgGame, target: int, amount: int) -> None:
    game.state.damage[target] = amount


# ---------------------------------------------------------------- heroes
def test_glorfindel_pays_a_resource_to_heal_one_damage_once_a_round() -> None:
    game = game_of(("Glorfindel", "Beravor"), label("choose card", "Beravor"))
    glorfindel, beravor = card(game, "Glorfindel"), card(game, "Beravor")
    fund(game, glorfindel, 2)
    hurt(game, beravor, 2)
    act(game, glorfindel)
    assert game.state.damage[beravor] == 1
    assert game.state.resources[glorfindel] == 1
    # Limit once per round (RR "Limits"): not again this round, even with a resource left.
    assert not can_act(game, glorfindel)
    game.state.used.clear()
    fund(game, glorfindel, 0)
    assert not can_act(game, glorfindel), "no resource in his pool: the cost cannot be paid"


def test_beravor_exhausts_so_a_chosen_player_draws_two() -> None:
    game = game_of(("Glorfindel", "Beravor"), value("choose a player", 1), players=2)
    beravor = card(game, "Beravor")
    before = len(game.z(HAND, 1))
    act(game, beravor)
    assert len(game.z(HAND, 1)) == before + 2
    assert beravor in game.state.exhausted
    game.state.exhausted.clear()
    assert not can_act(game, beravor), "limit once per round"


@pytest.mark.parametrize("move", [True, False])
def test_denethor_looks_at_the_top_encounter_card_and_may_put_it_at_the_bottom(move: bool) -> None:
    game = game_of(("Denethor", "Glorfindel"), label("may", "yes" if move else "no"))
    denethor = card(game, "Denethor")
    deck = game.z(ENCOUNTER_DECK)
    top, second = deck[0], deck[1]
    act(game, denethor)
    assert denethor in game.state.exhausted
    entry = next(e for e in reversed(game.state.log) if e[0] == "looked at")
    assert entry[1:] == (0, 1, (game.card_name(top),))
    # the line every player reads tells how many cards, never which
    assert game.card_name(top) not in line(entry)
    if move:
        assert (deck[0], deck[-1]) == (second, top)
    else:
        assert deck[0] == top


def test_the_look_reads_the_top_of_the_encounter_deck_that_the_next_reveal_takes() -> None:
    game = game_of(("Denethor", "Glorfindel"), label("may", "no"))
    top = game.z(ENCOUNTER_DECK)[0]
    act(game, card(game, "Denethor"))
    game.state.phase = "quest"
    game.reveal_encounter(0)
    assert ("revealed", game.card_name(top)) in game.state.log


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("move all cards from looked at on top of discard pile", "E197"),
        ("move all cards from looked at on bottom of deck", "E197"),
        ("move a card from hand on top of encounter deck", "E124"),
        ("move all cards from looked at on bottom of encounter deck", ""),
    ],
)
def test_put_takes_only_cards_looked_at_and_puts_them_only_on_the_encounter_deck(line: str, code: str) -> None:
    text = f"""card "Seer" {{
  id seer
  type event
  sphere lore
  cost 1
  provenance designed
  text "Look at the top encounter card, then move it."
  action {{
    look at a card from encounter deck
    {line}
  }}
}}
"""
    compiler = Compiler(vocabulary(), "seer.card")
    compiler.compile_card(parse_card(text))
    assert [d.code for d in compiler.diagnostics] == ([code] if code else [])


# ---------------------------------------------------------------- allies
def test_henamarth_riversong_exhausts_to_look_at_the_top_encounter_card() -> None:
    game = game_of()
    henamarth = ally(game, "Henamarth Riversong")
    before = list(game.z(ENCOUNTER_DECK))
    act(game, henamarth)
    assert game.z(ENCOUNTER_DECK) == before, "a look moves nothing"
    assert ("looked at", 0, 1, (game.card_name(before[0]),)) in game.state.log
    assert not can_act(game, henamarth)


def test_gleowine_exhausts_so_a_player_draws_one() -> None:
    game = game_of()
    gleowine = ally(game, "Gléowine")
    act(game, gleowine)
    assert len(game.z(HAND, 0)) == 1
    assert not can_act(game, gleowine), "exhausted: the cost cannot be paid again"


def test_daughter_of_the_nimrodel_heals_at_most_two_from_a_hero() -> None:
    game = game_of(("Glorfindel", "Beravor"), label("choose card", "Beravor"))
    beravor = card(game, "Beravor")
    hurt(game, beravor, 3)
    daughter = ally(game, "Daughter of the Nimrodel")
    miner = ally(game, "Miner of the Iron Hills")
    hurt(game, miner, 1)  # an ally is no hero: not offered
    act(game, daughter)
    assert game.state.damage[beravor] == 1
    assert game.state.damage[miner] == 1
    assert daughter in game.state.exhausted


def test_miner_of_the_iron_hills_discards_a_condition_attachment() -> None:
    curse = LcgCard("Test Curse", "attachment", sphere="lore", traits=frozenset({"Condition"}))
    tool = LcgCard("Test Tool", "attachment", sphere="lore", traits=frozenset({"Item"}))
    game = game_of(("Glorfindel", "Beravor"), label("response", "Miner"), extra=(curse, tool))
    glorfindel = card(game, "Glorfindel")
    # two attachments of the test's own, one a Condition, on Glorfindel
    attached = [put(game, "Test Curse", PLAY, 0), put(game, "Test Tool", PLAY, 0)]
    for each in attached:
        game.attach(each, glorfindel)
    miner = hand(game, "Miner of the Iron Hills")
    fund(game, glorfindel, 2)
    game.play(0, miner)
    assert game.locate(attached[0]) == (DISCARD, 0)
    assert game.state.attached_to.get(attached[1]) == glorfindel


def test_gandalf_offers_one_of_three_effects_and_leaves_at_the_end_of_the_round() -> None:
    for option in ("draw 3", "deal 4", "reduce"):
        game = game_of(("Glorfindel", "Beravor"), label("response", "Gandalf"), label("choose", option))
        prowler = put(game, PROWLER.name, ENGAGED, 0)
        gandalf = hand(game, "Gandalf")
        fund(game, card(game, "Glorfindel"), 5)
        threat = game.state.threat[0]
        game.play(0, gandalf)
        assert game.locate(gandalf) == (PLAY, 0)
        assert (len(game.z(HAND, 0)) == 3) == (option == "draw 3")
        assert (game.locate(prowler)[0] != ENGAGED) == (option == "deal 4"), "4 damage destroys a 2-hit-point enemy"
        assert game.state.threat[0] == threat - (5 if option == "reduce" else 0)
    # At the end of the round he is discarded (a Forced effect: no choice).
    game = game_of()
    gandalf = ally(game, "Gandalf")
    triggers.fire(game, "round ends", 0)
    assert game.locate(gandalf) == (DISCARD, 0)


def test_gandalf_ships_four_copies_and_is_neutral() -> None:
    gandalf = records()["Gandalf"]
    assert (gandalf.copies, gandalf.sphere, gandalf.unique, gandalf.cost) == (4, "neutral", True, 5)


# ---------------------------------------------------------------- events
def test_lore_of_imladris_heals_all_damage_from_one_character() -> None:
    game = game_of(("Glorfindel", "Beravor"), label("choose card", "Glorfindel"))
    glorfindel = card(game, "Glorfindel")
    hurt(game, glorfindel, 4)
    fund(game, glorfindel, 2)
    game.play(0, hand(game, "Lore of Imladris"))
    assert glorfindel not in game.state.damage
    assert game.state.resources[glorfindel] == 0


def test_loriens_wealth_has_a_chosen_player_draw_three() -> None:
    game = game_of(("Glorfindel", "Beravor"), value("choose a player", 1), players=2)
    fund(game, card(game, "Glorfindel"), 3)
    before = len(game.z(HAND, 1))
    game.play(0, hand(game, "Lórien's Wealth"))
    assert len(game.z(HAND, 1)) == before + 3
    assert game.z(HAND, 0) == []


def test_beorns_hospitality_heals_every_hero_of_the_chosen_player_only() -> None:
    game = game_of(("Glorfindel", "Beravor"), value("choose a player", 1), players=2)
    mine = card(game, "Glorfindel")
    theirs = game.heroes(1)
    for hero in (mine, *theirs):
        hurt(game, hero, 2)
    helper = ally(game, "Miner of the Iron Hills", 1)
    hurt(game, helper, 1)
    fund(game, mine, 5)
    game.play(0, hand(game, "Beorn's Hospitality"))
    assert all(hero not in game.state.damage for hero in theirs)
    assert game.state.damage[mine] == 2
    assert game.state.damage[helper] == 1, "an ally is no hero"


# ---------------------------------------------------------------- attachments
def test_self_preservation_exhausts_to_heal_two_from_its_character() -> None:
    game = game_of()
    beravor = card(game, "Beravor")
    hurt(game, beravor, 3)
    fund(game, beravor, 3)
    preservation = hand(game, "Self Preservation")
    game.play(0, preservation, beravor)
    act(game, preservation)
    assert game.state.damage[beravor] == 1
    assert not can_act(game, preservation)


def test_protector_of_lorien_discards_for_defense_or_willpower_three_times_a_phase() -> None:
    game = game_of(("Glorfindel", "Beravor"), label("choose", "+1 defense"))
    beravor = card(game, "Beravor")
    fund(game, beravor, 1)
    protector = hand(game, "Protector of Lórien")
    game.play(0, protector, beravor)
    for name in ("Gléowine", "Gandalf", "Lore of Imladris", "Gléowine"):
        hand(game, name)
    defense = game.stat(beravor, "defense")
    for _ in range(3):
        act(game, protector)
    assert game.stat(beravor, "defense") == defense + 3
    assert len(game.z(HAND, 0)) == 1
    assert not can_act(game, protector), "limit 3 times per phase"
    game.run_phase("refresh")
    assert game.stat(beravor, "defense") == defense
    # a new phase: usable again, here for willpower
    game.agents[0] = Scripted(label("choose", "+1 willpower"))
    willpower = game.stat(beravor, "willpower")
    act(game, protector)
    assert game.stat(beravor, "willpower") == willpower + 1
    assert game.z(HAND, 0) == []
    assert not can_act(game, protector), "no card left to discard"


@pytest.mark.parametrize("name", ["Glorfindel", "Beravor"])
def test_heroes_have_their_printed_facts(name: str) -> None:
    record = records()[name]
    assert record.unique and record.sphere == "lore" and record.type == "hero"


def test_erebor_hammersmith_takes_the_topmost_attachment_of_a_discard_pile_when_played() -> None:
    game = game_of(("Glorfindel", "Beravor"), label("response", "Erebor"), label("choose card", "Protector"), players=2)
    older = put(game, "Self Preservation", DISCARD, 1)
    newer = put(game, "Protector of Lórien", DISCARD, 1)
    put(game, "Lore of Imladris", DISCARD, 1)  # an event on top: not an attachment
    mine = put(game, "Self Preservation", DISCARD, 0)
    fund(game, card(game, "Glorfindel"), 2)
    game.play(0, hand(game, "Erebor Hammersmith"))
    assert game.locate(newer) == (HAND, 0), "the topmost attachment of player 2's pile, into your hand"
    assert game.locate(older) == (DISCARD, 1) and game.locate(mine) == (DISCARD, 0)


def test_erebor_hammersmith_answers_only_being_played_from_hand() -> None:
    game = game_of(("Glorfindel", "Beravor"), label("response", "Erebor"))
    attachment = put(game, "Self Preservation", DISCARD, 0)
    hammersmith = card(game, "Erebor Hammersmith")
    # put into play by an effect (not played): it enters play, but was not played
    game.move(hammersmith, PLAY, 0)
    triggers.fire(game, "enters play", 0, hammersmith)
    assert game.locate(attachment) == (DISCARD, 0)


# ---------------------------------------------------------------- a cost of X, looks, the quest
def nth(kind: str, index: int) -> Rule:
    """Answer a decision of this kind with its option at ``index``."""

    def rule(request: DecisionRequest) -> int | None:
        return index if request.kind == kind else None

    return rule


def test_gandalfs_search_shows_the_top_x_of_a_chosen_deck_and_gives_one_to_its_owner() -> None:
    """RR "X" (chosen and paid as the card is played); the cards are seen by the player looking
    only: the log's line says how many, never which. The rest go back in the order chosen."""
    game = game_of(
        ("Glorfindel", "Beravor"),
        value("x", 3),
        label("choose", "look at Player 2"),
        nth("choose card", 1),
        players=2,
    )
    fund(game, card(game, "Glorfindel"), 2)
    fund(game, card(game, "Beravor"), 1)
    deck = game.z(DECK, 1)
    first, second, third = deck[:3]
    search = hand(game, "Gandalf's Search")
    mine = list(game.z(DECK, 0))
    game.play(0, search)
    assert game.locate(second) == (HAND, 1), "the card chosen goes to its owner's hand"
    assert deck[:2] == [third, first], "the rest go back on top in the order chosen"
    assert game.z(DECK, 0) == mine
    assert game.state.resources[card(game, "Glorfindel")] + game.state.resources[card(game, "Beravor")] == 0
    entry = next(e for e in reversed(game.state.log) if e[0] == "looked at")
    assert entry[1:3] == (0, 3)
    assert game.card_name(first) not in line(entry)


@pytest.mark.parametrize("use", [True, False])
def test_radagasts_cunning_leaves_an_enemys_threat_out_of_the_quest_this_phase(use: bool) -> None:
    """Quest Action (RR "Actions", an action of one phase): the chosen enemy's threat is not
    counted at quest resolution (seed "Quest Phase"); after the phase it counts again."""
    rules = [label("commit", "Glorfindel"), label("choose card", "Test Brute")]
    if use:
        rules.insert(0, label("action", "play Radagast"))
    game = game_of(("Glorfindel", "Beravor"), *rules)
    fund(game, card(game, "Glorfindel"), 1)
    cunning = hand(game, "Radagast's Cunning")
    brute = put(game, "Test Brute", STAGING)  # threat 2
    put(game, "Test Prowler", STAGING)  # threat 1
    assert all(o.value != (cunning, -1) for o in game.playable(0, planning=False)), "not in the planning phase"
    stack(game, "Test Relic")  # staging reveals an objective of no threat
    stage = game.z(QUEST)[0]
    game.run_phase("quest")
    # Glorfindel's 3 willpower against 3 threat, or against 1 with the Brute left out
    assert game.state.progress.get(stage, 0) == (2 if use else 0)
    assert game.locate(cunning) == ((DISCARD, 0) if use else (HAND, 0))
    assert not game.rule_holds(brute, "conceal"), "it lasts until the end of the phase"
    assert game.staging_threat() == 3


def test_secret_paths_leaves_a_locations_threat_out_until_the_end_of_the_phase() -> None:
    """As Radagast's Cunning, for a location; a later change to its threat changes nothing."""
    game = game_of(("Glorfindel", "Beravor"), label("choose card", "Test Ruins"))
    fund(game, card(game, "Glorfindel"), 1)
    ruins = put(game, "Test Ruins", STAGING)  # threat 3
    put(game, "Test Prowler", STAGING)  # threat 1
    game.state.phase = "quest"
    paths = hand(game, "Secret Paths")
    game.play(0, paths)
    assert game.staging_threat() == 1
    game.add_effect(ruins, "threat", 2)
    assert game.staging_threat() == 1
    game.run_phase("refresh")
    assert game.staging_threat() == 4


def test_forest_snare_goes_on_an_enemy_engaged_with_you_which_then_cannot_attack() -> None:
    """RR "Attachment Cards": it goes on an enemy engaged with its player (not one in the staging
    area; the scenario file forest-snare-enemy-engaged-with-you leaves out the other player's
    enemies); while attached, the enemy makes no attack (RR "Combat Phase")."""
    game = game_of(("Glorfindel", "Beravor"), players=2)
    fund(game, card(game, "Glorfindel"), 3)
    brute = put(game, "Test Brute", ENGAGED, 0)
    put(game, "Test Prowler", STAGING)
    snare = hand(game, "Forest Snare")
    hosts = [o.value[1] for o in game.playable(0, planning=True) if o.value[0] == snare]
    assert hosts == [brute]
    game.play(0, snare, brute)
    assert game.state.attached_to[snare] == brute
    game.state.phase = "combat"
    game.combat_phase()
    assert not any(e[0] == "damage" for e in game.state.log), "the Brute made no attack"
    game.discard(snare)
    game.combat_phase()
    assert any(e[0] == "damage" for e in game.state.log), "without the snare it attacks"


def test_dark_knowledge_lowers_willpower_and_exhausts_to_see_a_shadow_card_in_private() -> None:
    """RR "Shadow Cards": the card stays face down; only its looker learns it. The options offer
    the face-down cards by the enemy each was dealt to, never by name."""
    game = game_of(
        ("Glorfindel", "Beravor"),
        nth("response", 1),
        label("choose card", "the face-down card dealt to Test Brute"),
    )
    glorfindel = card(game, "Glorfindel")
    fund(game, glorfindel, 1)
    knowledge = hand(game, "Dark Knowledge")
    willpower = game.stat(glorfindel, "willpower")
    game.play(0, knowledge, glorfindel)
    assert game.stat(glorfindel, "willpower") == willpower - 1
    brute = put(game, "Test Brute", ENGAGED, 0)
    put(game, "Test Prowler", ENGAGED, 0)
    combat.deal_shadow_cards(game)
    assert knowledge in game.state.exhausted
    shadow = next(s for s, enemy in game.state.shadow_of.items() if enemy == brute)
    entry = next(e for e in reversed(game.state.log) if e[0] == "looked at")
    assert entry[1:] == (0, 1, (game.card_name(shadow),))
    assert line(entry) == "Player 1 looks at 1 card in private"
    agent = game.agents[0]
    assert isinstance(agent, Scripted)
    (request,) = [r for r in agent.asked if r.kind == "choose card"]
    assert all(o.label.startswith("the face-down card dealt to") for o in request.options)


def test_dark_knowledge_is_not_offered_when_no_enemy_engaged_with_you_has_a_shadow_card() -> None:
    """The Response answers shadow cards dealt to enemies engaged with you only."""
    game = game_of(("Glorfindel", "Beravor"), nth("response", 1), players=2)
    glorfindel = card(game, "Glorfindel")
    fund(game, glorfindel, 1)
    knowledge = hand(game, "Dark Knowledge")
    game.play(0, knowledge, glorfindel)
    put(game, "Test Brute", ENGAGED, 1)
    combat.deal_shadow_cards(game)
    assert knowledge not in game.state.exhausted


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("hold attached enemy", ""),
        ("hold an enemy in any engagement area", "E131"),
        ("discard attached enemy", "E127"),
    ],
)
def test_a_while_block_holds_rules_on_cards_named_as_a_whole(line: str, code: str) -> None:
    """A rule held in a 'while' block asks nobody anything: it names its cards (E131); a
    command that cannot hold is refused there (E127)."""
    text = f"""card "Trap" {{
  id trap
  type attachment
  sphere lore
  cost 1
  attach-to any engaged enemy
  provenance designed
  text "The enemy it is on makes no attacks."
  while attached {{
    {line}
  }}
}}
"""
    compiler = Compiler(vocabulary(), "trap.card")
    compiler.compile_card(parse_card(text))
    assert [d.code for d in compiler.diagnostics] == ([code] if code else [])
