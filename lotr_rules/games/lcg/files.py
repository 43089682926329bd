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
      # optional: the scenario's Easy Mode, the copies it leaves out of the encounter deck
      # (see lotr_rules.games.lcg.easy_mode)
      [easy]
      leave_out = { "Caught in a Web" = 2, "Hummerhorns" = 1 }

A deck or scenario is named by its file name without the extension (``leadership``,
``passage-through-mirkwood``); a deck may also be given as the path of a deck file. Everything
that is wrong with one is a :class:`~lotr_rules.errors.UserError` naming the file, and the
line and column where there is one; :func:`deck_problems` and :func:`scenario_problems` give the
same findings to the linter.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from lotr_rules.cards.catalogue import Catalogue
from lotr_rules.cards.decklist import DeckCardFacts, DeckLine, DeckList, DeckProblem, check_deck, read_deck_list
from lotr_rules.cards.titles import Resolution, Titles, ambiguity, split_qualifier
from lotr_rules.cards.titles import folded as folded  # where deck code has always found it
from lotr_rules.cards.tomlspans import toml_spans
from lotr_rules.datafiles import DataFileError, check_inside_set, is_file, path_problem, read_data_text, shown_path
from lotr_rules.diagnostics import did_you_mean
from lotr_rules.engine.cards import CardDef
from lotr_rules.errors import ConfigError, Span, UserError
from lotr_rules.games.lcg.convert import to_record
from lotr_rules.games.lcg.easy_mode import EASY, LEAVES_NOTHING, EasyTable, check_easy, read_easy, setup_needs
from lotr_rules.games.lcg.modes import Mode
from lotr_rules.games.lcg.record import ENCOUNTER_TYPES, PLAYER_TYPES, LcgCard, PlayerDeck, Scenario

FAMILY = "lcg"
DECKS = "decks"
DECK_SUFFIX = ".txt"
SCENARIOS = "scenarios"
SCENARIO_SUFFIX = ".toml"
#: the keys of a scenario file: key -> whether it must be there
#: the fewest cards (heroes apart) a deck for tournament play holds
TOURNAMENT_MINIMUM = 50
SCENARIO_KEYS = {"name": True, "quest": True, "encounter_sets": True, "staging": False, EASY: False}
#: the finding of a name that titles shared by several cards leave open (documented in lint/code_entries)
AMBIGUOUS = "E330"


@attrs.frozen(slots=True)
class Finding:
    """A problem of a deck or scenario file; ``known`` is False when it is only that a card (or
    encounter set) it names is in no loaded set, which the linter reports as a warning."""

    message: str
    span: Span
    hint: str | None = None
    unknown_name: bool = False
    #: a finding with a code of its own (E330: a name that names several cards); "" for the file's
    code: str = ""

    def __str__(self) -> str:
        return f"{self.span}: {self.message}" + (f" ({self.hint})" if self.hint else "")


# ---------------------------------------------------------------------- the cards
class LcgCards(Mapping[str, CardDef]):
    """The LCG cards of a catalogue, every one of them, by the name files and records give it:
    its title, or where loaded sets share the title, its title and set (``Aragorn (lcg-core)``,
    see :mod:`lotr_rules.cards.titles`). A name as people write it is resolved with
    :meth:`resolve`."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.titles: Titles = catalogue.titles(FAMILY)
        self._by_label = self.titles.by_label()
        self._sets: dict[str, list[CardDef]] | None = None

    def encounter_set(self, name: str) -> list[CardDef]:
        """The cards whose encounter set is ``name`` (quest cards too), in load order."""
        if self._sets is None:
            self._sets = {}
            for card in self._by_label.values():
                self._sets.setdefault(_field(card, "encounter-set"), []).append(card)
        return self._sets.get(name, [])

    def encounter_sets(self) -> list[str]:
        self.encounter_set("")
        return sorted(name for name in self._sets or {} if name)

    def __getitem__(self, label: str) -> CardDef:
        return self._by_label[label]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_label)

    def __len__(self) -> int:
        return len(self._by_label)

    def label(self, card: CardDef) -> str:
        return self.titles.label(card)

    def resolve(
        self,
        text: str,
        context: Sequence[str] = (),
        qualifier: str = "",
        fits: Callable[[CardDef], bool] | None = None,
    ) -> Resolution:
        return self.titles.resolve(text, context, qualifier, fits)


def lcg_cards(catalogue: Catalogue) -> LcgCards:
    """The LCG cards of a catalogue, by the names files give them (see :class:`LcgCards`)."""
    return LcgCards(catalogue)


def _field(card: CardDef, name: str, default: str = "") -> str:
    """An LCG field of a compiled card, as text (the family's fields are kept by their names)."""
    return str(card.family_fields.get(name, default))


@attrs.frozen(slots=True)
class _Facts:
    is_hero: bool


def _facts(card: CardDef) -> _Facts:
    return _Facts("hero" in card.types)


class Records:
    """The records of a catalogue's LCG cards, converted when first asked for (a card that cannot
    be converted stops only the games that use it). A record's ``name`` is the card's title,
    which the rules count by (the unique rule, three copies a title); :meth:`label` is the name
    files and records write for it."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.cards = lcg_cards(catalogue)
        self._records: dict[str, LcgCard] = {}
        self._labels: dict[LcgCard, str] = {}

    def get(self, label: str) -> LcgCard:
        """The record of the card named ``label`` (a key of :attr:`cards`)."""
        record = self._records.get(label)
        if record is None:
            record = self._records[label] = to_record(self.cards[label])
            self._labels[record] = label
        return record

    def of(self, card: CardDef) -> LcgCard:
        return self.get(self.cards.label(card))

    def alias(self, record: LcgCard, original: LcgCard) -> None:
        """``record``, a changed copy of ``original``, is named as the original is."""
        self._labels[record] = self.label(original)

    def label(self, record: LcgCard) -> str:
        """The name of a record this made (its title, or its title and set where titles are shared)."""
        return self._labels.get(record, record.name)


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
    problem = path_problem(spec)
    if problem is not None:
        raise UserError(f"the deck '{shown_path(spec)}' {problem}")
    if "/" in spec or "\\" in spec or spec.endswith(DECK_SUFFIX):
        path = Path(spec)
        if not is_file(path):
            raise UserError(f"no deck file '{shown_path(spec)}'")
        return path
    for folder in set_folders(catalogue):
        path = folder / DECKS / f"{spec}{DECK_SUFFIX}"
        if is_file(path):
            check_inside_set(path, folder, "deck list")
            return path
    names = shipped_names(catalogue, DECKS)
    hint = did_you_mean(spec, names)
    known = f"the loaded sets ship {', '.join(names)}" if names else "the loaded sets ship no deck"
    raise UserError(f"unknown deck '{spec}': {known}; or give a deck file's path" + (f" ({hint})" if hint else ""))


def find_scenario(catalogue: Catalogue, name: str) -> Path:
    """The scenario file a loaded set ships under ``name``; never one behind a link out of its set."""
    problem = path_problem(name) or ("holds a path separator" if "/" in name or "\\" in name else None)
    if problem is not None:
        raise UserError(f"the scenario name '{shown_path(name)}' {problem}")
    for folder in set_folders(catalogue):
        path = folder / SCENARIOS / f"{name}{SCENARIO_SUFFIX}"
        if is_file(path):
            check_inside_set(path, folder, "scenario file")
            return path
    names = shipped_names(catalogue, SCENARIOS)
    hint = did_you_mean(name, names)
    known = f"the loaded sets have {', '.join(names)}" if names else "the loaded sets have none"
    raise UserError(f"unknown scenario '{name}': {known}" + (f" ({hint})" if hint else ""))


def scenario_modes(catalogue: Catalogue, name: str) -> tuple[Mode, ...]:
    """The modes the scenario ``name`` can be played in (what a new-game page offers): normal,
    and Easy Mode where its file has an ``[easy]`` table. A file that cannot be read offers
    normal only (setting up the game says what is wrong with it)."""
    scenario, _ = read_scenario_file(find_scenario(catalogue, name))
    has_easy = scenario is not None and scenario.easy is not None
    return (Mode.NORMAL, Mode.EASY) if has_easy else (Mode.NORMAL,)


def own_sets(path: Path, catalogue: Catalogue) -> tuple[str, ...]:
    """The set a deck or scenario file belongs to (the set whose ``decks`` or ``scenarios``
    folder holds it), which its names are read in first; none for a file kept elsewhere."""
    try:
        folder = path.resolve().parent.parent
    except OSError:
        return ()
    return tuple(
        code
        for code, info in catalogue.sets.items()
        if info.family == FAMILY and path.parent.name in (DECKS, SCENARIOS) and Path(info.path).resolve() == folder
    )


# ---------------------------------------------------------------------- decks
def deck_problems(
    deck: DeckList, cards: LcgCards, *, minimum_cards: int | None = None, context: Sequence[str] = ()
) -> list[Finding]:
    """The deck's unreadable lines and the deck-building rules it breaks (the core rules: at most
    three copies of a title, one of each hero and at most three; a card of any sphere is legal;
    with ``minimum_cards``, at least that many cards besides the heroes); a card no loaded set
    has, one that is not a player card, or a name several cards share (E330), is a finding too.
    Names are read in the ``context`` sets first (the deck's own set)."""
    found = [Finding(p.message, p.span, p.hint) for p in deck.problems]
    unclear: set[DeckLine] = set()
    for line, fits in [*((h, _is_hero) for h in deck.heroes), *((c, _not_hero) for c in deck.cards)]:
        resolved = cards.resolve(line.name, context, line.product, fits)
        if resolved.ambiguous:
            written = f"{line.name} ({line.product})" if line.product else line.name
            message, hint = ambiguity(written, resolved.candidates)
            found.append(Finding(message, line.span, hint, code=AMBIGUOUS))
            unclear.add(line)
    deck = canonical_names(deck, cards, context)
    deck = attrs.evolve(
        deck,
        heroes=tuple(line for line in deck.heroes if line not in unclear),
        cards=tuple(line for line in deck.cards if line not in unclear),
    )

    def facts(name: str) -> DeckCardFacts | None:
        card = cards.get(name)
        return _facts(card) if card is not None else None

    def title(name: str) -> str:
        card = cards.get(name)
        return card.name if card is not None else name

    titles = {card.name for card in cards.titles.cards}
    for problem in check_deck(deck, facts, titles, title=title, minimum_cards=minimum_cards):
        found.append(_finding(problem))
    for line in (*deck.heroes, *deck.cards):
        card = cards.get(line.name)
        if card is not None and not card.types & set(PLAYER_TYPES):
            kind = "/".join(sorted(card.types)) or "no type"
            found.append(Finding(f"'{line.name}' is an encounter or quest card ({kind}), not a player card", line.span))
    return found


def canonical_names(deck: DeckList, cards: LcgCards, context: Sequence[str] = ()) -> DeckList:
    """The deck with each name written as its card is named (see :class:`LcgCards`), where the
    name, read as players type it (see :func:`~lotr_rules.cards.titles.folded`), with its
    parenthesised set if any and in the ``context`` sets first, names one card; other names are
    left for the checks."""

    def fix(line: DeckLine, fits: Callable[[CardDef], bool]) -> DeckLine:
        resolved = cards.resolve(line.name, context, line.product, fits)
        if resolved.card is None:
            return line
        return attrs.evolve(line, name=cards.label(resolved.card))

    return attrs.evolve(
        deck,
        heroes=tuple(fix(line, _is_hero) for line in deck.heroes),
        cards=tuple(fix(line, _not_hero) for line in deck.cards),
        sideboard=tuple(fix(line, _not_hero) for line in deck.sideboard),
    )


def _is_hero(card: CardDef) -> bool:
    return "hero" in card.types


def _not_hero(card: CardDef) -> bool:
    return "hero" not in card.types


def _finding(problem: DeckProblem) -> Finding:
    return Finding(problem.message, problem.span, problem.hint, problem.message.startswith("no card is named"))


def player_deck(path: Path, catalogue: Catalogue, records: Records | None = None) -> PlayerDeck:
    """The heroes and deck of a deck file; every problem of the file is in the error."""
    try:
        deck = read_deck_list(path)
    except DataFileError as error:
        raise UserError(str(error)) from None
    records = records or Records(catalogue)
    context = own_sets(path, catalogue)
    problems = deck_problems(deck, records.cards, context=context)
    if problems:
        shown = "\n".join(f"  {p}" for p in problems[:10])
        more = f"\n  ... and {len(problems) - 10} more" if len(problems) > 10 else ""
        raise UserError(f"the deck {deck.shown} cannot be played:\n{shown}{more}")
    deck = canonical_names(deck, records.cards, context)
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
    #: the ``[easy]`` table; None: the scenario has no Easy Mode
    easy: EasyTable | None = None


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
    easy: EasyTable | None = None
    if EASY in data:
        easy, unreadable = read_easy(data[EASY], entries, whole)
        problems += [Finding(p.message, p.span, p.hint, code=p.code) for p in unreadable]
    if problems:
        return None, problems
    return ScenarioFile(shown, str(name), stages, encounter_sets, staging, spans, easy), []


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


@attrs.frozen(slots=True)
class ScenarioCards:
    """The cards a scenario file's names mean: its quest stages, its encounter deck's cards (in
    the order the deck is built in) and the titles of the cards its setup stages."""

    stages: tuple[tuple[CardDef, ...], ...]
    encounter: tuple[CardDef, ...]
    staging: tuple[str, ...]
    #: whether the scenario has an Easy Mode, and the copies of encounter cards it leaves out
    easy: bool = False
    leave_out: tuple[tuple[CardDef, int], ...] = ()


def scenario_cards(
    scenario: ScenarioFile, cards: LcgCards, context: Sequence[str] = ()
) -> tuple[ScenarioCards, list[Finding]]:
    """What a scenario's names mean against the loaded cards, and what is wrong with them: names
    no set has, cards of the wrong type, stages out of order, encounter sets no card belongs to,
    names that several cards share (E330). Names are read in the ``context`` sets first (the
    scenario's own set)."""
    found: list[Finding] = []
    whole = Span(1, 1, 1, 2, scenario.shown)
    quest_span = scenario.spans.get("quest", whole)
    stages: list[tuple[CardDef, ...]] = []
    last = 0
    for number, names in enumerate(scenario.stages, start=1):
        numbers = set()
        stage_cards: list[CardDef] = []
        for name in names:
            resolved = cards.resolve(name, context, fits=_is_quest)
            card = resolved.card
            if resolved.ambiguous:
                found.append(_ambiguous(name, resolved.candidates, quest_span))
            elif card is None:
                hint = did_you_mean(name, [n for n, c in cards.items() if "quest" in c.types])
                found.append(Finding(f"no loaded set has the quest card '{name}'", quest_span, hint, unknown_name=True))
            elif "quest" not in card.types:
                found.append(Finding(f"'{name}' (quest entry {number}) is not a quest card", quest_span))
            else:
                numbers.add(int(_field(card, "stage", "0")))
                stage_cards.append(card)
        stages.append(tuple(stage_cards))
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
    members: list[CardDef] = []
    for name in scenario.encounter_sets:
        in_set, finding = _encounter_set(name, cards, context, sets_span)
        if finding is not None:
            found.append(finding)
        members.extend(card for card in in_set if card.types & set(ENCOUNTER_TYPES))
    encounter = sorted(dict.fromkeys(members), key=lambda card: (card.name, cards.label(card)))
    found += _setup_problems(scenario, stages, encounter, cards, quest_span)
    staging_span = scenario.spans.get("staging", whole)
    in_deck = Titles(encounter, cards.titles.sets)
    staging: list[str] = []
    for name in scenario.staging:
        resolved = in_deck.resolve(name)
        if resolved.card is not None:
            staging.append(resolved.card.name)
        elif resolved.ambiguous:
            found.append(_ambiguous(name, resolved.candidates, staging_span))
        elif cards.resolve(name).card is None and not cards.resolve(name).ambiguous:
            found.append(Finding(f"no loaded set has the encounter card '{name}'", staging_span, None, True))
        else:
            found.append(Finding(f"'{name}' is not in any of the scenario's encounter sets", staging_span))
    leave_out: tuple[tuple[CardDef, int], ...] = ()
    if scenario.easy is not None:
        setups = [tuple(staging)] + [_setup_of(card) for stage in stages for card in stage]
        leave_out, problems = check_easy(scenario.easy, encounter, in_deck, cards.resolve, _copies, setup_needs(setups))
        found += [Finding(p.message, p.span, p.hint, p.unknown_name, p.code) for p in problems]
    made = ScenarioCards(tuple(stages), tuple(encounter), tuple(staging), scenario.easy is not None, leave_out)
    return made, found


def _setup_of(card: CardDef) -> tuple[str, ...]:
    """The titles a quest card's own setup puts in the staging area (``setup-staging``)."""
    listed = card.family_fields.get("setup-staging")
    return tuple(str(n) for n in listed) if isinstance(listed, tuple) else ()


def _copies(card: CardDef) -> int:
    """How many copies of an encounter card its set ships (and a scenario's deck holds)."""
    value = card.family_fields.get("copies", 1)
    return value if isinstance(value, int) and value > 0 else 1


def _is_quest(card: CardDef) -> bool:
    return "quest" in card.types


def _ambiguous(name: str, candidates: Sequence[CardDef], span: Span) -> Finding:
    message, hint = ambiguity(name, candidates)
    return Finding(message, span, hint, code=AMBIGUOUS)


def _encounter_set(
    name: str, cards: LcgCards, context: Sequence[str], span: Span
) -> tuple[list[CardDef], Finding | None]:
    """The cards of the encounter set ``name``: of the one set that has an encounter set so
    named, or the scenario's own set among several, or the set written after it
    (``Dol Guldur Orcs (lcg-core)``); a name several sets give an encounter set is E330."""
    by_set: dict[str, list[CardDef]] = {}
    for card in cards.encounter_set(name):
        by_set.setdefault(card.set_code, []).append(card)
    if not by_set:
        title, qualifier = split_qualifier(name)
        if qualifier:
            sets = cards.titles.sets
            for card in cards.encounter_set(title):
                if card.set_code in sets and sets[card.set_code].called(qualifier):
                    by_set.setdefault(card.set_code, []).append(card)
    if not by_set:
        known = cards.encounter_sets()
        message = f"no loaded card belongs to the encounter set '{name}'"
        return [], Finding(message, span, did_you_mean(name, known), True)
    own = [code for code in by_set if code in context]
    if len(by_set) == 1 or len(own) == 1:
        return by_set[own[0] if own else next(iter(by_set))], None
    shown = [f"{name} ({code})" for code in sorted(by_set)]
    message = f"'{name}' is the encounter set of {len(shown)} sets: " + ", ".join(shown)
    return [], Finding(message, span, f"name one by its set, as '{shown[0]}'", code=AMBIGUOUS)


def scenario_problems(scenario: ScenarioFile, cards: LcgCards, context: Sequence[str] = ()) -> list[Finding]:
    """What is wrong with a scenario against the loaded cards (see :func:`scenario_cards`)."""
    return scenario_cards(scenario, cards, context)[1]


def _setup_problems(
    scenario: ScenarioFile,
    stages: Sequence[tuple[CardDef, ...]],
    encounter: Sequence[CardDef],
    cards: LcgCards,
    span: Span,
) -> list[Finding]:
    """What the quest cards' own setup (``setup-staging``) would refuse at the start of a game:
    a card it puts in the staging area that is not in the scenario's encounter deck (a game finds
    it there by title), and a first stage that says what is set up as the file also does."""
    found: list[Finding] = []
    in_deck = {card.name for card in encounter}
    for number, stage in enumerate(stages, start=1):
        for card in stage:
            listed = card.family_fields.get("setup-staging")
            setup = tuple(str(n) for n in listed) if isinstance(listed, tuple) else ()
            if setup and number == 1 and scenario.staging and setup != scenario.staging:
                message = f"the file's 'staging' and the first quest card '{card.name}' both say what is set up"
                found.append(Finding(message, span))
            for wanted in setup:
                if wanted in in_deck:
                    continue
                if not cards.titles.named(wanted):
                    message = f"the quest card '{card.name}' sets up '{wanted}', which no loaded set has"
                    found.append(Finding(message, span, None, True))
                else:
                    found.append(
                        Finding(
                            f"the quest card '{card.name}' sets up '{wanted}', which is in none of the scenario's "
                            "encounter sets (so not in its encounter deck)",
                            span,
                        )
                    )
    return found


def load_scenario(
    path: Path, catalogue: Catalogue, records: Records | None = None, mode: Mode = Mode.NORMAL
) -> Scenario:
    """The scenario of a scenario file, made of the loaded cards, in ``mode``: in Easy Mode,
    its encounter deck without the copies its ``[easy]`` table leaves out."""
    scenario, problems = read_scenario_file(path)
    records = records or Records(catalogue)
    made_of: ScenarioCards | None = None
    if scenario is not None:
        made_of, problems = scenario_cards(scenario, records.cards, own_sets(path, catalogue))
        # (an Easy Mode that leaves nothing out is worth a warning, and plays)
        problems = [p for p in problems if p.code != LEAVES_NOTHING]
    if problems or scenario is None or made_of is None:
        shown = "\n".join(f"  {p}" for p in problems[:10])
        raise UserError(f"the scenario {shown_path(path)} cannot be played:\n{shown}")
    quest = [records.of(card) for cards in made_of.stages for card in cards]
    encounter = [records.of(card) for card in made_of.encounter]
    if mode is Mode.EASY:
        if not made_of.easy:
            raise UserError(
                f"the scenario {scenario.shown} has no Easy Mode: its file has no [easy] table saying which"
                " encounter cards Easy Mode leaves out"
            )
        encounter = _easy_deck(encounter, made_of.leave_out, records)
    if made_of.staging:
        first = quest[0]
        if first.setup_staging and first.setup_staging != made_of.staging:
            raise UserError(
                f"the scenario {scenario.shown} and its first quest card '{first.name}' both say what is set up;"
                " keep one"
            )
        staged = attrs.evolve(first, setup_staging=made_of.staging)
        records.alias(staged, first)
        quest = [staged if card is first else card for card in quest]
    made = Scenario(scenario.name, tuple(quest), tuple(encounter))
    try:
        made.check()
    except ConfigError as error:
        raise UserError(f"the scenario {scenario.shown} cannot be played: {error}") from None
    return made


def _easy_deck(
    encounter: Sequence[LcgCard], leave_out: Sequence[tuple[CardDef, int]], records: Records
) -> list[LcgCard]:
    """The encounter deck's records with the copies Easy Mode leaves out taken away: a record
    with fewer copies (named in records as the card is), or none where every copy is left out."""
    fewer = {records.of(card): count for card, count in leave_out}
    out: list[LcgCard] = []
    for record in encounter:
        left = fewer.get(record, 0)
        if left >= record.copies:
            continue
        if left:
            smaller = attrs.evolve(record, copies=record.copies - left)
            records.alias(smaller, record)
            record = smaller
        out.append(record)
    return out


def split_decks(text: str) -> list[str]:
    """``--decks leadership,tactics``: the deck names or paths, in seat order."""
    decks = [part.strip() for part in text.split(",")]
    if not text.strip() or any(not part for part in decks):
        raise UserError(f"--decks takes deck names or deck files separated by commas, not '{text}'")
    return decks
