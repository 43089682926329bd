"""Card faces drawn from card data: SVG documents, and PNG images and print sheets from them.

:func:`card_face_svg` needs nothing beyond the standard library; turning faces into PNG images
or a PDF print sheet needs the optional ``render`` extra and is imported only when asked for.
"""

from __future__ import annotations

from lotr_rules.render.face import card_face_svg

__all__ = ["card_face_svg"]
