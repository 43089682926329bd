"""The cards of the loaded sets, by name, by set and by the deck they start in."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from lotr_rules.cards.lasting import LastingEntry
from lotr_rules.cards.titles import SetNames, Titles, ambiguity, split_qualifier
from lotr_rules.engine.cards import CardDef
from lotr_rules.errors import ConfigError, UnknownCardError


@attrs.frozen(slots=True)
class SetInfo:
    code: str
    name: str
    language: int
    family: str
    path: str
    uses_wall: bool = False
    starting_deck: tuple[tuple[str, int], ...] = ()
    description: str = ""
    #: the name headings use ("The Two Towers"); the full name when the manifest gives none
    short_name: str = ""
    #: what the rulebook's Contents lists, by deck: the card gallery compares the set with it
    rulebook_contents: tuple[tuple[str, int], ...] = ()
    #: cards a rule never lets leave (``[lasting."NAME"]``: The One Ring, Breached)
    lasting: tuple[LastingEntry, ...] = ()
    #: the rule changes of this set's Impossible Mode (``impossible_mode``; see cards.impossible)
    impossible_mode: tuple[str, ...] = ()

    @property
    def title(self) -> str:
        return self.short_name or self.name


class Catalogue:
    def __init__(self, sets: Sequence[SetInfo], cards: Iterable[CardDef]) -> None:
        self.sets = {info.code: info for info in sets}
        self.cards: list[CardDef] = list(cards)
        self._by_name: dict[str, CardDef] = {}
        self._by_set_and_name: dict[tuple[str, str], CardDef] = {}
        self._by_deck: dict[tuple[str, ...], dict[str, tuple[CardDef, ...]]] = {}
        self._titles: dict[str, Titles] = {}
        for card in self.cards:
            self._by_set_and_name.setdefault((card.set_code, card.name.lower()), card)
            self._by_name.setdefault(card.name, card)
            self._by_name.setdefault(card.name.lower(), card)

    def names(self) -> set[str]:
        return {card.name for card in self.cards}

    def set_names(self) -> dict[str, SetNames]:
        return {code: SetNames(code, info.name, info.short_name) for code, info in self.sets.items()}

    def titles(self, family: str | None = None) -> Titles:
        """The cards (of one family, or all) by title, to resolve names that titles share."""
        key = family or ""
        found = self._titles.get(key)
        if found is None:
            cards = [c for c in self.cards if family is None or c.family == family]
            found = self._titles[key] = Titles(cards, self.set_names())
        return found

    def get(self, name: str, within: Iterable[str] = ()) -> CardDef:
        """The card with this name (any case). Sets share some names (each deck-building set has
        its own Courage and Despair), so ``within`` lists the sets to look in first, in order; a
        name may also say its set itself, as ``Aragorn (lcg-core)`` (see :mod:`.titles`)."""
        key = name.lower()
        if key not in self._by_name and split_qualifier(name)[1]:
            resolved = self.titles().resolve(name)
            if resolved.card is not None:
                return resolved.card
            if resolved.ambiguous:
                message, which = ambiguity(name, resolved.candidates)
                raise UnknownCardError(message, hint=which)
        for code in within:
            found = self._by_set_and_name.get((code, key))
            if found is not None:
                return found
        card = self._by_name.get(name) or self._by_name.get(name.lower())
        if card is None:
            import difflib

            close = difflib.get_close_matches(name, [c.name for c in self.cards], n=1)
            hint = f"did you mean '{close[0]}'?" if close else None
            raise UnknownCardError(f"no loaded set has a card named '{name}'", hint=hint)
        return card

    def in_sets(self, codes: Iterable[str]) -> list[CardDef]:
        wanted = set(codes)
        missing = wanted - set(self.sets)
        if missing:
            raise ConfigError(f"unknown set {', '.join(sorted(missing))}; loaded sets: {', '.join(sorted(self.sets))}")
        return [card for card in self.cards if card.set_code in wanted]

    def by_deck(self, codes: Iterable[str]) -> dict[str, list[CardDef]]:
        """The cards of the sets ``codes``, by the deck they start in: lists of the caller's own
        (a game's setup asks at every game, so the answer is worked out once per set of codes)."""
        key = tuple(codes)
        found = self._by_deck.get(key)
        if found is None:
            grouped: dict[str, list[CardDef]] = {}
            for card in self.in_sets(key):
                grouped.setdefault(card.field("deck", "main"), []).append(card)
            found = self._by_deck[key] = {deck: tuple(cards) for deck, cards in grouped.items()}
        return {deck: list(cards) for deck, cards in found.items()}

    def starting_deck(self, codes: Sequence[str]) -> tuple[tuple[str, int], ...]:
        for code in codes:
            info = self.sets.get(code)
            if info is not None and info.starting_deck:
                return info.starting_deck
        raise ConfigError("none of the sets in play says what a starting deck holds")

    def uses_wall(self, codes: Iterable[str]) -> bool:
        return any(self.sets[code].uses_wall for code in codes if code in self.sets)
