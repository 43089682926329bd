"""Mixing sets: how a main deck (and the Heroes and Archenemies) are chosen from several sets.

The Two Towers rulebook's last chapter ("Combining The Fellowship of the Ring With The Two
Towers") gives ways to make one main deck out of two sets. Each is a :class:`MixPlan`, plain
data; a game config names one (``GameConfig.mix``) and :func:`build_mix` turns it into cards.

- ``plan-1``: shuffle the main-deck cards of every set in play and fill piles by card type up
  to 30 Allies, 30 Enemies, 30 Artifacts, 15 Maneuvers, 5 Locations and 5 Fortunes; a card
  over a full pile is set aside (in the box).
- ``plan-2``: shuffle the main-deck cards of every set in play and split them in half; game 1
  of a match uses one half, game 2 the other (``GameConfig.half``). The match itself (hero
  choice, Archenemies, totals) is ``lotr_rules.games.deckbuilding.match``.
- ``less-random``: each card type comes from one set (Heroes and Archenemies too); the
  rulebook's recommended table is the default.
- ``custom``: the main deck is listed card by card.

And the compatibility rule: The Wall is used only when a set that uses it (its manifest says
``uses_wall = true``) brings Enemies, Artifacts or Archenemies into the game (:func:`uses_wall`).
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.datafiles import DataFileError, read_data_text
from lotr_rules.engine.cards import CardDef
from lotr_rules.engine.rng import Rng
from lotr_rules.errors import ConfigError
from lotr_rules.limits import MAX_COPIES_PER_GAME, shown_number

if TYPE_CHECKING:
    from lotr_rules.games.deckbuilding.config import GameConfig

#: the main-deck card types, in the order the rulebook's Plan #1 lists them
MAIN_TYPES = ("ally", "enemy", "artifact", "maneuver", "location", "fortune")
#: what a less-random mapping may choose a set for
LESS_RANDOM_KEYS = (*MAIN_TYPES, "archenemy", "hero")
#: the salt of the mix's own random stream (so a mix never shifts the game's other draws)
MIX_SALT = 0x4D4958
#: the fewest cards a custom main deck may hold (the Path has five slots)
MIN_CUSTOM_DECK = 5


@attrs.frozen(slots=True)
class MixPlan:
    """A way of building the main deck from the sets in play."""

    name: str
    summary: str
    #: plan-1: the piles by type, filled in this order, and how many cards each takes
    piles: tuple[tuple[str, int], ...] = ()
    #: plan-2: the shuffled cards are split into this many parts; the config's ``half`` picks one
    parts: int = 0
    #: less-random: the default set for each card type (and "archenemy", "hero")
    by_set: tuple[tuple[str, str], ...] = ()
    #: custom: the main deck is the config's ``custom_deck``
    listed: bool = False


PLANS: dict[str, MixPlan] = {
    plan.name: plan
    for plan in (
        MixPlan(
            "plan-1",
            "a random main deck in the standard proportions, drawn by type from all sets",
            piles=(("ally", 30), ("enemy", 30), ("artifact", 30), ("maneuver", 15), ("location", 5), ("fortune", 5)),
        ),
        MixPlan("plan-2", "all sets shuffled together and split in half, one half per game", parts=2),
        MixPlan(
            "less-random",
            "each card type from one set (the rulebook's recommended table by default)",
            by_set=(
                ("artifact", "fellowship"),
                ("maneuver", "fellowship"),
                ("fortune", "fellowship"),
                ("archenemy", "fellowship"),
                ("ally", "two-towers"),
                ("enemy", "two-towers"),
                ("location", "two-towers"),
                ("hero", "two-towers"),
            ),
        ),
        MixPlan("custom", "a main deck listed card by card", listed=True),
    )
}


@attrs.frozen(slots=True)
class Mix:
    """What a plan built: one entry per physical card (so a card with 3 copies may appear 3 times)."""

    plan: str
    main: tuple[CardDef, ...]
    #: cards of the sets in play that the plan left out of the main deck (they go in the box)
    set_aside: tuple[CardDef, ...]
    heroes: tuple[CardDef, ...]
    archenemies: tuple[CardDef, ...]


def plan_named(name: str) -> MixPlan:
    plan = PLANS.get(name)
    if plan is None:
        raise ConfigError(f"unknown mix plan '{name}'; plans: {', '.join(PLANS)}")
    return plan


def less_random_table(config: GameConfig) -> dict[str, str]:
    """The type → set table of a less-random mix: the rulebook's, with the config's changes."""
    table = dict(PLANS["less-random"].by_set)
    table.update(dict(config.less_random))
    return table


def build_mix(catalogue: Catalogue, config: GameConfig) -> Mix:
    """The main deck, Heroes and Archenemies of a mixed game (``config.mix`` names the plan)."""
    from lotr_rules.games.deckbuilding.mix_checks import catalogue_problems, raise_first

    plan = plan_named(config.mix)
    config.check_mix()
    # The checks the linter makes on a mix file, so a game starts on exactly the mixes it accepts.
    raise_first(catalogue_problems(catalogue, config))
    by_deck = catalogue.by_deck(config.sets)
    rng = Rng(Rng(config.seed).fork(MIX_SALT))
    pool = _physical(by_deck.get("main", []))
    heroes = tuple(by_deck.get("hero", []))
    archenemies = tuple(by_deck.get("archenemy", []))
    if plan.piles:
        rng.shuffle(pool)
        main, aside = _fill_piles(pool, plan.piles)
    elif plan.parts:
        rng.shuffle(pool)
        cut = (len(pool) + 1) // 2
        halves = (pool[:cut], pool[cut:])
        main, aside = halves[config.half - 1], halves[2 - config.half]
    elif plan.by_set:
        table = less_random_table(config)
        main, aside = less_random_split(pool, table)
        if "hero" in table:
            heroes = tuple(h for h in heroes if h.set_code == table["hero"])
        if "archenemy" in table:
            archenemies = tuple(a for a in archenemies if a.set_code == table["archenemy"])
    else:
        main = _listed(catalogue, config)
        aside = []
    if not plan.by_set:
        # One set's Archenemies (a stack has one level 1 and one level 4 Archenemy): the first set
        # in play with a whole stack; a plan-2 match's second game uses the next one, if any.
        archenemies = one_stack(archenemies, config.sets, config.half - 1 if plan.parts else 0)
    return Mix(plan.name, tuple(main), tuple(aside), heroes, archenemies)


def less_random_split(pool: Sequence[CardDef], table: Mapping[str, str]) -> tuple[list[CardDef], list[CardDef]]:
    """The cards a less-random table takes into the main deck, and those it leaves out. A card of
    two types (Gollum/Sméagol) comes only if its set is chosen for both."""
    main: list[CardDef] = []
    aside: list[CardDef] = []
    for card in pool:
        kinds = [t for t in MAIN_TYPES if t in card.types]
        chosen = bool(kinds) and all(table.get(t, card.set_code) == card.set_code for t in kinds)
        (main if chosen else aside).append(card)
    return main, aside


def uses_wall(catalogue: Catalogue, cards: Iterable[CardDef]) -> bool:
    """Whether The Wall is used with these cards in play: it is when any of them is an Enemy,
    Artifact or Archenemy from a set that uses The Wall."""
    for card in cards:
        info = catalogue.sets.get(card.set_code)
        if info is None or not info.uses_wall:
            continue
        if "archenemy" in card.deck or "enemy" in card.types or "artifact" in card.types:
            return True
    return False


def read_deck_file(path: Path) -> tuple[tuple[str, int], ...]:
    """A custom main deck from a TOML or JSON file mapping card names to counts.

    TOML may put the mapping at the top level or under ``[deck]``; JSON likewise (``{"deck": ...}``).
    """
    try:
        text = read_data_text(path, "deck file")
    except DataFileError as error:
        raise ConfigError(f"cannot read deck file: {error}") from None
    data: object
    try:
        data = json.loads(text) if path.suffix.lower() == ".json" else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as error:
        raise ConfigError(f"deck file '{path}' is not valid {path.suffix.lstrip('.') or 'toml'}: {error}") from None
    except ValueError:  # a number of thousands of digits, which Python refuses to convert
        raise ConfigError(f"deck file '{path}' holds a number of thousands of digits") from None
    if isinstance(data, dict) and isinstance(data.get("deck"), dict):
        data = data["deck"]
    return deck_entries(data, f"deck file '{path}'")


def deck_entries(data: object, where: str) -> tuple[tuple[str, int], ...]:
    """(name, count) pairs from a mapping (or a list of pairs); bad shapes raise ConfigError."""
    items: Iterable[object]
    if isinstance(data, Mapping):
        items = list(data.items())
    elif isinstance(data, (list, tuple)):
        items = data
    else:
        raise ConfigError(f"{where} must map card names to counts")
    out: list[tuple[str, int]] = []
    for item in items:
        if not isinstance(item, (list, tuple)) or len(item) != 2:
            raise ConfigError(f"{where} must map card names to counts, not {item!r}")
        name, count = item
        if not isinstance(name, str) or not name.strip():
            raise ConfigError(f"{where} has a card name that is not text: {name!r}")
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COPIES_PER_GAME:
            shown = shown_number(count) if isinstance(count, int) else repr(count)
            raise ConfigError(
                f"{where} gives '{name}' a count of {shown}; a count is a whole number, 1 to {MAX_COPIES_PER_GAME}"
            )
        out.append((name.strip(), count))
    return tuple(out)


def one_stack(archenemies: Sequence[CardDef], sets: Sequence[str], pick: int = 0) -> tuple[CardDef, ...]:
    """One set's Archenemies, as the rulebook's setup has one level 1 on top and one level 4 last:
    the ``pick``-th set (0 for the first), in ``sets`` order, that has a whole stack (a level 1 and
    a level 4 Archenemy). With no whole stack anywhere, all of them (setup then says what is
    missing)."""
    whole = [
        code for code in sets if {1, 4} <= {a.level for a in archenemies if a.set_code == code and a.level is not None}
    ]
    if not whole:
        return tuple(archenemies)  # setup says what is missing
    code = whole[pick % len(whole)]
    return tuple(a for a in archenemies if a.set_code == code)


def _physical(definitions: Sequence[CardDef]) -> list[CardDef]:
    return [d for d in definitions for _ in range(d.copies)]


def _fill_piles(pool: Sequence[CardDef], piles: Sequence[tuple[str, int]]) -> tuple[list[CardDef], list[CardDef]]:
    """Deal the shuffled cards onto piles by type. A card of two types (Gollum/Sméagol) counts for
    the first of its types, in the plan's order, whose pile is not full; a card no pile takes is
    set aside."""
    wanted = dict(piles)
    filled = dict.fromkeys(wanted, 0)
    main: list[CardDef] = []
    aside: list[CardDef] = []
    for card in pool:
        for card_type, _ in piles:
            if card_type in card.types and filled[card_type] < wanted[card_type]:
                filled[card_type] += 1
                main.append(card)
                break
        else:
            aside.append(card)
    short = [(t, n) for t, n in piles if filled[t] < n]
    if short:
        detail = ", ".join(f"{filled[t]} of {n} {plural(t)}" for t, n in short)
        raise ConfigError(f"plan-1 cannot fill its piles from the sets in play: only {detail}")
    return main, aside


def _listed(catalogue: Catalogue, config: GameConfig) -> list[CardDef]:
    """The listed main deck (checked beforehand by :mod:`lotr_rules.games.deckbuilding.mix_checks`)."""
    main: list[CardDef] = []
    for name, count in config.custom_deck:
        main.extend([listed_card(catalogue, name, config.sets)] * count)
    return main


def listed_card(catalogue: Catalogue, name: str, sets: Sequence[str]) -> CardDef:
    """The card a custom deck means by ``name``: the main-deck card of that name in the first set
    in play that has one, else whatever card the name means (the checks then refuse it). Only
    main-deck cards can be listed, so a name another set gives to a card of another deck (a
    user's Enemy named like a Fellowship Archenemy) means the main-deck card, whatever the order
    of the sets."""
    key = name.lower()
    for code in sets:
        for card in catalogue.cards:
            if card.set_code == code and card.deck == "main" and card.name.lower() == key:
                return card
    return catalogue.get(name, sets)


def plural(card_type: str) -> str:
    return {"ally": "Allies", "enemy": "Enemies", "archenemy": "Archenemies", "hero": "Heroes"}.get(
        card_type, card_type.capitalize() + "s"
    )


def mix_json(
    mix: str,
    half: int,
    less_random: tuple[tuple[str, str], ...],
    custom_deck: tuple[tuple[str, int], ...],
) -> dict[str, object]:
    """The mix options as JSON, or nothing for an unmixed game (so its records stay unchanged)."""
    if not mix:
        return {}
    return {
        "mix": mix,
        "half": half,
        "less_random": dict(less_random),
        "custom_deck": [[name, count] for name, count in custom_deck],
    }
