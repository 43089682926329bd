"""The Leadership starter deck of the LCG core set, as card files: each card is loaded from
``cardscripts/lcg-core`` and played on a table set up for it, and the test checks it did what its
text says. "seed" is the core set rulebook in the specification (section named); "RR" the
publisher's published Rules Reference (entry named)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

from lcg_fixtures import PROWLER, SCENARIO, Scripted, by_label
from lcg_table import clear_staging, put

from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.games.lcg import convert, triggers
from lotr_rules.games.lcg.game import LcgConfig, LcgGame
from lotr_rules.games.lcg.record import LcgCard, Scenario
from lotr_rules.games.lcg.state import DECK, DISCARD, ENGAGED, HAND, PLAY, STAGING
from lotr_rules.games.lcg.vocabulary import vocabulary

CARDS = Path(__file__).resolve().parent.parent / "cardscripts"
HEROES = ("Aragorn", "Théodred", "Glóin")
#: the Leadership player cards of the core set, #13 to #27
DECK_CARDS = (
    "Guard of the Citadel",
    "Faramir",
    "Son of Arnor",
    "Snowbourn Scout",
    "Silverlode Archer",
    "Longbeard Orc Slayer",
    "Brok Ironfist",
    "Ever Vigilant",
    "Common Cause",
    "For Gondor!",
    "Sneak Attack",
    "Valiant Sacrifice",
    "Grim Resolve",
    "Steward of Gondor",
    "Celebrían's Stone",
)
# Test-only encounter cards: two Orcs and an enemy with no trait.
ORC = LcgCard(
    "Test Orc", "enemy", engagement_cost=25, threat=1, attack=2, defense=0, hit_points=2, traits=frozenset({"Orc"})
)
BIG_ORC = LcgCard(
    "Test Big Orc", "enemy", engagement_cost=35, threat=2, attack=3, defense=1, hit_points=4, traits=frozenset({"Orc"})
)
SPIDER = LcgCard("Test Spider", "enemy", engagement_cost=30, threat=2, attack=2, defense=1, hit_points=3)
GLADE = LcgCard("Test Glade", "location", threat=1, quest_points=3, copies=2)

Answer = Callable[[DecisionRequest], "int | None"]


@functools.cache
def records() -> dict[str, LcgCard]:
    catalogue = load_sets((CARDS,), vocabulary=vocabulary())
    return convert.to_records(catalogue.in_sets(["lcg-core"]))


def mine() -> list[str]:
    return [name for name in (*HEROES, *DECK_CARDS) if name in records()]


def game_of(answer: Answer | None = None, players: int = 1) -> LcgGame:
    """A game after setup, every player with the Leadership heroes and cards, empty hands and an
    empty staging area."""
    cards = records()
    deck = tuple(cards[name] for name in DECK_CARDS if name in cards and cards[name].type != "hero")
    decks = []
    for _ in range(players):
        heroes = tuple(cards[name] for name in HEROES)
        decks.append(convert.player_deck(heroes, deck))
    scenario = Scenario("Test Orcs", SCENARIO.quest, (PROWLER, ORC, BIG_ORC, SPIDER, GLADE))
    config = LcgConfig(scenario, tuple(decks[:1]) if players == 1 else _distinct(decks), mulligan=False)
    game = LcgGame(config, [Scripted(answer) for _ in range(players)])
    for player in range(players):
        for card in list(game.z(HAND, player)):
            game.move(card, DECK, player)
    clear_staging(game)
    game.begin_action()
    return game


def _distinct(decks: list[object]) -> tuple[convert.PlayerDeck, ...]:
    """Two players cannot both start with the same unique hero: the second seat's heroes are
    renamed copies."""
    import attrs

    first, second = decks
    assert isinstance(first, convert.PlayerDeck) and isinstance(second, convert.PlayerDeck)
    heroes = tuple(attrs.evolve(h, name=f"{h.name} II") for h in second.heroes)
    return (first, convert.PlayerDeck(heroes, second.deck))


def hero(game: LcgGame, name: str, player: int = 0) -> int:
    return next(c for c in game.heroes(player) if game.records[c].name.startswith(name))


def choose(*names: str) -> Answer:
    """Use every Response and pick the named cards (then anything else offered: pass)."""

    def answer(request: DecisionRequest) -> int | None:
        if request.kind == "response":
            return 1
        for name in names:
            found = by_label(request, name)
            if found is not None:
                return found
        return None

    return answer


def use_action(game: LcgGame, player: int, card: int) -> None:
    options = triggers.action_options(game, player)
    chosen = next(o for o in options if o.value[1] == card)  # type: ignore[index]
    triggers.use_action(game, player, chosen.value[1], chosen.value[2])  # type: ignore[index]


def play(game: LcgGame, name: str, player: int = 0, host: int = -1) -> int:
    """Put the card in the player's hand, give the heroes the resources and play it."""
    card = put(game, name, HAND, player)
    for each in game.heroes(player):
        game.state.resources[each] = game.state.resources.get(each, 0) + game.records[card].cost
    game.begin_action()
    game.play(player, card, host)
    return card


# ---------------------------------------------------------------------- loading


def test_every_card_loads_with_the_facts_of_the_card_list() -> None:
    """The card files give each card's type, sphere, cost, stats, traits, keywords and copies as
    the core set's card list has them (vanilla cards have nothing else to test)."""
    cards = records()
    guard = cards["Guard of the Citadel"]
    assert (guard.type, guard.sphere, guard.cost, guard.copies) == ("ally", "leadership", 2, 3)
    assert (guard.willpower, guard.attack, guard.defense, guard.hit_points) == (1, 1, 0, 2)
    assert guard.traits == {"Gondor", "Warrior"} and not guard.triggers and not guard.unique
    archer = cards["Silverlode Archer"]
    assert (archer.type, archer.sphere, archer.cost, archer.copies) == ("ally", "leadership", 3, 2)
    assert (archer.willpower, archer.attack, archer.defense, archer.hit_points) == (1, 2, 0, 1)
    assert archer.traits == {"Archer", "Silvan"} and archer.ranged and not archer.triggers
    aragorn = cards["Aragorn"]
    assert (aragorn.threat_cost, aragorn.willpower, aragorn.attack, aragorn.defense, aragorn.hit_points) == (
        12,
        2,
        3,
        2,
        5,
    )
    assert aragorn.sentinel and aragorn.unique and aragorn.traits == {"Dunedain", "Noble", "Ranger"}
    assert (cards["Théodred"].threat_cost, cards["Glóin"].threat_cost) == (8, 9)
    for name in mine():
        assert cards[name].sphere == "leadership", name
        assert cards[name].text, name


# ---------------------------------------------------------------------- heroes


def _quest_with(game: LcgGame, *names: str) -> None:
    """Commit the named heroes to the quest (only them), with nothing revealed."""
    game.state.phase = "quest"
    for each in game.characters(0):
        if not any(game.records[each].name.startswith(n) for n in names):
            game.state.exhausted.add(each)
    deck = game.z("encounter deck")
    deck.clear()
    game.quest_phase()


def test_aragorn_readies_himself_for_a_resource_after_he_commits() -> None:
    """Aragorn: after he commits to the quest, 1 resource from his pool readies him; without a
    resource the Response is not offered (seed "Committing to the Quest": committing exhausts)."""
    game = game_of(choose("Aragorn"))
    aragorn = hero(game, "Aragorn")
    game.state.resources[aragorn] = 2
    _quest_with(game, "Aragorn")
    assert game.ready(aragorn) and game.state.resources[aragorn] == 1
    game = game_of(choose("Aragorn"))
    aragorn = hero(game, "Aragorn")
    game.state.resources[aragorn] = 0
    _quest_with(game, "Aragorn")
    assert not game.ready(aragorn)
    agent = game.agents[0]
    assert isinstance(agent, Scripted)
    assert not [r for r in agent.asked if r.kind == "response"]


def test_theodred_gives_a_committed_hero_a_resource() -> None:
    """Théodred: after he commits, a hero committed to the quest (his player's choice: here
    Aragorn) gains 1 resource; a hero that did not commit (Glóin) is not offered."""
    asked: list[list[str]] = []

    def answer(request: DecisionRequest) -> int | None:
        if request.kind == "choose card":
            asked.append([o.label for o in request.options])
            return by_label(request, "Aragorn")
        if request.kind == "commit":
            return by_label(request, "Aragorn") or by_label(request, "Théodred")
        return 1 if request.kind == "response" else None

    game = game_of(answer)
    gloin = hero(game, "Glóin")
    game.state.exhausted.add(gloin)
    game.state.phase = "quest"
    game.z("encounter deck").clear()
    # Aragorn commits first, then Théodred: when Théodred's Response is used both are committed.
    aragorn = hero(game, "Aragorn")
    game.state.resources[aragorn] = 0
    game.quest_phase()
    assert asked == [["Aragorn", "Théodred"]]
    assert game.state.resources[aragorn] == 1
    assert game.state.resources[hero(game, "Théodred")] == 0


def test_gloin_gains_a_resource_for_each_point_of_damage() -> None:
    """Glóin: after he is dealt damage, his pool gains that many resources."""
    game = game_of(choose())
    gloin = hero(game, "Glóin")
    game.state.resources[gloin] = 1
    game.deal_damage(gloin, 3)
    assert game.state.resources[gloin] == 4 and game.state.damage[gloin] == 3
    # Damage that destroys him leaves nothing to answer: he is out of play.
    game.deal_damage(gloin, 1)
    assert gloin in game.z(DISCARD, 0)
    agent = game.agents[0]
    assert isinstance(agent, Scripted) and len([r for r in agent.asked if r.kind == "response"]) == 1


# ---------------------------------------------------------------------- allies


def test_faramir_gives_each_character_of_the_chosen_player_willpower() -> None:
    """Faramir: exhausting him, his player names a player (here the second); each character that
    player controls has +1 willpower until the end of the phase, no one else's."""
    game = game_of(choose("player 2"), players=2)
    faramir = put(game, "Faramir", PLAY, 0)
    guard = put(game, "Guard of the Citadel", PLAY, 1)
    game.state.phase = "quest"
    use_action(game, 0, faramir)
    assert not game.ready(faramir)
    assert game.stat(guard, "willpower") == 2
    assert [game.stat(h, "willpower") for h in game.heroes(1)] == [3, 2, 3]
    assert [game.stat(h, "willpower") for h in game.heroes(0)] == [2, 1, 2]
    assert not triggers.action_options(game, 0), "an exhausted Faramir cannot pay again"
    game.state.effects = [e for e in game.state.effects if e[3] != "phase"]
    assert game.stat(guard, "willpower") == 1


def test_snowbourn_scout_places_a_progress_on_a_location() -> None:
    """Snowbourn Scout: after it enters play, 1 progress goes on a location of its player's choice."""
    game = game_of(choose("Test Glade"))
    glade = put(game, "Test Glade", STAGING)
    play(game, "Snowbourn Scout")
    assert game.state.progress.get(glade) == 1


def test_longbeard_orc_slayer_deals_1_damage_to_each_orc() -> None:
    """Longbeard Orc Slayer: after it enters play, every Orc enemy in play (staging area or
    engaged) takes 1 damage; other enemies take none."""
    game = game_of(choose())
    orc = put(game, "Test Orc", STAGING)
    big = put(game, "Test Big Orc", ENGAGED, 0)
    spider = put(game, "Test Spider", STAGING)
    play(game, "Longbeard Orc Slayer")
    assert game.state.damage.get(orc) == 1 and game.state.damage.get(big) == 1
    assert spider not in game.state.damage


# ---------------------------------------------------------------------- events


def test_ever_vigilant_readies_an_ally() -> None:
    """Ever Vigilant: its player picks an ally and readies it."""
    game = game_of(choose("Guard of the Citadel"))
    guard = put(game, "Guard of the Citadel", PLAY, 0)
    game.state.exhausted.add(guard)
    card = play(game, "Ever Vigilant")
    assert game.ready(guard) and card in game.z(DISCARD, 0)


def test_grim_resolve_readies_every_character_in_play() -> None:
    """Grim Resolve: every character in play, of every player, readies."""
    game = game_of(choose(), players=2)
    guard = put(game, "Guard of the Citadel", PLAY, 1)
    everyone = [*game.characters(0), *game.characters(1)]
    game.state.exhausted.update(everyone)
    orc = put(game, "Test Orc", ENGAGED, 0)
    game.state.exhausted.add(orc)
    play(game, "Grim Resolve")
    assert not game.state.exhausted & {*everyone, guard}
    assert orc in game.state.exhausted, "an enemy is not a character"


def test_for_gondor_gives_attack_to_all_and_defense_to_gondor_characters() -> None:
    """For Gondor!: until the end of the phase every character has +1 attack, and each Gondor
    character +1 defense too."""
    game = game_of(choose(), players=2)
    guard = put(game, "Guard of the Citadel", PLAY, 1)
    archer = put(game, "Silverlode Archer", PLAY, 0)
    aragorn = hero(game, "Aragorn")
    play(game, "For Gondor!")
    assert (game.stat(guard, "attack"), game.stat(guard, "defense")) == (2, 1)
    assert (game.stat(archer, "attack"), game.stat(archer, "defense")) == (3, 0)
    assert (game.stat(aragorn, "attack"), game.stat(aragorn, "defense")) == (4, 2)
    game.run_phase("refresh")
    assert (game.stat(guard, "attack"), game.stat(guard, "defense")) == (1, 0)


def test_son_of_arnor_engages_an_enemy_from_staging_or_another_player() -> None:
    """Son of Arnor: after it enters play, an enemy in the staging area or engaged with another
    player engages its player; the enemies already engaged with that player are not offered."""
    offered: list[list[str]] = []

    def answer(request: DecisionRequest) -> int | None:
        if request.kind == "choose card":
            offered.append([o.label for o in request.options])
            return by_label(request, "Test Big Orc")
        return 1 if request.kind == "response" else None

    game = game_of(answer, players=2)
    orc = put(game, "Test Orc", ENGAGED, 0)
    spider = put(game, "Test Spider", STAGING)
    big = put(game, "Test Big Orc", ENGAGED, 1)
    play(game, "Son of Arnor")
    assert offered == [["Test Spider", "Test Big Orc"]]
    assert game.locate(big) == (ENGAGED, 0) and game.locate(orc) == (ENGAGED, 0)
    assert game.locate(spider) == (STAGING, -1)


def test_valiant_sacrifice_lets_the_allys_controller_draw_2() -> None:
    """Valiant Sacrifice: after an ally leaves play (here the second player's, destroyed), the
    first player plays it from hand, paying its cost, and the ally's controller draws 2 cards."""
    game = game_of(choose(), players=2)
    guard = put(game, "Guard of the Citadel", PLAY, 1)
    sacrifice = put(game, "Valiant Sacrifice", HAND, 0)
    game.state.resources[hero(game, "Aragorn")] = 1
    hand = len(game.z(HAND, 1))
    game.deal_damage(guard, 2)
    assert guard in game.z(DISCARD, 1) and sacrifice in game.z(DISCARD, 0)
    assert len(game.z(HAND, 1)) == hand + 2 and game.z(HAND, 0) == []
    assert game.state.resources[hero(game, "Aragorn")] == 0
    # A hero leaving play is no ally's: the Response is not offered.
    sacrifice = put(game, "Valiant Sacrifice", HAND, 0)
    game.state.resources[hero(game, "Aragorn")] = 1
    game.deal_damage(hero(game, "Glóin", 1), 9)
    assert sacrifice in game.z(HAND, 0)


def test_sneak_attack_puts_an_ally_into_play_until_the_end_of_the_phase() -> None:
    """Sneak Attack: an ally of its player's choice enters play from hand without being paid for
    (its "enters play" Response answers, though one answering "after you play it from your hand"
    would not: it is not played), and goes back to its owner's hand as the phase ends."""
    game = game_of(choose("Longbeard Orc Slayer"))
    orc = put(game, "Test Orc", STAGING)
    slayer = put(game, "Longbeard Orc Slayer", HAND, 0)
    guard = put(game, "Guard of the Citadel", HAND, 0)
    game.state.phase = "combat"
    play(game, "Sneak Attack")
    assert slayer in game.z(PLAY, 0) and guard in game.z(HAND, 0)
    assert game.state.damage.get(orc) == 1, "the Orc Slayer's Response answered"
    assert sum(game.state.resources.values()) == 2, "of 3 resources given, only Sneak Attack's 1 was paid"
    game.run_phase("refresh")
    assert slayer in game.z(HAND, 0)
    assert not game.state.turn_triggers


def test_a_sneak_attacked_ally_that_left_play_is_not_returned() -> None:
    """Sneak Attack: only an ally still in play goes back; one destroyed and played again in the
    same phase is a new card (RR "Leaves Play"), which stays."""
    game = game_of(choose("Guard of the Citadel"))
    guard = put(game, "Guard of the Citadel", HAND, 0)
    play(game, "Sneak Attack")
    game.deal_damage(guard, 2)
    assert guard in game.z(DISCARD, 0)
    game.move(guard, HAND, 0)
    game.state.resources[hero(game, "Aragorn")] = 2
    game.play(0, guard)
    game.run_phase("refresh")
    assert guard in game.z(PLAY, 0)


def test_a_unique_ally_whose_title_is_in_play_does_not_enter_play() -> None:
    """seed "Unique Cards": a card cannot be put into play while its title is in play; it stays
    in hand, and Sneak Attack is still spent."""
    game = game_of(choose("Faramir"), players=2)
    put(game, "Faramir", PLAY, 1)
    faramir = put(game, "Faramir", HAND, 0)
    attack = play(game, "Sneak Attack")
    assert faramir in game.z(HAND, 0) and attack in game.z(DISCARD, 0)



def test_brok_ironfist_enters_play_from_hand_after_a_dwarf_hero_leaves_play() -> None:
    """Brok Ironfist: after a Dwarf hero its player controls leaves play (Glóin, destroyed), Brok
    is put into play from hand, unpaid. Another player's Dwarf, or a hero without the trait, does
    not let him; nor does his title in play (seed "Unique Cards")."""
    game = game_of(choose(), players=2)
    brok = put(game, "Brok Ironfist", HAND, 0)
    game.deal_damage(hero(game, "Aragorn"), 9)
    game.deal_damage(hero(game, "Glóin", 1), 9)
    assert brok in game.z(HAND, 0)
    game.deal_damage(hero(game, "Glóin"), 9)
    assert brok in game.z(PLAY, 0)
    assert game.state.resources[hero(game, "Théodred")] == 0
    game = game_of(choose(), players=2)
    put(game, "Brok Ironfist", PLAY, 1)
    brok = put(game, "Brok Ironfist", HAND, 0)
    game.deal_damage(hero(game, "Glóin"), 9)
    assert brok in game.z(HAND, 0)
    agent = game.agents[0]
    assert isinstance(agent, Scripted)
    assert not [o for r in agent.asked for o in r.options if o.label.startswith("Brok")]

# ---------------------------------------------------------------------- what the compiler refuses


def _findings(body: str) -> list[str]:
    from lotr_rules.dsl.compiler import Compiler
    from lotr_rules.dsl.parser import parse_card

    text = (
        'card "Test" {\n  id test\n  type event\n  sphere leadership\n  provenance designed\n'
        f'  text "A test."\n  action {{\n{body}\n  }}\n}}\n'
    )
    compiler = Compiler(vocabulary(), "test.card")
    compiler.compile_card(parse_card(text))
    return [f"{d.code} {d.message}" for d in compiler.diagnostics]


def test_put_goes_only_into_play_or_into_hand() -> None:
    """E121: 'put' puts cards into play or into hand; any other zone is refused at its word."""
    assert _findings("    put an ally from hand into play") == []
    assert _findings("    put all allies in play into hand") == []
    assert _findings("    put an ally from hand into discard pile") == [
        "E121 'put' cannot put cards into discard pile"
    ]


def test_an_effect_waits_only_for_the_end_of_a_phase_or_round() -> None:
    """E114: inside an effect, 'at end of phase' and 'at end of round' wait; no other trigger can
    (the rules would never resolve it as written)."""
    assert _findings("    at end of round {\n      draw 1\n    }") == []
    assert _findings("    at end of phase {\n      draw 1\n    }\n    draw 1") == []
    found = _findings("    when a card would be revealed {\n      draw 1\n    }")
    assert [f[:4] for f in found] == ["E114"]


# ---------------------------------------------------------------------- granted traits and icons
#: a test-only Spirit event, to see which heroes' pools may pay for a Spirit card
SPIRIT_SONG = LcgCard("Test Spirit Song", "event", sphere="spirit", cost=1)


def test_steward_of_gondor_makes_its_hero_gondor_while_attached() -> None:
    """Steward of Gondor: the hero it is attached to has the Gondor trait as long as it is there
    (RR "Traits": a card gaining a trait has it for every rule and effect); For Gondor! then
    gives that hero its +1 defense. The trait goes when the attachment does."""
    game = game_of(choose())
    theodred = hero(game, "Théodred")
    assert not game.traits_of(theodred) & {"Gondor"}
    steward = play(game, "Steward of Gondor", host=theodred)
    assert "Gondor" in game.traits_of(theodred)
    assert "Gondor" not in game.traits_of(hero(game, "Aragorn")), "only the hero it is attached to"
    play(game, "For Gondor!")
    assert game.stat(theodred, "defense") == game.records[theodred].defense + 1
    game.state.effects.clear()
    game.discard(steward)
    assert "Gondor" not in game.traits_of(theodred)


def test_steward_of_gondor_exhausts_to_add_2_resources_to_its_hero() -> None:
    """Steward of Gondor's Action: exhausting it (the cost) puts 2 resources in the attached
    hero's pool; exhausted, it cannot be used again (RR "Costs")."""
    game = game_of(choose())
    gloin = hero(game, "Glóin")
    steward = play(game, "Steward of Gondor", host=gloin)
    before = game.state.resources.get(gloin, 0)
    use_action(game, 0, steward)
    assert game.state.resources[gloin] == before + 2
    assert not game.ready(steward)
    assert not any(o.value[1] == steward for o in triggers.action_options(game, 0))  # type: ignore[index]


def _with_spirit_song() -> tuple[LcgGame, int]:
    cards = records()
    heroes = tuple(cards[name] for name in HEROES)
    deck = convert.player_deck(heroes, (cards["Celebrían's Stone"], SPIRIT_SONG))
    scenario = Scenario("Test Orcs", SCENARIO.quest, (PROWLER, ORC))
    game = LcgGame(LcgConfig(scenario, (deck,), mulligan=False), [Scripted(choose())])
    song = next(c for c, r in enumerate(game.records) if r.name == "Test Spirit Song")
    for each in game.heroes(0):
        game.state.resources[each] = 0
    return game, song


def test_celebrians_stone_gives_2_willpower_and_aragorn_a_spirit_icon() -> None:
    """Celebrían's Stone: +2 willpower to its hero; on Aragorn it adds a Spirit resource icon,
    so his pool pays for Spirit cards (seed "Resource Match", RR "Resource Icon")."""
    game, song = _with_spirit_song()
    aragorn = hero(game, "Aragorn")
    game.state.resources[aragorn] = 1
    assert not game.can_pay(0, song), "a Leadership hero's pool does not pay for a Spirit card"
    stone = put(game, "Celebrían's Stone", PLAY, 0)
    game.attach(stone, aragorn)
    assert game.stat(aragorn, "willpower") == 4
    assert game.matching_heroes(0, song) == [aragorn]
    assert game.can_pay(0, song)
    game.pay(0, song)
    assert game.state.resources[aragorn] == 0
    game.discard(stone)
    game.state.resources[aragorn] = 1
    assert not game.can_pay(0, song) and game.stat(aragorn, "willpower") == 2


def test_celebrians_stone_on_another_hero_gives_no_icon() -> None:
    """Celebrían's Stone on a hero other than Aragorn: +2 willpower, no Spirit icon."""
    game, song = _with_spirit_song()
    theodred = hero(game, "Théodred")
    game.state.resources[theodred] = 1
    stone = put(game, "Celebrían's Stone", PLAY, 0)
    game.attach(stone, theodred)
    assert game.stat(theodred, "willpower") == game.records[theodred].willpower + 2
    assert not game.can_pay(0, song)


# ---------------------------------------------------------------------- a different card
def test_common_cause_exhausts_a_hero_to_ready_a_different_hero() -> None:
    """Common Cause: its cost exhausts a hero of its player; the hero then readied is a
    different one, of any player (RR "Costs": the cost is paid first; the effect's choice
    cannot be the hero paid)."""
    asked_for: list[list[str]] = []

    def answer(request: DecisionRequest) -> int | None:
        if request.kind == "choose card":
            asked_for.append([option.label for option in request.options])
        return choose("Aragorn", "Glóin II")(request)

    game = game_of(answer, players=2)
    aragorn = hero(game, "Aragorn")
    gloin = hero(game, "Glóin II", 1)
    game.state.exhausted.update({gloin, hero(game, "Théodred")})
    play(game, "Common Cause")
    assert not game.ready(aragorn), "Aragorn paid the cost"
    assert game.ready(gloin), "another player's hero was readied"
    assert not any(label == "Aragorn" for labels in asked_for[1:] for label in labels)


def test_common_cause_is_not_played_without_a_ready_hero() -> None:
    """Common Cause cannot be played when no hero of its player is ready to pay its cost."""
    game = game_of(choose())
    card = put(game, "Common Cause", HAND, 0)
    game.state.exhausted.update(game.heroes(0))
    assert not any(o.value == (card, -1) for o in game.playable(0, planning=False))
    game.state.exhausted.discard(hero(game, "Glóin"))
    assert any(o.value == (card, -1) for o in game.playable(0, planning=False))
