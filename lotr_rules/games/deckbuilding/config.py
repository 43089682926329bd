"""What a deck-building game is set up from: players, heroes, mode, length, seed."""

from __future__ import annotations

import attrs

from lotr_rules.errors import ConfigError
from lotr_rules.games.deckbuilding.mix import mix_json
from lotr_rules.limits import MAX_COPIES_PER_GAME, shown_number

MIN_PLAYERS = 1
MAX_PLAYERS = 5
#: seeds are 64-bit: the random generator's whole state space
SEED_MAX = 2**64 - 1
#: the most turns a game may be given before it is stopped as endless
MAX_TURNS = 100_000
STANDARD_ARCHENEMIES = 8


@attrs.frozen(slots=True)
class GameConfig:
    players: int = 4
    seed: int = 1
    #: hero names by seat; empty means dealt at random
    heroes: tuple[str, ...] = ()
    impossible: bool = False
    #: how many Archenemies the stack holds (8 is the standard game; more is a longer game)
    archenemies: int = STANDARD_ARCHENEMIES
    sets: tuple[str, ...] = ("two-towers",)
    #: None: decided by the sets in play (The Wall is used with The Two Towers' cards)
    use_wall: bool | None = None
    #: Not a rulebook rule: a safeguard so that a game whose players can no longer act (a bot
    #: that destroyed its whole deck, say) still ends. No real game comes near it.
    max_turns: int = 1000
    #: how the main deck is built from the sets in play (lotr_rules.games.deckbuilding.mix): "" is every
    #: main-deck card of every set; "plan-1", "plan-2", "less-random" or "custom"
    mix: str = ""
    #: plan-2: which half of the split deck this game uses (1 for a match's first game, 2 for its second)
    half: int = 1
    #: less-random: changes to the rulebook's table, as (card type, set code) pairs; a card type is
    #: ally, enemy, artifact, maneuver, location, fortune, archenemy or hero
    less_random: tuple[tuple[str, str], ...] = ()
    #: custom: the main deck, as (card name, count) pairs
    custom_deck: tuple[tuple[str, int], ...] = ()
    #: plan-2, a match's second game: the Archenemies game 1 met; each level of the stack takes
    #: others first, as far as it has them (lotr_rules.games.deckbuilding.match)
    avoid_archenemies: tuple[str, ...] = ()

    def check_mix(self) -> None:
        """Raise ConfigError if the mix options do not make sense (the cards are checked at setup)."""
        from lotr_rules.games.deckbuilding.mix_checks import config_problems, raise_first

        raise_first(config_problems(self))
        if self.avoid_archenemies and (self.mix != "plan-2" or self.half != 2):
            raise ConfigError("only the second game of a plan-2 match avoids the Archenemies of the first")

    def validate(self, max_archenemies: int) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ConfigError(f"a game takes {MIN_PLAYERS} to {MAX_PLAYERS} players, not {self.players}")
        if self.heroes and len(self.heroes) != self.players:
            raise ConfigError(f"{len(self.heroes)} heroes named for {self.players} players")
        if len(set(self.heroes)) != len(self.heroes):
            raise ConfigError("each player needs a different hero")
        if not self.impossible and not 3 <= self.archenemies <= max_archenemies:
            raise ConfigError(f"the Archenemy stack holds 3 to {max_archenemies} cards, not {self.archenemies}")

    def to_json(self) -> dict[str, object]:
        return {
            "players": self.players,
            "seed": self.seed,
            "heroes": list(self.heroes),
            "impossible": self.impossible,
            "archenemies": self.archenemies,
            "sets": list(self.sets),
            "use_wall": self.use_wall,
            "max_turns": self.max_turns,
            # only a mixed game's record carries the mix options (older records stay as they were)
            **mix_json(self.mix, self.half, self.less_random, self.custom_deck),
            **({"avoid_archenemies": list(self.avoid_archenemies)} if self.avoid_archenemies else {}),
        }

    @classmethod
    def from_json(cls, data: object) -> GameConfig:
        if not isinstance(data, dict):
            raise ConfigError("a game config must be a JSON object")
        use_wall = data.get("use_wall")
        if use_wall is not None and not isinstance(use_wall, bool):
            raise ConfigError(f"a game config's use_wall must be true, false or null, not {use_wall!r}")
        from lotr_rules.games.deckbuilding.mix import deck_entries

        mix = data.get("mix", "")
        if not isinstance(mix, str):
            raise ConfigError(f"a game config's mix must be a plan name, not {mix!r}")
        half = data.get("half", 1)
        if isinstance(half, bool) or not isinstance(half, int):
            raise ConfigError(f"a game config's half must be 1 or 2, not {half!r}")
        table = data.get("less_random", {})
        if not isinstance(table, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in table.items()):
            raise ConfigError(f"a game config's less_random must map card types to set codes, not {table!r}")
        custom = data.get("custom_deck", {})
        custom_deck = deck_entries(custom, "a game config's custom_deck") if custom else ()
        avoid = data.get("avoid_archenemies", [])
        if not isinstance(avoid, list) or not all(isinstance(name, str) for name in avoid):
            raise ConfigError(f"a game config's avoid_archenemies must be a list of card names, not {avoid!r}")
        config = cls(
            players=_whole(data, "players", 4),
            seed=_whole(data, "seed", 1),
            heroes=_names(data, "heroes"),
            impossible=_flag(data, "impossible"),
            archenemies=_whole(data, "archenemies", STANDARD_ARCHENEMIES),
            sets=_names(data, "sets", ("two-towers",)),
            use_wall=use_wall,
            max_turns=_whole(data, "max_turns", 1000),
            mix=mix,
            half=half,
            less_random=tuple(table.items()),
            custom_deck=custom_deck,
            avoid_archenemies=tuple(avoid),
        )
        # Checked here, not only when the game is set up: a record of a billion players would
        # have a seat made for each before that (a hand-edited file filled the memory so).
        if not MIN_PLAYERS <= config.players <= MAX_PLAYERS:
            raise ConfigError(
                f"a game config's players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {shown_number(config.players)}"
            )
        if not 0 <= config.archenemies <= MAX_COPIES_PER_GAME:
            shown = shown_number(config.archenemies)
            raise ConfigError(f"a game config's archenemies must be 0 to {MAX_COPIES_PER_GAME}, not {shown}")
        if not 0 <= config.seed <= SEED_MAX:
            raise ConfigError(f"a game config's seed must be 0 to {SEED_MAX}, not {shown_number(config.seed)}")
        if not 1 <= config.max_turns <= MAX_TURNS:
            raise ConfigError(
                f"a game config's max_turns must be 1 to {MAX_TURNS}, not {shown_number(config.max_turns)}"
            )
        config.check_mix()
        return config


def _whole(data: dict[str, object], key: str, default: int) -> int:
    """A whole number of a config read from a file: a fraction, a text or true/false is refused,
    not rounded or read (a hand-edited "players": 2.0 or "4" says something else was meant)."""
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"a game config's {key} must be a whole number, not {value!r}"[:200])
    return value


def _names(data: dict[str, object], key: str, default: tuple[str, ...] = ()) -> tuple[str, ...]:
    """A list of names of a config read from a file (a lone text is refused: read letter by letter
    it would name sets 't', 'w', 'o', ...)."""
    value = data.get(key, list(default))
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise ConfigError(f"a game config's {key} must be a list of names, not {value!r}"[:200])
    return tuple(value)


def _flag(data: dict[str, object], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise ConfigError(f"a game config's {key} must be true or false, not {value!r}"[:200])
    return value

