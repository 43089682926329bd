"""The LCG log in words: every kind of entry a game writes has a line of its own."""

from __future__ import annotations

from lcg_fixtures import config, heuristic, random_agents, trigger_config

from lotr_rules.games.lcg.game import LcgGame
from lotr_rules.games.lcg.log import LINES, line, lines


def test_every_entry_of_many_games_has_its_own_line() -> None:
    seen: set[str] = set()
    for seed in range(30):
        for agents, make in ((heuristic(2, seed), config), (random_agents(2, seed), trigger_config)):
            game = LcgGame(make(2, seed), agents)
            game.play_game()
            for entry in game.state.log:
                assert entry[0] in LINES, entry
                seen.add(entry[0])
            text = lines(game.state.log)
            assert text[-1].startswith("Game over: ")
    assert {"round", "phase", "revealed", "engaged", "attacks", "threat", "game over"} <= seen
    assert {"forced effect", "response", "action ability", "cancelled", "attached"} <= seen


def test_lines_read_as_words() -> None:
    assert (
        line(("attacks", 0, ["Archer", "Scout"], "Brute", 5)) == "Player 1 attacks Brute with Archer, Scout (5 attack)"
    )
    assert line(("threat", 1, 2, 31)) == "Player 2's threat rises by 2 to 31"
    assert line(("threat", 0, -3, 25)) == "Player 1's threat falls by 3 to 25"
    assert line(("unheard of", 3)) == "unheard of 3"
    assert line(("response", 0, "Ward", "cancel it")) == "Player 1 responds with Ward (cancel it)"
    assert line(("cancelled", "Grasp", "when revealed")) == "The when revealed effect of Grasp is cancelled"
