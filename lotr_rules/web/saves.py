"""Saves at the web table: the same files as ``lotr-rules play`` writes, in one folder.

A page names a save only by a name from the folder's own listing, never by a path.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import attrs

from lotr_rules.datafiles import DataFileError, read_json
from lotr_rules.errors import RecordError, UserError
from lotr_rules.games.adventure.game import AdventureGame
from lotr_rules.games.deckbuilding.game import DeckbuildingGame
from lotr_rules.session.adventure import journey_save
from lotr_rules.session.deckbuilding import save_data, write_save
from lotr_rules.web.lcg_games import is_lcg_data, lcg_save_data, lcg_summary
from lotr_rules.web.sessions import TableSession

SUFFIX = ".json"


@attrs.define
class SaveFolder:
    path: Path

    def listing(self) -> list[dict[str, str]]:
        """The saves, newest first: name, when, and what game (as far as the file says)."""
        if not self.path.is_dir():
            return []
        found = []
        for file in self.path.iterdir():
            if file.suffix != SUFFIX or not file.is_file():
                continue
            found.append((file.stat().st_mtime, file))
        found.sort(reverse=True)
        return [
            {"name": file.name, "when": time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp)), "what": _summary(file)}
            for stamp, file in found
        ]

    def read(self, name: str) -> Any:
        if name not in {entry["name"] for entry in self.listing()}:
            raise UserError(f"there is no save called '{name}'")
        try:
            return read_json(self.path / name, "game record")
        except DataFileError as error:
            raise RecordError(f"{name} cannot be read as a game record: {error.reason}") from None

    def write(self, data: dict[str, Any]) -> str:
        try:
            self.path.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise UserError(f"cannot make the folder for saves {self.path}: {error.strerror or error}") from None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        name = f"game-{stamp}{SUFFIX}"
        number = 2
        while (self.path / name).exists():
            name = f"game-{stamp}-{number}{SUFFIX}"
            number += 1
        if data.get("family") == "lcg":  # the Card Game's saves are its records, as the terminal writes them
            from lotr_rules.session import lcg

            lcg.write(self.path / name, data)
        else:
            write_save(self.path / name, data)
        return name


def _summary(file: Path) -> str:
    try:
        data = read_json(file, "game record")
        if is_lcg_data(data):
            return lcg_summary(data)
        state = "over" if data.get("finished") else f"{len(data['choices'])} choices in"
        config = data["config"]
        if data.get("family") == "adventure-deck":
            return f"an Adventure Deck journey, seed {config.get('seed')}: {state}"
        sets = " + ".join(config.get("sets", ())) or data.get("family", "")
        return f"{sets}, {config.get('players', 1)} players, seed {config.get('seed')}: {state}"
    except (UserError, KeyError, TypeError, AttributeError):
        return "not a game record"


def save_data_of(session: TableSession) -> dict[str, Any] | None:
    """The save of the game as it stands (None before it has begun)."""
    with session.cond:
        game = session.game
        if isinstance(game, DeckbuildingGame):
            return save_data(game, session.seats)
        if isinstance(game, AdventureGame):
            return journey_save(game, session.seats)
        return lcg_save_data(session)
