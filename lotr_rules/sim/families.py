"""The registry of game families a simulation can run.

A family knows how to load its cards, check a simulation's settings before any game starts, and
play one seeded game into a :class:`~lotr_rules.sim.results.GameResult`. The command line and the
runner only ever go through this registry, so adding a family is one module that calls
:func:`register_family` (and, for a family shipped with lotr_rules, one line in ``_BUILTIN``).

Worker processes find a family again by name and by the module that registers it, so a family
must be registered at import time of an importable module (not inside ``__main__`` only).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import attrs

from lotr_rules.datafiles import path_problem, shown_path
from lotr_rules.errors import UserError
from lotr_rules.games.deckbuilding.mix import mix_json
from lotr_rules.limits import option_range, shown_number
from lotr_rules.sim.results import GameResult


@attrs.frozen(slots=True)
class SimSettings:
    """What every game of a simulation is played with (the seed is the simulation's, not a game's)."""

    family: str = "deckbuilding"
    games: int = 200
    players: int = 4
    seed: int = 1
    bot: str = "heuristic"
    #: the search bot's budget as --search-budget gives it ("": the default)
    search_budget: str = ""
    impossible: bool = False
    #: None: the family's standard length
    archenemies: int | None = None
    sets: tuple[str, ...] = ("two-towers",)
    #: extra card folders, as absolute paths (workers load them again themselves)
    card_paths: tuple[str, ...] = ()
    #: how the main deck is mixed from the sets (lotr_rules.games.deckbuilding.mix; "" for every main-deck card),
    #: and the plans' options, as GameConfig has them
    mix: str = ""
    half: int = 1
    less_random: tuple[tuple[str, str], ...] = ()
    custom_deck: tuple[tuple[str, int], ...] = ()
    #: plan-2 without a half: each "game" of the simulation is a whole two-game match
    match: bool = False
    #: the Card Game: the scenario's name and one line-up of decks (names, or deck files' absolute paths)
    scenario: str = ""
    decks: tuple[str, ...] = ()
    #: the Card Game: the scenario's mode, "normal" or "easy" (lotr_rules.games.lcg.modes)
    mode: str = "normal"
    #: the index of the first game played (games first_game to first_game + games - 1): runs over
    #: disjoint ranges of one simulation's games add up to the run over all of them
    first_game: int = 0

    @property
    def game_range(self) -> tuple[int, int]:
        """The indexes of the games this run plays, as ``[start, stop)``."""
        return (self.first_game, self.first_game + self.games)

    def to_json(self) -> dict[str, Any]:
        return {
            "family": self.family,
            "games": self.games,
            "players": self.players,
            "seed": self.seed,
            "bot": self.bot,
            "impossible": self.impossible,
            "archenemies": self.archenemies,
            "sets": list(self.sets),
            "cards": list(self.card_paths),
            # only a mixed simulation's report names its mix (other reports stay as they were)
            **mix_json(self.mix, self.half, self.less_random, self.custom_deck),
            **({"match": True} if self.match else {}),
            # only the Card Game's report names a scenario and decks (other reports stay as they were)
            **({"scenario": self.scenario, "decks": list(self.decks)} if self.scenario else {}),
            # only an Easy Mode run says its mode (a normal one's report stays as it was)
            **({"mode": self.mode} if self.mode != "normal" else {}),
            # only a run that does not start at the first game says where it starts
            **({"first_game": self.first_game} if self.first_game else {}),
        }

    def to_raw(self) -> dict[str, Any]:
        """Every field as plain JSON, for :meth:`from_raw` to rebuild exactly (a saved run's)."""
        return attrs.asdict(self)

    @classmethod
    def from_raw(cls, data: Any) -> SimSettings:
        """The settings :meth:`to_raw` wrote; ValueError (saying what) if ``data`` is not that."""
        if not isinstance(data, dict):
            raise ValueError("the settings are not a table")
        fields = {field.name: field for field in attrs.fields(cls)}
        unknown = sorted(set(data) - set(fields))
        if unknown:
            raise ValueError(f"unknown settings: {', '.join(unknown)}")
        values: dict[str, Any] = {}
        for name, value in data.items():
            default = fields[name].default
            values[name] = _raw_value(name, value, default)
        # A file edited by hand cannot ask for more than the command line could (merged runs
        # count their games together, so games are held to the highest game number instead).
        for name, option in (("games", "--first-game"), ("players", "--players"), ("first_game", "--first-game")):
            most = option_range(option)[1]
            value = values.get(name)
            if isinstance(value, int) and not 0 <= value <= most:
                raise ValueError(f"setting '{name}' is {shown_number(value)}, outside 0 to {most:,}")
        for path in values.get("card_paths", ()):
            # the folders are loaded again when the run goes on: a path no file can have is refused here
            problem = path_problem(path) if isinstance(path, str) else "is not text"
            if problem is not None:
                raise ValueError(f"the path '{shown_path(str(path))}' in setting 'card_paths' {problem}")
        return cls(**values)


def _raw_value(name: str, value: Any, default: Any) -> Any:
    """One settings field from JSON, checked against the kind of its default."""
    if isinstance(default, bool):
        ok = isinstance(value, bool)
    elif isinstance(default, int) or (default is None and name == "archenemies"):
        ok = (value is None and default is None) or (isinstance(value, int) and not isinstance(value, bool))
    elif isinstance(default, str):
        ok = isinstance(value, str)
    else:  # tuples: of strings, or of pairs
        if not isinstance(value, list):
            raise ValueError(f"setting '{name}' is not a list")
        return tuple(tuple(item) if isinstance(item, list) else item for item in value)
    if not ok:
        raise ValueError(f"setting '{name}' has the wrong kind of value: {value!r}")
    return value


class GameFamily(Protocol):
    """A kind of game the simulator can play many of."""

    @property
    def name(self) -> str: ...

    @property
    def description(self) -> str: ...

    @property
    def bots(self) -> tuple[str, ...]:
        """The bot names ``--bot`` accepts for this family."""
        ...

    def load(self, card_paths: Sequence[Path]) -> Any:
        """The family's cards (shipped sets plus ``card_paths``); loaded once per process."""
        ...

    def check(self, catalogue: Any, settings: SimSettings) -> None:
        """Raise a :class:`~lotr_rules.errors.UserError` if these settings cannot be played."""
        ...

    def play(self, catalogue: Any, settings: SimSettings, index: int, seed: int) -> GameResult:
        """Play game ``index`` from ``seed`` to its end."""
        ...


_REGISTRY: dict[str, GameFamily] = {}
#: families shipped with lotr_rules, imported (and so registered) the first time they are asked for
_BUILTIN: dict[str, str] = {
    "deckbuilding": "lotr_rules.sim.deckbuilding",
    "adventure-deck": "lotr_rules.sim.adventure_deck",
    "lcg": "lotr_rules.sim.lcg",
}


def register_family(family: GameFamily) -> GameFamily:
    """Make ``family`` available by its name; registering a name twice replaces the first."""
    _REGISTRY[family.name] = family
    return family


def family_names() -> list[str]:
    return sorted(set(_REGISTRY) | set(_BUILTIN))


def get_family(name: str, module: str | None = None) -> GameFamily:
    """The family called ``name``; ``module`` is imported first if given (how workers find it)."""
    if name not in _REGISTRY:
        target = module or _BUILTIN.get(name)
        if target is not None:
            importlib.import_module(target)
    family = _REGISTRY.get(name)
    if family is None:
        raise UserError(f"unknown game family '{name}'; known families: {', '.join(family_names())}")
    return family
