"""Laying card text out to fit a box: paragraphs, bold ability labels, wrapping and shrinking.

A card's text is one string. It reads best the way printed cards set it: each ability on a line of
its own, its label in bold ("Attack: ...", "Group Ambush: ...", "Quest: ..."). So the text is cut
into paragraphs before every sentence that opens with such a label (and at any line break the text
has), then wrapped at the largest size at which every paragraph fits the box, down to a floor. A
text too long even then keeps shrinking: no word of a card is ever dropped.
"""

from __future__ import annotations

import re

import attrs

from lotr_rules.render.metrics import text_width

#: a label opening a paragraph: up to three words, the first capitalised, then a colon (longer
#: openings are sentences that happen to hold a colon)
_LABEL = re.compile(r"^([A-Z][\w'’-]*(?: [\w'’+-]+){0,2}:)(?=\s|$)")
#: where a sentence ends and the next opens with a label
_LABEL_START = re.compile(r"(?<=[.!?)])\s+(?=[A-Z][\w'’-]*(?: [\w'’+-]+){0,2}:(?:\s|$))")
#: space above a paragraph after the first, in ems
PARAGRAPH_GAP = 0.35
#: a text too long to fit at the smallest size shrinks on by this factor, as far as it must
_SHRINK = 0.96


@attrs.frozen(slots=True)
class Run:
    """Words of one weight on a line."""

    text: str
    bold: bool = False


@attrs.frozen(slots=True)
class Line:
    runs: tuple[Run, ...]
    #: the first line of a paragraph after the first: set a little lower
    opens_paragraph: bool = False

    @property
    def text(self) -> str:
        return "".join(run.text for run in self.runs)

    def width(self, size: float) -> float:
        return sum(text_width(run.text, size, run.bold) for run in self.runs)


@attrs.frozen(slots=True)
class TextLayout:
    size: float
    line_height: float
    lines: tuple[Line, ...]

    @property
    def height(self) -> float:
        gaps = sum(1 for line in self.lines if line.opens_paragraph)
        return (len(self.lines) * self.line_height + gaps * PARAGRAPH_GAP) * self.size


def paragraphs(text: str) -> list[str]:
    """``text`` cut at its line breaks and before every sentence that opens with a label."""
    out: list[str] = []
    for block in text.splitlines():
        out.extend(part.strip() for part in _LABEL_START.split(block.strip()) if part.strip())
    return out


def _words(paragraph: str) -> list[Run]:
    """The paragraph's words, each with the space before it; the opening label in bold."""
    label = _LABEL.match(paragraph)
    bold_words = len(label.group(1).split()) if label else 0
    return [Run(word if index == 0 else " " + word, index < bold_words) for index, word in enumerate(paragraph.split())]


def _break_word(run: Run, width: float, size: float) -> list[Run]:
    """A word wider than the box, cut into pieces that fit (card data may hold anything)."""
    pieces: list[Run] = []
    piece = ""
    for char in run.text.lstrip(" "):
        if piece and text_width(piece + char, size, run.bold) > width:
            pieces.append(Run(piece, run.bold))
            piece = ""
        piece += char
    pieces.append(Run(piece, run.bold))
    return pieces


def _merge(runs: list[Run]) -> tuple[Run, ...]:
    merged: list[Run] = []
    for run in runs:
        if merged and merged[-1].bold == run.bold:
            merged[-1] = Run(merged[-1].text + run.text, run.bold)
        else:
            merged.append(run)
    return tuple(merged)


def wrap(paragraph_list: list[str], width: float, size: float) -> list[Line]:
    """Greedy wrapping of each paragraph to ``width`` at font size ``size``."""
    lines: list[Line] = []
    for number, paragraph in enumerate(paragraph_list):
        current: list[Run] = []
        used = 0.0
        first = number > 0
        for word in _words(paragraph):
            word_width = text_width(word.text, size, word.bold)
            if current and used + word_width > width:
                lines.append(Line(_merge(current), first))
                first = False
                word = Run(word.text.lstrip(" "), word.bold)
                current, used = [], 0.0
                word_width = text_width(word.text, size, word.bold)
            if not current and word_width > width:
                *whole, word = _break_word(word, width, size)
                for piece in whole:
                    lines.append(Line((piece,), first))
                    first = False
                word_width = text_width(word.text, size, word.bold)
            current.append(word)
            used += word_width
        if current:
            lines.append(Line(_merge(current), first))
    return lines


def fit_text(
    text: str,
    width: float,
    height: float,
    *,
    largest: float,
    smallest: float,
    line_height: float = 1.2,
) -> TextLayout:
    """The layout of ``text`` at the largest size from ``largest`` down that fits the box.

    Sizes step down by 2%; below ``smallest`` the text shrinks on rather than losing words.
    """
    parts = paragraphs(text)
    size = largest
    while True:
        layout = TextLayout(size, line_height, tuple(wrap(parts, width, size)))
        if layout.height <= height or size < smallest * 0.2:
            return layout
        size *= 0.98 if size > smallest else _SHRINK


def fit_line(text: str, width: float, *, largest: float, bold: bool = False) -> float:
    """The size to set one line of ``text`` at so that it fits ``width``: ``largest`` when it
    fits, smaller as far as it must (renderers differ on squeezing text, so nothing is left to it)."""
    measured = text_width(text, largest, bold)
    return largest if measured <= width else largest * width / measured
