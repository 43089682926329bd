"""How wide text is, without a font library: advance widths of the face the cards ask for first.

Card faces name DejaVu Serif first (then Georgia, then any serif). The widths below are its
advance widths in thousandths of an em for the printable ASCII characters, regular and bold. A
viewer without DejaVu falls back to a narrower serif, so text measured here fits there too.
Letters with accents measure as their base letter; anything else unknown as a wide letter.
"""

from __future__ import annotations

import functools
import unicodedata

_FIRST = 32  # the space: the tables start at it and run to "~"

# fmt: off
_REGULAR = (
    318, 402, 460, 838, 636, 950, 890, 275, 390, 390, 500, 838, 318, 338, 318, 337, 636, 636, 636,
    636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 536, 1000, 722, 735, 765, 802, 730,
    694, 799, 872, 395, 401, 747, 664, 1024, 875, 820, 673, 820, 753, 685, 667, 843, 722, 1028, 712,
    660, 695, 390, 337, 390, 838, 500, 500, 596, 640, 560, 640, 592, 370, 640, 644, 320, 310, 606,
    320, 948, 644, 602, 640, 640, 478, 513, 402, 644, 565, 856, 564, 565, 527, 636, 337, 636, 838,
)
_BOLD = (
    348, 439, 521, 838, 696, 950, 903, 306, 473, 473, 523, 838, 348, 415, 348, 365, 696, 696, 696,
    696, 696, 696, 696, 696, 696, 696, 369, 369, 838, 838, 838, 586, 1000, 776, 845, 796, 867, 762,
    710, 854, 945, 468, 473, 869, 703, 1107, 914, 871, 752, 871, 831, 722, 744, 872, 776, 1123, 776,
    714, 730, 473, 365, 473, 838, 500, 500, 648, 699, 609, 699, 636, 430, 699, 727, 380, 362, 693,
    380, 1058, 727, 667, 699, 699, 527, 563, 462, 727, 581, 861, 596, 581, 568, 643, 364, 643, 838,
)
# fmt: on

#: characters outside the tables that cards use, in thousandths of an em (dashes, quotes)
_EXTRA = {"·": 318, "—": 1000, "–": 500, "‘": 318, "’": 318, "“": 511, "”": 511, "…": 1000, "×": 838, "−": 838}
_UNKNOWN = 1000


@functools.cache
def char_width(char: str, bold: bool) -> int:
    """The advance width of ``char`` in thousandths of an em."""
    table = _BOLD if bold else _REGULAR
    code = ord(char)
    if _FIRST <= code < _FIRST + len(table):
        return table[code - _FIRST]
    if char in _EXTRA:
        return _EXTRA[char]
    base = unicodedata.normalize("NFKD", char)[:1]
    if base and base != char and _FIRST <= ord(base) < _FIRST + len(table):
        return table[ord(base) - _FIRST]
    return _UNKNOWN


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` set at font size ``size``, in the units of ``size``."""
    return sum(char_width(char, bold) for char in text) * size / 1000
