"""Cards the rules never let leave: what a set's manifest says of them, and the linter's check.

A set's ``set.toml`` may list cards that a rule keeps where they are, each with the rule and the
zones a script could find it in while the rule holds::

    [lasting."The One Ring"]
    rule = "cannot be destroyed"
    zones = ["in front of you", "you control", "behind the stacks", "one ring"]

The loader copies the rule onto the card (``CardDef.lasting``) and the game's move and destroy
primitives honour it (:mod:`lotr_rules.games.deckbuilding.game`). The check here warns (W205)
where a script's command could reach such a card with a command the rule forbids, so that an
author learns that the command will leave it be.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import attrs

from lotr_rules.diagnostics import Diagnostic, Severity
from lotr_rules.dsl import ast
from lotr_rules.engine.registry import Vocabulary

#: a card that can never be destroyed (it may still be moved: returned, taken)
CANNOT_BE_DESTROYED = "cannot be destroyed"
#: a card that, once in front of a player, stays there for the rest of the game
STAYS_IN_FRONT = "stays in front"
#: the commands each rule forbids: what would destroy the card, or take it from where it is
FORBIDDEN: dict[str, frozenset[str]] = {
    CANNOT_BE_DESTROYED: frozenset({"destroy"}),
    STAYS_IN_FRONT: frozenset({"destroy", "discard", "put", "gain", "return", "keep", "play", "draw", "take"}),
}
RULES = tuple(FORBIDDEN)


@attrs.frozen(slots=True)
class LastingEntry:
    """One ``[lasting."NAME"]`` entry of a manifest."""

    name: str
    rule: str
    zones: tuple[str, ...]


@attrs.frozen(slots=True)
class LastingCard:
    """A lasting card as the check sees it: its rule, the zones it can be reached in (canonical
    zone names) and the printed facts a ``where`` test may look at."""

    name: str
    rule: str
    zones: frozenset[str]
    types: frozenset[str]
    numbers: Mapping[str, int]
    words: Mapping[str, str]


def read_entries(data: object) -> tuple[tuple[LastingEntry, ...], str]:
    """The ``lasting`` table of a manifest, or a message saying what is wrong with it."""
    if not isinstance(data, dict):
        return (), "manifest 'lasting' must be a table of card names"
    entries: list[LastingEntry] = []
    for name, entry in data.items():
        if not isinstance(entry, dict):
            return (), f"manifest 'lasting' entry '{name}' must be a table with 'rule' and 'zones'"
        rule = entry.get("rule")
        zones = entry.get("zones", [])
        if rule not in RULES:
            return (), f"manifest 'lasting' entry '{name}' has rule {rule!r}; rules: {', '.join(RULES)}"
        if not isinstance(zones, list) or not all(isinstance(z, str) for z in zones):
            return (), f"manifest 'lasting' entry '{name}' must list its zones as text"
        unknown = set(entry) - {"rule", "zones"}
        if unknown:
            return (), f"manifest 'lasting' entry '{name}' has unknown keys: {', '.join(sorted(unknown))}"
        entries.append(LastingEntry(str(name), str(rule), tuple(zones)))
    return tuple(entries), ""


def lasting_cards(
    entries: Iterable[tuple[str, LastingEntry]], cards: Iterable[tuple[str, ast.Card]], vocabulary: Vocabulary
) -> dict[str, LastingCard]:
    """The lasting cards of the given manifest entries (``(set code, entry)``), found among the
    parsed cards (``(set code, card)``); an entry whose card is not there is left out."""
    by_key = {(code, card.name): card for code, card in cards}
    out: dict[str, LastingCard] = {}
    for code, entry in entries:
        card = by_key.get((code, entry.name))
        if card is None:
            continue
        zones = frozenset(spec.name for z in entry.zones if (spec := vocabulary.zone(z)) is not None)
        out[entry.name] = LastingCard(entry.name, entry.rule, zones, _types(card, vocabulary), *_facts(card))
    return out


def check_script(
    script: ast.Script, path: str, vocabulary: Vocabulary, lasting: Mapping[str, LastingCard]
) -> list[Diagnostic]:
    """W205 for every command of the script that could destroy or move a lasting card."""
    if not lasting:
        return []
    out: list[Diagnostic] = []
    for card in script.cards:
        for ability in card.abilities():
            _walk(ability.body, {}, vocabulary, lasting, path, out)
    return out


# ---------------------------------------------------------------------- walking the script
def _walk(
    block: Sequence[object],
    bound: dict[str, set[str]],
    vocabulary: Vocabulary,
    lasting: Mapping[str, LastingCard],
    path: str,
    out: list[Diagnostic],
) -> None:
    for statement in block:
        if isinstance(statement, ast.Command):
            reach = _reaches(statement.sel, statement.verb, bound, vocabulary, lasting)
            for name in sorted(reach):
                card = lasting[name]
                if statement.verb in FORBIDDEN[card.rule]:
                    out.append(_finding(statement, card, path))
            if statement.sel is not None and statement.sel.binding:
                bound[statement.sel.binding] = reach
        elif isinstance(statement, ast.ForEachStmt):
            inner = dict(bound)
            if statement.sel.binding:
                inner[statement.sel.binding] = _reaches(statement.sel, "", bound, vocabulary, lasting)
            _walk(statement.body, inner, vocabulary, lasting, path, out)
        elif isinstance(statement, ast.IfStmt):
            for branch in statement.branches:
                _walk(branch.body, dict(bound), vocabulary, lasting, path, out)
            if statement.otherwise is not None:
                _walk(statement.otherwise, dict(bound), vocabulary, lasting, path, out)
        elif isinstance(statement, ast.ChooseStmt):
            for option in statement.options:
                _walk(option.body, dict(bound), vocabulary, lasting, path, out)
        elif isinstance(
            statement,
            (ast.MayStmt, ast.RepeatStmt, ast.RepeatUntilStmt, ast.AttackStmt, ast.TriggerStmt, ast.NextTurnStmt),
        ):
            _walk(statement.body, dict(bound), vocabulary, lasting, path, out)


def _finding(command: ast.Command, card: LastingCard, path: str) -> Diagnostic:
    what = "destroyed" if card.rule == CANNOT_BE_DESTROYED else "moved or destroyed once in front of a player"
    return Diagnostic(
        "W205",
        Severity.WARNING,
        f"'{command.verb}' here can reach {card.name}, which cannot be {what}: the command leaves it where it is",
        command.span.with_path(path),
        f'narrow the selection (for example: where name is not "{card.name}") if that is not what the card means',
    )


def _reaches(
    sel: ast.Sel | None,
    verb: str,
    bound: Mapping[str, set[str]],
    vocabulary: Vocabulary,
    lasting: Mapping[str, LastingCard],
) -> set[str]:
    """The names of the lasting cards this selection could mean."""
    if sel is None:
        return set()
    if sel.ref is not None:
        # A name bound by 'as' means what its selection meant; 'this' and 'it' are the card
        # acting or the card an event is about, which a script cannot pick.
        return set(bound.get(sel.ref.name, set())) if sel.ref.kind == "var" else set()
    zones, wanted = _zones_and_types(sel, verb, vocabulary)
    found: set[str] = set()
    for name, card in lasting.items():
        if not zones & card.zones:
            continue
        if wanted and not wanted & card.types:
            continue
        if sel.where is not None and _pred(sel.where, card) is False:
            continue
        found.add(name)
    return found


def _zones_and_types(sel: ast.Sel, verb: str, vocabulary: Vocabulary) -> tuple[set[str], set[str]]:
    zones: set[str] = set()
    wanted: set[str] = set()
    words = list(sel.kind or ())
    named = False
    if words:
        thing = vocabulary.named_things.get(" ".join(words))
        if thing is None and words[0] == "the":
            thing = vocabulary.named_things.get(" ".join(words[1:]))
        if thing is not None:
            spec = vocabulary.zone(str(thing.data["zone"]))
            if spec is not None:
                zones.add(spec.name)
            words = []
            named = True
        else:
            while words and (words[0] in ("card", "cards", "or") or vocabulary.card_type(words[0]) is not None):
                card_type = vocabulary.card_type(words.pop(0))
                if card_type is not None:
                    wanted.add(card_type.name)
            if words:
                spec = vocabulary.zone(" ".join(words))
                if spec is not None:
                    zones.add(spec.name)
                named = True
    if sel.source is not None:
        named = True
        current: list[str] = []
        for word in [*sel.source.words, "or"]:
            if word != "or":
                current.append(word)
                continue
            spec = vocabulary.zone(" ".join(current)) if current else None
            if spec is not None:
                zones.add(spec.name)
            current = []
    primitive = vocabulary.primitives.get(verb)
    if not named and primitive is not None and primitive.default_zone:
        spec = vocabulary.zone(primitive.default_zone)
        if spec is not None:
            zones.add(spec.name)
    return zones, wanted


def _pred(pred: object, card: LastingCard) -> bool | None:
    """Whether a ``where`` test holds for the card: True, False, or None when it cannot be told
    without a game."""
    if isinstance(pred, ast.PredNot):
        inner = _pred(pred.operand, card)
        return None if inner is None else not inner
    if isinstance(pred, ast.PredAnd):
        results = [_pred(p, card) for p in pred.operands]
        return False if False in results else (None if None in results else True)
    if isinstance(pred, ast.PredOr):
        results = [_pred(p, card) for p in pred.operands]
        return True if True in results else (None if None in results else False)
    if isinstance(pred, ast.PredIs):
        value = _value(pred.value)
        if pred.attribute == "type":
            held: bool | None = str(value) in card.types
        elif pred.attribute in card.words:
            held = card.words[pred.attribute].lower() == str(value).lower()
        elif pred.attribute in card.numbers and isinstance(value, int):
            held = card.numbers[pred.attribute] == value
        else:
            return None
        return not held if pred.negated else held
    if isinstance(pred, ast.PredContains):
        text = card.words.get(pred.attribute)
        return None if text is None else pred.text.lower() in text.lower()
    if isinstance(pred, ast.PredCompare):
        number = card.numbers.get(pred.attribute)
        value = _value(pred.value)
        if number is None or not isinstance(value, int):
            return None
        return _compare(number, pred.op, value)
    return None


def _value(value: object) -> str | int:
    if isinstance(value, ast.Num):
        return value.value
    if isinstance(value, (ast.Word, ast.Str)):
        return value.text
    return str(value)


def _compare(left: int, op: str, right: int) -> bool | None:
    table = {
        "==": left == right,
        "!=": left != right,
        "<": left < right,
        "<=": left <= right,
        ">": left > right,
        ">=": left >= right,
    }
    return table.get(op)


def _types(card: ast.Card, vocabulary: Vocabulary) -> frozenset[str]:
    field = card.field("type")
    words = field.value if field is not None and isinstance(field.value, tuple) else ()
    return frozenset(t.name for w in words if (t := vocabulary.card_type(w)) is not None)


def _facts(card: ast.Card) -> tuple[dict[str, int], dict[str, str]]:
    numbers: dict[str, int] = {}
    words: dict[str, str] = {"name": card.name}
    for key in ("cost", "power", "level"):
        field = card.field(key)
        numbers[key] = field.value if field is not None and isinstance(field.value, int) else 0
    victory = card.field("victory")
    if victory is not None and isinstance(victory.value, ast.Num):
        numbers["victory"] = victory.value.value
    for key in ("title", "text"):
        field = card.field(key)
        if field is not None:
            value = field.value
            words[key] = " ".join(value) if isinstance(value, tuple) else str(value)
    return numbers, words
