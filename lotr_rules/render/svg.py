"""Writing SVG safely: every piece of card data is escaped before it goes into the document.

Card sets come from anyone, so a name or a text may hold ``<``, ``&``, quotes, or characters XML
does not allow at all (control characters). :func:`text` and :func:`attr` make any string safe
as element text or as an attribute value; :func:`element` builds elements from escaped parts.
"""

from __future__ import annotations

import re

#: characters XML 1.0 does not allow anywhere: control characters other than tab and line
#: breaks, lone surrogates, and the two non-characters at the end of the basic plane
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def clean(value: str) -> str:
    """``value`` without the characters XML cannot hold."""
    return _NOT_XML.sub("", value)


def text(value: str) -> str:
    """``value`` made safe as element text."""
    return clean(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def attr(value: str | float) -> str:
    """``value`` made safe inside a double-quoted attribute (numbers rounded to 0.01)."""
    if isinstance(value, float):
        return _number(value)
    return text(str(value)).replace('"', "&quot;").replace("'", "&apos;")


def _number(value: float) -> str:
    shown = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if shown == "-0" else shown


def element(tag: str, content: str | None = None, /, **attributes: str | float | None) -> str:
    """``<tag a="..."/>`` or ``<tag a="...">content</tag>``; ``content`` must already be escaped.

    Attribute names are written with ``_`` as ``-`` (``font_size`` is ``font-size``); a ``None``
    value leaves the attribute out.
    """
    parts = [tag]
    for name, value in attributes.items():
        if value is None:
            continue
        parts.append(f'{name.rstrip("_").replace("_", "-")}="{attr(value)}"')
    head = " ".join(parts)
    if content is None:
        return f"<{head}/>"
    return f"<{head}>{content}</{tag}>"
