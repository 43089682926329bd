"""A card whose title a card of another loaded set shares is named with its set in the Card
Game's log, options and table (issue 37: "every tool names each unambiguously"); a card whose
title no other loaded card has keeps its title alone, so ordinary logs read as before.

The set in ``tests/fixtures/lcg-reprint`` has an Aragorn, a Beravor and a Forest Spider whose
titles core-set cards also have (see ``test_shared_titles``)."""

from __future__ import annotations

import functools
from pathlib import Path

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.games import vocabulary_for
from lotr_rules.games.lcg.bots import LcgHeuristicAgent
from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.log import lines
from lotr_rules.games.lcg.recording import new_table
from lotr_rules.games.lcg.view import card_lines, render_status

REPRINT = Path(__file__).resolve().parent / "fixtures" / "lcg-reprint"


@functools.cache
def _catalogue(*folders: Path) -> Catalogue:
    return load_sets(folders, vocabulary=vocabulary_for("lcg"))


class Watching:
    """The heuristic bot, keeping every option label it was offered."""

    def __init__(self, seed: int) -> None:
        self.bot = LcgHeuristicAgent(seed)
        self.labels: list[str] = []

    def choose(self, game: Game, request: DecisionRequest) -> int:
        self.labels += [option.label for option in request.options]
        return self.bot.choose(game, request)


def _played(catalogue: Catalogue, scenario: str, deck: str, seed: int) -> tuple[LcgGame, Watching]:
    table = new_table(catalogue, scenario, [deck], seed)
    seat = Watching(seed)
    game = LcgGame(table.config, [seat])
    game.play_game()
    return game, seat


def test_the_log_options_and_table_name_a_shared_title_with_its_set() -> None:
    game, seat = _played(_catalogue(REPRINT), "reprint-woods", "reprint-lore", 2)
    log = "\n".join(lines(game.state.log))
    assert "Setup: Forest Spider (lcg-reprint) goes to the staging area" in log
    assert "Forest Spider (lcg-reprint) engages Player 1" in log
    assert "Beravor (lcg-core)" in log
    assert "Aragorn (lcg-reprint)" in log
    # a title only one loaded card has is left as it is
    assert "Denethor" in log and "Denethor (" not in log
    # no line names a shared title without its set
    for text in lines(game.state.log):
        for title in ("Aragorn", "Beravor", "Forest Spider"):
            assert text.count(title) == text.count(title + " ("), text
    assert any("Aragorn (lcg-reprint)" in label for label in seat.labels)
    aragorn = next(c for c, r in enumerate(game.records) if r.name == "Aragorn")
    assert card_lines(game, aragorn)[0].startswith("Aragorn (lcg-reprint)  (unique lore hero")
    assert "Aragorn (lcg-reprint) (" in render_status(game, 0)


def test_the_titles_count_for_the_rules_whatever_the_names_shown() -> None:
    """Core rulebook, "Unique cards": the unique rule reads the title, not the name shown."""
    game, _ = _played(_catalogue(REPRINT), "reprint-woods", "reprint-lore", 2)
    aragorn = next(c for c, r in enumerate(game.records) if r.name == "Aragorn")
    assert game.cards[aragorn].name == "Aragorn"
    assert game.card_name(aragorn) == "Aragorn (lcg-reprint)"


def test_with_the_core_set_alone_every_card_is_named_by_its_title() -> None:
    game, seat = _played(_catalogue(), "passage-through-mirkwood", "leadership", 2)
    assert game.labels == {}
    assert not any("(lcg-core)" in text for text in lines(game.state.log))
    assert not any("(lcg-core)" in label for label in seat.labels)
