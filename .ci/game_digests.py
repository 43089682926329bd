"""Play seeded deck-building games and Card Game games and print one line per game: its setup,
the digest of its final state, a digest of its whole log and of its choices. Run by two installations of
lotr_rules (the pure-Python one and the compiled one), the outputs must be identical.

    python .ci/game_digests.py --build pure|compiled --games N > digests.txt

``--build`` says which installation this must be: it stops at once if the modules the compiled
build compiles are (or are not) loaded from extension modules, so that a comparison never
compares a build with itself.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys

from lotr_rules.agents.bots import HeuristicAgent, RandomAgent
from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.decisions import Agent
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import DeckbuildingGame
from lotr_rules.native import COMPILED_MODULES, compiled_modules

#: Card Game line-ups (scenario, decks): the three core set scenarios, one to three decks
LCG_SETUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("passage-through-mirkwood", ("leadership",)),
    ("journey-down-the-anduin", ("tactics", "spirit")),
    ("escape-from-dol-guldur", ("lore", "leadership-spirit", "tactics")),
)

#: (sets, mix, players): the two sets alone and mixed, with 2 and 4 players
SETUPS: tuple[tuple[tuple[str, ...], str, int], ...] = (
    (("two-towers",), "", 2),
    (("two-towers",), "", 4),
    (("fellowship",), "", 2),
    (("fellowship",), "", 4),
    (("two-towers", "fellowship"), "plan-1", 4),
    (("two-towers", "fellowship"), "less-random", 2),
)


def _digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value, default=str).encode()).hexdigest()[:24]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", choices=("pure", "compiled"), required=True)
    parser.add_argument("--games", type=int, default=300, help="games in all, spread over the setups")
    parser.add_argument("--lcg-games", type=int, default=0, help="Card Game games in all, spread over its line-ups")
    args = parser.parse_args()
    compiled = compiled_modules()
    expected = list(COMPILED_MODULES) if args.build == "compiled" else []
    if compiled != expected:
        print(f"expected the {args.build} build, but these modules are compiled: {compiled}", file=sys.stderr)
        return 2
    import lotr_rules

    print(f"lotr_rules from {lotr_rules.__file__}; compiled: {len(compiled)} modules", file=sys.stderr)
    catalogue = load_sets()
    for index in range(args.games):
        sets, mix, players = SETUPS[index % len(SETUPS)]
        seed = index
        # heuristic bots mostly; every third game random bots, which reach odder corners
        agents: list[Agent] = [
            RandomAgent(seed * 10 + i) if index % 3 == 2 else HeuristicAgent(seed * 10 + i) for i in range(players)
        ]
        config = GameConfig(players=players, seed=seed, sets=sets, mix=mix)
        game = DeckbuildingGame(catalogue, config, agents)
        result = game.play_game()
        state = game.state
        print(
            f"{','.join(sets)} {mix or 'all'} {players}p seed {seed}: digest {state.digest()} "
            f"log {_digest(state.log)} choices {_digest(state.choices)} "
            f"turns {result['turns']} result {_digest(result)}"
        )
    lcg_games(args.lcg_games)
    return 0


def lcg_games(games: int) -> None:
    """The Card Game's seeded games: random bots in every other game, heuristic bots (which try
    moves on copies of the game) in the others."""
    import attrs

    from lotr_rules.games.lcg.bots import LcgHeuristicAgent
    from lotr_rules.games.lcg.bots import RandomAgent as LcgRandomAgent
    from lotr_rules.games.lcg.game import LcgGame
    from lotr_rules.sim.families import SimSettings
    from lotr_rules.sim.lcg import LcgFamily

    family = LcgFamily()
    catalogue = family.load(())
    for index in range(games):
        scenario, decks = LCG_SETUPS[index % len(LCG_SETUPS)]
        seed = index
        settings = SimSettings(family="lcg", games=1, players=len(decks), scenario=scenario, decks=decks)
        table = family.table(catalogue, settings)
        kind = LcgRandomAgent if index % 2 else LcgHeuristicAgent
        game = LcgGame(attrs.evolve(table.config, seed=seed), [kind(seed * 10 + i) for i in range(len(decks))])
        result = game.play_game()
        state = game.state
        print(
            f"lcg {scenario} {'+'.join(decks)} {kind.__name__} seed {seed}: digest {state.digest()} "
            f"log {_digest(state.log)} choices {_digest(state.choices)} "
            f"rounds {result['rounds']} result {_digest(result)}"
        )


if __name__ == "__main__":
    raise SystemExit(main())
