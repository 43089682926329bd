"""The compatibility rules of the Two Towers rulebook's last chapter, "Combining The Fellowship of
the Ring With The Two Towers", and its Specific Card Clarification for Gríma Wormtongue, as
scenarios (``tests/scenarios/combining/``) and as real mixed setups.

The rules: The Wall is used only with Two Towers Enemies, Archenemies or Artifacts in play, and
text about The Wall is ignored otherwise; Raw Recruits of Rohan is never lost without The Wall;
Battlements on The Wall is worth 3 Victory Points without The Wall and its Quest is ignored; only
the Two Towers One Ring is ever "in play" (``clarifications/one-ring--both-sets-in-play.toml``,
run by test_cards_two_towers.py); Gríma Wormtongue reads any set's level 1 Archenemy on the
Archenemy stack.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from lotr_rules.agents.bots import HeuristicAgent
from lotr_rules.cards.loader import load_sets
from lotr_rules.cli import main
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import ARCHENEMY, BOX, MAIN, PATH, WALL, DeckbuildingGame
from lotr_rules.games.deckbuilding.scenario import run_scenario

COMBINING = Path(__file__).parent / "scenarios" / "combining"
FILES = sorted(COMBINING.glob("*.toml"))
CHAPTER = "Combining The Fellowship of the Ring With The Two Towers"
GRIMA = "Specific Card Clarifications > Gríma Wormtongue"

TT, FOTR = "two-towers", "fellowship"
#: the less-random table with every key taken from the Fellowship
ALL_FELLOWSHIP = tuple(
    (key, FOTR) for key in ("ally", "enemy", "artifact", "maneuver", "location", "fortune", "archenemy", "hero")
)
#: a less-random table with no Two Towers Enemy, Artifact or Archenemy: no Wall
NO_WALL = tuple(
    (key, TT if key in ("ally", "maneuver", "location", "fortune", "hero") else FOTR) for key, _ in ALL_FELLOWSHIP
)


def test_the_folder_has_every_rule() -> None:
    """The list the next test walks is the real one (a broken glob would test nothing)."""
    stems = {path.stem for path in FILES}
    assert {
        "wall--not-used-without-two-towers-enemies-artifacts-archenemies",
        "wall--used-with-a-two-towers-enemy",
        "wall--used-with-a-two-towers-artifact",
        "wall--used-with-two-towers-archenemies",
        "first-light-on-the-fifth-day--without-the-wall",
        "raw-recruits-of-rohan--mixed-without-the-wall",
        "battlements-on-the-wall--defending-without-the-wall",
        "battlements-on-the-wall--quest-ignored-without-the-wall",
        "grima-wormtongue--fellowship-level-1-archenemy",
        "grima-wormtongue--fellowship-later-archenemy",
    } <= stems


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_combining_scenario(path: Path) -> None:
    """Each scenario cites the rulebook section it checks (its ``cite``), and holds."""
    result = run_scenario(path)
    text = path.read_text(encoding="utf-8")
    assert CHAPTER in text or GRIMA in text, f"{path.name} does not cite the rulebook section it checks"
    assert result.passed, "\n".join([f"scenario {path.name}:", *result.failures])


# ---------------------------------------------------------------------- The Wall at setup
def _mixed(less_random: tuple[tuple[str, str], ...], players: int = 3, seed: int = 1) -> DeckbuildingGame:
    config = GameConfig(players=players, seed=seed, sets=(TT, FOTR), mix="less-random", less_random=less_random)
    return DeckbuildingGame(load_sets(), config, [HeuristicAgent(seed=i) for i in range(players)])


def _wall_cards_in_box(game: DeckbuildingGame) -> int:
    return sum(1 for c in game.z(BOX) if game.cards[c].deck in ("wall", "breach"))


def test_no_wall_deck_without_two_towers_enemies_artifacts_archenemies() -> None:
    """Rulebook, Combining The Fellowship of the Ring With The Two Towers: a less-random mix that
    takes only Allies, Maneuvers, Locations, Fortunes and Heroes from The Two Towers sets The Wall
    aside: no Wall deck, all 26 Wall cards in the box."""
    game = _mixed(NO_WALL)
    main = [game.cards[c] for c in (*game.z(MAIN), *game.z(PATH))]
    assert {c.set_code for c in main} == {TT, FOTR}
    assert not game.use_wall
    assert game.z(WALL) == [] and _wall_cards_in_box(game) == 26


@pytest.mark.parametrize("key", ["enemy", "artifact", "archenemy"])
def test_one_two_towers_type_alone_brings_the_wall(key: str) -> None:
    """Rulebook, Combining The Fellowship of the Ring With The Two Towers: each of Two Towers
    Enemies, Artifacts and Archenemies alone (everything else from the Fellowship) brings The
    Wall: the deck is dealt as in a Two Towers game (five cards a player and Breached)."""
    table = tuple((k, TT if k == key else v) for k, v in ALL_FELLOWSHIP)
    game = _mixed(table, players=3)
    sets_of = {game.cards[c].set_code for c in (*game.z(MAIN), *game.z(PATH), *game.z(ARCHENEMY))}
    assert sets_of == {TT, FOTR}
    assert game.use_wall
    assert len(game.z(WALL)) == 5 * 3 + 1
    assert "Breached" in {game.cards[c].name for c in game.z(WALL)}
    every_fellowship = _mixed(ALL_FELLOWSHIP)
    assert not every_fellowship.use_wall and every_fellowship.z(WALL) == []


def test_mixed_games_without_the_wall_never_breach_it_or_end_by_it() -> None:
    """Rulebook, Combining The Fellowship of the Ring With The Two Towers: whole games of a mix
    without The Wall, with Raw Recruits of Rohan, Battlements on The Wall and First Light on the
    Fifth Day in play, never breach The Wall (so Raw Recruits of Rohan is never lost) and never
    end by its depletion."""
    for seed in range(4):
        game = _mixed(NO_WALL, players=2 + seed % 3, seed=seed)
        names = {game.cards[c].name for c in (*game.z(MAIN), *game.z(PATH))}
        assert {"Raw Recruits of Rohan", "Battlements on The Wall", "First Light on the Fifth Day"} <= names
        breached: list[bool] = []
        game.on_decision = lambda request, index, game=game, seen=breached: seen.append(game.wall_breached())
        result = game.play_game()
        assert not any(breached) and not game.wall_breached()
        assert result["reason"] in {"final archenemy defeated", "path could not be refilled"}
        assert game.z(WALL) == [] and _wall_cards_in_box(game) == 26


# ---------------------------------------------------------------------- one set's Archenemies
def _unmixed(sets: tuple[str, ...], seed: int, **options: object) -> DeckbuildingGame:
    config = GameConfig(players=3, seed=seed, sets=sets, **options)  # type: ignore[arg-type]
    return DeckbuildingGame(load_sets(), config, [HeuristicAgent(seed=i) for i in range(3)])


@pytest.mark.parametrize(
    ("sets", "first", "last"),
    [
        ((TT, FOTR), "Corrupted King Théoden", "Saruman, Lord of Isengard"),
        ((FOTR, TT), "Ringwraiths at Weathertop", "Lurtz"),
    ],
)
def test_both_sets_unmixed_use_one_sets_archenemies(sets: tuple[str, ...], first: str, last: str) -> None:
    """Rulebook, Setup for Your First Game > 3. The Archenemy Stack; Combining The Fellowship of
    the Ring With The Two Towers. The stack has one level 1 Archenemy face up on top and one
    level 4 Archenemy last, eight cards in a standard game. With both sets shuffled together
    (no plan), one set's Archenemies make the stack: the first set named in ``--sets``; the
    other set's take no part in the game."""
    for seed in range(6):
        game = _unmixed(sets, seed)
        top_down = [game.cards[c] for c in reversed(game.z(ARCHENEMY))]
        assert [c.level for c in top_down] == [1, 2, 2, 2, 3, 3, 3, 4]
        assert {c.set_code for c in top_down} == {sets[0]}
        assert (top_down[0].name, top_down[-1].name) == (first, last)
        outside_box = [c for c in range(len(game.cards)) if c not in game.z(BOX)]
        assert not [c for c in outside_box if game.cards[c].deck == "archenemy" and game.cards[c].set_code == sets[1]]


def test_both_sets_unmixed_end_when_the_final_archenemy_is_defeated() -> None:
    """Rulebook, End of Game: the game ends at once when the final Archenemy (Saruman, Lord of
    Isengard, the stack's one level 4 card) is defeated. ``lotr-rules game --sets
    two-towers,fellowship --seed 11`` is such a game, and so is every seeded bot game here that
    ends by the stack."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["game", "--sets", "two-towers,fellowship", "--seed", "11"]) == 0
    text = out.getvalue()
    assert "buys Saruman, Lord of Isengard for 14\n== the game ends: final archenemy defeated" in text
    for seed in range(4):
        game = _unmixed((TT, FOTR), seed)
        result = game.play_game()
        if result["reason"] == "final archenemy defeated":
            assert game.z(ARCHENEMY) == []
            last = [e for e in game.state.log if e[0] == "buy"][-1]
            assert last[2] == "Saruman, Lord of Isengard"
