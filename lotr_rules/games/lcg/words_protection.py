"""LCG words that protect cards from what the rules would otherwise do to them, each a rule
held in a ``while`` block (like ``disarm`` and ``bar-attachments`` in :mod:`.words_objectives`):
``bar-restricted`` (no restricted attachment can be played on the cards), ``bar-commit`` (the
characters cannot commit to the quest) and ``bar-collect`` (the heroes collect no resource in
the resource phase).

The game asks ``game.rule_holds(card, RULE)`` where the rule applies: choosing the hosts of an
attachment, offering the characters to commit, and collecting resources. Declared in
:mod:`.vocabulary`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from lotr_rules.engine.context import Ctx
from lotr_rules.engine.registry import Primitive
from lotr_rules.engine.selection import Placement, Selection

if TYPE_CHECKING:
    from lotr_rules.games.lcg.game import LcgGame

RESTRICTED_BARRED = "bar-restricted"
COMMIT_BARRED = "bar-commit"
COLLECT_BARRED = "bar-collect"

#: a finding of a family's ``refuse``: (code, message), or None
Finding = tuple[str, str] | None
#: words of a selection that say whose card it is, not what it is ('attached hero')
_WHOSE = frozenset({"attached", "defending", "each", "every", "all", "a", "an"})
_CHARACTERS = frozenset({"hero", "heroes", "ally", "allies", "character", "characters"})
_HEROES = frozenset({"hero", "heroes"})


def _rule_only(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """A rule word does nothing as a command: it holds as long as its 'while' block does (the
    compiler refuses it anywhere else, E159)."""


def _names_only(types: frozenset[str], kinds: tuple[str, ...], ref: bool, wanted: frozenset[str]) -> bool:
    """Whether the selection can name only cards of the wanted kinds: ``this`` on a card of one
    of them, or kind words (past whose card it is) all among them."""
    if ref:
        return bool(types & wanted)
    what = [w for w in kinds if w not in _WHOSE]
    return bool(what) and set(what) <= wanted


def _refuse(
    rule: str, code: str, wanted: frozenset[str], what: str
) -> Callable[[frozenset[str], str, tuple[str, ...], tuple[str, ...], bool], Finding]:
    def refuse(
        types: frozenset[str], ability: str, contexts: tuple[str, ...], kinds: tuple[str, ...], ref: bool
    ) -> Finding:
        if ability != "while":
            return ("E159", "this rule holds only as long as a 'while' block does: write it in one")
        if code and not _names_only(types, kinds, ref, wanted):
            return (code, f"'{rule}' holds only on {what}: other cards it names are left as they are")
        return None

    return refuse


def restricted_barred(game: LcgGame, card: int) -> bool:
    return game.rule_holds(card, RESTRICTED_BARRED)


def commit_barred(game: LcgGame, card: int) -> bool:
    return game.rule_holds(card, COMMIT_BARRED)


def collect_barred(game: LcgGame, card: int) -> bool:
    return game.rule_holds(card, COLLECT_BARRED)


_SEL = frozenset({"zone", "where", "all", "as", "name"})
_WHILE = ("while",)

BAR_RESTRICTED = Primitive(
    RESTRICTED_BARRED,
    "A rule of a 'while' block: no restricted attachment can be played on these cards as long as it holds.",
    "bar-restricted this",
    "cards",
    impl=_rule_only,
    honours=_SEL,
    contexts=_WHILE,
    refuse=_refuse(RESTRICTED_BARRED, "", frozenset(), ""),
)
BAR_COMMIT = Primitive(
    COMMIT_BARRED,
    "A rule of a 'while' block: these characters cannot commit to the quest as long as it holds.",
    "bar-commit attached hero",
    "cards",
    impl=_rule_only,
    honours=_SEL,
    contexts=_WHILE,
    refuse=_refuse(COMMIT_BARRED, "W371", _CHARACTERS, "characters (heroes and allies)"),
)
BAR_COLLECT = Primitive(
    COLLECT_BARRED,
    "A rule of a 'while' block: these heroes collect no resource in the resource phase as long as it holds.",
    "bar-collect attached hero",
    "cards",
    impl=_rule_only,
    honours=_SEL,
    contexts=_WHILE,
    refuse=_refuse(COLLECT_BARRED, "W370", _HEROES, "heroes, the cards that collect resources"),
)
PRIMITIVES = (BAR_RESTRICTED, BAR_COMMIT, BAR_COLLECT)
