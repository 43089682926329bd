"""LCG words that protect cards from what the rules would otherwise do to them, each a rule
held in a ``while`` block (like ``disarm`` and ``bar-attachments`` in :mod:`.words_objectives`):
``bar-restricted`` (no restricted attachment can be played on the cards), ``bar-commit`` (the
characters cannot commit to the quest) and ``bar-collect`` (the heroes collect no resource in
the resource phase) and ``bar-player-effects`` (the cards are immune to player card effects).

The game asks ``game.rule_holds(card, RULE)`` where the rule applies: choosing the hosts of an
attachment, offering the characters to commit, and collecting resources. Immunity is asked
wherever an effect chooses or reaches cards (:func:`reachable`, :func:`spared`): every command
of a player card picks its cards through them, and so do its 'while' blocks and the hosts its
attachments may go on. Declared in :mod:`.vocabulary`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from lotr_rules.engine.context import Ctx
from lotr_rules.engine.registry import Primitive
from lotr_rules.engine.selection import Placement, Selection
from lotr_rules.games.lcg.lookup import record_index
from lotr_rules.games.lcg.record import ENCOUNTER_TYPES, PLAYER_TYPES

if TYPE_CHECKING:
    from lotr_rules.games.lcg.game import LcgGame

RESTRICTED_BARRED = "bar-restricted"
COMMIT_BARRED = "bar-commit"
COLLECT_BARRED = "bar-collect"
PLAYER_EFFECTS_BARRED = "bar-player-effects"

#: a finding of a family's ``refuse``: (code, message), or None
Finding = tuple[str, str] | None
#: words of a selection that say whose card it is, not what it is ('attached hero')
_WHOSE = frozenset({"attached", "defending", "each", "every", "all", "a", "an"})
_CHARACTERS: frozenset[str] = frozenset({"hero", "heroes", "ally", "allies", "character", "characters"})
#: (for the rules of other modules naming characters)
CHARACTER_KINDS: frozenset[str] = _CHARACTERS
_HEROES = frozenset({"hero", "heroes"})
#: the encounter cards' kinds, as a selection names them
_ENCOUNTER = frozenset({*ENCOUNTER_TYPES, "enemies", "locations", "treacheries", "objectives"})
_PLAYER_TYPES = frozenset(PLAYER_TYPES)


def rule_only(ctx: Ctx, sel: Selection | None, placement: Placement | None, guard: str | None) -> None:
    """A rule word does nothing as a command: it holds as long as its 'while' block does (the
    compiler refuses it anywhere else, E159)."""


def _names_only(types: frozenset[str], kinds: tuple[str, ...], ref: bool, wanted: frozenset[str]) -> bool:
    """Whether the selection can name only cards of the wanted kinds: ``this`` on a card of one
    of them, or kind words (past whose card it is) all among them."""
    if ref:
        return bool(types & wanted)
    what = [w for w in kinds if w not in _WHOSE]
    return bool(what) and set(what) <= wanted


def refuse_rule(
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


def _immune(game: LcgGame, card: int) -> bool:
    """Whether the card is immune to player card effects now. Asked while the game works out
    what the 'while' blocks hold too (a player card's block reaching every enemy), where
    ``rule_holds`` sees no block: the blocks naming immunity are read here directly, each
    stat they read seen without the blocks, as any stat read while working them out is."""
    for target, changed, _amount, _until in game.state.effects:
        if target == card and changed == PLAYER_EFFECTS_BARRED:
            return True
    if not game.constant_cards:
        return False
    blocks = record_index(game).constants_of(PLAYER_EFFECTS_BARRED)
    if not blocks:
        return False
    reading, game._reading_constants = game._reading_constants, True
    try:
        total = 0
        probe = Ctx(game, -1, -1)  # a condition reads its card only (see LcgGame._constant_changes)
        for source, constant in blocks:
            probe.this = source
            if not constant.holds(probe):
                continue
            ctx = Ctx(game, game.controller(source), source)
            if card in constant.targets(ctx):
                total += constant.amount(ctx)
        return total > 0
    finally:
        game._reading_constants = reading


def from_player_card(game: LcgGame, source: int) -> bool:
    """Whether an effect of this card is a player card effect (hero, ally, attachment, event)."""
    return source >= 0 and game.records[source].type in _PLAYER_TYPES


def spared(game: LcgGame, source: int, card: int) -> bool:
    """Whether an effect of ``source`` passes the card by: a player card's effect never
    chooses or affects a card immune to player card effects; an encounter card's still does."""
    return from_player_card(game, source) and _immune(game, card)


def reachable(game: LcgGame, source: int, cards: list[int]) -> list[int]:
    """The cards an effect of ``source`` may choose or affect among ``cards`` (see :func:`spared`)."""
    if not cards or not from_player_card(game, source) or not _anyone_immune(game):
        return cards
    return [c for c in cards if not _immune(game, c)]


def _anyone_immune(game: LcgGame) -> bool:
    # (no block naming immunity and no lasting one: no card to ask about)
    if game.constant_cards and record_index(game).constants_of(PLAYER_EFFECTS_BARRED):
        return True
    return any(changed == PLAYER_EFFECTS_BARRED for _t, changed, _a, _u in game.state.effects)


_SEL = frozenset({"zone", "where", "all", "as", "name"})
_WHILE = ("while",)

BAR_RESTRICTED = Primitive(
    RESTRICTED_BARRED,
    "A rule of a 'while' block: no restricted attachment can be played on these cards as long as it holds.",
    "bar-restricted this",
    "cards",
    impl=rule_only,
    honours=_SEL,
    contexts=_WHILE,
    refuse=refuse_rule(RESTRICTED_BARRED, "", frozenset(), ""),
)
BAR_COMMIT = Primitive(
    COMMIT_BARRED,
    "A rule of a 'while' block: these characters cannot commit to the quest as long as it holds.",
    "bar-commit attached hero",
    "cards",
    impl=rule_only,
    honours=_SEL,
    contexts=_WHILE,
    refuse=refuse_rule(COMMIT_BARRED, "W371", _CHARACTERS, "characters (heroes and allies)"),
)
BAR_COLLECT = Primitive(
    COLLECT_BARRED,
    "A rule of a 'while' block: these heroes collect no resource in the resource phase as long as it holds.",
    "bar-collect attached hero",
    "cards",
    impl=rule_only,
    honours=_SEL,
    contexts=_WHILE,
    refuse=refuse_rule(COLLECT_BARRED, "W370", _HEROES, "heroes, the cards that collect resources"),
)
BAR_PLAYER_EFFECTS = Primitive(
    PLAYER_EFFECTS_BARRED,
    "A rule of a 'while' block: these cards are immune to player card effects as long as it holds. No "
    "effect of a hero, ally, attachment or event chooses them or reaches them (not even one on every "
    "card), and no player attachment goes on them; encounter cards' effects still do.",
    "bar-player-effects this",
    "cards",
    impl=rule_only,
    honours=_SEL,
    contexts=_WHILE,
    refuse=refuse_rule(
        PLAYER_EFFECTS_BARRED,
        "W372",
        _ENCOUNTER,
        "encounter cards: a player card's own abilities are player card effects, which would pass it by",
    ),
)
PRIMITIVES = (BAR_RESTRICTED, BAR_COMMIT, BAR_COLLECT, BAR_PLAYER_EFFECTS)
