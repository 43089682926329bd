"""What a deck-building game is set up from: players, heroes, mode, length, seed."""

from __future__ import annotations

import attrs

from lotr_rules.errors import ConfigError

MIN_PLAYERS = 1
MAX_PLAYERS = 5
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
        }

    @classmethod
    def from_json(cls, data: object) -> GameConfig:
        if not isinstance(data, dict):
            raise ConfigError("a game config must be a JSON object")
        use_wall = data.get("use_wall")
        if use_wall is not None and not isinstance(use_wall, bool):
            raise ConfigError(f"a game config's use_wall must be true, false or null, not {use_wall!r}")
        try:
            return cls(
                players=int(data.get("players", 4)),
                seed=int(data.get("seed", 1)),
                heroes=tuple(str(h) for h in data.get("heroes", ())),
                impossible=bool(data.get("impossible", False)),
                archenemies=int(data.get("archenemies", STANDARD_ARCHENEMIES)),
                sets=tuple(str(s) for s in data.get("sets", ("two-towers",))),
                use_wall=use_wall,
                max_turns=int(data.get("max_turns", 1000)),
            )
        except (TypeError, ValueError) as error:
            raise ConfigError(f"a game config has a bad value: {error}") from None
