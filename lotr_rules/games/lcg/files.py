"""The LCG's deck files and scenario files: found by name in the loaded sets, read, checked, and
turned into the records a game is played with.

A set of the ``lcg`` family may ship, besides its card files:

- deck lists in ``decks/NAME.txt``, in the plain text format of :mod:`lotr_rules.cards.decklist`
  (one ``3x Card Name`` line a card, the heroes under a ``Heroes`` heading);
- scenarios in ``scenarios/NAME.toml``::

      name = "Passage Through Mirkwood"
      # the quest cards in stage order; a list in the list is one stage with alternative quest
      # cards, one of which is picked at random when the stage before it is completed
      quest = ["Flies and Spiders", "A Fork in the Road", ["Don't Leave the Path!", "Beorn's Path"]]
      # every card of these encounter sets is in the encounter deck, in the copies the set ships
      encounter_sets = ["Passage Through Mirkwood", "Spiders of Mirkwood", "Dol Guldur Orcs"]
      # optional: the encounter cards the first stage puts in the staging area at setup
      staging = ["Forest Spider", "Old Forest Road"]

A deck or scenario is named by its file name without the extension (``leadership``,
``passage-through-mirkwood``); a deck may also be given as the path of a deck file. Everything
that is wrong with one is a :class:`~lotr_rules.errors.UserError` naming the file, and the
line and column where there is one; :func:`deck_problems` and :func:`scenario_problems` give the
same findings to the linter.
"""

from __future__ import annotations

import tomllib
import unicodedata
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.decklist import DeckCardFacts, DeckLine, DeckList, DeckProblem, check_deck, read_deck_list
from lotr_rules.cards.tomlspans import toml_spans
from lotr_rules.datafiles import DataFileError, read_data_text, shown_path
from lotr_rules.diagnostics import did_you_mean
from lotr_rules.engine.cards import CardDef
from lotr_rules.errors import ConfigError, Span, UserError
from lotr_rules.games.lcg.convert import to_record
from lotr_rules.games.lcg.record import ENCOUNTER_TYPES, PLAYER_TYPES, LcgCard, PlayerDeck, Scenario

FAMILY = "lcg"
DECKS = "decks"
DECK_SUFFIX = ".txt"
SCENARIOS = "scenarios"
SCENARIO_SUFFIX = ".toml"
#: the keys of a scenario file: key -> whether it must be there
#: the fewest cards (heroes apart) a deck for tournament play holds
TOURNAMENT_MINIMUM = 50
SCENARIO_KEYS = {"name": True, "quest": True, "encounter_sets": True, "staging": False}


@attrs.frozen(slots=True)
class Finding:
    """A problem of a deck or scenario file; ``known`` is False when it is only that a card (or
    encounter set) it names is in no loaded set, which the linter reports as a warning."""

    message: str
    span: Span
    hint: str | None = None
    unknown_name: bool = False

    def __str__(self) -> str:
        return f"{self.span}: {self.message}" + (f" ({self.hint})" if self.hint else "")


# ---------------------------------------------------------------------- the cards
def lcg_cards(catalogue: Catalogue) -> dict[str, CardDef]:
    """The LCG cards of a catalogue by name (the first set that has a name wins)."""
    cards: dict[str, CardDef] = {}
    for card in catalogue.cards:
        if card.family == FAMILY:
            cards.setdefault(card.name, card)
    return cards


def _field(card: CardDef, name: str, default: str = "") -> str:
    """An LCG field of a compiled card, as text (the family's fields are kept by their names)."""
    return str(card.family_fields.get(name, default))


@attrs.frozen(slots=True)
class _Facts:
    is_hero: bool
    sphere: str | None


def _facts(card: CardDef) -> _Facts:
    sphere = _field(card, "sphere", "neutral")
    return _Facts("hero" in card.types, None if sphere == "neutral" else sphere)


class Records:
    """The records of a catalogue's LCG cards, converted when first asked for (a card that cannot
    be converted stops only the games that use it)."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.cards = lcg_cards(catalogue)
        self._records: dict[str, LcgCard] = {}

    def get(self, name: str) -> LcgCard:
        record = self._records.get(name)
        if record is None:
            record = self._records[name] = to_record(self.cards[name])
        return record


# ---------------------------------------------------------------------- finding files
def set_folders(catalogue: Catalogue) -> list[Path]:
    """The folders of the catalogue's LCG sets."""
    return [Path(info.path) for info in catalogue.sets.values() if info.family == FAMILY]


def shipped_names(catalogue: Catalogue, kind: str) -> list[str]:
    """The deck (``kind`` "decks") or scenario ("scenarios") names the loaded sets ship."""
    suffix = DECK_SUFFIX if kind == DECKS else SCENARIO_SUFFIX
    return sorted({p.stem for folder in set_folders(catalogue) for p in (folder / kind).glob(f"*{suffix}")})


def find_deck(catalogue: Catalogue, spec: str) -> Path:
    """A deck named by a set (``leadership``) or given as a file path."""
    if "/" in spec or "\\" in spec or spec.endswith(DECK_SUFFIX):
        path = Path(spec)
        if not path.is_file():
            raise UserError(f"no deck file '{spec}'")
        return path
    for folder in set_folders(catalogue):
        path = folder / DECKS / f"{spec}{DECK_SUFFIX}"
        if path.is_file():
            return path
    names = shipped_names(catalogue, DECKS)
    hint = did_you_mean(spec, names)
    known = f"the loaded sets ship {', '.join(names)}" if names else "the loaded sets ship no deck"
    raise UserError(f"unknown deck '{spec}': {known}; or give a deck file's path" + (f" ({hint})" if hint else ""))


def find_scenario(catalogue: Catalogue, name: str) -> Path:
    for folder in set_folders(catalogue):
        path = folder / SCENARIOS / f"{name}{SCENARIO_SUFFIX}"
        if path.is_file():
            return path
    names = shipped_names(catalogue, SCENARIOS)
    hint = did_you_mean(name, names)
    known = f"the loaded sets have {', '.join(names)}" if names else "the loaded sets have none"
    raise UserError(f"unknown scenario '{name}': {known}" + (f" ({hint})" if hint else ""))


# ---------------------------------------------------------------------- decks
def deck_problems(deck: DeckList, cards: Mapping[str, CardDef], *, minimum_cards: int | None = None) -> list[Finding]:
    """The deck's unreadable lines and the deck-building rules it breaks (the core rules: at most
    three copies of a title, one of each hero and at most three, each card's sphere a hero's;
    with ``minimum_cards``, at least that many cards besides the heroes); a card no loaded set
    has, or one that is not a player card, is a finding too."""
    deck = canonical_names(deck, cards)

    def facts(name: str) -> DeckCardFacts | None:
        card = cards.get(name)
        return _facts(card) if card is not None else None

    found = [Finding(p.message, p.span, p.hint) for p in deck.problems]
    for problem in check_deck(deck, facts, cards, minimum_cards=minimum_cards):
        found.append(_finding(problem))
    for line in (*deck.heroes, *deck.cards):
        card = cards.get(line.name)
        if card is not None and not card.types & set(PLAYER_TYPES):
            kind = "/".join(sorted(card.types)) or "no type"
            found.append(Finding(f"'{line.name}' is an encounter or quest card ({kind}), not a player card", line.span))
    return found


def folded(name: str) -> str:
    """A card name as players may type it: any case, accents or not, straight or curly
    apostrophes, any spacing (``gloin`` is ``Glóin``, ``Lorien’s Wealth`` is ``Lórien's Wealth``)."""
    decomposed = unicodedata.normalize("NFKD", name.replace("\u2019", "'").replace("\u2018", "'"))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


def canonical_names(deck: DeckList, cards: Mapping[str, CardDef]) -> DeckList:
    """The deck with each name written as its card is named, where the name is a card's once
    folded (see :func:`folded`) and only one card's; other names are left for the checks."""
    by_folded: dict[str, list[str]] = {}
    for name in cards:
        by_folded.setdefault(folded(name), []).append(name)

    def fix(line: DeckLine) -> DeckLine:
        if line.name in cards:
            return line
        matches = by_folded.get(folded(line.name), [])
        return attrs.evolve(line, name=matches[0]) if len(matches) == 1 else line

    return attrs.evolve(
        deck,
        heroes=tuple(map(fix, deck.heroes)),
        cards=tuple(map(fix, deck.cards)),
        sideboard=tuple(map(fix, deck.sideboard)),
    )


def _finding(problem: DeckProblem) -> Finding:
    return Finding(problem.message, problem.span, problem.hint, problem.message.startswith("no card is named"))


def player_deck(path: Path, catalogue: Catalogue, records: Records | None = None) -> PlayerDeck:
    """The heroes and deck of a deck file; every problem of the file is in the error."""
    try:
        deck = read_deck_list(path)
    except DataFileError as error:
        raise UserError(str(error)) from None
    records = records or Records(catalogue)
    problems = deck_problems(deck, records.cards)
    if problems:
        shown = "\n".join(f"  {p}" for p in problems[:10])
        more = f"\n  ... and {len(problems) - 10} more" if len(problems) > 10 else ""
        raise UserError(f"the deck {deck.shown} cannot be played:\n{shown}{more}")
    deck = canonical_names(deck, records.cards)
    heroes = [records.get(line.name) for line in deck.heroes]
    cards: list[LcgCard] = []
    for line in deck.cards:
        record = records.get(line.name)
        cards.extend([record] * line.count)
    made = PlayerDeck(tuple(heroes), tuple(cards))
    try:
        made.check()
    except ConfigError as error:
        raise UserError(f"the deck {deck.shown} cannot be played: {error}") from None
    return made


# ---------------------------------------------------------------------- scenarios
@attrs.frozen(slots=True)
class ScenarioFile:
    """A scenario file as written: its name, its quest stages (each one or more quest card
    names), its encounter sets and its setup, with where each value is written."""

    shown: str
    name: str
    stages: tuple[tuple[str, ...], ...]
    encounter_sets: tuple[str, ...]
    staging: tuple[str, ...]
    spans: Mapping[str, Span]


def read_scenario_file(path: Path) -> tuple[ScenarioFile | None, list[Finding]]:
    """The scenario file, or the findings that say why it cannot be read."""
    shown = shown_path(path)
    whole = Span(1, 1, 1, 2, shown)
    try:
        text = read_data_text(path, "scenario file")
    except DataFileError as error:
        return None, [Finding(error.reason, error.span or whole)]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return None, [Finding(f"not valid TOML: {error}", whole)]
    try:
        entries = toml_spans(text, shown)
    except Exception:  # positions are a nicety; the findings stand without them
        entries = {}
    spans = {str(path[0]): entry.value for path, entry in entries.items() if len(path) == 1}
    keys = {str(path[0]): entry.key for path, entry in entries.items() if len(path) == 1}
    problems: list[Finding] = []
    for key in data:
        if key not in SCENARIO_KEYS:
            hint = did_you_mean(key, SCENARIO_KEYS) or "known keys: " + ", ".join(SCENARIO_KEYS)
            problems.append(Finding(f"a scenario file has no key '{key}'", keys.get(key, whole), hint))
    for key, required in SCENARIO_KEYS.items():
        if required and key not in data:
            problems.append(Finding(f"the scenario file has no '{key}'", whole))
    name = data.get("name", "")
    if "name" in data and (not isinstance(name, str) or not name.strip()):
        problems.append(Finding("'name' must be the scenario's name, as text", spans.get("name", whole)))
    stages = _stages(data.get("quest", []), spans.get("quest", whole), problems)
    encounter_sets = _texts(data, "encounter_sets", spans, whole, problems)
    staging = _texts(data, "staging", spans, whole, problems)
    if problems:
        return None, problems
    return ScenarioFile(shown, str(name), stages, encounter_sets, staging, spans), []


def _texts(
    data: Mapping[str, Any], key: str, spans: Mapping[str, Span], whole: Span, problems: list[Finding]
) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        problems.append(Finding(f"'{key}' must be a list of names", spans.get(key, whole)))
        return ()
    return tuple(value)


def _stages(value: object, span: Span, problems: list[Finding]) -> tuple[tuple[str, ...], ...]:
    message = (
        "'quest' must list the quest cards in stage order: a name, or a list of names for a stage with alternatives"
    )
    if not isinstance(value, list) or not value:
        problems.append(Finding(message, span))
        return ()
    stages: list[tuple[str, ...]] = []
    for item in value:
        names = [item] if isinstance(item, str) else item
        if not isinstance(names, list) or not names or not all(isinstance(n, str) and n.strip() for n in names):
            problems.append(Finding(message, span))
            return ()
        stages.append(tuple(names))
    return tuple(stages)


def scenario_problems(scenario: ScenarioFile, cards: Mapping[str, CardDef]) -> list[Finding]:
    """What is wrong with a scenario against the loaded cards: names no set has, cards of the
    wrong type, stages out of order, encounter sets no card belongs to."""
    found: list[Finding] = []
    whole = Span(1, 1, 1, 2, scenario.shown)
    quest_span = scenario.spans.get("quest", whole)
    last = 0
    for number, names in enumerate(scenario.stages, start=1):
        numbers = set()
        for name in names:
            card = cards.get(name)
            if card is None:
                hint = did_you_mean(name, [n for n, c in cards.items() if "quest" in c.types])
                found.append(Finding(f"no loaded set has the quest card '{name}'", quest_span, hint, unknown_name=True))
            elif "quest" not in card.types:
                found.append(Finding(f"'{name}' (quest entry {number}) is not a quest card", quest_span))
            else:
                numbers.add(int(_field(card, "stage", "0")))
        if len(numbers) > 1:
            found.append(
                Finding(f"the alternatives of quest entry {number} differ in stage: {sorted(numbers)}", quest_span)
            )
        elif numbers:
            stage = numbers.pop()
            if stage <= last:
                found.append(
                    Finding(
                        f"quest entry {number} is stage {stage}, not after the stage before it ({last})", quest_span
                    )
                )
            last = stage
    sets_span = scenario.spans.get("encounter_sets", whole)
    known_sets = {_field(c, "encounter-set") for c in cards.values()}
    for name in scenario.encounter_sets:
        if name not in known_sets:
            hint = did_you_mean(name, sorted(s for s in known_sets if s))
            found.append(Finding(f"no loaded card belongs to the encounter set '{name}'", sets_span, hint, True))
    found += _setup_problems(scenario, cards, quest_span)
    staging_span = scenario.spans.get("staging", whole)
    for name in scenario.staging:
        card = cards.get(name)
        if card is None:
            found.append(Finding(f"no loaded set has the encounter card '{name}'", staging_span, None, True))
        elif _field(card, "encounter-set") not in scenario.encounter_sets:
            found.append(Finding(f"'{name}' is not in any of the scenario's encounter sets", staging_span))
    return found


def _setup_problems(scenario: ScenarioFile, cards: Mapping[str, CardDef], span: Span) -> list[Finding]:
    """What the quest cards' own setup (``setup-staging``) would refuse at the start of a game:
    a card it puts in the staging area that is in none of the scenario's encounter sets (so not
    in the encounter deck), and a first stage that says what is set up as the file also does."""
    found: list[Finding] = []
    for number, names in enumerate(scenario.stages, start=1):
        for name in names:
            card = cards.get(name)
            if card is None or "quest" not in card.types:
                continue
            listed = card.family_fields.get("setup-staging")
            setup = tuple(str(n) for n in listed) if isinstance(listed, tuple) else ()
            if setup and number == 1 and scenario.staging and setup != scenario.staging:
                found.append(
                    Finding(f"the file's 'staging' and the first quest card '{name}' both say what is set up", span)
                )
            for wanted in setup:
                target = cards.get(wanted)
                if target is None:
                    message = f"the quest card '{name}' sets up '{wanted}', which no loaded set has"
                    found.append(Finding(message, span, None, True))
                elif _field(target, "encounter-set") not in scenario.encounter_sets:
                    found.append(
                        Finding(
                            f"the quest card '{name}' sets up '{wanted}', which is in none of the scenario's "
                            "encounter sets (so not in its encounter deck)",
                            span,
                        )
                    )
    return found


def load_scenario(path: Path, catalogue: Catalogue, records: Records | None = None) -> Scenario:
    """The scenario of a scenario file, made of the loaded cards."""
    scenario, problems = read_scenario_file(path)
    records = records or Records(catalogue)
    if scenario is not None:
        problems = scenario_problems(scenario, records.cards)
    if problems or scenario is None:
        shown = "\n".join(f"  {p}" for p in problems[:10])
        raise UserError(f"the scenario {shown_path(path)} cannot be played:\n{shown}")
    quest = [records.get(name) for names in scenario.stages for name in names]
    encounter = [
        records.get(name)
        for name, card in sorted(records.cards.items())
        if _field(card, "encounter-set") in scenario.encounter_sets and card.types & set(ENCOUNTER_TYPES)
    ]
    if scenario.staging:
        first = quest[0]
        if first.setup_staging and first.setup_staging != scenario.staging:
            raise UserError(
                f"the scenario {scenario.shown} and its first quest card '{first.name}' both say what is set up;"
                " keep one"
            )
        quest = [attrs.evolve(card, setup_staging=scenario.staging) if card is first else card for card in quest]
    made = Scenario(scenario.name, tuple(quest), tuple(encounter))
    try:
        made.check()
    except ConfigError as error:
        raise UserError(f"the scenario {scenario.shown} cannot be played: {error}") from None
    return made


def split_decks(text: str) -> list[str]:
    """``--decks leadership,tactics``: the deck names or paths, in seat order."""
    decks = [part.strip() for part in text.split(",")]
    if not text.strip() or any(not part for part in decks):
        raise UserError(f"--decks takes deck names or deck files separated by commas, not '{text}'")
    return decks
