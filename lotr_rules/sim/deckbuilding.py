"""The deck-building family (The Two Towers, The Fellowship of the Ring) for the simulator."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import attrs

from lotr_rules.agents.search.core import parse_budget
from lotr_rules.agents.search.deckbuilding import DEFAULT_BUDGET
from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.loader import load_sets
from lotr_rules.engine.rng import Rng
from lotr_rules.errors import ConfigError
from lotr_rules.games.deckbuilding.config import STANDARD_ARCHENEMIES, GameConfig
from lotr_rules.games.deckbuilding.game import ARCHENEMY, OWNED, DeckbuildingGame
from lotr_rules.games.deckbuilding.match import check_match, choose_heroes, match_result, second_game_config
from lotr_rules.session import deckbuilding as session
from lotr_rules.sim.families import SimSettings, register_family
from lotr_rules.sim.results import GameResult, MatchOutcome, owned_cards

BOTS = session.BOTS
#: the decks a player starts with; cards from them are not "bought" when counting what winners own
STARTING_DECKS = frozenset({"starter", "starting"})


class DeckbuildingFamily:
    name = "deckbuilding"
    description = "the Cerberus deck-building game (The Two Towers)"
    bots = tuple(BOTS)

    def load(self, card_paths: Sequence[Path]) -> Catalogue:
        return load_sets(tuple(card_paths))

    def config(self, settings: SimSettings, seed: int) -> GameConfig:
        archenemies = STANDARD_ARCHENEMIES if settings.archenemies is None else settings.archenemies
        return GameConfig(
            players=settings.players,
            seed=seed,
            impossible=settings.impossible,
            archenemies=archenemies,
            sets=settings.sets,
            mix=settings.mix,
            half=settings.half,
            less_random=settings.less_random,
            custom_deck=settings.custom_deck,
        )

    def make_game(self, catalogue: Catalogue, settings: SimSettings, seed: int) -> DeckbuildingGame:
        budget = parse_budget(settings.search_budget, DEFAULT_BUDGET)
        # Each seat's bot gets its own stream, derived from the game's seed.
        agents = [session.make_bot(settings.bot, Rng(seed).fork(seat), budget) for seat in range(settings.players)]
        return DeckbuildingGame(catalogue, self.config(settings, seed), agents)

    def check(self, catalogue: Catalogue, settings: SimSettings) -> None:
        if settings.bot not in BOTS:
            raise ConfigError(f"unknown bot '{settings.bot}'; bots: {', '.join(BOTS)}")
        if not settings.sets:
            raise ConfigError("no card sets chosen")
        catalogue.in_sets(settings.sets)  # unknown sets
        for code in settings.sets:
            family = catalogue.sets[code].family
            if family != self.name:
                raise ConfigError(f"set '{code}' is for the {family} family, not {self.name}")
        # Setting a game up checks everything else (players, Archenemies, heroes enough to deal).
        game = self.make_game(catalogue, settings, 0)
        if settings.match:
            check_match(catalogue, game.config)

    def play(self, catalogue: Catalogue, settings: SimSettings, index: int, seed: int) -> GameResult:
        if settings.match:
            return self._play_match(catalogue, settings, index, seed)
        return _play(self.make_game(catalogue, settings, seed), index, seed)

    def _play_match(self, catalogue: Catalogue, settings: SimSettings, index: int, seed: int) -> GameResult:
        """A whole Plan 2 match from one seed: game 1's result, with game 2 and the match on it."""
        first = self.make_game(catalogue, settings, seed)
        one = _play(first, index, seed)
        heroes = choose_heroes(catalogue, first, first.agents)
        second = DeckbuildingGame(catalogue, second_game_config(catalogue, first.config, heroes), first.agents)
        two = _play(second, index, seed)
        match = match_result(first.state.result, second.state.result)
        return attrs.evolve(one, match=MatchOutcome(two, match.totals, match.winners))


def _play(game: DeckbuildingGame, index: int, seed: int) -> GameResult:
    """Play a set-up game to its end and sum it up."""
    stack = game.z(ARCHENEMY)
    final = stack[0] if stack else None  # the stack's bottom card: the final Archenemy
    first = game.state.current
    result = game.play_game()
    players = game.state.num_players
    cards = game.cards
    owned = []
    for seat in range(players):
        counts: Counter[str] = Counter()
        for zone in OWNED:
            for card in game.z(zone, seat):
                if cards[card].deck not in STARTING_DECKS:
                    counts[cards[card].name] += 1
        owned.append(owned_cards(counts))
    # None when there is no Archenemy stack at all (Impossible Mode without Impossible Archenemies).
    defeated = None if final is None else any(final in game.z(zone, p) for zone in OWNED for p in range(players))
    return GameResult(
        index=index,
        seed=seed,
        reason=str(result["reason"]),
        turns=int(result["turns"]),
        heroes=tuple(str(h) for h in result["heroes"]),
        scores=tuple(int(s) for s in result["scores"]),
        winners=tuple(int(w) for w in result["winners"]),
        first_player=first,
        final_defeated=defeated,
        owned=tuple(owned),
    )


register_family(DeckbuildingFamily())
