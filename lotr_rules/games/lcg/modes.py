"""The Card Game's modes of play: normal, and Easy Mode.

Easy Mode is not in the core set's rulebook: the publisher added it later, in the game's Rules
Reference (its "Easy Mode" entry), for every scenario. Two things change at setup, and nothing
after it:

* the encounter deck is smaller: the encounter cards marked as not used in Easy Mode are left
  out of it. Which copies those are is data of each scenario file (its ``[easy]`` table, read by
  :mod:`lotr_rules.games.lcg.files`), so a custom scenario declares its own Easy Mode;
* each player adds one resource to each of their heroes' resource pools
  (:data:`EASY_HERO_RESOURCES`, given by :class:`~lotr_rules.games.lcg.game.LcgGame`'s setup).

A game records its mode; a record written before modes existed has none and is a normal game.
Faces that offer a choice of mode (the command line's ``--mode``, a new-game page) ask
:func:`lotr_rules.games.lcg.files.scenario_modes` which modes a scenario offers, read a choice
with :func:`parse_mode` and set the game up with
:func:`lotr_rules.games.lcg.recording.new_table` (its ``mode``).
"""

from __future__ import annotations

import enum

from lotr_rules.errors import UserError


class Mode(enum.StrEnum):
    """How hard a Card Game scenario is played; the value is the word files and options use."""

    NORMAL = "normal"
    EASY = "easy"


#: every mode, the default first
MODES: tuple[Mode, ...] = tuple(Mode)
DEFAULT_MODE = Mode.NORMAL
#: the resources each hero starts with in Easy Mode (Rules Reference, "Easy Mode"); 0 otherwise
EASY_HERO_RESOURCES = 1

#: words for people, by mode
DESCRIPTIONS = {
    Mode.NORMAL: "the scenario as printed",
    Mode.EASY: "Easy Mode: a smaller encounter deck, and each hero starts with 1 resource",
}


def parse_mode(text: str) -> Mode:
    """The mode a word names (``normal``, ``easy``; case and spaces ignored); a UserError
    listing the modes for any other word."""
    word = text.strip().lower()
    for mode in MODES:
        if mode.value == word:
            return mode
    raise UserError(f"unknown mode '{text}' of the Card Game: the modes are {', '.join(m.value for m in MODES)}")


def starting_resources(mode: Mode) -> int:
    """How many resources each hero's pool holds at the start of a game in ``mode``."""
    return EASY_HERO_RESOURCES if mode is Mode.EASY else 0
