"""A scenario file's Easy Mode: which copies of its encounter cards Easy Mode leaves out.

In Easy Mode (see :mod:`lotr_rules.games.lcg.modes`) the encounter cards marked as not used in
Easy Mode are left out of the encounter deck. A scenario file says which, in an ``[easy]``
table; a scenario without one has no Easy Mode, and ``--mode easy`` refuses it::

    [easy]
    # the copies of encounter cards Easy Mode leaves out of the encounter deck, by name
    leave_out = { "Caught in a Web" = 2, "Hummerhorns" = 1 }

An ``[easy]`` table that leaves nothing out is an Easy Mode whose only change is the heroes'
extra resource. The table is read and checked here; :mod:`lotr_rules.games.lcg.files` calls
these functions as it reads and checks the rest of the file, and the linter reports what they
find under the codes below (documented in :mod:`lotr_rules.lint.codes`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from lotr_rules.cards.titles import Resolution, Titles
from lotr_rules.cards.tomlspans import Entry, KeyPath
from lotr_rules.engine.cards import CardDef
from lotr_rules.errors import Span

#: the scenario file's key, and the one key of its table
EASY = "easy"
LEAVE_OUT = "leave_out"
EASY_KEYS = (LEAVE_OUT,)

#: an ``[easy]`` table that cannot be read (not a table, a key it has not, counts that are not
#: whole numbers of at least 1)
UNREADABLE = "E350"
#: a card left out that is not in the scenario's encounter deck
NOT_IN_DECK = "E351"
#: more copies of a card left out than the encounter deck has
TOO_MANY = "E352"
#: a card left out that a quest stage's setup puts in the staging area, with too few copies left
SETUP_NEEDS = "E353"
#: a card left out that no loaded set has (a warning, as other unknown names are)
UNKNOWN = "W350"
#: an Easy Mode that leaves no card out (only the heroes' extra resource is left of it)
LEAVES_NOTHING = "W351"


@attrs.frozen(slots=True)
class Problem:
    """Something wrong with an ``[easy]`` table, under its lint code."""

    code: str
    message: str
    span: Span
    hint: str | None = None
    #: a card no loaded set has (W350: ``lint --strict`` fails on it, a game refuses it)
    unknown_name: bool = False


@attrs.frozen(slots=True)
class EasyTable:
    """An ``[easy]`` table as written: each name left out, how many copies, and where."""

    span: Span
    leave_out: tuple[tuple[str, int, Span], ...] = ()


def read_easy(value: object, entries: Mapping[KeyPath, Entry], whole: Span) -> tuple[EasyTable | None, list[Problem]]:
    """The file's ``easy`` value read as an :class:`EasyTable`, or the problems that stop it."""
    head = entries.get((EASY,))
    span = head.value if head is not None else whole
    if not isinstance(value, dict):
        return None, [Problem(UNREADABLE, "'easy' must be a table: [easy] with a 'leave_out' table in it", span)]
    problems: list[Problem] = []
    for key in value:
        if key not in EASY_KEYS:
            where = entries.get((EASY, key))
            message = f"the [easy] table has no key '{key}'"
            problems.append(Problem(UNREADABLE, message, where.key if where else span, "its one key is 'leave_out'"))
    raw: Any = value.get(LEAVE_OUT, {})
    at = entries.get((EASY, LEAVE_OUT))
    table_span = at.value if at is not None else span
    if not isinstance(raw, dict):
        message = "'leave_out' must be a table of card names and copies, like { \"Hummerhorns\" = 1 }"
        return None, [*problems, Problem(UNREADABLE, message, table_span)]
    out: list[tuple[str, int, Span]] = []
    for name, copies in raw.items():
        where = entries.get((EASY, LEAVE_OUT, name))
        entry_span = where.value if where is not None else table_span
        if type(copies) is not int or copies < 1:
            # (a value of another kind is not shown: it may be a table of any size)
            shown = f", not {copies}" if type(copies) is int else ""
            message = f"'{name}' in 'leave_out' must be a number of copies, 1 or more{shown}"
            problems.append(Problem(UNREADABLE, message, entry_span))
        elif not name.strip():
            problems.append(Problem(UNREADABLE, "a name in 'leave_out' is empty", entry_span))
        else:
            out.append((name, copies, entry_span))
    if problems:
        return None, problems
    return EasyTable(span, tuple(out)), []


def check_easy(
    easy: EasyTable,
    encounter: Sequence[CardDef],
    in_deck: Titles,
    resolve_anywhere: Callable[[str], Resolution],
    copies: Callable[[CardDef], int],
    setup_needs: Mapping[str, int],
) -> tuple[tuple[tuple[CardDef, int], ...], list[Problem]]:
    """What Easy Mode leaves out of the encounter deck (each card and its copies), and what is
    wrong with the table against the deck: ``encounter`` is the deck's cards (each in its
    ``copies``), ``in_deck`` resolves a name among them and ``resolve_anywhere`` among every
    loaded card; ``setup_needs`` is how many copies of a title the quest stages' setup takes
    from the encounter deck at most at once (the engine finds them there by title)."""
    problems: list[Problem] = []
    left: Counter[CardDef] = Counter()
    #: where each title left out is first written
    written: dict[str, Span] = {}
    for name, count, span in easy.leave_out:
        resolved = in_deck.resolve(name)
        card = resolved.card
        if card is None:
            if resolved.ambiguous:
                # names shared by several cards of the deck are E330, as everywhere else
                continue
            anywhere = resolve_anywhere(name)
            if anywhere.card is None and not anywhere.ambiguous:
                problems.append(
                    Problem(UNKNOWN, f"Easy Mode leaves out '{name}', which no loaded set has", span, None, True)
                )
            else:
                message = f"Easy Mode leaves out '{name}', which is not in the scenario's encounter deck"
                hint = "only cards of the scenario's encounter sets can be left out"
                problems.append(Problem(NOT_IN_DECK, message, span, hint))
            continue
        left[card] += count
        written.setdefault(card.name, span)
        if left[card] > copies(card):
            message = f"Easy Mode leaves out {left[card]} copies of '{name}', but the encounter deck has {copies(card)}"
            problems.append(Problem(TOO_MANY, message, span))
    remaining: Counter[str] = Counter()
    for card in encounter:
        remaining[card.name] += copies(card) - min(left[card], copies(card))
    for title, needed in sorted(setup_needs.items()):
        if title in written and remaining[title] < needed:
            message = (
                f"Easy Mode leaves {remaining[title]} copies of '{title}' in the encounter deck, but a quest "
                f"stage's setup puts {needed} in the staging area"
            )
            problems.append(Problem(SETUP_NEEDS, message, written[title]))
    if not easy.leave_out:
        message = "the [easy] table leaves no card out: Easy Mode only gives the heroes their extra resource"
        hint = "name the copies Easy Mode leaves out in 'leave_out'"
        problems.append(Problem(LEAVES_NOTHING, message, easy.span, hint))
    return tuple(left.items()), problems


def setup_needs(stage_setups: Sequence[Sequence[str]]) -> dict[str, int]:
    """For each title some quest stage's setup puts in the staging area, the most copies one
    stage takes at once."""
    needs: dict[str, int] = {}
    for setup in stage_setups:
        for title, count in Counter(setup).items():
            needs[title] = max(needs.get(title, 0), count)
    return needs
