"""The card-script language's editions: what each version changed, as data in one place.

A set names the language version its scripts are written for (``language = N`` in its
``set.toml``). Each :class:`Change` below is a construct whose meaning changed in the version it
names; the compiler asks :func:`new_meaning` whether a set of a given version reads a construct
the new way or the old way, so an old set keeps the meaning its author wrote for. The reference's
table of versions and the loader's W211 message are generated from this list, so they never drift.

A change is one entry here plus its gate in the compiler (``self.new_meaning(key)``, which keeps
the old meaning for older sets). Its ``upgrade`` is how ``lotr-rules fmt --upgrade`` moves a card
across it keeping what the card does (see :mod:`lotr_rules.dsl.upgrades`): a function that
rewrites the card and notes each rewrite and each place a person must look at. A change with no
``upgrade`` cannot be told from a script, so ``fmt --upgrade`` moves no set across it by itself.
"""

from __future__ import annotations

import attrs

from lotr_rules.dsl import upgrades
from lotr_rules.dsl.upgrades import Upgrader


@attrs.frozen(slots=True)
class Change:
    """One construct whose meaning changed between two versions of the language."""

    #: a stable name the compiler asks about (never shown to users as a code)
    key: str
    #: the first version in which the construct has its new meaning
    version: int
    #: what it means now, and what it meant before, in a sentence
    summary: str
    #: rewrites a card written before ``version`` so it does the same at ``version`` (None: a
    #: person must check every set moved across this change)
    upgrade: Upgrader | None = None


CHANGES: tuple[Change, ...] = (
    Change(
        "hero-abilities-run",
        2,
        "a hero card's 'ongoing' and 'when'/'at' abilities run (they never ran)",
        upgrades.drop_hero_abilities,
    ),
    Change(
        "as-names-cards-acted-on",
        2,
        "'as X' after 'play', 'draw', 'return' and 'keep' names the cards acted on (it named none)",
        upgrades.drop_unnamed_names,
    ),
    Change(
        "all-takes-whole-pile",
        2,
        "'all' from a deck or a stack takes the whole pile (it took the top card)",
        upgrades.all_top_cards,
    ),
    Change(
        "names-kept-in-later-blocks",
        2,
        "a name used in a later block ('at end of turn', a 'when' registered by an effect, 'next turn') "
        "has the value it had when the block was set up (it had none)",
        upgrades.later_blocks_named,
    ),
    Change(
        "names-scoped-to-blocks",
        2,
        "a name given inside a block is undone when the block ends, so it never overwrites the same "
        "name given around it",
        upgrades.shadowed_names,
    ),
    Change(
        "trigger-reveals-return",
        2,
        "cards revealed by a trigger go back on top of the deck when the trigger is over",
        upgrades.trigger_reveals,
    ),
    Change(
        "draw-from-other-zones",
        2,
        "'draw' from a zone other than the deck, or with 'where', 'up to', 'all' or 'random', "
        "puts the cards chosen into the hand (it drew the top cards of the deck)",
        upgrades.draw_from_deck,
    ),
    Change(
        "rulebook-cards-say-designed",
        2,
        "a card whose provenance is 'rulebook' says which of its facts are designed with a 'designed' "
        "field (E143); without one, it claimed every fact as the rulebook's",
        upgrades.say_nothing_designed,
    ),
    Change(
        "test-takes-following-sum",
        3,
        "in a count or a measure, a '+' or '-' right after a card test's value belongs to the test: "
        "'number of cards in hand where cost <= 2 + 1' counts the cards costing up to 3 (it added 1 "
        "to the count of cards costing up to 2); write '(number of cards in hand where cost <= 2) + 1' "
        "for the old meaning",
        upgrades.old_sums,
    ),
    Change(
        "owner-is-whose-card",
        4,
        "'its owner's deck' (or discard pile, or hand) is the pile of the player the card belongs to, even "
        "when another player played it from a card they revealed (it was the pile of the player whose zone "
        "held the card); write 'its holder's deck' for the old meaning",
        upgrades.holders_piles,
    ),
    Change(
        "cost-for-each-counts",
        4,
        "'all allies cost 1 less for each opponent' changes what you pay by 1 for each opponent (it "
        "changed what each opponent pays, by 1); write 'for opponents', 'for other players' or 'for every "
        "player' (without 'each') for the old meaning",
        upgrades.whose_buys,
    ),
    Change(
        "arithmetic-after-test-works-on-count",
        4,
        "in a count or a measure, a '*', '/' or '%' right after the last card test's value works on the "
        "count: 'number of cards in hand where cost >= 1 / 2' is half the cards costing 1 or more (it "
        "counted the cards costing at least 1 / 2); write 'where cost >= (1 / 2)' for the old meaning",
        upgrades.bracketed_test_values,
    ),
    Change(
        "card-name-in-test-refused",
        4,
        "in a card test, a name given with 'as' standing as a number ('where cost <= X + 2') is refused: "
        "it was how many cards the name holds, which reads like their cost; write 'number of X' for the "
        "old meaning, or 'cost of X' for the cost",
        upgrades.counted_names,
    ),
    Change(
        "few-from-pile-are-top-cards",
        5,
        "in the Card Game, 'discard a card from deck' (or '2 cards', or 'up to 2 cards') discards the top "
        "cards of the deck (it let the player choose any cards of the deck)",
        upgrades.top_cards_discarded,
    ),
)

#: The newest version of the language this installation reads: the last version any change names.
LANGUAGE_VERSION = max((change.version for change in CHANGES), default=1)

_BY_KEY = {change.key: change for change in CHANGES}


def new_meaning(key: str, language: int) -> bool:
    """Whether a set written for ``language`` reads the construct ``key`` with its new meaning."""
    return language >= _BY_KEY[key].version


def changes_after(language: int) -> tuple[Change, ...]:
    """The changes a set written for ``language`` does not have yet, oldest first."""
    return tuple(change for change in CHANGES if change.version > language)
