"""SVG faces and sheets to PNG images and PDF files, with the optional ``render`` extra.

The conversions use CairoSVG (which draws with the cairo library, so faces look the same as in
a browser) and pypdf (to bind the pages of a print sheet into one file). Neither is needed to
draw a face as SVG, so they are imported only here, when a PNG or a PDF is asked for; without
them the error says what to install.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from types import ModuleType

from lotr_rules.errors import UserError

EXTRA = "render"
INSTALL = f"pip install 'lotr-rules[{EXTRA}]'"


class MissingExtraError(UserError):
    """A PNG or PDF was asked for and the libraries that make it are not installed."""


def _cairosvg(purpose: str) -> ModuleType:
    try:
        import cairosvg
    except ImportError:
        raise MissingExtraError(
            f"{purpose} needs the optional '{EXTRA}' extra, which is not installed: {INSTALL}"
        ) from None
    except OSError as error:  # the package is there, the cairo library it draws with is not
        raise MissingExtraError(
            f"{purpose} needs the cairo library, which CairoSVG could not load ({error}); install it with "
            "your system's package manager (Debian and Ubuntu: apt-get install libcairo2)"
        ) from None
    module: ModuleType = cairosvg
    return module


def svg_to_png(document: str, dpi: int = 300) -> bytes:
    """The SVG ``document`` drawn as a PNG image at ``dpi`` dots per inch."""
    cairosvg = _cairosvg("PNG output")
    png: bytes = cairosvg.svg2png(bytestring=document.encode("utf-8"), dpi=dpi)
    return png


def pages_to_pdf(pages: Sequence[str]) -> bytes:
    """The SVG ``pages``, each drawn at its own size, bound into one PDF."""
    cairosvg = _cairosvg("A PDF print sheet")
    try:
        from pypdf import PdfReader, PdfWriter
    except ImportError:
        raise MissingExtraError(
            f"a PDF print sheet needs the optional '{EXTRA}' extra, which is not fully installed: {INSTALL}"
        ) from None
    writer = PdfWriter()
    for page in pages:
        single: bytes = cairosvg.svg2pdf(bytestring=page.encode("utf-8"))
        writer.append(PdfReader(io.BytesIO(single)))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
