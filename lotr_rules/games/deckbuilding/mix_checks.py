"""What can be wrong with a mix, found once for both the game and the linter.

A game refuses to start on the first error (:func:`raise_first`); ``lotr-rules lint`` reports
every problem of a mix file at the key it comes from. Both ask the functions here, so they can
never disagree about a mix.

Each :class:`MixProblem` says where it is as a key path of the mix file (see
:mod:`lotr_rules.games.deckbuilding.mixfile`): ``("plan",)``, ``("sets", 1)``, ``("deck", "Lembas")``,
``("less_random", "enemy")``. A game config names the same things ``mix``, ``sets``,
``custom_deck`` and ``less_random``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Literal

import attrs

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.diagnostics import did_you_mean
from lotr_rules.engine.cards import CardDef
from lotr_rules.errors import ConfigError, UnknownCardError
from lotr_rules.games.deckbuilding.mix import (
    LESS_RANDOM_KEYS,
    MAIN_TYPES,
    MIN_CUSTOM_DECK,
    PLANS,
    less_random_split,
    less_random_table,
    listed_card,
    plural,
)

if TYPE_CHECKING:
    from lotr_rules.games.deckbuilding.config import GameConfig

KeyPath = tuple[str | int, ...]

# The codes (documented in lotr_rules/lint/code_entries/mix_files.py).
UNKNOWN_KEY = "E171"
UNKNOWN_SET = "E172"
UNKNOWN_PLAN = "E173"
UNKNOWN_CARD = "E174"
NOT_MAIN_DECK = "E175"
BAD_COUNT = "E176"
TOO_FEW_CARDS = "E177"
NOT_IN_PLAY = "E178"
DECK_TOO_SMALL = "E179"
BAD_VALUE = "E181"
UNUSED_OPTION = "E182"
SHARED_NAME = "W210"

#: the decks whose card names matter across sets: a name listed in a deck or given to --hero
#: means one card. Starter cards (Courage, Despair), Corruption and the like exist in each set on
#: purpose and are never listed.
NAMED_DECKS = ("main", "hero", "archenemy")


@attrs.frozen(slots=True)
class MixProblem:
    code: str
    message: str
    #: the key path in a mix file this problem is about
    where: KeyPath
    #: which part of that entry is wrong: its key (a name) or its value
    part: Literal["key", "value"] = "value"
    hint: str | None = None
    warning: bool = False


def raise_first(problems: Iterable[MixProblem]) -> None:
    """Raise the first error among ``problems`` as the game reports it (warnings do not stop a game)."""
    for problem in problems:
        if problem.warning:
            continue
        error_class = UnknownCardError if problem.code == UNKNOWN_CARD else ConfigError
        raise error_class(problem.message, hint=problem.hint)


def is_count(value: object) -> bool:
    """Whether ``value`` is a card count: a whole number, 1 or more (true and false are not)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def config_problems(config: GameConfig) -> list[MixProblem]:
    """The mix options' own problems, before any card is looked at."""
    out: list[MixProblem] = []
    if config.mix and config.mix not in PLANS:
        out.append(
            MixProblem(
                UNKNOWN_PLAN,
                f"unknown mix plan '{config.mix}'; plans: {', '.join(PLANS)}",
                ("plan",),
                hint=did_you_mean(config.mix, PLANS),
            )
        )
    if isinstance(config.half, bool) or config.half not in (1, 2):
        out.append(MixProblem(BAD_VALUE, f"a plan-2 game uses half 1 or 2 of the deck, not {config.half!r}", ("half",)))
    elif config.half != 1 and config.mix != "plan-2":
        out.append(MixProblem(UNUSED_OPTION, "only a plan-2 mix is played from a half of the deck", ("half",), "key"))
    for key, code in config.less_random:
        if key not in LESS_RANDOM_KEYS:
            out.append(
                MixProblem(
                    UNKNOWN_KEY,
                    f"a less-random mix chooses sets for {', '.join(LESS_RANDOM_KEYS)}, not '{key}'",
                    ("less_random", key),
                    "key",
                    did_you_mean(key, LESS_RANDOM_KEYS),
                )
            )
        if not isinstance(code, str) or not code:
            out.append(
                MixProblem(
                    BAD_VALUE, f"a less-random mix needs a set code for '{key}', not {code!r}", ("less_random", key)
                )
            )
    if config.less_random and config.mix != "less-random":
        out.append(
            MixProblem(
                UNUSED_OPTION, "a type-to-set table is only used by the less-random mix", ("less_random",), "key"
            )
        )
    if config.mix == "custom" and not config.custom_deck:
        out.append(
            MixProblem(
                DECK_TOO_SMALL,
                "a custom mix needs a main deck listed card by card (--deck FILE, or a mix file's [deck] table)",
                ("plan",),
            )
        )
    if config.custom_deck and config.mix != "custom":
        out.append(MixProblem(UNUSED_OPTION, "a listed main deck is only used by the custom mix", ("deck",), "key"))
    for name, count in config.custom_deck:
        if not is_count(count):
            out.append(
                MixProblem(
                    BAD_COUNT,
                    f"a custom deck gives '{name}' a count of {count!r}; a count is 1 or more",
                    ("deck", name),
                )
            )
    return out


def catalogue_problems(catalogue: Catalogue, config: GameConfig) -> list[MixProblem]:
    """The problems of a mix with these cards: unknown sets and cards, too few cards for the
    plan, names two sets in play share. Tolerates a config with problems of its own."""
    out = _unknown_sets(catalogue, config.sets)
    in_play = [code for code in config.sets if code in catalogue.sets]
    out.extend(_shared_names(catalogue, in_play, config))
    plan = PLANS.get(config.mix)
    if plan is None:
        return out
    pool = [c for c in catalogue.cards if c.set_code in in_play and c.deck == "main" for _ in range(c.copies)]
    if plan.piles:
        out.extend(_short_piles(pool, plan.piles))
    elif plan.by_set:
        out.extend(_less_random(catalogue, config, pool))
    elif plan.listed:
        out.extend(_listed(catalogue, config, in_play))
    return out


def _unknown_sets(catalogue: Catalogue, sets: Sequence[str]) -> list[MixProblem]:
    loaded = ", ".join(sorted(catalogue.sets))
    return [
        MixProblem(
            UNKNOWN_SET,
            f"unknown set {code}; loaded sets: {loaded}",
            ("sets", index),
            hint=did_you_mean(code, catalogue.sets),
        )
        for index, code in enumerate(sets)
        if code not in catalogue.sets
    ]


def _shared_names(catalogue: Catalogue, in_play: Sequence[str], config: GameConfig) -> list[MixProblem]:
    """A main-deck, Hero or Archenemy name that two sets in play both use: a name then means the
    card of the first of them in ``sets``."""
    owners: dict[str, list[str]] = {}
    for code in in_play:
        names = {c.name.lower(): c.name for c in catalogue.cards if c.set_code == code and c.deck in NAMED_DECKS}
        for low in names:
            owners.setdefault(low, []).append(code)
    listed = {name.lower(): name for name, _ in config.custom_deck}
    out: list[MixProblem] = []
    for low, codes in owners.items():
        if len(codes) < 2:
            continue
        name = catalogue.get(low, codes).name
        shared = f"'{name}' is a card of {' and '.join(codes)}"
        if low in listed:
            # A listed name means a main-deck card first (mix.listed_card).
            meant = listed_card(catalogue, low, codes).set_code
            message = f"{shared}; in the deck it means {meant}'s main-deck card"
            other = next(code for code in codes if code != meant)
            hint = f"list '{name} ({meant})' or '{name} ({other})' to say which"
            out.append(MixProblem(SHARED_NAME, message, ("deck", listed[low]), "key", hint, warning=True))
            continue
        message = f"{shared}; by name it means {codes[0]}'s card, the first of them in the sets in play"
        out.append(MixProblem(SHARED_NAME, message, ("sets", in_play.index(codes[1])), warning=True))
    return out


def _short_piles(pool: Sequence[CardDef], piles: Sequence[tuple[str, int]]) -> list[MixProblem]:
    """plan-1's piles that the sets cannot fill. A card of two types is counted for both (it can
    go on either pile), so this finds every shortage that no shuffle can avoid."""
    have = Counter(t for card in pool for t in card.types)
    short = [(t, n) for t, n in piles if have[t] < n]
    if not short:
        return []
    detail = ", ".join(f"{have[t]} of {n} {plural(t)}" for t, n in short)
    return [MixProblem(TOO_FEW_CARDS, f"plan-1 cannot fill its piles from the sets in play: only {detail}", ("plan",))]


def _less_random(catalogue: Catalogue, config: GameConfig, pool: Sequence[CardDef]) -> list[MixProblem]:
    chosen = dict(config.less_random)
    table = {key: code for key, code in less_random_table(config).items() if key in LESS_RANDOM_KEYS}
    out: list[MixProblem] = []

    def where(key: str) -> KeyPath:
        # An entry of the rulebook's table that the config does not change is the plan's doing.
        return ("less_random", key) if key in chosen else ("plan",)

    usable: dict[str, str] = {}
    # The config's own choices come first: they are what the user wrote.
    for key, code in sorted(table.items(), key=lambda item: item[0] not in chosen):
        if not isinstance(code, str) or not code:
            continue
        if code not in catalogue.sets:
            out.append(
                MixProblem(
                    UNKNOWN_SET,
                    f"the less-random mix takes {plural(key)} from set '{code}', which is not loaded; "
                    f"loaded sets: {', '.join(sorted(catalogue.sets))}",
                    where(key),
                    hint=did_you_mean(code, catalogue.sets),
                )
            )
        elif code not in config.sets:
            out.append(
                MixProblem(
                    NOT_IN_PLAY,
                    f"the less-random mix takes {plural(key)} from set '{code}', which is not in play "
                    f"(sets: {', '.join(config.sets)})",
                    where(key),
                )
            )
        else:
            usable[key] = code
    if out:
        return out
    main, _ = less_random_split(pool, table)
    for key in MAIN_TYPES:
        if key in usable and not any(key in c.types and c.set_code == usable[key] for c in main):
            out.append(
                MixProblem(
                    TOO_FEW_CARDS,
                    f"the less-random mix takes {plural(key)} from '{usable[key]}', which has none",
                    where(key),
                )
            )
    for key in ("hero", "archenemy"):
        if key in usable and not any(c.set_code == usable[key] and c.deck == key for c in catalogue.cards):
            out.append(
                MixProblem(
                    TOO_FEW_CARDS,
                    f"the less-random mix takes {plural(key)} from '{usable[key]}', which has none",
                    where(key),
                )
            )
    return out


def _listed(catalogue: Catalogue, config: GameConfig, in_play: Sequence[str]) -> list[MixProblem]:
    out: list[MixProblem] = []
    total = 0
    for name, count in config.custom_deck:
        try:
            card = listed_card(catalogue, name, in_play)
        except UnknownCardError as error:
            out.append(MixProblem(UNKNOWN_CARD, error.message, ("deck", name), "key", error.hint))
            continue
        if card.set_code not in in_play:
            out.append(
                MixProblem(
                    NOT_IN_PLAY,
                    f"'{card.name}' is from set '{card.set_code}', which is not in play",
                    ("deck", name),
                    "key",
                )
            )
        elif card.deck != "main":
            out.append(
                MixProblem(
                    NOT_MAIN_DECK,
                    f"'{card.name}' is not a main-deck card (it starts in the {card.deck} deck)",
                    ("deck", name),
                    "key",
                )
            )
        elif is_count(count):
            total += count
    # A count that is not a count is reported on its own (config_problems), not as a small deck.
    if not out and all(is_count(count) for _, count in config.custom_deck) and total < MIN_CUSTOM_DECK:
        out.append(
            MixProblem(
                DECK_TOO_SMALL,
                f"a custom main deck needs at least {MIN_CUSTOM_DECK} cards, not {total}",
                ("deck",),
                "key",
            )
        )
    return out
