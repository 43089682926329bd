"""Near misses: phrasings an author carries over from card text or other games, and how the
card-script language says them (``to top of deck`` is ``on top of deck``, ``costing up to 4`` is
``where cost <= 4``).

A suggestion is offered only where the parser takes its first word at the place the phrase
starts (:func:`lotr_rules.dsl.parser.valid_at`), so it is never a word that could not
stand there. The linter adds it as the hint of the error on that phrase.
"""

from __future__ import annotations

import re

import attrs


@attrs.frozen(slots=True)
class NearMiss:
    pattern: re.Pattern[str]
    #: what to write instead, with ``\1`` for the pattern's group
    write: str
    #: what the grammar must take where the phrase starts: a keyword, or a terminal's name
    #: (``INT``, ``PLUS``, ``WORD``); by default the first word of what to write
    needs: str = ""
    #: the error's message, when the phrase needs more said than "unexpected ..."
    say: str = ""
    #: whether the phrase must begin its line (a statement's first words)
    starts_line: bool = False
    #: whether the last word of the pattern's first group is written in the plural (``each ally``
    #: is ``all allies``)
    plural: bool = False

    @property
    def first(self) -> str:
        return self.needs or self.write.split()[0]


_COSTING = r"\b(?:costing|costs|cost|with cost)"
_COST_CHANGE = r"(?:costs|cost) ([0-9]+|[A-Z]\w*) (less|more)\b"
_COST_SCOPE = "a change to what cards cost starts with 'all' or 'next'"

#: Most specific first: the first that matches at a place is the one offered.
RULES: tuple[NearMiss, ...] = (
    # ``allies cost 1 less``: a change to what cards cost says which ones, all or the next
    NearMiss(
        re.compile(r"\b(?:the |your )?next ([a-z]+(?: [a-z]+)*) " + _COST_CHANGE),
        r"next \1 costs \2 \3",
        say=_COST_SCOPE,
        starts_line=True,
    ),
    NearMiss(
        re.compile(r"\b(?:each|every|any) ([a-z]+(?: [a-z]+)*) " + _COST_CHANGE),
        r"all \1 cost \2 \3",
        say=_COST_SCOPE,
        starts_line=True,
        plural=True,
    ),
    NearMiss(
        re.compile(r"\b(?!(?:each|every|any|the|your|all|next) )([a-z]+(?: [a-z]+)*) " + _COST_CHANGE),
        r"all \1 cost \2 \3",
        say=_COST_SCOPE,
        starts_line=True,
    ),
    NearMiss(re.compile(r"\b(?:to|onto) (top|bottom) of ([a-z]+(?: [a-z]+)*)"), r"on \1 of \2"),
    NearMiss(re.compile(_COSTING + r" (?:up to|at most|no more than) ([0-9]+)\b"), r"where cost <= \1"),
    NearMiss(re.compile(_COSTING + r" ([0-9]+) or (?:less|fewer)\b"), r"where cost <= \1"),
    NearMiss(re.compile(_COSTING + r" (?:at least|no less than) ([0-9]+)\b"), r"where cost >= \1"),
    NearMiss(re.compile(_COSTING + r" ([0-9]+) or more\b"), r"where cost >= \1"),
    NearMiss(re.compile(_COSTING + r" (?:less than|under) ([0-9]+)\b"), r"where cost < \1"),
    NearMiss(re.compile(_COSTING + r" (?:more than|over) ([0-9]+)\b"), r"where cost > \1"),
    NearMiss(re.compile(_COSTING + r" (?:exactly )?([0-9]+)\b"), r"where cost == \1"),
    NearMiss(re.compile(r"\bon the (top|bottom) of (?:your )?([a-z]+(?: [a-z]+)*)"), r"on \1 of \2"),
    NearMiss(re.compile(r"\b(?:gain|get|add) ([0-9]+) power\b"), r"+\1 power", needs="PLUS"),
    NearMiss(re.compile(r"\byour hand\b"), "hand", needs="WORD"),
    *(
        NearMiss(re.compile(rf"\b{word}\b"), str(number), needs="INT")
        for number, word in enumerate(("one", "two", "three", "four", "five", "six", "seven", "eight", "nine"), 1)
    ),
)


def plural(word: str) -> str:
    """An English noun's plural by its spelling (``ally``: ``allies``, ``hero``: ``heroes``); the
    card types of every family follow these rules."""
    if word.endswith("y") and word[-2:-1] not in ("a", "e", "o", "u", ""):
        return word[:-1] + "ies"
    if word.endswith("s"):
        return word  # plural already, or the same in both (``crossroads``)
    if word.endswith(("x", "ch", "sh", "o")):
        return word + "es"
    return word + "s"


@attrs.frozen(slots=True)
class Suggestion:
    column: int  # 1-based, where the written phrase starts
    written: str
    write: str
    say: str = ""

    @property
    def hint(self) -> str:
        return f"did you mean '{self.write}'?"


def suggest(source: str, line: int, first: int, last: int) -> Suggestion | None:
    """The near miss on line ``line`` of ``source`` that overlaps columns ``first``..``last``
    (1-based, inclusive) and whose first keyword the grammar takes where it starts."""
    lines = source.split("\n")
    if not 1 <= line <= len(lines):
        return None
    text = lines[line - 1]
    line_start = sum(len(row) + 1 for row in lines[: line - 1])
    for rule in RULES:
        for match in rule.pattern.finditer(text):
            if match.end() < first or match.start() + 1 > last:
                continue
            if rule.starts_line and text[: match.start()].strip():
                continue
            from lotr_rules.dsl.parser import valid_at

            if rule.first in valid_at(source, line_start + match.start()):
                write = match.expand(rule.write)
                if rule.plural:
                    kind = match.group(1)
                    write = write.replace(kind, kind[: -len(kind.split()[-1])] + plural(kind.split()[-1]), 1)
                return Suggestion(match.start() + 1, match.group(), write, rule.say)
    return None


#: The words that make a trigger fire for the first event of the turn only, where they go: last.
FIRST_TIME = ("for", "the", "first", "time", "this", "turn")
_FIRST_TIME = re.compile(r"\b(?:for )?(?:the )?(?:very )?first time (?:this|each|every|a|per|in a|in the) turn\b")
#: ``when you first play an ally this turn``: 'first' after the player, the turn at the end.
_FIRST_VERB = re.compile(r"^(?P<who>[a-z]+) first (?P<rest>.+?) (?:this|each|every|a|per) turn$")


def first_time_rewrite(keyword: str, words: tuple[str, ...] | list[str]) -> str | None:
    """How a trigger that says 'first time this turn' somewhere else or otherwise is written:
    ``when first time this turn you play an ally`` is ``when you play an ally for the first time
    this turn``. None when the phrase says no such thing, or says it the language's way."""
    if tuple(words[-len(FIRST_TIME) :]) == FIRST_TIME:
        return None
    phrase = " ".join(words)
    verb = _FIRST_VERB.match(phrase)
    if verb is not None:
        rest = f"{verb.group('who')} {verb.group('rest')}"
    else:
        found = _FIRST_TIME.search(phrase)
        if found is None:
            return None
        rest = " ".join((phrase[: found.start()] + phrase[found.end() :]).split())
    if not rest:
        return None
    return f"{keyword} {rest} {' '.join(FIRST_TIME)}"
