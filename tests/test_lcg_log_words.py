"""The Card Game's log reads as a player would write it: many seeded games of the three core
scenarios, played by both bots, write no engine-internal line and no empty one (issue 30,
"A log in game words")."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

import lotr_rules.games.lcg as lcg
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.cli import main
from lotr_rules.games import vocabulary_for
from lotr_rules.games.lcg.bots import LcgHeuristicAgent, RandomAgent
from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.log import LINES, line, lines, moment, plain
from lotr_rules.games.lcg.recording import new_table

SCENARIOS = ("passage-through-mirkwood", "journey-down-the-anduin", "escape-from-dol-guldur")
DECKS = (("leadership", "tactics"), ("spirit", "lore"), ("leadership-spirit",))
SEEDS = range(1, 4)

#: what an engine's line looks like, never a player's: a lower-case kind first ("effect Aragorn
#: willpower -1 phase", "resources spent Aragorn 1"), a script's "this", a reason left empty,
#: Python's own spelling of values
ENGINE_LIKE = (
    re.compile(r"^[a-z]"),
    re.compile(r"\bthis\b(?! phase| round)"),
    re.compile(r"[:(]\s*$|\(\s*\)"),
    re.compile(r"\bNone\b|\[|\]|'\)|\('"),
    re.compile(r"\s$|\s{2}"),
)


@functools.cache
def _catalogue() -> Catalogue:
    return load_sets(vocabulary=vocabulary_for("lcg"))


def _game(scenario: str, decks: tuple[str, ...], seed: int, bot: str) -> LcgGame:
    table = new_table(_catalogue(), scenario, decks, seed)
    agents = [
        LcgHeuristicAgent(seed * 10 + seat) if bot == "heuristic" else RandomAgent(seed * 10 + seat)
        for seat in range(len(decks))
    ]
    game = LcgGame(table.config, agents)
    game.play_game()
    return game


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_seeded_core_games_log_only_game_words(scenario: str, bot: str) -> None:
    for seed in SEEDS:
        decks = DECKS[seed % len(DECKS)]
        game = _game(scenario, decks, seed, bot)
        for entry in game.state.log:
            assert str(entry[0]) in LINES, f"no words for the log entry {entry!r}"
        for text in lines(game.state.log, forced=True):
            assert text, f"an empty log line ({scenario}, seed {seed}, {bot})"
            found = [p.pattern for p in ENGINE_LIKE if p.search(text)]
            assert not found, f"{text!r} reads like the engine ({found}; {scenario}, seed {seed}, {bot})"


def test_the_lines_that_read_like_the_engine_before_read_as_words() -> None:
    assert line(("effect", "Aragorn", "willpower", -1, "phase")) == (
        "Aragorn gets -1 willpower until the end of the phase"
    )
    assert line(("effect", "Gimli", "hit_points", 2, "round")) == "Gimli gets +2 hit points until the end of the round"
    assert line(("resources spent", 0, "Aragorn", 1)) == "Player 1 pays 1 resource from Aragorn"
    assert line(("resources", "Legolas", 1)) == "Legolas gets 1 resource"
    assert line(("readied", "Théodred")) == "Théodred readies"
    assert line(("exhausted", "Steward of Gondor")) == "Steward of Gondor is exhausted"
    assert line(("drew", 1, 2)) == "Player 2 draws 2 cards"
    assert line(("discarded", 0, "Faramir", "by Necromancer's Pass")) == "Faramir is discarded by Necromancer's Pass"
    assert line(("discarded", 0, "Axe", "its host left play")) == "Axe is discarded: its host left play"
    assert line(("action ability", 0, "Éowyn", "action")) == "Player 1 uses the Action of Éowyn"
    assert line(("forced effect", 0, "Forest Spider", "after this engages a player")) == (
        "Forced effect of Forest Spider (after it engages a player)"
    )


def test_an_ability_s_words_are_said_plainly() -> None:
    assert plain("when attached hero would ready in refresh phase") == (
        "when the attached hero would ready in the refresh phase"
    )
    assert plain("after you travel to this") == "after you travel to it"
    assert moment("committed", "Aragorn") == "Aragorn was committed to the quest"
    assert moment("round ends") == "the round ends"


def test_a_forced_effect_that_changes_nothing_is_not_logged() -> None:
    # Thalin's Forced effect answers every enemy revealed, and deals damage only while he is
    # committed to the quest: the seeded games reveal enemies while he is not
    quiet = logged = 0
    for seed in SEEDS:
        game = _game("passage-through-mirkwood", ("tactics",), seed, "heuristic")
        log = game.state.log
        for index, entry in enumerate(log):
            if entry[0] == "revealed" and entry[1] in ("Forest Spider", "Dol Guldur Orcs", "King Spider"):
                follows = log[index + 1] if index + 1 < len(log) else ("",)
                thalin = follows[0] == "forced effect" and follows[2] == "Thalin"
                logged += thalin
                quiet += not thalin
            if entry[0] == "forced effect" and entry[2] == "Thalin":
                # a Thalin line is followed by the damage he dealt
                assert log[index + 1][0] == "damage", log[index : index + 3]
    assert quiet and logged


def test_every_kind_of_entry_the_rules_can_write_has_its_words() -> None:
    """Read from the sources, so that a kind no seeded game happens to write is held too."""
    written: set[str] = set()
    for path in Path(lcg.__file__).parent.glob("*.py"):
        written |= set(re.findall(r"""\b(?:game|self)\.log\(\s*"([^"]+)\"""", path.read_text(encoding="utf-8")))
    written |= {"forced effect", "response", "action ability"}  # (triggers.LOG_KINDS)
    assert len(written) > 60 and {"effect", "resources spent", "drew", "took control"} <= written
    assert written <= set(LINES), sorted(written - set(LINES))


def test_game_game_lcg_with_no_other_option_prints_only_game_words(capsys: pytest.CaptureFixture[str]) -> None:
    """What ``lotr-rules game --game lcg`` prints, as a new player first runs it: every line of
    its log in game words."""
    assert main(["game", "--game", "lcg"]) == 0
    printed = [text for text in capsys.readouterr().out.splitlines() if text]
    assert len(printed) > 100
    for text in printed:
        found = [p.pattern for p in ENGINE_LIKE if p.search(text)]
        assert not found, f"{text!r} reads like the engine ({found})"
