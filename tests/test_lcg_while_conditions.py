"""The conditions of 'while' blocks read their card and the game, never a player.

A stat is worked out at every read, and most cards with a 'while' block lie in a deck or a hand
where it cannot hold, so the game asks each block's condition first, on one context for every
card, and finds the card's controller (to read the block's targets and amount) only for the
blocks that hold. That is right only while no condition reads the player: these tests ask every
condition of the vocabulary, on the tables of every shipped scenario as games go on, as each
player and as nobody, and expect one answer.
"""

from __future__ import annotations

import functools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.context import Ctx
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.games import vocabulary_for
from lotr_rules.games.lcg.bots import LcgHeuristicAgent
from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.lookup import record_index
from lotr_rules.games.lcg.recording import new_table
from lotr_rules.games.lcg.vocabulary import HOLDS

SCENARIOS = (
    "passage-through-mirkwood",
    "journey-down-the-anduin",
    "escape-from-dol-guldur",
    "the-hunt-for-gollum",
    "conflict-at-the-carrock",
)
LINE_UPS = (("leadership", "tactics"), ("spirit", "lore"), ("leadership-spirit",))


@functools.cache
def _catalogue() -> Catalogue:
    return load_sets(vocabulary=vocabulary_for("lcg"))


def _one_answer(game: LcgGame) -> int:
    """Asks every condition of the vocabulary about every card with a 'while' block, and every
    block's own condition, as each player and as nobody; returns how many were asked."""
    asked = 0
    players = (-1, *range(game.state.num_players))
    sources = sorted({source for blocks in record_index(game).constants.values() for source, _ in blocks})
    conditions = [phrase.fn for phrase in HOLDS if phrase.fn is not None]
    for blocks in record_index(game).constants.values():
        conditions += [constant.holds for _source, constant in blocks]
    for source in sources:
        for holds in conditions:
            answers = {holds(Ctx(game, player, source)) for player in players}
            assert len(answers) == 1, (game.card_name(source), holds)
            asked += 1
    return asked


class _Checking:
    """The heuristic bot, checking the conditions before every few decisions."""

    def __init__(self, seed: int, every: int) -> None:
        self.bot = LcgHeuristicAgent(seed)
        self.every, self.seen, self.asked = every, 0, 0

    def choose(self, game: Game, request: DecisionRequest) -> int:
        assert isinstance(game, LcgGame)
        self.seen += 1
        if self.seen % self.every == 0:
            self.asked += _one_answer(game)
        return self.bot.choose(game, request)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    scenario=st.sampled_from(SCENARIOS),
    decks=st.sampled_from(LINE_UPS),
    seed=st.integers(min_value=1, max_value=10_000),
)
def test_a_while_condition_gives_one_answer_whoever_asks(scenario: str, decks: tuple[str, ...], seed: int) -> None:
    table = new_table(_catalogue(), scenario, decks, seed)
    agents = [_Checking(seed * 8 + seat, 7) for seat in range(len(decks))]
    game = LcgGame(table.config, agents)
    game.play_game()
    assert sum(agent.asked for agent in agents) > 0


def test_every_scenario_table_has_while_blocks_to_ask() -> None:
    """The property above asks real blocks: every shipped scenario's table has some."""
    for scenario in SCENARIOS:
        table = new_table(_catalogue(), scenario, LINE_UPS[0], 1)
        game = LcgGame(table.config, [LcgHeuristicAgent(seat) for seat in range(2)])
        assert _one_answer(game) > len(HOLDS)
