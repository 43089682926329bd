"""Small test-only LCG cards and helpers: no real card yet (their scripts come with the language
work). The numbers are chosen to exercise each rule, not copied from any printed card."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from lotr_rules.engine.decisions import DecisionRequest, Option
from lotr_rules.engine.game import Game
from lotr_rules.games.lcg.bots import LcgHeuristicAgent, RandomAgent
from lotr_rules.games.lcg.game import LcgConfig, LcgGame
from lotr_rules.games.lcg.record import LcgCard, PlayerDeck, Scenario

# ---------------------------------------------------------------- heroes
WARDEN = LcgCard(
    "Test Warden",
    "hero",
    sphere="leadership",
    threat_cost=10,
    willpower=2,
    attack=2,
    defense=2,
    hit_points=5,
    unique=True,
    traits=frozenset({"Warrior"}),
)
ARCHER = LcgCard(
    "Test Archer",
    "hero",
    sphere="tactics",
    threat_cost=9,
    willpower=1,
    attack=3,
    defense=1,
    hit_points=4,
    unique=True,
    ranged=True,
)
SEER = LcgCard(
    "Test Seer", "hero", sphere="spirit", threat_cost=8, willpower=3, attack=1, defense=1, hit_points=3, unique=True
)
SAGE = LcgCard(
    "Test Sage",
    "hero",
    sphere="lore",
    threat_cost=8,
    willpower=2,
    attack=1,
    defense=2,
    hit_points=4,
    unique=True,
    sentinel=True,
)
SHIELD_HERO = LcgCard(
    "Test Shieldbearer",
    "hero",
    sphere="tactics",
    threat_cost=11,
    willpower=1,
    attack=2,
    defense=3,
    hit_points=5,
    unique=True,
    sentinel=True,
)
GUIDE = LcgCard(
    "Test Guide", "hero", sphere="spirit", threat_cost=9, willpower=2, attack=2, defense=1, hit_points=4, unique=True
)

# ---------------------------------------------------------------- player deck cards
SPEARMAN = LcgCard("Test Spearman", "ally", sphere="leadership", cost=2, willpower=1, attack=1, defense=1, hit_points=2)
SCOUT = LcgCard(
    "Test Scout", "ally", sphere="tactics", cost=1, willpower=0, attack=1, defense=0, hit_points=1, ranged=True
)
PILGRIM = LcgCard("Test Pilgrim", "ally", sphere="spirit", cost=1, willpower=1, attack=0, defense=0, hit_points=1)
WIZARD = LcgCard(
    "Test Wizard", "ally", sphere="neutral", cost=5, willpower=4, attack=4, defense=4, hit_points=4, unique=True
)
FREE_ALLY = LcgCard("Test Volunteer", "ally", sphere="lore", cost=0, willpower=1, attack=0, defense=0, hit_points=1)
BLADE = LcgCard("Test Blade", "attachment", sphere="tactics", cost=1, grants=(("attack", 1),), restricted=True)
MAIL = LcgCard(
    "Test Mail",
    "attachment",
    sphere="leadership",
    cost=1,
    grants=(("defense", 1), ("hit_points", 1)),
    restricted=True,
    attach_to="hero",
)
BANNER = LcgCard("Test Banner", "attachment", sphere="spirit", cost=1, grants=(("willpower", 1),), unique=True)


def _rally(game: LcgGame, player: int, card: int) -> None:
    for hero in game.heroes(player):
        game.add_effect(hero, "willpower", 1)


def _second_wind(game: LcgGame, player: int, card: int) -> None:
    game.draw(player, 2)


RALLY = LcgCard(
    "Test Rally",
    "event",
    sphere="spirit",
    cost=1,
    action=_rally,
    text="Each of your heroes gets +1 willpower until the end of the phase.",
)
SECOND_WIND = LcgCard("Test Second Wind", "event", sphere="lore", cost=1, action=_second_wind, text="Draw 2 cards.")

# ---------------------------------------------------------------- encounter cards


def _shadow_plus_two(game: LcgGame, player: int, card: int) -> None:
    enemy = game.state.shadow_of[card]
    game.add_effect(enemy, "attack", 2)


def _grasp(game: LcgGame, player: int, card: int) -> None:
    for each in game.turn_order():
        game.raise_threat(each, 1)


BRUTE = LcgCard(
    "Test Brute",
    "enemy",
    engagement_cost=30,
    threat=2,
    attack=3,
    defense=1,
    hit_points=4,
    victory=2,
    copies=2,
    shadow=_shadow_plus_two,
)
PROWLER = LcgCard("Test Prowler", "enemy", engagement_cost=20, threat=1, attack=2, defense=0, hit_points=2, copies=3)
LURKER = LcgCard(
    "Test Lurker", "enemy", engagement_cost=40, threat=3, attack=4, defense=2, hit_points=5, copies=1, surge=True
)
GLADE = LcgCard("Test Glade", "location", threat=1, quest_points=3, copies=3, shadow=_shadow_plus_two)
RUINS = LcgCard("Test Ruins", "location", threat=3, quest_points=4, victory=1, copies=2)
GRASP = LcgCard("Test Grasp", "treachery", when_revealed=_grasp, copies=2)
OMEN = LcgCard("Test Omen", "treachery", doomed=1, surge=True, copies=2)
RELIC = LcgCard("Test Relic", "objective", copies=1)

STAGE_ONE = LcgCard(
    "Test Road", "quest", stage=1, back_name="Test Road (B)", quest_points=5, setup_staging=("Test Prowler",)
)
STAGE_TWO = LcgCard("Test Thicket", "quest", stage=2, back_name="Test Thicket (B)", quest_points=8)
STAGE_THREE = LcgCard("Test Escape", "quest", stage=3, back_name="Test Escape (B)", quest_points=6)

SCENARIO = Scenario(
    "Test Passage",
    quest=(STAGE_ONE, STAGE_TWO, STAGE_THREE),
    encounter=(BRUTE, PROWLER, LURKER, GLADE, RUINS, GRASP, OMEN, RELIC),
)

DECK_A = PlayerDeck(
    heroes=(WARDEN, ARCHER, SEER),
    deck=(
        *[SPEARMAN] * 3,
        *[SCOUT] * 3,
        *[PILGRIM] * 3,
        WIZARD,
        *[BLADE] * 3,
        *[MAIL] * 2,
        *[BANNER] * 2,
        *[RALLY] * 2,
        *[FREE_ALLY] * 3,
    ),
)
DECK_B = PlayerDeck(
    heroes=(SAGE, SHIELD_HERO, GUIDE),
    deck=(
        *[SPEARMAN] * 3,
        *[SCOUT] * 3,
        *[PILGRIM] * 3,
        WIZARD,
        *[BLADE] * 3,
        *[SECOND_WIND] * 3,
        *[FREE_ALLY] * 3,
        *[RALLY] * 2,
    ),
)
RANGER = LcgCard(
    "Test Ranger", "hero", sphere="lore", threat_cost=9, willpower=2, attack=2, defense=1, hit_points=4, unique=True
)
CAPTAIN = LcgCard(
    "Test Captain",
    "hero",
    sphere="leadership",
    threat_cost=10,
    willpower=2,
    attack=2,
    defense=2,
    hit_points=4,
    unique=True,
)
SMITH = LcgCard(
    "Test Smith", "hero", sphere="tactics", threat_cost=10, willpower=1, attack=3, defense=2, hit_points=5, unique=True
)
HEALER = LcgCard(
    "Test Healer", "hero", sphere="spirit", threat_cost=8, willpower=3, attack=0, defense=1, hit_points=3, unique=True
)
DECK_C = PlayerDeck(heroes=(RANGER, CAPTAIN), deck=DECK_A.deck)
DECK_D = PlayerDeck(heroes=(SMITH, HEALER), deck=DECK_B.deck)
DECKS = (DECK_A, DECK_B, DECK_C, DECK_D)


def config(players: int = 1, seed: int = 1, **kwargs: Any) -> LcgConfig:
    decks = DECKS[:players]
    return LcgConfig(scenario=kwargs.pop("scenario", SCENARIO), players=kwargs.pop("decks", decks), seed=seed, **kwargs)


# ---------------------------------------------------------------- agents for tests


class Scripted:
    """Answers by a function of the request (the index it returns); passes otherwise."""

    def __init__(self, answer: Callable[[DecisionRequest], int | None] | None = None) -> None:
        self.answer = answer
        self.asked: list[DecisionRequest] = []

    def choose(self, game: Game, request: DecisionRequest) -> int:
        self.asked.append(request)
        if self.answer is not None:
            chosen = self.answer(request)
            if chosen is not None:
                return chosen
        return first_pass(request.options)


def first_pass(options: Sequence[Option]) -> int:
    """The option that does nothing (pass, done, no defender...), else the first."""
    for i, option in enumerate(options):
        if option.value is None:
            return i
    return 0


def by_label(request: DecisionRequest, label: str) -> int | None:
    for i, option in enumerate(request.options):
        if option.label == label:
            return i
    return None


def heuristic(players: int, seed: int = 0) -> list[LcgHeuristicAgent]:
    return [LcgHeuristicAgent(seed + p) for p in range(players)]


def random_agents(players: int, seed: int = 0) -> list[RandomAgent]:
    return [RandomAgent(seed * 7 + p) for p in range(players)]


def named(game: LcgGame, name: str, zone: list[int] | None = None) -> int:
    """The first instance of a card by name (in ``zone`` when given)."""
    pool = zone if zone is not None else range(len(game.records))
    for card in pool:
        if game.records[card].name == name:
            return card
    raise LookupError(name)
