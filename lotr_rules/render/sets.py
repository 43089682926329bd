"""The names faces print for sets: a shipped set's short name, read from its manifest."""

from __future__ import annotations

import functools


@functools.cache
def _shipped_titles() -> dict[str, str]:
    from lotr_rules.cards.loader import read_manifest, set_folders
    from lotr_rules.resources import cardscripts_dir

    infos = (read_manifest(folder)[0] for folder in set_folders(cardscripts_dir()))
    return {info.code: info.title for info in infos if info is not None}


def shipped_set_title(set_code: str) -> str:
    """The short name of the shipped set ``set_code``; the code itself for any other set."""
    return _shipped_titles().get(set_code, set_code)
