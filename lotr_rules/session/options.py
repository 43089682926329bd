"""The new-game options of the deck-building game, typed: what the command line's options and the
browser's new-game form both say. The command line hands over its parsed options, which carry
the same names; :func:`lotr_rules.session.deckbuilding.new_game_setup` reads either."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs


@attrs.define
class DeckbuildingOptions:
    """Any option None takes its default (see :mod:`lotr_rules.session.deckbuilding`)."""

    players: int | None = None
    #: how many seats people play, the first ones
    humans: int | None = None
    seed: int | None = None
    impossible: bool = False
    archenemies: int | None = None
    #: the heroes of the first seats, by name
    hero: list[str] | None = None
    #: the kind of bot of the other seats
    bot: str | None = None
    #: the set codes, separated by commas
    sets: str | None = None
    mix: str | None = None
    half: int | None = None
    deck: Path | None = None
    less_random: str | None = None
    mix_file: Path | None = None
    cards: list[Path] = attrs.field(factory=list)
    game: str = "deckbuilding"
    #: filled in from ``mix_file`` by :func:`lotr_rules.session.mixing.apply_mix_file`
    mix_file_options: dict[str, Any] | None = None
    resume: Path | None = None
