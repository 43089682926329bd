"""docs/lcg-rules.md stays true to the engine: its table of decisions lists exactly the kinds of
decision LCG games ask, and every one of them is handled by the heuristic bot."""

from __future__ import annotations

import re
from pathlib import Path

from lcg_fixtures import config, trigger_config

from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.games.lcg.bots import LcgHeuristicAgent, RandomAgent
from lotr_rules.games.lcg.game import LcgGame

PAGE = Path(__file__).resolve().parent.parent / "docs" / "lcg-rules.md"


class Recording(RandomAgent):
    def __init__(self, seed: int, kinds: set[str]) -> None:
        super().__init__(seed)
        self.kinds = kinds

    def choose(self, game: Game, request: DecisionRequest) -> int:
        self.kinds.add(request.kind)
        return super().choose(game, request)


def documented_kinds() -> set[str]:
    text = PAGE.read_text(encoding="utf-8")
    section = text.split("## Decisions", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([a-z ]+)` \|", section, flags=re.MULTILINE))


def test_the_decision_table_lists_the_kinds_games_ask() -> None:
    asked: set[str] = set()
    for seed in range(150):
        players = 1 + seed % 4
        agents = [Recording(seed * 5 + p, asked) for p in range(players)]
        make = trigger_config if seed % 2 else config  # the cards with triggered abilities too
        LcgGame(make(players, seed), agents).play_game()
    documented = documented_kinds()
    assert asked <= documented, asked - documented
    # The rarest ones (a tie for the highest engagement cost, a third restricted attachment) may
    # not come up in a short run, nor the decisions of card scripts the test cards do not have;
    # the rest must.
    rare = {"engagement tie", "restricted", "choose card", "choose a player", "choose", "may", "x"}
    # and several defenders come only from a card allowing them (Stand Together)
    assert documented - asked <= rare | {"more defenders", "defender damage"}


def test_the_heuristic_bot_has_a_rule_for_every_documented_decision() -> None:
    for kind in documented_kinds():
        assert hasattr(LcgHeuristicAgent, "_" + kind.replace(" ", "_")), kind
