"""Pages of the docs that are generated from the code, so they cannot drift from it.

``python -m lotr_rules.docgen`` rewrites them; ``--check`` fails if any is out of date (CI runs
that). Each generator module exposes ``PAGE`` (the file under ``docs/``) and ``render()``, or,
when it writes several pages (the card gallery, one per shipped set), ``pages()``: their files
and renderers.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path

#: generator modules, each with PAGE: str and render() -> str, or pages() -> {page: render}
GENERATORS = (
    "lotr_rules.docgen.reference",
    "lotr_rules.docgen.lint_codes",
    "lotr_rules.docgen.gallery",
    "lotr_rules.docgen.balance",
    "lotr_rules.docgen.lcg_figures",
    "lotr_rules.docgen.examples",
)


#: folders under ``docs/`` whose every file docgen writes (the card faces): a file in one that no
#: generator writes any more is stale too
OWNED_FOLDERS = ("faces",)


def pages() -> dict[str, Callable[[], str]]:
    out: dict[str, Callable[[], str]] = {}
    for name in GENERATORS:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError:
            continue
        if hasattr(module, "pages"):
            out.update(module.pages())
        else:
            out[str(module.PAGE)] = module.render
    return out


def docs_dir() -> Path:
    return Path(__file__).resolve().parents[2] / "docs"
