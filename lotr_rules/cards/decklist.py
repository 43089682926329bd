"""Deck lists as players write and share them: a plain text file, one ``3x Card Name`` line a card.

The same reader takes the starter decks this project ships and the text lists that deck-building
websites export for The Lord of the Rings: The Card Game::

    Leadership starter deck            <- a title (the first line that is not a card)

    Heroes                             <- a heading: the cards below are the heroes
    1x Aragorn (Core Set)              <- "(Core Set)" names the product; it is kept, not needed
    1x Glóin

    Ally (8)                           <- any other heading, with or without a total
    3x Guard of the Citadel
    2 x Snowbourn Scout

    Sideboard                          <- cards below are not part of the deck
    1x Gandalf

Counts may be written ``3x``, ``3 x``, ``3×`` or a bare ``3``. A line that is neither a card, a
heading nor a comment (``#`` or ``//``) is a problem, never skipped: a card written without its
count would otherwise silently leave the deck. Every problem has its line and column, and
:func:`parse_deck_list` reports all of them, not only the first.

What makes a deck legal (copies of a title, heroes) depends on the cards' facts,
which each game family owns: :func:`check_deck` takes them through :class:`DeckCardFacts`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Protocol

import attrs

from lotr_rules.datafiles import DataFileError, read_data_text, shown_path
from lotr_rules.diagnostics import did_you_mean
from lotr_rules.errors import Span
from lotr_rules.limits import MAX_DECK_LINE_COPIES, MAX_DECK_LINES

_ENTRY = re.compile(r"^(?P<count>\d+)\s*(?:[xX×]\s*)?(?=\S)(?P<name>.*?)(?:\s*\((?P<product>[^()]*)\))?\s*$")
_ENTRY_COUNT_AFTER = re.compile(r"^(?P<name>.*?\S)\s+[xX×]\s*(?P<count>\d+)\s*$")
_HEADING_TOTAL = re.compile(r"^(?P<words>[^\d()][^()]*?)\s*(?:\((?P<total>\d+)\))?\s*:?\s*$")
#: Words a heading is made of (plural or not, any case); a heading may also simply end with ``:``.
_SECTION_WORDS = frozenset(
    {
        "hero", "heroes", "ally", "allies", "attachment", "attachments", "event", "events",
        "side", "quest", "quests", "player", "main", "deck", "cards", "contract", "contracts",
        "treasure", "treasures", "sideboard", "and", "&",
    }
)  # fmt: skip
#: Lines that deck-building websites add around the cards and that say nothing about the deck.
_INFORMATION = ("total cards", "cards up to", "deck built on", "packs:", "deck built with")


class DeckCardFacts(Protocol):
    """What the deck rules need to know of one card."""

    @property
    def is_hero(self) -> bool: ...


@attrs.frozen(slots=True)
class DeckLine:
    count: int
    name: str
    #: The product written after the name, as in ``(Core Set)``, or "".
    product: str
    span: Span


@attrs.frozen(slots=True)
class DeckProblem:
    message: str
    span: Span
    hint: str | None = None

    def __str__(self) -> str:
        return f"{self.span}: {self.message}" + (f" ({self.hint})" if self.hint else "")


@attrs.frozen(slots=True)
class DeckList:
    shown: str
    title: str
    heroes: tuple[DeckLine, ...]
    cards: tuple[DeckLine, ...]
    sideboard: tuple[DeckLine, ...]
    problems: tuple[DeckProblem, ...]

    def copies(self) -> dict[str, int]:
        """The deck's cards (heroes apart) by name, copies over every line added up."""
        total: dict[str, int] = {}
        for line in self.cards:
            total[line.name] = total.get(line.name, 0) + line.count
        return total

    @property
    def size(self) -> int:
        return sum(line.count for line in self.cards)


def parse_deck_list(text: str, shown: str = "") -> DeckList:
    """Read a deck list's text; every line that cannot be read is a problem, kept in order."""
    text = text.removeprefix("\ufeff")
    title = ""
    section = "cards"
    found: dict[str, list[DeckLine]] = {"heroes": [], "cards": [], "sideboard": []}
    problems: list[DeckProblem] = []
    seen_any = False
    lines = text.splitlines()
    if len(lines) > MAX_DECK_LINES:
        span = Span(MAX_DECK_LINES + 1, 1, MAX_DECK_LINES + 1, 2, shown)
        return DeckList(shown, "", (), (), (), (DeckProblem(f"a deck list has at most {MAX_DECK_LINES} lines", span),))
    for number, raw in enumerate(lines, start=1):
        stripped = raw.strip()
        indent = len(raw) - len(raw.lstrip())
        whole = Span(number, indent + 1, number, indent + 1 + len(stripped), shown)
        if not stripped or stripped.startswith(("#", "//")) or set(stripped) <= set("=-_*~"):
            continue
        if stripped.lower().startswith(_INFORMATION):
            continue
        before = len(problems)
        entry = _read_entry(stripped, whole, problems)
        if entry is not None or len(problems) > before:  # a card, or a card line with a problem
            seen_any = True
            if entry is not None:
                found[section].append(entry)
            continue
        heading = _heading_section(stripped)
        if heading is not None:
            section = heading
            seen_any = True
            continue
        if not seen_any and not title:
            title = stripped  # the deck's name, on the first line
            continue
        problems.append(
            DeckProblem(
                "this line is neither a card nor a heading",
                whole,
                f"write a card as '1x {stripped}', a heading as '{stripped}:'",
            )
        )
    return DeckList(
        shown,
        title,
        tuple(found["heroes"]),
        tuple(found["cards"]),
        tuple(found["sideboard"]),
        tuple(problems),
    )


def _read_entry(text: str, whole: Span, problems: list[DeckProblem]) -> DeckLine | None:
    match = _ENTRY.match(text)
    product = ""
    if match is not None:
        count_text, name = match["count"], match["name"].strip()
        product = (match["product"] or "").strip()
    else:
        after = _ENTRY_COUNT_AFTER.match(text)
        if after is None:
            return None
        count_text, name = after["count"], after["name"].strip()
        # A trailing "(Core Set)" before "x3" stays part of what is stripped off the name.
        inner = re.match(r"^(?P<name>.*?)\s*\((?P<product>[^()]*)\)$", name)
        if inner is not None:
            name, product = inner["name"], inner["product"].strip()
    if not name:
        problems.append(DeckProblem("a count with no card name after it", whole))
        return None
    count_span = Span(whole.line, whole.column, whole.line, whole.column + len(count_text), whole.path)
    if len(count_text) > 4 or not 1 <= int(count_text) <= MAX_DECK_LINE_COPIES:
        problems.append(
            DeckProblem(
                f"a line gives 1 to {MAX_DECK_LINE_COPIES} copies of a card, not {_short(count_text)}", count_span
            )
        )
        return None
    column = whole.column + text.index(name) if name in text else whole.column
    span = Span(whole.line, column, whole.line, column + len(name), whole.path)
    return DeckLine(int(count_text), name, product, span)


def _short(digits: str) -> str:
    return digits if len(digits) <= 12 else f"{digits[:6]}...({len(digits)} digits)"


def _heading_section(text: str) -> str | None:
    """Which section a heading starts ("heroes", "cards" or "sideboard"), or None if the line is
    not a heading."""
    match = _HEADING_TOTAL.match(text)
    if match is None:
        return None
    words = match["words"].strip().rstrip(":").strip().lower()
    parts = words.replace("-", " ").split()
    if not text.rstrip().endswith(":") and not (parts and set(parts) <= _SECTION_WORDS):
        return None
    if "sideboard" in parts:
        return "sideboard"
    if parts and parts[0] in ("hero", "heroes"):
        return "heroes"
    return "cards"


def read_deck_list(path: Path) -> DeckList:
    """A deck list file, read safely (see :mod:`lotr_rules.datafiles`); its problems are in the result."""
    return parse_deck_list(read_data_text(path, "deck list"), shown_path(path))


def load_deck_list(path: Path) -> DeckList:
    """A deck list file with no problems, or a :class:`DataFileError` at its first problem."""
    deck = read_deck_list(path)
    if deck.problems:
        first = deck.problems[0]
        more = len(deck.problems) - 1
        reason = first.message + (f" (and {more} more problem{'s' if more != 1 else ''})" if more else "")
        raise DataFileError(deck.shown, reason, first.span)
    return deck


def check_deck(
    deck: DeckList,
    facts: Callable[[str], DeckCardFacts | None],
    names: Iterable[str],
    *,
    max_copies: int = 3,
    max_heroes: int = 3,
    minimum_cards: int | None = None,
    title: Callable[[str], str] | None = None,
) -> list[DeckProblem]:
    """The deck-building rules, each broken one a problem at the line that breaks it.

    - every name is a card (with the closest name as a hint when it is not);
    - heroes go in the hero section and nothing else does; at most ``max_heroes``; no hero twice;
    - at most ``max_copies`` copies of a title (lines of one title are added up; ``title`` gives
      a line's title where its name says more, as ``Gandalf (lcg-core)`` does);
    - a card of any sphere may be in any deck: one that no hero's resources match is legal, it
      only cannot be paid for (the rules refuse no sphere);
    - with ``minimum_cards``, the deck (heroes apart) has at least that many cards.
    """
    known = sorted(set(names))
    title_of = title or (lambda name: name)
    problems: list[DeckProblem] = []
    hero_seen: dict[str, DeckLine] = {}
    for line in deck.heroes:
        card = _known(line, facts, known, problems)
        if card is None:
            continue
        if not card.is_hero:
            problems.append(DeckProblem(f"'{line.name}' is not a hero: list it with the other cards", line.span))
            continue
        named = title_of(line.name)
        if named in hero_seen or line.count > 1:
            problems.append(
                DeckProblem(f"a deck has one copy of a hero at most, and '{named}' is here twice", line.span)
            )
        hero_seen[named] = line
    if len(hero_seen) > max_heroes:
        extra = list(hero_seen.values())[max_heroes]
        problems.append(DeckProblem(f"a deck has at most {max_heroes} heroes, this one {len(hero_seen)}", extra.span))
    if deck.cards and not deck.heroes:
        first = deck.cards[0]
        problems.append(DeckProblem("the deck lists no heroes", first.span, "put them under a 'Heroes' heading"))
    totals: dict[str, int] = {}
    for line in deck.cards:
        card = _known(line, facts, known, problems)
        if card is None:
            continue
        if card.is_hero:
            problems.append(DeckProblem(f"'{line.name}' is a hero: list it under the 'Heroes' heading", line.span))
            continue
        named = title_of(line.name)
        totals[named] = totals.get(named, 0) + line.count
        if totals[named] > max_copies and totals[named] - line.count <= max_copies:
            copies = sum(other.count for other in deck.cards if title_of(other.name) == named)
            problems.append(
                DeckProblem(f"a deck has at most {max_copies} copies of '{named}', this one {copies}", line.span)
            )
    if minimum_cards is not None and deck.size < minimum_cards:
        span = deck.cards[-1].span if deck.cards else Span(1, 1, 1, 2, deck.shown)
        problems.append(
            DeckProblem(
                f"a tournament deck has at least {minimum_cards} cards besides its heroes, this one {deck.size}", span
            )
        )
    return problems


def _known(
    line: DeckLine, facts: Callable[[str], DeckCardFacts | None], known: Sequence[str], problems: list[DeckProblem]
) -> DeckCardFacts | None:
    card = facts(line.name)
    if card is None:
        problems.append(DeckProblem(f"no card is named '{line.name}'", line.span, did_you_mean(line.name, known)))
    return card
