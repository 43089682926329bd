"""The mix options of a deck-building game (see docs/mixing.md): a rulebook plan and what it takes,
or a mix file saying all of it. ``options`` is the new-game options as the command line parses
them (an :class:`argparse.Namespace`); the browser's new-game form fills in the same names."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from lotr_rules.errors import ConfigError
from lotr_rules.games import DEFAULT_FAMILY
from lotr_rules.games.deckbuilding.mix import read_deck_file
from lotr_rules.games.deckbuilding.mixfile import load_mix_file

#: the options a mix file replaces, as (attribute, flag)
MIX_FILE_REPLACES = (
    ("sets", "--sets"),
    ("mix", "--mix"),
    ("half", "--half"),
    ("deck", "--deck"),
    ("less_random", "--less-random"),
)


def apply_mix_file(options: Any, default_sets: str | None = "two-towers") -> None:
    """Read ``options.mix_file`` into ``options``: its sets into ``sets``, its set folders after
    ``cards``, its plan and options for :func:`mix_options`. A mix option also given is refused:
    the file says everything about the mix. (A resumed game refuses it itself.)"""
    path: Path | None = getattr(options, "mix_file", None)
    if path is None or getattr(options, "resume", None) is not None:
        if getattr(options, "sets", None) is None and default_sets is not None:
            options.sets = default_sets
        return
    if getattr(options, "game", DEFAULT_FAMILY) != DEFAULT_FAMILY:
        raise ConfigError("--mix-file mixes the sets of the deck-building games")
    given = [flag for dest, flag in MIX_FILE_REPLACES if getattr(options, dest, None)]
    if given:
        raise ConfigError(f"--mix-file says everything about the mix: leave out {', '.join(given)}")
    mix, warnings = load_mix_file(path, options.cards)
    for warning in warnings:
        print(f"lotr-rules: warning: {warning.format_text()}", file=sys.stderr)
    options.sets = ",".join(mix.config.sets)
    options.cards = [*options.cards, *mix.folders]
    options.mix_file_options = mix.mix_options()
    if mix.one_game:
        options.half = mix.config.half  # like --half: that game of the match alone


def mix_options(options: Any) -> dict[str, Any]:
    """The GameConfig fields the mix options give (``deck`` is read here; a mix file was read
    by :func:`apply_mix_file`)."""
    from_file: dict[str, Any] | None = getattr(options, "mix_file_options", None)
    if from_file is not None:
        return from_file
    mix = getattr(options, "mix", None) or ""
    half = getattr(options, "half", None) or 1
    deck: Path | None = getattr(options, "deck", None)
    table_text: str | None = getattr(options, "less_random", None)
    if deck is not None and mix != "custom":
        raise ConfigError("--deck lists a main deck for --mix custom")
    if half != 1 and mix != "plan-2":
        raise ConfigError("--half picks a half of the deck for --mix plan-2")
    if table_text and mix != "less-random":
        raise ConfigError("--less-random changes the table of --mix less-random")
    table: list[tuple[str, str]] = []
    for item in (table_text or "").split(","):
        if not item.strip():
            continue
        key, sep, code = item.partition("=")
        if not sep or not key.strip() or not code.strip():
            raise ConfigError(f"--less-random takes TYPE=SET pairs, not '{item.strip()}'")
        table.append((key.strip().lower(), code.strip()))
    return {
        "mix": mix,
        "half": half,
        "less_random": tuple(table),
        "custom_deck": read_deck_file(deck) if deck is not None else (),
    }
