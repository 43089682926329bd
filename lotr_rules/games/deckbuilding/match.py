"""A Plan 2 match: two games, one on each half of one shuffled deck, scores added up.

The Two Towers rulebook's combining chapter ("Plan #2") shuffles the main decks of every set in
play together and splits them in half; game 1 is played with one half, game 2 with the other.
Both games share the config's seed, which is what makes the halves disjoint (``build_mix`` cuts
the same shuffle). Between the games each player chooses a hero for game 2, the lowest scorer of
game 1 first, and game 2 uses a different set of heroes and Archenemies. A player's match score
is the sum of their two games' Victory Points.

The rules the rulebook leaves open, chosen here:

- Order of the hero choice: lowest game-1 score first; on equal scores, the player with fewer
  Archenemies (the one the game's own tiebreak ranks lower) first; then seat order.
- Heroes offered: those not played in game 1 and not yet taken. Only when too few heroes are
  left (fewer than the players plus those played) does a player get a game-1 hero, never their own.
- Archenemies: when another set in play has a whole stack (a level 1 and a level 4 Archenemy),
  game 2 takes that set's stack (``mix.one_stack``); otherwise game 2's config lists game 1's
  Archenemies in ``avoid_archenemies`` and each level of the stack takes others first.
- Match winner: the highest total; on equal totals, the most Archenemies over both games; still
  equal, they share the win.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.engine.decisions import Agent, DecisionRequest, Option
from lotr_rules.errors import ConfigError, IllegalChoiceError
from lotr_rules.games.deckbuilding.config import GameConfig
from lotr_rules.games.deckbuilding.game import ARCHENEMY, DeckbuildingGame
from lotr_rules.games.deckbuilding.mix import build_mix
from lotr_rules.games.deckbuilding.record import game_record

PLAN = "plan-2"
#: the kind of the decision that asks a player for their game-2 hero
HERO_DECISION = "hero"


@attrs.frozen(slots=True)
class MatchResult:
    """Both games' results (as ``DeckbuildingGame.play_game`` returns them) and the match's."""

    first: dict[str, Any]
    second: dict[str, Any]
    #: the seats in the order they chose their game-2 heroes
    order: tuple[int, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(a + b for a, b in zip(self.first["scores"], self.second["scores"], strict=True))

    @property
    def archenemies(self) -> tuple[int, ...]:
        return tuple(a + b for a, b in zip(self.first["archenemies"], self.second["archenemies"], strict=True))

    @property
    def winners(self) -> tuple[int, ...]:
        return match_winners(self.totals, self.archenemies)


def is_match(config: GameConfig, half_given: bool) -> bool:
    """Whether a command plays a whole match: a plan-2 mix without ``--half``."""
    return config.mix == PLAN and not half_given


def match_winners(totals: Sequence[int], archenemies: Sequence[int]) -> tuple[int, ...]:
    """The seats with the best (total, Archenemies); several on a full tie."""
    best = max(zip(totals, archenemies, strict=True))
    return tuple(seat for seat, pair in enumerate(zip(totals, archenemies, strict=True)) if pair == best)


def choice_order(result: dict[str, Any]) -> tuple[int, ...]:
    """Who chooses a game-2 hero when: lowest game-1 score first (see the module's docstring)."""
    scores, archenemies = result["scores"], result["archenemies"]
    return tuple(sorted(range(len(scores)), key=lambda seat: (scores[seat], archenemies[seat], seat)))


def first_game_config(config: GameConfig) -> GameConfig:
    if config.mix != PLAN:
        raise ConfigError(f"a match is played with the {PLAN} mix, not {config.mix or 'no mix'}")
    return attrs.evolve(config, half=1, avoid_archenemies=())


def check_match(catalogue: Catalogue, config: GameConfig) -> None:
    """Refuse, before game 1, a match whose game 2 could not have a different set of heroes."""
    heroes = build_mix(catalogue, first_game_config(config)).heroes
    if len(heroes) <= config.players:
        raise ConfigError(
            f"a {PLAN} match needs more heroes than players (game 2 uses a different set of heroes): "
            f"the sets in play have {len(heroes)} heroes for {config.players} players"
        )


def stack_names(catalogue: Catalogue, config: GameConfig) -> tuple[str, ...]:
    """The Archenemies a game with this config meets (its stack as set up), bottom first."""
    game = DeckbuildingGame(catalogue, config, [])
    return tuple(game.cards[card].name for card in game.z(ARCHENEMY))


def hero_request(seat: int, offered: Sequence[str]) -> DecisionRequest:
    options = tuple(Option(name, name) for name in offered)
    return DecisionRequest(seat, HERO_DECISION, "choose your hero for game 2", options)


def choose_heroes(catalogue: Catalogue, first: DeckbuildingGame, agents: Sequence[Agent]) -> tuple[str, ...]:
    """Ask each seat's agent for a game-2 hero, in :func:`choice_order`; the heroes by seat.

    The agents are asked with game 1 (finished) as the game to look at. A single hero left is
    taken without asking, as the engine does with any one-option decision.
    """
    result = first.state.result
    played: list[str] = list(result["heroes"])
    pool = [hero.name for hero in build_mix(catalogue, first.config).heroes]
    chosen: dict[int, str] = {}
    for seat in choice_order(result):
        taken = set(chosen.values())
        offered = [name for name in pool if name not in taken and name not in played]
        if not offered:
            offered = [name for name in pool if name not in taken and name != played[seat]]
        if not offered:
            raise ConfigError(f"no hero is left for player {seat + 1} in game 2 of the {PLAN} match")
        if len(offered) == 1:
            chosen[seat] = offered[0]
            continue
        request = hero_request(seat, offered)
        index = agents[seat].choose(first, request)
        if not 0 <= index < len(offered):
            raise IllegalChoiceError(f"choice {index} is not one of the {len(offered)} heroes offered")
        chosen[seat] = offered[index]
    return tuple(chosen[seat] for seat in range(len(played)))


def second_game_config(catalogue: Catalogue, first: GameConfig, heroes: Sequence[str]) -> GameConfig:
    """Game 2's config: the other half, the chosen heroes, game 1's Archenemies to avoid."""
    return attrs.evolve(
        first, half=2, heroes=tuple(heroes), avoid_archenemies=tuple(sorted(set(stack_names(catalogue, first))))
    )


def play_match(
    catalogue: Catalogue, config: GameConfig, agents: Sequence[Agent]
) -> tuple[DeckbuildingGame, DeckbuildingGame, MatchResult]:
    """Play both games of a match with the same agents; both games and the match's result."""
    check_match(catalogue, config)
    first = DeckbuildingGame(catalogue, first_game_config(config), agents)
    first.play_game()
    heroes = choose_heroes(catalogue, first, agents)
    second = DeckbuildingGame(catalogue, second_game_config(catalogue, first.config, heroes), agents)
    second.play_game()
    return first, second, match_result(first.state.result, second.state.result)


def match_result(first: dict[str, Any], second: dict[str, Any]) -> MatchResult:
    return MatchResult(first, second, choice_order(first))


def match_lines(match: MatchResult, you: frozenset[int] = frozenset()) -> list[str]:
    """The match table: per player, both games' heroes and scores, the total; then the winner."""
    first, second = match.first, match.second
    rows = []
    for seat, total in enumerate(match.totals):
        who = f"player {seat + 1}" + (" (you)" if seat in you else "")
        heroes = f"{first['heroes'][seat]} / {second['heroes'][seat]}"
        rows.append((who, heroes, str(first["scores"][seat]), str(second["scores"][seat]), str(total)))
    header = ("", "heroes (game 1 / game 2)", "game 1", "game 2", "total")
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
    lines = [f"Match ({PLAN}): Victory Points of both games added up"]
    for row in (header, *rows):
        lines.append(
            f"  {row[0]:<{widths[0]}}  {row[1]:<{widths[1]}}  "
            + "  ".join(f"{cell:>{width}}" for cell, width in zip(row[2:], widths[2:], strict=True))
        )
    winners = match.winners
    names = " and ".join(f"player {seat + 1}" for seat in winners)
    tie = ""
    totals = match.totals
    if len([t for t in totals if t == totals[winners[0]]]) > len(winners):
        tie = " (on equal totals, by the most Archenemies over both games)"
    elif len(winners) > 1:
        tie = " (equal totals and Archenemies: a shared win)"
    lines.append(f"Match {'winners' if len(winners) > 1 else 'winner'}: {names}{tie}.")
    return lines


def match_record(game: DeckbuildingGame, number: int) -> dict[str, Any]:
    """A game's record (``lotr-rules replay`` replays it alone) that also says which game of a
    match it is; game 2's config holds everything game 2 needs (half 2, heroes, Archenemies)."""
    data = game_record(game)
    data["match"] = {"plan": PLAN, "game": number}
    return data


def second_record_path(path: Path) -> Path:
    """Where game 2's record goes when game 1's goes to ``path``: ``match.json`` → ``match-game2.json``."""
    return path.with_name(f"{path.stem}-game2{path.suffix}")
