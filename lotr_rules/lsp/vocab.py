"""The words of the language, from the same registry the language reference is built from.

Each family's :class:`~lotr_rules.engine.registry.Vocabulary` says what its scripts may say
(commands, zones, card types, triggers, fields and their values); the grammar adds the keywords of
its shapes (``if``, ``choose``, ``may``). Hover, completion, semantic tokens and the TextMate
grammar all read them here, so the editor knows exactly the words the linter knows.
"""

from __future__ import annotations

import functools
import re

import attrs

from lotr_rules.lsp import core

#: the kinds of word, in the order a word that is several kinds is shown as
COMMAND, ABILITY, FIELD, ZONE, CARD_TYPE, PHRASE, VALUE, KEYWORD = (
    "command",
    "ability",
    "field",
    "zone",
    "card type",
    "phrase",
    "value",
    "keyword",
)

#: a field with more values than this lists each combination of a few words; its words are offered
_MANY_CHOICES = 50
_PLACEHOLDER = re.compile(r"\b[A-Z][A-Z_]*\b")
_GRAMMAR_WORD = re.compile(r'"([a-z][a-z-]*)"')


@attrs.frozen(slots=True)
class Entry:
    """One word or phrase of a family's language, with its reference text."""

    words: str
    kind: str
    doc: str
    example: str = ""
    #: for a field: the values it may take (empty: any)
    choices: tuple[str, ...] = ()

    @property
    def pattern(self) -> re.Pattern[str]:
        return _pattern(self.words)


@functools.cache
def _pattern(words: str) -> re.Pattern[str]:
    """A phrase as it stands in a script: a placeholder (``CARD``) stands for any words."""
    parts = [re.escape(part) for part in _PLACEHOLDER.split(words)]
    return re.compile(r"(?<![\w-])" + r"\S.*?".join(parts) + r"(?![\w-])")


@functools.cache
def grammar_keywords() -> tuple[str, ...]:
    """The words the grammar itself spells out, in the order of the alphabet."""
    return tuple(sorted(set(_GRAMMAR_WORD.findall(core.grammar_text()))))


@functools.cache
def entries(family: str) -> tuple[Entry, ...]:
    """Every word of ``family``'s language, longest first (a hover finds the longest phrase)."""
    vocabulary = core.vocabulary_for(family)
    out: list[Entry] = []
    for primitive in vocabulary.primitives.values():
        out.append(Entry(primitive.name, COMMAND, primitive.doc, primitive.example))
    for name, doc in vocabulary.abilities.items():
        out.append(Entry(name, ABILITY, doc))
    for decl in (*core.COMMON_FIELDS.values(), *vocabulary.fields):
        choices = decl.choices
        if decl.name == "provenance":
            choices = tuple(vocabulary.provenances)
        elif decl.name == "type":
            choices = tuple(vocabulary.card_types)
        elif decl.name == "deck" and not choices:
            choices = tuple(vocabulary.decks)
        if len(choices) > _MANY_CHOICES:  # every combination of some words (keywords): offer the words
            choices = tuple(dict.fromkeys(word for choice in choices for word in choice.split()))
        out.append(Entry(decl.name, FIELD, decl.doc, choices=choices))
        out.extend(Entry(choice, VALUE, f"a value of the field '{decl.name}': {decl.doc}") for choice in choices)
    for zone in vocabulary.zones.values():
        for word in (zone.name, *zone.aliases):
            out.append(Entry(word, ZONE, zone.doc))
    for card_type in vocabulary.card_types.values():
        for word in dict.fromkeys((card_type.name, card_type.plural)):
            out.append(Entry(word, CARD_TYPE, card_type.doc))
    phrases = (
        vocabulary.players,
        vocabulary.states,
        vocabulary.triggers,
        vocabulary.aggregates,
        vocabulary.named_things,
        vocabulary.attributes,
        vocabulary.counters,
        vocabulary.chosen_players,
        vocabulary.quantities,
        vocabulary.amounts,
        vocabulary.stats,
        vocabulary.holds,
        vocabulary.grants,
    )
    for group in phrases:
        for phrase in group.values():
            out.append(Entry(phrase.words, PHRASE, phrase.doc))
    for words in (*vocabulary.decks, *vocabulary.provenances, *vocabulary.periods, *vocabulary.directions):
        out.append(Entry(words, VALUE, ""))
    known = {entry.words for entry in out}
    out.extend(Entry(word, KEYWORD, "") for word in grammar_keywords() if word not in known)
    unique = list({(entry.words, entry.kind): entry for entry in out}.values())
    return tuple(sorted(unique, key=lambda entry: (-len(entry.words), entry.words)))


def field(family: str, name: str) -> Entry | None:
    return next((e for e in entries(family) if e.kind == FIELD and e.words == name), None)


def at(line: str, column: int, family: str) -> tuple[Entry, int, int] | None:
    """The longest word or phrase of the language covering ``column`` (0-based) of ``line``,
    with where it starts and ends; a documented entry before a bare keyword."""
    best: tuple[Entry, int, int] | None = None
    for entry in entries(family):
        for match in entry.pattern.finditer(line):
            if match.start() <= column < match.end():
                size = match.end() - match.start()
                if best is None or (size, bool(entry.doc)) > (best[2] - best[1], bool(best[0].doc)):
                    best = (entry, match.start(), match.end())
    return best


def all_words() -> dict[str, set[str]]:
    """Every single word of every family, by kind (for the TextMate grammar)."""
    out: dict[str, set[str]] = {}
    for family in core.family_names():
        for entry in entries(family):
            if _PLACEHOLDER.search(entry.words):
                continue
            out.setdefault(entry.kind, set()).add(entry.words)
    return out
