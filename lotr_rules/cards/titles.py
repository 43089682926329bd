"""Cards that share a title, and how a name written in a file or on the command line picks one.

A card is its set and its id; its title is only what it is called. Titles repeat: the Card
Game has several Aragorns and Gandalfs, and an encounter card comes back in a later pack with
other numbers. So a name written anywhere (a deck list, a scenario, a record, ``show``) is
resolved in its context, and where it still names several cards it is refused, never settled
by whichever set loaded first.

The one spelling that names a card whose title is shared is the title followed by its set in
parentheses: ``Aragorn (lcg-core)``. The set may be written as its code, its name or its short
name, and a player card's sphere also tells versions apart (``Aragorn (lore)``), which reads like
the ``3x Aragorn (Core Set)`` lines deck-building websites export.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence

import attrs

from lotr_rules.engine.cards import CardDef


@functools.lru_cache(maxsize=4096)  # the same few hundred titles, folded at every game's setup
def folded(name: str) -> str:
    """A name as people may type it: any case, accents or not, straight or curly apostrophes,
    any spacing (``gloin`` is ``Glóin``, ``Lorien’s Wealth`` is ``Lórien's Wealth``)."""
    decomposed = unicodedata.normalize("NFKD", name.replace("\u2019", "'").replace("\u2018", "'"))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def split_qualifier(text: str) -> tuple[str, str]:
    """``Aragorn (lcg-core)`` as ``("Aragorn", "lcg-core")``; a name with no qualifier as ``(text, "")``.
    Read from the end, without a pattern that could backtrack on a long hostile line."""
    stripped = text.strip()
    start = stripped.rfind("(")
    if not stripped.endswith(")") or start < 0:
        return stripped, ""
    title, qualifier = stripped[:start].rstrip(), stripped[start + 1 : -1]
    if not title or ")" in qualifier:
        return stripped, ""
    return title, qualifier.strip()


def qualified(card: CardDef) -> str:
    """The name that picks this card among those sharing its title."""
    return f"{card.name} ({card.set_code})"


@attrs.frozen(slots=True)
class SetNames:
    """What a set may be called in a qualifier: its code, name and short name."""

    code: str
    name: str = ""
    short_name: str = ""

    def called(self, word: str) -> bool:
        wanted = folded(word)
        names = [folded(n) for n in (self.code, self.name, self.short_name) if n]
        # a website's product name ("Core Set") is the end of our set's long name
        return wanted in names or any(n.endswith((" " + wanted, "," + wanted)) for n in names if wanted)


@attrs.frozen(slots=True)
class Resolution:
    """What a name means: one card, or none. With none, ``candidates`` are the cards it could
    mean (several: the name is ambiguous; empty: no card is called that)."""

    card: CardDef | None
    candidates: tuple[CardDef, ...] = ()

    @property
    def ambiguous(self) -> bool:
        return self.card is None and bool(self.candidates)


def ambiguity(text: str, candidates: Sequence[CardDef]) -> tuple[str, str]:
    """The message and hint of a name that names several cards (E330)."""
    names = [qualified(card) for card in candidates]
    if split_qualifier(text)[1] and len(names) >= 1 and not any(folded(text) == folded(n) for n in names):
        message = f"'{text}' names none of the cards called '{candidates[0].name}': " + ", ".join(names)
    else:
        message = f"'{text}' names {len(names)} cards: " + ", ".join(names)
    return message, f"name one by its set, as '{names[0]}'"


class Titles:
    """The cards of some sets by title, and the resolution of a name among them."""

    def __init__(self, cards: Iterable[CardDef], sets: Mapping[str, SetNames] | None = None) -> None:
        self.cards = list(cards)
        self.sets = dict(sets or {})
        self._by_title: dict[str, list[CardDef]] = {}
        for card in self.cards:
            self._by_title.setdefault(folded(card.name), []).append(card)
        self._by_label: dict[str, CardDef] | None = None

    def named(self, title: str) -> list[CardDef]:
        """Every card with this title (as typed: see :func:`folded`)."""
        return list(self._by_title.get(folded(title), ()))

    def shared(self, card: CardDef) -> bool:
        return len(self._by_title.get(folded(card.name), ())) > 1

    def label(self, card: CardDef) -> str:
        """How files and records name the card: its title, or its qualified name when the
        title is shared."""
        return qualified(card) if self.shared(card) else card.name

    def by_label(self) -> dict[str, CardDef]:
        """Every card by its :meth:`label` (worked out once: a game's setup asks each time)."""
        if self._by_label is None:
            self._by_label = {self.label(card): card for card in self.cards}
        return self._by_label

    def answers(self, card: CardDef, qualifier: str) -> bool:
        """Whether ``qualifier`` (the words in parentheses) picks ``card``: its set or its sphere."""
        names = self.sets.get(card.set_code, SetNames(card.set_code))
        sphere = card.field("sphere", None)
        return names.called(qualifier) or (isinstance(sphere, str) and folded(sphere) == folded(qualifier))

    def names_something(self, qualifier: str) -> bool:
        """Whether a qualifier names a set or a sphere of these cards (not a website's product)."""
        return any(self.answers(card, qualifier) for card in self.cards)

    def resolve(
        self,
        text: str,
        context: Sequence[str] = (),
        qualifier: str = "",
        fits: Callable[[CardDef], bool] | None = None,
    ) -> Resolution:
        """The card ``text`` names. Where the place a name is written in asks for a kind of card
        (``fits``: a hero under a deck's Heroes heading), the cards of that kind are meant before
        others of the title. A qualifier (``qualifier`` or written in ``text``) picks among cards
        that share the title; without one, a card of the ``context`` sets (a deck's or a
        scenario's own set) is meant before the others; a title still shared is ambiguous."""
        candidates = self.named(text)
        if not candidates:
            title, written = split_qualifier(text)
            candidates = self.named(title) if written else []
            qualifier = written or qualifier
        if not candidates:
            return Resolution(None)
        if fits is not None:
            candidates = [card for card in candidates if fits(card)] or candidates
        if qualifier:
            picked = [card for card in candidates if self.answers(card, qualifier)]
            if len(picked) == 1:
                return Resolution(picked[0])
            if picked:
                return Resolution(None, tuple(picked))
            if len(candidates) > 1 or self.names_something(qualifier):
                # a set or sphere that has no card of this title: never another set's card instead
                return Resolution(None, tuple(candidates))
            # a product label only a website knows ("Core Set"): the title alone decides
        if len(candidates) == 1:
            return Resolution(candidates[0])
        own = [card for card in candidates if card.set_code in context]
        if len(own) == 1:
            return Resolution(own[0])
        return Resolution(None, tuple(own or candidates))
