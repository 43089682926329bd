"""From compiled LCG card files to the records the rules play (:class:`~.record.LcgCard`).

A card converts field by field (its type, sphere, costs and stats, traits, keywords and unique
marker, what an attachment goes on) and ability by ability: each compiled effect becomes the
record's hook, run with a context whose "you" is the player the rules give, "this" the card and
"it" the card a triggered ability answers (:mod:`.hooks`). Decks and scenarios are then put
together from the records: :func:`player_deck` and :func:`scenario`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from lotr_rules.cards.provenance import short_mark
from lotr_rules.engine.cards import CardDef
from lotr_rules.errors import ConfigError
from lotr_rules.games.lcg import hooks, words_spheres
from lotr_rules.games.lcg.record import TYPES, LcgCard, PlayerDeck, Scenario


def _trait(word: str) -> str:
    # traits are written lower case, a two-word trait hyphenated: "dol-guldur" is "Dol Guldur"
    return " ".join(part.capitalize() for part in word.split("-"))


def _number(fields: Mapping[str, object], name: str) -> int:
    value = fields[name]
    # the compiler gives a number field a number (E191 otherwise)
    assert isinstance(value, int), name
    return value


def _names(value: object) -> tuple[object, ...]:
    # the compiler gives a 'card names' field a tuple of names (E191 otherwise)
    assert isinstance(value, tuple), value
    return value


#: a word of the field 'uncancellable' and the trigger point whose effect it protects
_UNCANCELLABLE = {"when-revealed": "would reveal", "shadow": "would shadow"}


def to_record(card: CardDef) -> LcgCard:
    """The record of one compiled LCG card; a :class:`ConfigError` says why one cannot be played."""
    if card.family != "lcg":
        raise ConfigError(f"card '{card.name}' is not an LCG card (its family is '{card.family or 'none'}')")
    unknown = set(card.abilities) - set(hooks.ABILITY_HOOKS)
    if unknown or card.quest is not None or card.cost_changes:
        # the vocabulary refuses these; a card built some other way must not lose them silently
        raise ConfigError(f"card '{card.name}': the LCG has no '{sorted(unknown or {'quest'})[0]}' ability")
    types = sorted(card.types & set(TYPES))
    # an objective ally is an objective until it joins a player (words_allies.enlist)
    objective_ally = set(card.types) == {"objective", "ally"}
    if objective_ally:
        types = ["objective"]
    elif len(types) != 1 or len(card.types) != 1:
        raise ConfigError(f"card '{card.name}' needs exactly one LCG card type")
    kind = types[0]
    fields = card.family_fields
    keywords = set(str(fields["keywords"]).split())
    attach = str(fields["attach-to"]).split()
    scope = "engaged" if attach[:2] == ["any", "engaged"] else "any" if attach[0] == "any" else "own"
    return LcgCard(
        card.name,
        kind,
        sphere=str(fields["sphere"]),
        cost=_number(fields, "cost"),
        variable_cost=fields["variable-cost"] == "x",
        threat_cost=_number(fields, "threat-cost"),
        willpower=_number(fields, "willpower"),
        attack=_number(fields, "attack"),
        defense=_number(fields, "defense-strength"),
        hit_points=_number(fields, "hit-points"),
        traits=frozenset(_trait(word) for word in str(fields["traits"]).split()),
        doomed=_number(fields, "doomed"),
        engagement_cost=_number(fields, "engagement-cost"),
        threat=_number(fields, "threat"),
        quest_points=_number(fields, "quest-points"),
        victory=_number(fields, "victory-points"),
        stage=_number(fields, "stage"),
        setup_staging=tuple(str(name) for name in _names(fields["setup-staging"])),
        attach_to=attach[-1],
        attach_scope=scope,
        encounter_set=str(fields["encounter-set"]),
        copies=_number(fields, "copies"),
        pay_from=_number(fields, "pay-from"),
        action_phase=str(fields["action-phase"]),
        attacks_staging_alone=str(fields["attack-staging"]) == "alone",
        action_sends_away=hooks.action_sends_away(card),
        text=card.text,
        provenance=short_mark(card),
        unique="unique" in keywords,
        sentinel="sentinel" in keywords,
        ranged="ranged" in keywords,
        surge="surge" in keywords,
        restricted="restricted" in keywords,
        guarded="guarded" in keywords,
        objective_ally=objective_ally,
        uncancellable=frozenset(_UNCANCELLABLE[word] for word in str(fields["uncancellable"]).split()),
        attach_if=words_spheres.host_check(str(fields["host-sphere"])) if fields["host-sphere"] else None,
        **hooks.record_hooks(card),
    )


def to_records(cards: Iterable[CardDef]) -> dict[str, LcgCard]:
    """The records of some cards, by name."""
    return {card.name: to_record(card) for card in cards}


def player_deck(heroes: Sequence[LcgCard], cards: Iterable[LcgCard]) -> PlayerDeck:
    """A player's heroes and a deck holding each other card as many times as its ``copies``."""
    deck = tuple(record for record in cards for _ in range(record.copies))
    made = PlayerDeck(tuple(heroes), deck)
    made.check()
    return made


def scenario(name: str, cards: Iterable[LcgCard]) -> Scenario:
    """A scenario from its quest cards (played in stage order) and encounter cards (each in
    its ``copies``); player cards have no place in it."""
    records = list(cards)
    quest = tuple(sorted((r for r in records if r.type == "quest"), key=lambda r: r.stage))
    encounter = tuple(r for r in records if r.type != "quest")
    made = Scenario(name, quest, encounter)
    made.check()
    return made
