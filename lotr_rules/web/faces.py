"""Card faces for the table: the SVG that :mod:`lotr_rules.render` draws from a card's data.

Without that module the table draws its own plain HTML cards (``MODE`` says which).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from lotr_rules.engine.cards import CardDef


def _renderer() -> Callable[[CardDef], str] | None:
    try:
        module = importlib.import_module("lotr_rules.render")
    except ImportError:
        return None
    render: Callable[[CardDef], str] | None = getattr(module, "card_face_svg", None)
    return render


_RENDER = _renderer()
#: "svg" when faces are drawn by lotr_rules.render, "html" when the table draws plain cards
MODE = "svg" if _RENDER is not None else "html"
_cache: dict[tuple[str, str, str], str] = {}


def face_svg(card: CardDef) -> str:
    """The card's face as an SVG document."""
    if _RENDER is None:
        raise LookupError("card faces are not available")
    key = (card.set_code, card.name, card.source_digest)
    if key not in _cache:
        _cache[key] = _RENDER(card)
    return _cache[key]
