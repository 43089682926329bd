"""Small test-only LCG cards and helpers: no real card yet (their scripts come with the language
work). The numbers are chosen to exercise each rule, not copied from any printed card."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from lotr_rules.engine.decisions import DecisionRequest, Option
from lotr_rules.engine.game import Game
from lotr_rules.games.lcg.bots import LcgHeuristicAgent, RandomAgent
from lotr_rules.games.lcg.game import LcgConfig, LcgGame
from lotr_rules.games.lcg.record import LcgCard, LcgEvent, PlayerDeck, Scenario, Trigger
from lotr_rules.games.lcg.state import ENGAGED, PLAY

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


# ---------------------------------------------------------------- cards with triggered abilities
# Forced effects, Responses (from cards in play and events from hand), cancel and "instead",
# limits, Actions of cards in play, and attachments on other players' cards, enemies, locations.


def _is_self(game: LcgGame, player: int, card: int, event: LcgEvent) -> bool:
    return event.subject == card


def _plus_willpower(game: LcgGame, player: int, card: int, event: LcgEvent) -> None:
    game.add_effect(card, "willpower", 1)


def _own_hero_hurt(game: LcgGame, player: int, card: int, event: LcgEvent) -> bool:
    subject = event.subject
    return game.records[subject].type == "hero" and game.locate(subject) == (PLAY, player)


def _cancel(game: LcgGame, player: int, card: int, event: LcgEvent) -> None:
    event.cancelled = True


def _take_instead(game: LcgGame, player: int, card: int, event: LcgEvent) -> None:
    event.subject = card  # this ally takes the damage instead


def _ready_ally_guards(game: LcgGame, player: int, card: int, event: LcgEvent) -> bool:
    return _own_hero_hurt(game, player, card, event) and game.ready(card) and game.locate(card)[0] == PLAY


def _treachery_revealed(game: LcgGame, player: int, card: int, event: LcgEvent) -> bool:
    return game.records[event.subject].type == "treachery"


def _gain_resource(game: LcgGame, player: int, card: int, event: LcgEvent) -> None:
    game.state.resources[card] = game.state.resources.get(card, 0) + 1


def _threat_up(game: LcgGame, player: int, card: int, event: LcgEvent) -> None:
    game.raise_threat(event.player, 1)


def _engaged_with_you(game: LcgGame, player: int, host: int) -> bool:
    return game.locate(host) == (ENGAGED, player)


def _web(game: LcgGame, player: int, card: int) -> None:
    # Attach to the player's hero with the most willpower.
    heroes = game.heroes(player)
    if heroes:
        game.attach_from(card, max(heroes, key=lambda h: (game.stat(h, "willpower"), -h)))


def _quest_begins_here(game: LcgGame, player: int, card: int, event: LcgEvent) -> bool:
    return game.state.phase == "quest" and game.locate(card)[0] == "active location"


def _all_threat_up(game: LcgGame, player: int, card: int, event: LcgEvent) -> None:
    for each in game.turn_order():
        game.raise_threat(each, 1)


def _draw(game: LcgGame, player: int, card: int, event: LcgEvent) -> None:
    game.draw(player, 1)


def _defeated_self(game: LcgGame, player: int, card: int, event: LcgEvent) -> bool:
    return event.subject == card


WATCHMAN = LcgCard(
    "Test Watchman",
    "ally",
    sphere="leadership",
    cost=2,
    willpower=1,
    attack=1,
    defense=1,
    hit_points=2,
    triggers=(Trigger("committed", _plus_willpower, when=_is_self, text="+1 willpower this phase"),),
)
SHIELD_FRIEND = LcgCard(
    "Test Shield-Friend",
    "ally",
    sphere="tactics",
    cost=2,
    willpower=0,
    attack=1,
    defense=1,
    hit_points=3,
    triggers=(
        Trigger("would damage", _take_instead, when=_ready_ally_guards, limit="round", text="take the damage instead"),
    ),
)
OATH = LcgCard(
    "Test Oath",
    "event",
    sphere="spirit",
    cost=1,
    triggers=(Trigger("would damage", _cancel, when=_own_hero_hurt, text="cancel the damage"),),
)
WARD = LcgCard(
    "Test Ward",
    "event",
    sphere="lore",
    cost=1,
    triggers=(Trigger("would reveal", _cancel, when=_treachery_revealed, text="cancel the When Revealed effect"),),
)
DEFLECT = LcgCard(
    "Test Deflect", "event", sphere="tactics", cost=1, triggers=(Trigger("would shadow", _cancel, text="cancel"),)
)
STEWARD = LcgCard(
    "Test Steward",
    "hero",
    sphere="leadership",
    threat_cost=9,
    willpower=2,
    attack=1,
    defense=2,
    hit_points=4,
    unique=True,
    triggers=(Trigger("action", _gain_resource, kind="action", limit="round", text="add a resource"),),
)
SNARE = LcgCard(
    "Test Snare",
    "attachment",
    sphere="lore",
    cost=1,
    attach_to="enemy",
    attach_if=_engaged_with_you,
    grants=(("attack", -2),),
)
GIFT = LcgCard("Test Gift", "attachment", sphere="spirit", cost=0, attach_scope="any", grants=(("willpower", 1),))
LANTERN = LcgCard(
    "Test Lantern", "attachment", sphere="neutral", cost=1, attach_to="location", grants=(("threat", -1),)
)
HOUND = LcgCard(
    "Test Hound",
    "enemy",
    engagement_cost=15,
    threat=1,
    attack=2,
    defense=1,
    hit_points=3,
    copies=2,
    triggers=(
        Trigger("engaged", _threat_up, kind="forced", when=_is_self, text="raise the engaged player's threat by 1"),
        Trigger("defeated", _draw, when=_defeated_self, kind="forced", text="the first player draws a card"),
    ),
)
MIRE = LcgCard(
    "Test Mire",
    "location",
    threat=2,
    quest_points=3,
    copies=2,
    triggers=(Trigger("phase begins", _all_threat_up, kind="forced", when=_quest_begins_here, text="threat +1"),),
)
WEB = LcgCard("Test Web", "treachery", when_revealed=_web, grants=(("willpower", -1),), copies=2)

TRIGGER_SCENARIO = Scenario(
    "Test Passage With Triggers",
    quest=(STAGE_ONE, STAGE_TWO, STAGE_THREE),
    encounter=(BRUTE, PROWLER, LURKER, GLADE, RUINS, GRASP, OMEN, RELIC, HOUND, MIRE, WEB),
)
TRIGGER_DECK_A = PlayerDeck(
    heroes=(STEWARD, ARCHER, SEER),
    deck=(
        *[WATCHMAN] * 3,
        *[SHIELD_FRIEND] * 3,
        *[OATH] * 3,
        *[DEFLECT] * 3,
        *[GIFT] * 2,
        *[LANTERN] * 2,
        *[SPEARMAN] * 3,
        *[PILGRIM] * 3,
        *[RALLY] * 2,
    ),
)
TRIGGER_DECK_B = PlayerDeck(
    heroes=(SAGE, SHIELD_HERO, GUIDE),
    deck=(*[WARD] * 3, *[SNARE] * 3, *[GIFT] * 2, *[SHIELD_FRIEND] * 3, *[FREE_ALLY] * 3, *[SCOUT] * 3),
)
TRIGGER_DECKS = (TRIGGER_DECK_A, TRIGGER_DECK_B, DECK_C, DECK_D)


def trigger_config(players: int = 1, seed: int = 1, **kwargs: Any) -> LcgConfig:
    """The fixture game with the cards of triggered abilities (both sides)."""
    kwargs.setdefault("decks", TRIGGER_DECKS[:players])
    return config(players, seed, scenario=TRIGGER_SCENARIO, **kwargs)


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
